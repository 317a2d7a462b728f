import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger, setLogSink } from '../../functions/logger.js';
import { correlationOf, tracedHandler } from '../../functions/observability/traced-handler.js';
import { InvalidInputError } from '../../functions/core/errors.js';
import { publicRoute } from '../../functions/http/handler.js';
import { routes } from '../../functions/routes.js';

/**
 * Powertools for AWS Lambda in every handler (issue 44, point 5): the Logger's Lambda keys on our
 * redacted lines, Metrics' embedded-metric lines for cold starts and 5xx, and the Tracer's
 * correlation annotation. Sources: https://docs.powertools.aws.dev/lambda/typescript/latest/core/logger/
 * (injecting the Lambda context), .../core/metrics/ (single metrics, EMF),
 * .../core/tracer/ (annotations are indexed for search; captureHTTPsRequests, POWERTOOLS_TRACER_CAPTURE_ERROR).
 */
const lambdaContext = (awsRequestId: string): Context =>
  ({
    awsRequestId,
    functionName: 'salondesk-dev-SendReminderSms',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:1:function:x',
    memoryLimitInMB: '512',
    functionVersion: '$LATEST',
  }) as unknown as Context;

let lines: string[] = [];
beforeEach(() => {
  lines = [];
  setLogSink((line) => lines.push(line), 'info');
});

describe('Powertools Logger on our lines (RELIABILITY 200)', () => {
  it('names the function, the request and the cold start, keeps our field order, and still masks personal data', async () => {
    const handler = tracedHandler(async (event: { phone: string }) => logger.info('reminder sms sent', { to: event.phone, bookingId: 'bk_1' }));
    await handler({ phone: '+353 87 123 4567' }, lambdaContext('req-1'));
    await handler({ phone: '+353 87 123 4567' }, lambdaContext('req-2'));
    const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(first!).slice(0, 3)).toEqual(['level', 'time', 'message']);
    expect(first).toMatchObject({
      level: 'info',
      message: 'reminder sms sent',
      to: '[phone]',
      bookingId: 'bk_1',
      function_name: 'salondesk-dev-SendReminderSms',
      function_request_id: 'req-1',
    });
    expect(second).toMatchObject({ function_request_id: 'req-2', cold_start: false });
    expect(lines.join('\n')).not.toContain('123 4567');
  });

  it("a route writes the same invocation keys itself, without Powertools' Logger on the caller's cold start", async () => {
    const route = publicRoute({ routeId: routes[0]!.id }, async () => {
      logger.info('answered', { from: '+353 87 123 4567' });
      return { statusCode: 200 };
    });
    await route({ headers: {} } as never, lambdaContext('route-1'));
    await route({ headers: {} } as never, lambdaContext('route-2'));
    const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(first!).slice(0, 3)).toEqual(['level', 'time', 'message']);
    expect(first).toMatchObject({
      message: 'answered',
      from: '[phone]',
      function_name: 'salondesk-dev-SendReminderSms',
      function_request_id: 'route-1',
      cold_start: true,
    });
    expect(second).toMatchObject({ function_request_id: 'route-2', cold_start: false });
  });

  it('runs a handler called without a Lambda context (the local bus, tests), logging without Lambda keys', async () => {
    const handler = tracedHandler(async () => {
      logger.info('swept');
      return 3;
    });
    await expect(handler()).resolves.toBe(3);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ message: 'swept' });
  });
});

describe('Powertools Metrics (RELIABILITY 201)', () => {
  const written: string[] = [];
  beforeEach(() => {
    written.length = 0;
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'salondesk-dev-GetSalon');
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });
  const emf = () =>
    written
      .filter((line) => line.includes('"_aws"'))
      .map((line) => JSON.parse(line) as Record<string, unknown> & { _aws: { CloudWatchMetrics: { Namespace: string; Metrics: { Name: string }[] }[] } });

  it('counts a 5xx under its route, as an embedded-metric line, and a refusal not at all', async () => {
    const routeId = routes[0]!.id;
    const failing = publicRoute({ routeId }, async () => {
      throw new Error('the table is gone');
    });
    const refusing = publicRoute({ routeId }, async () => {
      throw new InvalidInputError('That phone number is not valid');
    });
    expect((await failing({ headers: {} } as never, lambdaContext('r1'))).statusCode).toBe(500);
    const [serverError] = emf().filter((line) => line.ServerErrors === 1);
    expect(serverError).toMatchObject({ route: routeId, service: 'salondesk' });
    expect(serverError!._aws.CloudWatchMetrics[0]!.Metrics).toEqual([expect.objectContaining({ Name: 'ServerErrors' })]);
    written.length = 0;
    expect((await refusing({ headers: {} } as never, lambdaContext('r2'))).statusCode).toBe(400);
    expect(emf().filter((line) => line.ServerErrors !== undefined)).toEqual([]);
  });

  it('counts nothing outside Lambda, where nothing reads the lines', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
    const failing = publicRoute({ routeId: routes[0]!.id }, async () => {
      throw new Error('the table is gone');
    });
    await failing({ headers: {} } as never, {} as Context);
    expect(emf()).toEqual([]);
  });
});

describe('Powertools Tracer: the id an operator searches traces with (RELIABILITY 202)', () => {
  /** A traced handler's answer, and how many X-Ray SDK modules its process then holds (a fresh Node, as a Lambda's). */
  const tracedRun = (env: Record<string, string>) => {
    const module = fileURLToPath(new URL('../../functions/observability/traced-handler.ts', import.meta.url));
    const script = `const { tracedHandler } = await import(${JSON.stringify(module)});
      const { createRequire } = await import('node:module');
      const answer = await tracedHandler(async (event) => event.n + 1)({ n: 1, detail: { correlationId: 'CA1' } });
      const xray = Object.keys(createRequire(import.meta.url).cache).filter((file) => /aws-xray-sdk-core|cls-hooked/.test(file)).length;
      console.log(JSON.stringify({ answer, xray }));`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'error', ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return JSON.parse(output.trim().split('\n').at(-1)!) as { answer: number; xray: number };
  };

  it('loads the X-Ray SDK only in a Lambda runtime: outside one its async hooks would slow every promise of the process', () => {
    expect(tracedRun({})).toEqual({ answer: 2, xray: 0 });
    const inLambda = tracedRun({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs20.x', AWS_LAMBDA_FUNCTION_NAME: 'salondesk-dev-SendReminderSms' });
    expect(inLambda.answer).toBe(2);
    expect(inLambda.xray).toBeGreaterThan(0);
  });

  it("is the event's correlation id, else its booking's, else its call's; a job's event has none", () => {
    expect(correlationOf({ detail: { correlationId: 'CA1', appointment: { id: 'bk_1' } } })).toBe('CA1');
    expect(correlationOf({ detail: { appointment: { id: 'bk_1' }, callSid: 'CA2' } })).toBe('bk_1');
    expect(correlationOf({ detail: { callSid: 'CA2' } })).toBe('CA2');
    expect(correlationOf(undefined)).toBeUndefined();
    expect(correlationOf({ graceMs: 5 })).toBeUndefined();
  });
});
