import type { Context } from 'aws-lambda';
import type { LogContext } from '../logger.js';

/**
 * A route's 5xx, counted under its route by Powertools' Metrics as a CloudWatch embedded metric
 * format line (namespace `SalonDesk/<stage>`): no API call and no wait. Metrics is loaded on the
 * first 5xx, never on a cold start, since the agent's tools and the voice webhook share the route
 * stack and a caller waits through their cold starts. The product's own counts (bookings,
 * register-call's budget, throttling) stay metric filters over core's log lines
 * (infra/operations.ts), since core depends on no Lambda tooling; a cold start is `cold_start` on
 * the lines and Lambda's own Init Duration. Nothing is counted outside Lambda (`npm start`, the
 * tests), where nothing would read the lines.
 */
export async function countServerError(routeId: string): Promise<void> {
  if (!process.env.AWS_LAMBDA_FUNCTION_NAME) return;
  const { Metrics, MetricUnit } = await import('@aws-lambda-powertools/metrics');
  const metrics = new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'SalonDesk', serviceName: 'salondesk', singleMetric: true });
  metrics.addDimension('route', routeId);
  metrics.addMetric('ServerErrors', MetricUnit.Count, 1);
}

let coldStart = true;

/**
 * A route's invocation as the keys Powertools' Logger writes (function_name, function_request_id,
 * cold_start, xray_trace_id), for the route's log context. None without a Lambda context (the
 * local gateway, tests).
 */
export function invocationKeys(context: Context | undefined): LogContext {
  if (!context?.awsRequestId) return {};
  const keys = {
    function_name: context.functionName,
    function_request_id: context.awsRequestId,
    cold_start: coldStart,
    xray_trace_id: /Root=([^;]+)/.exec(process.env._X_AMZN_TRACE_ID ?? '')?.[1],
  };
  coldStart = false;
  return keys;
}
