import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod';
import { errorResponse, ownerFromEvent, parseJsonBody, publicRoute, type ApiEvent } from '../../functions/http/handler.js';
import { DomainError, NotAllowedError } from '../../functions/core/errors.js';
import { statusOf } from '../../functions/http/errors.js';
import { setLogSink } from '../../functions/logger.js';

const event = (body: string | undefined, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  ({ body, headers, isBase64Encoded: false, requestContext: {} }) as unknown as ApiEvent;

describe('errors become HTTP in one place', () => {
  it('keeps a typed error message and hides everything else', () => {
    const typed = errorResponse(new NotAllowedError('Incorrect password.'));
    expect(typed.statusCode).toBe(403);
    expect(JSON.parse(typed.body!)).toMatchObject({ error: 'Incorrect password.' });
    const unexpected = errorResponse(new TypeError("Cannot read properties of undefined (reading 'x') at /var/task/index.js:1:2"));
    expect(unexpected.statusCode).toBe(500);
    expect(unexpected.body).toBe(JSON.stringify({ error: 'Something went wrong', code: 'internal' }));
  });

  it('logs an unexpected error with its stack, for the operator only', () => {
    const lines: string[] = [];
    setLogSink((line) => lines.push(line), 'error');
    const failing = () => {
      throw new RangeError('Invalid time value');
    };
    let answer;
    try {
      failing();
    } catch (error) {
      answer = errorResponse(error);
    } finally {
      setLogSink(() => {}, 'error');
    }
    const logged = JSON.parse(lines[0]!) as { message: string; stack: string };
    expect(logged.message).toBe('unexpected error');
    expect(logged.stack).toMatch(/^RangeError: Invalid time value\n\s+at failing \(.*http-handler\.test\.ts:\d+:\d+\)/);
    expect(answer!.body).toBe(JSON.stringify({ error: 'Something went wrong', code: 'internal' }));
  });

  it('turns store throttling into a 503 with a retry hint', () => {
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' });
    const answer = errorResponse(throttled);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers).toMatchObject({ 'retry-after': '1' });
  });

  it('never answers a 5xx for any body a client can send to a JSON route', () => {
    const schema = z.strictObject({ password: z.string() });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((value) => JSON.stringify(value)),
        ),
        (body) => {
          try {
            parseJsonBody(event(body), schema);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
            expect(statusOf(error as DomainError)).toBeLessThan(500);
          }
        },
      ),
    );
  });
});

describe('the owner comes from the verified access token', () => {
  it('refuses ID tokens and missing claims', () => {
    const withClaims = (claims: Record<string, string>) => ({ requestContext: { authorizer: { jwt: { claims } } } }) as unknown as ApiEvent;
    expect(() => ownerFromEvent(withClaims({ sub: 'u1', token_use: 'id' }))).toThrow('Please sign in again to manage settings');
    expect(() => ownerFromEvent(withClaims({}))).toThrow();
    expect(ownerFromEvent(withClaims({ sub: 'u1', token_use: 'access', username: 'u1' }))).toEqual({ userId: 'u1', username: 'u1' });
  });
});

describe('body limits count the bytes the client sent', () => {
  const route = publicRoute({ routeId: 'services-extract' }, async () => ({ statusCode: 204 }));
  const binary = (bytes: number) =>
    ({ body: Buffer.alloc(bytes, 0xff).toString('base64'), isBase64Encoded: true, headers: {}, requestContext: {} }) as unknown as ApiEvent;

  it('accepts a 3 MB binary upload under the 4 MB limit (base64 and UTF-8 would inflate it)', async () => {
    expect((await route(binary(3 * 1024 * 1024), {} as never))?.statusCode).toBe(204);
  });

  it('refuses one over the limit with 413', async () => {
    expect((await route(binary(4 * 1024 * 1024 + 1), {} as never))?.statusCode).toBe(413);
  });
});
