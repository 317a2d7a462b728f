import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { AGENT_TIMEOUT_MS, AGENT_UNAVAILABLE_LOG, REGISTER_CALL_LOG } from '../functions/core/telephony/inbound-call.js';
import { POOL_LEVEL_LOG } from '../functions/jobs/watch-number-pool.js';
import type { Api } from './api.js';
import type { AppFunction } from './function.js';
import { physicalName, type StageConfig } from './stage-config.js';

export interface OperationsProps {
  readonly config: StageConfig;
  readonly api: Api;
  /** The number pool's job: its level line on every run feeds the pool's alarms. */
  readonly numberJob: AppFunction;
}

/** The voice webhook's route: its log says when the agent could not take a call. */
export const VOICE_WEBHOOK_ROUTE_ID = 'twilio-voice';

/** Refusals above this share of the API's requests (5 minutes, with at least MIN_REQUESTS of them) for 15 minutes raise the alarm. */
export const CLIENT_ERROR_PERCENT = 5;
export const MIN_REQUESTS = 50;
/** Calls forwarded because the agent could not take them, in 5 minutes, that raise the alarm. */
export const AGENT_UNAVAILABLE_CALLS = 3;

/**
 * Register-call attempts over their 2 s budget (each one forwards its caller to the salon), as a
 * share of the attempts in 15 minutes with at least REGISTER_CALL_MIN_ATTEMPTS of them, that raise
 * the alarm when it holds for two periods running.
 */
export const REGISTER_CALL_OVER_BUDGET_PERCENT = 5;
export const REGISTER_CALL_MIN_ATTEMPTS = 10;
export const REGISTER_CALL_OUTCOMES = ['answered', 'failed', 'over-budget'] as const;

/**
 * What operators watch (docs/operations.md): the API's throttled requests (every route has a
 * throttle sized from the capacity model: one firing means the model's ceiling is reached, or a
 * flood), its 4xx share, and the calls the voice agent could not take (ElevenLabs refused them,
 * at its plan's concurrency, or was slow), which are forwarded to the salon, and how often
 * register-call misses its 2 s budget; the number pool's
 * level (low, or a salon waiting for a number); on one dashboard.
 * The alarms have no actions: subscribe the on-call channel to them (docs/operations.md).
 */
export class Operations extends Construct {
  readonly throttledAlarm: cloudwatch.Alarm;
  readonly clientErrorAlarm: cloudwatch.Alarm;
  readonly agentUnavailableAlarm: cloudwatch.Alarm;
  readonly registerCallOverBudgetAlarm: cloudwatch.Alarm;
  readonly numberPoolLowAlarm: cloudwatch.Alarm;
  readonly salonWaitingAlarm: cloudwatch.Alarm;
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    const namespace = `SalonReceptionist/${props.config.stage}`;
    const fiveMinutes = Duration.minutes(5);
    const voiceWebhook = props.api.functions.get(VOICE_WEBHOOK_ROUTE_ID);
    if (!voiceWebhook) throw new Error(`The route table has no ${VOICE_WEBHOOK_ROUTE_ID} route to watch`);

