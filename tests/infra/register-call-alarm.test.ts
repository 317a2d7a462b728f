import { beforeAll, describe, expect, it } from 'vitest';
import type { CfnElement } from 'aws-cdk-lib';
import { REGISTER_CALL_LOG } from '../../functions/core/telephony/inbound-call.js';
import { REGISTER_CALL_MIN_ATTEMPTS, REGISTER_CALL_OUTCOMES, REGISTER_CALL_OVER_BUDGET_PERCENT } from '../../infra/operations.js';
import { refId, sharedStage, type Resource, type SynthesizedStage } from './synth-stage.js';

/**
 * How often register-call misses its 2 s budget (issue 43, point 7): every attempt the voice
 * webhook logs is counted by outcome, and the share over budget raises an alarm (a CloudWatch
 * metric filter's dimension from a JSON field: https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/FilterAndPatternSyntaxForMetricFilters.html;
 * a metric-math alarm: https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/Create-alarm-on-metric-math-expression.html).
 */
let prod: SynthesizedStage;
beforeAll(() => {
  prod = sharedStage('prod');
});
const resources = (type: string) => Object.values(prod.template.findResources(type)) as Resource[];

describe('register-call over its budget', () => {
  it('counts every attempt from the voice webhook log by outcome, and alarms on the share over 2 s', () => {
    const filter = resources('AWS::Logs::MetricFilter').find(
      (candidate) => candidate.Properties.MetricTransformations[0].MetricName === 'RegisterCallAttempts',
    )!;
    expect(filter.Properties.FilterPattern).toBe(`{ $.message = "${REGISTER_CALL_LOG}" }`);
    expect(filter.Properties.MetricTransformations).toEqual([
      { MetricName: 'RegisterCallAttempts', MetricNamespace: 'SalonReceptionist/prod', MetricValue: '1', Dimensions: [{ Key: 'Outcome', Value: '$.outcome' }] },
    ]);
    expect(refId(filter.Properties.LogGroupName)).toBe(
      prod.stack.getLogicalId(prod.stack.api.functions.get('twilio-voice')!.logGroup.node.defaultChild as CfnElement),
    );

    const alarm = resources('AWS::CloudWatch::Alarm').find(
      (candidate) => candidate.Properties.AlarmName === 'salon-receptionist-prod-register-call-over-budget',
    )!.Properties;
    expect(alarm).toMatchObject({
      Threshold: REGISTER_CALL_OVER_BUDGET_PERCENT,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 2,
      TreatMissingData: 'notBreaching',
    });
    const metrics = alarm.Metrics as {
      Id: string;
      Expression?: string;
      MetricStat?: { Metric: { MetricName: string; Dimensions: { Name: string; Value: string }[] }; Period: number; Stat: string };
    }[];
    expect(metrics.find((metric) => metric.Expression)?.Expression).toBe(
      `IF(answered + failed + over_budget >= ${REGISTER_CALL_MIN_ATTEMPTS}, 100 * over_budget / (answered + failed + over_budget), 0)`,
    );
    const counted = metrics
      .filter((metric) => metric.MetricStat)
      .map((metric) => [
        metric.Id,
        metric.MetricStat!.Metric.MetricName,
        metric.MetricStat!.Metric.Dimensions,
        metric.MetricStat!.Period,
        metric.MetricStat!.Stat,
      ]);
    expect(counted.sort()).toEqual(
      REGISTER_CALL_OUTCOMES.map((outcome) => [outcome.replace('-', '_'), 'RegisterCallAttempts', [{ Name: 'Outcome', Value: outcome }], 900, 'Sum']).sort(),
    );
  });
});
