import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, queryAll, type Item } from './dynamo.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';
import type { NumberState, FormerHolder, PhoneNumberRecord, NumberStore } from '../core/ports/number-store.js';

const STATE_INDEX: Record<Exclude<NumberState, 'assigned'>, string> = { free: keys.freeNumbersIndex, quarantined: keys.quarantinedNumbersIndex };
/** Sorts after every ISO time: a number an operator holds is never due. */
const HELD = '~held';

function toRecord(item: Item): PhoneNumberRecord {
  const salonId = typeof item.salonId === 'string' ? item.salonId : null;
  // Numbers assigned before the pool existed carry only their salon.
  const state: NumberState = item.state === 'free' || item.state === 'quarantined' ? item.state : 'assigned';
  return {
    phoneNumber: String(item.phoneNumber ?? String(item.pk).slice('PHONE#'.length)),
    state,
    salonId: state === 'assigned' ? salonId : null,
    since: String(item.since ?? ''),
    until: typeof item.until === 'string' && item.until !== HELD ? item.until : null,
    former: (item.former as FormerHolder | undefined) ?? null,
  };
}

export function createNumberStore(client: DynamoDBDocumentClient, tableName: string): NumberStore {
  const key = (e164: string) => ({ pk: keys.phone(e164), sk: keys.salonSk });
  const assignedIndex = (e164: string) => ({ ':index': keys.phoneIndex, ':number': e164 });

  async function get(e164: string) {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: key(e164), ConsistentRead: true }));
    return result.Item ? toRecord(result.Item) : null;
  }

  async function indexed(index: string, options: { upTo?: string; limit?: number } = {}) {
    return queryAll(
      client,
      {
        TableName: tableName,
        IndexName: tableKeys.gsi1.name,
        KeyConditionExpression: options.upTo ? 'gsi1pk = :index AND gsi1sk <= :upTo' : 'gsi1pk = :index',
        ExpressionAttributeValues: { ':index': index, ...(options.upTo ? { ':upTo': options.upTo } : {}) },
      },
      options.limit,
    );
  }

  /** Into `assigned` for the salon, from a state that allows it (the condition decides, so two salons never both win). */
  function takeWhen(e164: string, salonId: string, now: Date, condition: string) {
    return conditionally(
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(e164),
          ConditionExpression: condition,
          UpdateExpression:
            'SET #state = :assigned, salonId = :salonId, since = :now, phoneNumber = :number, gsi1pk = :index, gsi1sk = :number REMOVE #until, former',
          ExpressionAttributeNames: { '#state': 'state', '#until': 'until' },
          ExpressionAttributeValues: {
            ':assigned': 'assigned',
            ':free': 'free',
            ':quarantined': 'quarantined',
            ':salonId': salonId,
            ':now': now.toISOString(),
            ...assignedIndex(e164),
          },
        }),
      ),
    );
  }
  const TAKEABLE = '#state = :free OR (#state = :quarantined AND #until <= :now) OR salonId = :salonId';

  return {
    get,
    async salonFor(e164) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(e164) }));
      const record = result.Item ? toRecord(result.Item) : null;
      return record?.state === 'assigned' ? record.salonId : null;
    },
    stock: (e164, at) =>
      conditionally(
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key(e164), phoneNumber: e164, state: 'free', since: at, gsi1pk: STATE_INDEX.free, gsi1sk: `${at}#${e164}` },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      ),
    async available(now, limit) {
      const free = await indexed(STATE_INDEX.free, { limit });
      const due = free.length < limit ? await indexed(STATE_INDEX.quarantined, { upTo: now.toISOString(), limit: limit - free.length }) : [];
      return [...free, ...due].map((item) => String(item.phoneNumber));
    },
    take: (e164, salonId, now) => takeWhen(e164, salonId, now, TAKEABLE),
    assign: (e164, salonId, now) => takeWhen(e164, salonId, now, `attribute_not_exists(pk) OR ${TAKEABLE}`),
    giveBack: (e164, salonId, at) =>
      conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(e164),
            ConditionExpression: 'salonId = :salonId',
            UpdateExpression: 'SET #state = :free, since = :at, gsi1pk = :index, gsi1sk = :sort REMOVE salonId',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':salonId': salonId, ':free': 'free', ':at': at, ':index': STATE_INDEX.free, ':sort': `${at}#${e164}` },
          }),
        ),
      ),
    quarantine: (e164, { at, until, former, holder }) =>
      conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(e164),
            ConditionExpression: holder ? 'salonId = :holder' : 'attribute_exists(pk) AND attribute_not_exists(salonId)',
            UpdateExpression: `SET #state = :quarantined, since = :at, #until = :until, gsi1pk = :index, gsi1sk = :sort${former ? ', former = :former' : ''} REMOVE salonId${former ? '' : ', former'}`,
            ExpressionAttributeNames: { '#state': 'state', '#until': 'until' },
            ExpressionAttributeValues: {
              ':quarantined': 'quarantined',
              ':at': at,
              ':until': until ?? HELD,
              ':index': STATE_INDEX.quarantined,
              ':sort': `${until ?? HELD}#${e164}`,
              ...(former ? { ':former': former } : {}),
              ...(holder ? { ':holder': holder } : {}),
            },
          }),
        ),
      ),
    free: (e164, at) =>
      conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(e164),
            ConditionExpression: '#state = :quarantined',
            UpdateExpression: 'SET #state = :free, since = :at, gsi1pk = :index, gsi1sk = :sort REMOVE #until, former',
            ExpressionAttributeNames: { '#state': 'state', '#until': 'until' },
            ExpressionAttributeValues: { ':quarantined': 'quarantined', ':free': 'free', ':at': at, ':index': STATE_INDEX.free, ':sort': `${at}#${e164}` },
          }),
        ),
      ),
    forget: (e164) =>
      conditionally(
        client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: key(e164),
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(salonId)',
          }),
        ),
      ),
    async list() {
      const items = (await Promise.all([indexed(keys.phoneIndex), indexed(STATE_INDEX.free), indexed(STATE_INDEX.quarantined)])).flat();
      return items.map(toRecord).sort((a, b) => a.phoneNumber.localeCompare(b.phoneNumber));
    },
    async level(now) {
      const [free, quarantined] = await Promise.all([indexed(STATE_INDEX.free), indexed(STATE_INDEX.quarantined)]);
      const due = quarantined.filter((item) => String(item.gsi1sk) <= now.toISOString()).length;
      return { free: free.length + due, quarantined: quarantined.length - due };
    },
    async waiting(limit) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.numbersWaiting },
          Limit: limit,
          ConsistentRead: true,
        }),
      );
      return (result.Items ?? []).map((item) => ({ salonId: String(item.salonId), since: String(item.since) }));
    },
    async startWaiting(salonId, since) {
      await client.send(new PutCommand({ TableName: tableName, Item: { pk: keys.numbersWaiting, sk: keys.numberWaitingSk(since, salonId), salonId, since } }));
    },
    async stopWaiting(salonId, since) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: { pk: keys.numbersWaiting, sk: keys.numberWaitingSk(since, salonId) } }));
    },
  };
}
