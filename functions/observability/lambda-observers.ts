import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { powertoolsLogger } from '../logger.js';

/**
 * Powertools' Metrics, written as CloudWatch embedded metric format lines: no API call and no
 * wait, so the caller's Lambdas carry it too. In AWS each function counts its cold starts; a route
 * counts the 5xx it answered, by route. The product's own counts (bookings, register-call's
 * budget, throttling) stay metric filters over core's log lines (infra/operations.ts), since core
 * depends on no Lambda tooling. Nothing is counted outside Lambda (`npm start`, the tests), where
 * nothing would read the lines.
 */
const metrics = new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'SalonDesk', serviceName: 'salondesk' });

const inLambda = () => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);

/** A route answered with a server error: counted under its route id. */
export function countServerError(routeId: string): void {
  if (!inLambda()) return;
  const single = metrics.singleMetric();
  single.addDimension('route', routeId);
  single.addMetric('ServerErrors', MetricUnit.Count, 1);
}

/**
 * Every handler's observers, as one middy middleware: Powertools' Logger learns the invocation (its
 * request id, function and cold start on every line) and Metrics counts the function's cold start.
 * Both are single metrics, written at once, so nothing is left to publish at the end. A handler
 * called without a Lambda context (the local gateway, the local bus, tests) is logged without one.
 */
export function lambdaObservers<Event, Result>(): MiddlewareObj<Event, Result, Error, Context> {
  return {
    before: (request) => {
      if (!request.context?.awsRequestId) return;
      powertoolsLogger.addContext(request.context);
      metrics.captureColdStartMetric(request.context.functionName);
    },
  };
}
