import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { powertoolsLogger } from '../logger.js';

/**
 * A route's 5xx, counted under its route by Powertools' Metrics as a CloudWatch embedded metric
 * format line (namespace `SalonDesk/<stage>`): no API call and no wait. Metrics is loaded on the
 * first 5xx, never on a cold start, since the agent's tools and the voice webhook share this stack
 * and a caller waits through their cold starts. The product's own counts (bookings, register-call's
 * budget, throttling) stay metric filters over core's log lines (infra/operations.ts), since core
 * depends on no Lambda tooling; a cold start is `cold_start` on the Logger's lines and Lambda's
 * own Init Duration. Nothing is counted outside Lambda (`npm start`, the tests), where nothing
 * would read the lines.
 */
export async function countServerError(routeId: string): Promise<void> {
  if (!process.env.AWS_LAMBDA_FUNCTION_NAME) return;
  const { Metrics, MetricUnit } = await import('@aws-lambda-powertools/metrics');
  const metrics = new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'SalonDesk', serviceName: 'salondesk', singleMetric: true });
  metrics.addDimension('route', routeId);
  metrics.addMetric('ServerErrors', MetricUnit.Count, 1);
}

/**
 * Every handler's observer, as a middy middleware: Powertools' Logger learns the invocation, so its
 * request id, function and cold start are on every line. A handler called without a Lambda context
 * (the local gateway, the local bus, tests) is logged without one.
 */
export function lambdaObservers<Event, Result>(): MiddlewareObj<Event, Result, Error, Context> {
  return {
    before: (request) => {
      if (request.context?.awsRequestId) powertoolsLogger.addContext(request.context);
    },
  };
}