    const throttled = new logs.MetricFilter(this, 'ThrottledRequests', {
      logGroup: props.api.accessLogs,
      filterPattern: logs.FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: namespace,
      metricName: 'ThrottledRequests',
      metricValue: '1',
    }).metric({ statistic: 'Sum', period: fiveMinutes });
    const agentUnavailable = new logs.MetricFilter(this, 'AgentUnavailable', {
      logGroup: voiceWebhook.logGroup,
      filterPattern: logs.FilterPattern.stringValue('$.message', '=', AGENT_UNAVAILABLE_LOG),
      metricNamespace: namespace,
      metricName: 'CallsForwardedAgentUnavailable',
      metricValue: '1',
    }).metric({ statistic: 'Sum', period: fiveMinutes });
    // One filter, the outcome a dimension: every register-call attempt the voice webhook logs.
    const registerCalls = new logs.MetricFilter(this, 'RegisterCalls', {
      logGroup: voiceWebhook.logGroup,
      filterPattern: logs.FilterPattern.stringValue('$.message', '=', REGISTER_CALL_LOG),
      metricNamespace: namespace,
      metricName: 'RegisterCallAttempts',
      metricValue: '1',
      dimensions: { Outcome: '$.outcome' },
    });
    const fifteenMinutes = Duration.minutes(15);
    const attempts = Object.fromEntries(
      REGISTER_CALL_OUTCOMES.map((outcome) => [
        outcome.replace('-', '_'),
        registerCalls.metric({ dimensionsMap: { Outcome: outcome }, statistic: 'Sum', period: fifteenMinutes }),
      ]),
    );
    const overBudgetPercent = new cloudwatch.MathExpression({
      expression: `IF(answered + failed + over_budget >= ${REGISTER_CALL_MIN_ATTEMPTS}, 100 * over_budget / (answered + failed + over_budget), 0)`,
      usingMetrics: attempts,
      label: `register-call over ${AGENT_TIMEOUT_MS} ms (% of attempts)`,
      period: fifteenMinutes,
    });
    const poolMetric = (id: string, metricName: string, field: 'free' | 'waiting', statistic: string) =>
      new logs.MetricFilter(this, id, {
        logGroup: props.numberJob.logGroup,
        filterPattern: logs.FilterPattern.stringValue('$.message', '=', POOL_LEVEL_LOG),
        metricNamespace: namespace,
        metricName,
        metricValue: `$.${field}`,
      }).metric({ statistic, period: Duration.minutes(15) });
    const freeNumbers = poolMetric('FreeNumbers', 'FreeNumbers', 'free', 'Minimum');
    const salonsWaiting = poolMetric('SalonsWaitingForNumber', 'SalonsWaitingForNumber', 'waiting', 'Maximum');
    const requests = props.api.stage.metricCount({ period: fiveMinutes });
    const clientErrors = props.api.stage.metricClientError({ period: fiveMinutes });
    const clientErrorPercent = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${MIN_REQUESTS}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: clientErrors },
      label: '4xx % of requests',
      period: fiveMinutes,
    });

    this.throttledAlarm = new cloudwatch.Alarm(this, 'ThrottledAlarm', {
      alarmName: physicalName(props.config, 'api-throttled'),
      alarmDescription:
        'The API refused requests over a route throttle (429): the capacity model is outgrown (raise the throttles in infra/capacity.ts) or the API is being flooded',
      metric: throttled,
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.clientErrorAlarm = new cloudwatch.Alarm(this, 'ClientErrorAlarm', {
      alarmName: physicalName(props.config, 'api-4xx'),
      alarmDescription: `More than ${CLIENT_ERROR_PERCENT}% of API requests refused (4xx) for 15 minutes: a vendor's webhook failing its signature, an agent with a stale secret, or a client out of step`,
      metric: clientErrorPercent,
      threshold: CLIENT_ERROR_PERCENT,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.agentUnavailableAlarm = new cloudwatch.Alarm(this, 'AgentUnavailableAlarm', {
      alarmName: physicalName(props.config, 'agent-unavailable'),
      alarmDescription:
        "Calls the voice agent could not take were forwarded to the salon: ElevenLabs refused them (the plan's concurrent conversations: see docs/operations.md) or did not answer within 2 s",
      metric: agentUnavailable,
      threshold: AGENT_UNAVAILABLE_CALLS,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    this.registerCallOverBudgetAlarm = new cloudwatch.Alarm(this, 'RegisterCallOverBudgetAlarm', {
      alarmName: physicalName(props.config, 'register-call-over-budget'),
      alarmDescription: `More than ${REGISTER_CALL_OVER_BUDGET_PERCENT}% of register-call attempts took over ${AGENT_TIMEOUT_MS / 1000} s for 30 minutes (each forwarded its caller to the salon): ElevenLabs is slow from eu-west-1 (its status page; the EU residency API root), or the voice webhook's cold starts grew`,
      metric: overBudgetPercent,
      threshold: REGISTER_CALL_OVER_BUDGET_PERCENT,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    this.numberPoolLowAlarm = new cloudwatch.Alarm(this, 'NumberPoolLowAlarm', {
      alarmName: physicalName(props.config, 'number-pool-low'),
      alarmDescription: `Fewer than ${props.config.numberPoolLow} free numbers in the pool (or the number job stopped reporting): stock more (npm run admin -- stock-numbers; docs/operations.md) before salons have to wait`,
      metric: freeNumbers,
      threshold: props.config.numberPoolLow,
      comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
      evaluationPeriods: 1,
      // The job reports every run: silence means it is not running, and nobody is watching the pool.
      treatMissingData: cloudwatch.TreatMissingData.BREACHING,
    });
    this.salonWaitingAlarm = new cloudwatch.Alarm(this, 'SalonWaitingAlarm', {
      alarmName: physicalName(props.config, 'salon-waiting-for-number'),
      alarmDescription:
        'A salon finished setup and is waiting for a number: the pool is empty. Stock it now (npm run admin -- stock-numbers): waiting salons are served at once',
      metric: salonsWaiting,
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: physicalName(props.config, 'operations'),
      widgets: [
        [
          new cloudwatch.AlarmWidget({ title: 'Throttled requests (429)', alarm: this.throttledAlarm }),
          new cloudwatch.AlarmWidget({ title: 'Refused requests (4xx %)', alarm: this.clientErrorAlarm }),
          new cloudwatch.AlarmWidget({ title: 'Calls the agent could not take', alarm: this.agentUnavailableAlarm }),
          new cloudwatch.AlarmWidget({ title: 'register-call over its 2 s budget (%)', alarm: this.registerCallOverBudgetAlarm }),
        ],
        [
          new cloudwatch.AlarmWidget({ title: 'Free numbers in the pool', alarm: this.numberPoolLowAlarm }),
          new cloudwatch.AlarmWidget({ title: 'Salons waiting for a number', alarm: this.salonWaitingAlarm }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: 'API requests and errors',
            left: [requests, clientErrors, props.api.stage.metricServerError({ period: fiveMinutes })],
          }),
          new cloudwatch.GraphWidget({ title: 'API latency (p95)', left: [props.api.stage.metricLatency({ period: fiveMinutes, statistic: 'p95' })] }),
        ],
      ],
    });
  }
}
