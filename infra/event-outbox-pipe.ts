import { Duration, NestedStack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as pipes from 'aws-cdk-lib/aws-pipes';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { EVENT_SOURCE } from '../functions/contracts/events.js';
import { OUTBOX_ATTRIBUTES, OUTBOX_ITEM_KIND } from '../functions/store/event-outbox.js';
import { AppFunction, type FunctionEnvironment } from './function.js';
import { logicalIdOf } from './grants.js';
import { physicalName, type StageConfig } from './stage-config.js';

/**
 * The table's outbox items to the bus: an EventBridge Pipe reads the stream, keeps first writes of
 * outbox items, enriches them into events (functions/triggers/event-outbox-enrichment.ts) and puts
 * them on the bus. Next hop of a call (docs/architecture.md, "One call, end to end"):
 * events/rules.ts, which sends each event to its consumers.
 */

export const OUTBOX_ENRICHMENT_ENTRY = 'functions/triggers/event-outbox-enrichment.ts';

/**
 * Only the first write of an outbox item: its new image is an outbox item and it had no old one.
 * A Pipe may not filter on `eventName` (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-pipes-event-filtering.html),
 * so an INSERT is told by its missing old image (the stream carries both, functions/store/table-definition.ts).
 * A TTL deletion (REMOVE) has no new image; a MODIFY has an old one.
 */
export const OUTBOX_FILTER_PATTERN = {
  dynamodb: {
    NewImage: { [OUTBOX_ATTRIBUTES.kind]: { S: [OUTBOX_ITEM_KIND] } },
    OldImage: { [OUTBOX_ATTRIBUTES.kind]: { S: [{ exists: false }] } },
  },
};

/** PutEvents takes at most 10 entries: the EventBridge target sends a batch in one call. */
export const OUTBOX_BATCH_SIZE = 10;
/** Retries of a failing batch (halved each time, AUTOMATIC_BISECT) before its record goes to the DLQ. */
export const OUTBOX_RETRY_ATTEMPTS = 10;

export interface EventOutboxPipeProps {
  readonly config: StageConfig;
  readonly table: dynamodb.ITable;
  readonly bus: events.IEventBus;
  readonly environment: FunctionEnvironment;
}

/**
 * Events leave with the write (functions/store/event-outbox.ts): the table's stream, filtered to
 * the INSERTs of outbox items, through an enrichment that parses the stored detail, to the bus
 * as the same Source, DetailType and Detail the publisher sends (functions/providers/eventbridge-events.ts),
 * so the rules of events/rules.ts see identical events. From the oldest record the stream keeps
 * (TRIM_HORIZON): nothing written before the Pipe existed is skipped. A batch that keeps failing
 * goes to the DLQ (its shard and sequence numbers: the outbox items stay two days in the table to
 * publish again from), and the alarm beside it fires.
 *
 * A nested stack of its own, as the event consumers are (docs/architecture.md, "Decisions"): a
 * nested stack counts as one resource in the main stack.
 */
export class EventOutboxPipe extends NestedStack {
  readonly pipe: pipes.CfnPipe;
  readonly enrichment: AppFunction;
  readonly deadLetters: sqs.Queue;
  readonly deadLettersAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: EventOutboxPipeProps) {
    super(scope, id);
    const { config, table, bus } = props;
    if (!table.tableStreamArn) throw new Error('The table has no stream for the event outbox');

    this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: config.removalPolicy,
    });
    NagSuppressions.addResourceSuppressions(this.deadLetters, [
      { id: 'AwsSolutions-SQS3', reason: 'This queue is the dead-letter queue of the event outbox Pipe.' },
    ]);
    this.deadLettersAlarm = new cloudwatch.Alarm(this, 'DeadLettersAlarm', {
      alarmName: physicalName(config, 'event-outbox-dead-letters'),
      alarmDescription:
        "Outbox events could not be put on the bus and are waiting in the Pipe's dead-letter queue: publish them again from their outbox items (docs/operations.md)",
      metric: this.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    this.enrichment = new AppFunction(this, 'Enrichment', {
      config,
      entry: OUTBOX_ENRICHMENT_ENTRY,
      description: 'Event outbox Pipe: stream records to the events they carry',
      environment: props.environment,
      timeoutSeconds: 10,
    });

    const role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('pipes.amazonaws.com'), description: `Event outbox Pipe (${config.stage})` });
    table.grantStreamRead(role);
    this.enrichment.function.grantInvoke(role);
    bus.grantPutEventsTo(role);
    this.deadLetters.grantSendMessages(role);
    NagSuppressions.addResourceSuppressions(
      role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason: "Lambda's grantInvoke names the enrichment and its versions (`<arn>:*`); the Pipe may invoke only it.",
          appliesTo: [`Resource::<${logicalIdOf(this.enrichment.function)}.Arn>:*`],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason: "dynamodb:ListStreams names no resource (the table grantStreamRead gives); the stream reads are on the table's stream alone.",
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );

    this.pipe = new pipes.CfnPipe(this, 'Pipe', {
      name: physicalName(config, 'event-outbox'),
      description: 'Outbox items written with their change → the product event bus',
      roleArn: role.roleArn,
      source: table.tableStreamArn,
      sourceParameters: {
        filterCriteria: { filters: [{ pattern: JSON.stringify(OUTBOX_FILTER_PATTERN) }] },
        dynamoDbStreamParameters: {
          startingPosition: 'TRIM_HORIZON',
          batchSize: OUTBOX_BATCH_SIZE,
          maximumRetryAttempts: OUTBOX_RETRY_ATTEMPTS,
          onPartialBatchItemFailure: 'AUTOMATIC_BISECT',
          deadLetterConfig: { arn: this.deadLetters.queueArn },
        },
      },
      enrichment: this.enrichment.function.functionArn,
      target: bus.eventBusArn,
      targetParameters: {
        // The enrichment's `detail` is an object: unquoted, it goes in as the event's Detail unchanged.
        inputTemplate: '<$.detail>',
        eventBridgeEventBusParameters: { source: EVENT_SOURCE, detailType: '$.detailType' },
      },
    });
    this.pipe.node.addDependency(role);
  }
}
