import { beforeAll, describe, expect, it } from 'vitest';
import type { CfnElement } from 'aws-cdk-lib';
import { EVENT_SOURCE } from '../../events/catalog.js';
import { OUTBOX_BATCH_SIZE, OUTBOX_FILTER_PATTERN } from '../../infra/event-outbox-pipe.js';
import { actionsOfRole, refId, sharedStage, type Resource, type SynthesizedStage } from './synth-stage.js';

/**
 * The outbox's way out in AWS (infra/event-outbox-pipe.ts): the table's stream → an EventBridge
 * Pipe filtered to outbox INSERTs → the product bus, with the events the publisher sends.
 * Pipes DynamoDB source: https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-pipes-dynamodb.html
 * Filtering (no `eventName`): https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-pipes-event-filtering.html
 * Input transformation (a string variable is quoted; objects go in as they are): https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-pipes-input-transformation.html
 * Dynamic path parameters for target fields: https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-pipes-event-target.html
 */
let dev: SynthesizedStage;

beforeAll(() => {
  dev = sharedStage('dev');
});

const only = (type: string) => {
  const found = Object.entries(dev.template.findResources(type)) as [string, Resource][];
  return found;
};
const idOf = (element: unknown) => dev.stack.getLogicalId(element as CfnElement);

describe('the event outbox Pipe', () => {
  it('reads the table’s stream, which carries new and old images', () => {
    const table = dev.template.findResources('AWS::DynamoDB::Table')[idOf(dev.stack.data.table.node.defaultChild)] as Resource;
    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
    const [[, pipe]] = only('AWS::Pipes::Pipe') as [[string, Resource]];
    expect(refId(pipe.Properties.Source)).toBe(idOf(dev.stack.data.table.node.defaultChild));
    expect(pipe.Properties.Source['Fn::GetAtt'][1]).toBe('StreamArn');
    expect(pipe.Properties.SourceParameters.DynamoDBStreamParameters).toMatchObject({ StartingPosition: 'TRIM_HORIZON', BatchSize: OUTBOX_BATCH_SIZE, OnPartialBatchItemFailure: 'AUTOMATIC_BISECT' });
  });

  it('lets through only the first write of an outbox item', () => {
    const [[, pipe]] = only('AWS::Pipes::Pipe') as [[string, Resource]];
    const patterns = pipe.Properties.SourceParameters.FilterCriteria.Filters.map((filter: { Pattern: string }) => JSON.parse(filter.Pattern));
    expect(patterns).toEqual([OUTBOX_FILTER_PATTERN]);
    expect(patterns[0]).toEqual({ dynamodb: { NewImage: { kind: { S: ['event-outbox'] } }, OldImage: { kind: { S: [{ exists: false }] } } } });
  });

  it('puts on the product bus the Source, DetailType and Detail the publisher sends', () => {
    const [[, pipe]] = only('AWS::Pipes::Pipe') as [[string, Resource]];
    expect(refId(pipe.Properties.Target)).toBe(idOf(dev.stack.events.bus.node.defaultChild));
    expect(refId(pipe.Properties.Enrichment)).toBe(idOf(dev.stack.eventOutbox.enrichment.function.node.defaultChild));
    expect(pipe.Properties.TargetParameters).toEqual({
      InputTemplate: '<$.detail>',
      EventBridgeEventBusParameters: { Source: EVENT_SOURCE, DetailType: '$.detailType' },
    });
  });

  it('sends what keeps failing to an encrypted dead-letter queue, watched by an alarm', () => {
    const [[, pipe]] = only('AWS::Pipes::Pipe') as [[string, Resource]];
    const dlqId = idOf(dev.stack.eventOutbox.deadLetters.node.defaultChild);
    expect(refId(pipe.Properties.SourceParameters.DynamoDBStreamParameters.DeadLetterConfig.Arn)).toBe(dlqId);
    const queue = dev.template.findResources('AWS::SQS::Queue')[dlqId] as Resource;
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    const alarms = only('AWS::CloudWatch::Alarm').filter(([, alarm]) => alarm.Properties.Dimensions?.some((d: { Value: unknown }) => JSON.stringify(d.Value).includes(dlqId)));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]![1].Properties).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', TreatMissingData: 'notBreaching' });
  });

  it('its role reads the stream, invokes the enrichment, puts events on the bus and dead-letters, nothing else', () => {
    const [[, pipe]] = only('AWS::Pipes::Pipe') as [[string, Resource]];
    const actions = new Set(actionsOfRole(dev.template, refId(pipe.Properties.RoleArn)));
    expect([...actions].sort()).toEqual(
      ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams', 'events:PutEvents', 'lambda:InvokeFunction', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'].sort(),
    );
  });
});
