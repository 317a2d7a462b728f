import { beforeAll, describe, expect, it } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnElement } from 'aws-cdk-lib';
import { EVENT_SOURCE } from '../../functions/contracts/events.js';
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
/** The Pipe and what goes with it are a nested stack (tests/infra/stack.test.ts holds the main one's size). */
let nested: Template;
let nestedParameters: Record<string, unknown>;

beforeAll(() => {
  dev = sharedStage('dev');
  nested = Template.fromStack(dev.stack.eventOutbox);
  const stackResource = dev.template.findResources('AWS::CloudFormation::Stack')[idOf(dev.stack.eventOutbox.nestedStackResource)] as Resource;
  nestedParameters = stackResource.Properties.Parameters as Record<string, unknown>;
});

const only = (type: string) => Object.entries(nested.findResources(type)) as [string, Resource][];
const idOf = (element: unknown) => dev.stack.getLogicalId(element as CfnElement);
const nestedIdOf = (element: unknown) => dev.stack.eventOutbox.getLogicalId(element as CfnElement);
/** What a value in the nested stack names in the main one: its parameter's value there. */
const fromMain = (value: unknown) => nestedParameters[refId(value)];

describe('the event outbox Pipe', () => {
  it('is a nested stack of its own', () => {
    expect(Object.keys(dev.mainTemplate.findResources('AWS::Pipes::Pipe'))).toHaveLength(0);
    expect(only('AWS::Pipes::Pipe')).toHaveLength(1);
  });

  it('reads the table’s stream, which carries new and old images', () => {
    const tableId = idOf(dev.stack.data.table.node.defaultChild);
    const table = dev.template.findResources('AWS::DynamoDB::Table')[tableId] as Resource;
    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
    const [[, pipe]] = only('AWS::Pipes::Pipe') as [[string, Resource]];
    expect(fromMain(pipe.Properties.Source)).toEqual({ 'Fn::GetAtt': [tableId, 'StreamArn'] });
    expect(pipe.Properties.SourceParameters.DynamoDBStreamParameters).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: OUTBOX_BATCH_SIZE,
      OnPartialBatchItemFailure: 'AUTOMATIC_BISECT',
    });
  });

  it('lets through only the first write of an outbox item', () => {
    const [[, pipe]] = only('AWS::Pipes::Pipe') as [[string, Resource]];
    const patterns = pipe.Properties.SourceParameters.FilterCriteria.Filters.map((filter: { Pattern: string }) => JSON.parse(filter.Pattern));
    expect(patterns).toEqual([OUTBOX_FILTER_PATTERN]);
    expect(patterns[0]).toEqual({ dynamodb: { NewImage: { kind: { S: ['event-outbox'] } }, OldImage: { kind: { S: [{ exists: false }] } } } });
  });

  it('puts on the product bus the Source, DetailType and Detail the publisher sends', () => {
    const [[, pipe]] = only('AWS::Pipes::Pipe') as [[string, Resource]];
    expect(fromMain(pipe.Properties.Target)).toEqual({ 'Fn::GetAtt': [idOf(dev.stack.events.bus.node.defaultChild), 'Arn'] });
    expect(refId(pipe.Properties.Enrichment)).toBe(nestedIdOf(dev.stack.eventOutbox.enrichment.function.node.defaultChild));
    expect(pipe.Properties.TargetParameters).toEqual({
      InputTemplate: '<$.detail>',
      EventBridgeEventBusParameters: { Source: EVENT_SOURCE, DetailType: '$.detailType' },
    });
  });

  it('sends what keeps failing to an encrypted dead-letter queue, watched by an alarm', () => {
    const [[, pipe]] = only('AWS::Pipes::Pipe') as [[string, Resource]];
    const dlqId = nestedIdOf(dev.stack.eventOutbox.deadLetters.node.defaultChild);
    expect(refId(pipe.Properties.SourceParameters.DynamoDBStreamParameters.DeadLetterConfig.Arn)).toBe(dlqId);
    const queue = nested.findResources('AWS::SQS::Queue')[dlqId] as Resource;
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    const alarms = only('AWS::CloudWatch::Alarm').filter(([, alarm]) =>
      alarm.Properties.Dimensions?.some((d: { Value: unknown }) => JSON.stringify(d.Value).includes(dlqId)),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]![1].Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it('its role reads the stream, invokes the enrichment, puts events on the bus and dead-letters, nothing else', () => {
    const [[, pipe]] = only('AWS::Pipes::Pipe') as [[string, Resource]];
    const actions = new Set(actionsOfRole(nested, refId(pipe.Properties.RoleArn)));
    expect([...actions].sort()).toEqual(
      [
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
        'events:PutEvents',
        'lambda:InvokeFunction',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'sqs:SendMessage',
      ].sort(),
    );
  });
});
