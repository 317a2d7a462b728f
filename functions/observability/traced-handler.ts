import middy from '@middy/core';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { Context } from 'aws-lambda';
import { correlationIdOf } from '../contracts/events.js';
import { powertoolsLogger } from './powertools-logger.js';

/**
 * X-Ray through Powertools' Tracer, for the Lambdas no caller waits on: event consumers, jobs,
 * Cognito triggers and the admin Lambda. (The routes have the Lambda's own active tracing only: the
 * X-Ray SDK the Tracer loads costs the agent tools and the voice webhook more cold start than a
 * trace gives them; bench/cold-starts.ts.) Traces are not redacted as log lines are, so they hold
 * ids and timings only: no outbound HTTPS (a vendor's URL can name a person: a Google calendar's id
 * is an email address), no response, and no error (CDK sets POWERTOOLS_TRACER_CAPTURE_ERROR=false).
 *
 * Outside Lambda (npm start, the tests) the Tracer would be off by itself, but loading it still
 * turns on the X-Ray SDK's async hooks (cls-hooked, with destroy tracking) for the whole process:
 * every promise of the local product, the browser server and the test runner paid for them. So it
 * is loaded only where Powertools would enable it, a Lambda runtime (AWS_EXECUTION_ENV), on the
 * first invocation, which in Lambda is part of the cold start as a static import was.
 */
const inLambda = () => Boolean(process.env.AWS_EXECUTION_ENV);

let tracing: Promise<{ tracer: Tracer; captureLambdaHandler: typeof import('@aws-lambda-powertools/tracer/middleware').captureLambdaHandler }> | undefined;
const loadTracer = () =>
  (tracing ??= Promise.all([import('@aws-lambda-powertools/tracer'), import('@aws-lambda-powertools/tracer/middleware')]).then(
    ([{ Tracer }, { captureLambdaHandler }]) => ({ tracer: new Tracer({ serviceName: 'salondesk', captureHTTPsRequests: false }), captureLambdaHandler }),
  ));

/** The id an operator searches X-Ray with (`annotation.correlationId = "CA…"`), as the event's consumer logs it; a job's event has none. */
export const correlationOf = (event: unknown) => correlationIdOf((event as { detail?: unknown } | undefined)?.detail);

/** Powertools' Logger learns the invocation: its request id, function and cold start on every line. */
const injectInvocation = <Event, Result>(): middy.MiddlewareObj<Event, Result, Error, Context> => ({
  before: (request) => {
    if (request.context?.awsRequestId) powertoolsLogger.addContext(request.context);
  },
});

const annotateCorrelation = <Event, Result>(tracer: Tracer): middy.MiddlewareObj<Event, Result, Error, Context> => ({
  before: (request) => {
    const id = correlationOf(request.event);
    if (id && tracer.isTracingEnabled()) tracer.putAnnotation('correlationId', id);
  },
});

async function observe<Event, Result>(handler: (event: Event) => Promise<Result>) {
  const observed = middy<Event, Result, Error, Context>().use(injectInvocation<Event, Result>());
  if (inLambda()) {
    const { tracer, captureLambdaHandler } = await loadTracer();
    observed.use(captureLambdaHandler(tracer, { captureResponse: false })).use(annotateCorrelation<Event, Result>(tracer));
  }
  return observed.handler((event) => handler(event));
}

/**
 * A consumer's, job's or trigger's handler with Powertools' Logger and Tracer around it.
 * It may be called without a context (the local bus, tests), as these handlers always could.
 */
export function tracedHandler<Event = void, Result = unknown>(
  handler: (event: Event) => Promise<Result>,
): (event: Event, context?: Context) => Promise<Result> {
  let observed: ReturnType<typeof observe<Event, Result>> | undefined;
  return async (event, context) => (await (observed ??= observe(handler)))(event, context ?? ({} as Context));
}
