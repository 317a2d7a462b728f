import middy from '@middy/core';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
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
 * Outside Lambda the Tracer is off by itself.
 */
const tracer = new Tracer({ serviceName: 'salondesk', captureHTTPsRequests: false });

/** The id an operator searches X-Ray with (`annotation.correlationId = "CA…"`), as the event's consumer logs it; a job's event has none. */
export const correlationOf = (event: unknown) => correlationIdOf((event as { detail?: unknown } | undefined)?.detail);

/** Powertools' Logger learns the invocation: its request id, function and cold start on every line. */
const injectInvocation = <Event, Result>(): middy.MiddlewareObj<Event, Result, Error, Context> => ({
  before: (request) => {
    if (request.context?.awsRequestId) powertoolsLogger.addContext(request.context);
  },
});

const annotateCorrelation = <Event, Result>(): middy.MiddlewareObj<Event, Result, Error, Context> => ({
  before: (request) => {
    const id = correlationOf(request.event);
    if (id && tracer.isTracingEnabled()) tracer.putAnnotation('correlationId', id);
  },
});

/**
 * A consumer's, job's or trigger's handler with Powertools' Logger and Tracer around it.
 * It may be called without a context (the local bus, tests), as these handlers always could.
 */
export function tracedHandler<Event = void, Result = unknown>(
  handler: (event: Event) => Promise<Result>,
): (event: Event, context?: Context) => Promise<Result> {
  const observed = middy<Event, Result, Error, Context>()
    .use(injectInvocation<Event, Result>())
    .use(captureLambdaHandler(tracer, { captureResponse: false }))
    .use(annotateCorrelation<Event, Result>())
    .handler((event) => handler(event));
  return (event, context) => observed(event, context ?? ({} as Context));
}
