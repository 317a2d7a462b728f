import { Duration, NestedStack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { EVENT_SOURCE } from '../functions/contracts/events.js';
import { detailTypesOf, type EventRule } from '../events/rules.js';
import { AppFunction, constructId, type FunctionEnvironment } from './function.js';
import { applyGrants, type GrantTargets } from './grants.js';
import { physicalName, type StageConfig } from './stage-config.js';

/** EventBridge retries delivery to the consumer for a day before giving up to the DLQ. */
export const RULE_RETRY_ATTEMPTS = 8;
/** Lambda retries a consumer that throws twice more, then sends the event to the same DLQ. */
export const CONSUMER_RETRY_ATTEMPTS = 2;

export interface EventBusProps {
  readonly config: StageConfig;
}

export interface EventConsumersProps {
  readonly rules: readonly EventRule[];
  readonly environment: FunctionEnvironment;
  readonly grants: GrantTargets;
}

/**
 * The application's event bus and, for every entry of events/rules.ts, a rule matching
 * `source: [EVENT_SOURCE], detail-type: [eventType]` with its consumer Lambda as target.
 *
 * A consumer's DLQ receives both kinds of failure (RELIABILITY 21): EventBridge could not deliver
 * to Lambda (target dead-letter queue), or the consumer kept throwing (Lambda asynchronous
 * invocation on-failure destination, since EventBridge invokes Lambda asynchronously and never
 * sees the function's errors).
 */
export class EventBus extends Construct {
  readonly bus: events.EventBus;
  readonly consumers = new Map<string, AppFunction>();
  readonly deadLetterQueues = new Map<string, sqs.Queue>();
  private readonly config: StageConfig;

  constructor(scope: Construct, id: string, props: EventBusProps) {
    super(scope, id);
    this.config = props.config;
    this.bus = new events.EventBus(this, 'Bus', { eventBusName: physicalName(props.config) });
  }

  /**
   * The consumers, their rules, DLQs and alarms (ten resources each) are a nested stack of their
   * own, so that neither a new consumer nor a new route is ever folded onto another's Lambda to
   * keep the main stack under CloudFormation's 500 resources.
   */
  addConsumers(props: EventConsumersProps): NestedStack {
    const stack = new NestedStack(this, 'Consumers', { description: `Event consumers (${this.config.stage})` });
    const ids = new Set<string>();
    for (const rule of props.rules) {
      if (ids.has(rule.id)) throw new Error(`Duplicate event rule id ${rule.id} in events/rules.ts`);
      ids.add(rule.id);
      const name = `Rule${constructId(rule.id)}`;

      const dlq = new sqs.Queue(stack, `${name}DeadLetters`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
        removalPolicy: this.config.removalPolicy,
      });
      NagSuppressions.addResourceSuppressions(dlq, [{ id: 'AwsSolutions-SQS3', reason: `This queue is the dead-letter queue of the ${rule.id} consumer.` }]);
      new cloudwatch.Alarm(stack, `${name}DeadLettersAlarm`, {
        alarmDescription: `Events for ${rule.id} (${rule.eventType}) failed and are waiting in the dead-letter queue`,
        metric: dlq.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });

      const consumer = new AppFunction(stack, `${name}Consumer`, {
        config: this.config,
        entry: rule.consumer,
        description: `${rule.eventType} → ${rule.id}`,
        environment: props.environment,
        timeoutSeconds: 30,
      });
      applyGrants(consumer, rule.grants, props.grants);
      consumer.function.configureAsyncInvoke({
        retryAttempts: CONSUMER_RETRY_ATTEMPTS,
        maxEventAge: Duration.hours(6),
        onFailure: new SqsDestination(dlq),
      });

      new events.Rule(stack, name, {
        eventBus: this.bus,
        description: `${detailTypesOf(rule).join(', ')} → ${rule.consumer}`,
        eventPattern: { source: [EVENT_SOURCE], detailType: detailTypesOf(rule) },
        targets: [
          new targets.LambdaFunction(consumer.function, {
            deadLetterQueue: dlq,
            retryAttempts: RULE_RETRY_ATTEMPTS,
            maxEventAge: Duration.hours(24),
          }),
        ],
      });
      this.consumers.set(rule.id, consumer);
      this.deadLetterQueues.set(rule.id, dlq);
    }
    return stack;
  }
}
