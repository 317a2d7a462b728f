import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, queryAll, type Item } from './dynamo.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';

/**
 * The stage's phone numbers, one item each (`PHONE#<e164>` / `SALON`): the pool operators stock
 * (`free`), the number a salon holds (`assigned`: inbound routing reads its `salonId`), and a
 * number out of use (`quarantined`): released by a salon, it keeps saying whose it was for its
 * 30 days; held by an operator, it waits until they free it. gsi1 lists each state: assigned
 * numbers by number (support's list), free ones oldest first, quarantined ones by when they may
 * be given out again.
 */
export type NumberState = 'free' | 'assigned' | 'quarantined';

/** Who a released number belonged to, so its callers are told how to reach them meanwhile. */
export interface FormerHolder {
  salonId: string;
  name: string;
  /** The salon's phone, when it is not the line that forwarded to this number (it would loop). */
  phone: string | null;
}

export interface PhoneNumberRecord {
  phoneNumber: string;
  state: NumberState;
  /** The salon holding it (assigned only). */
  salonId: string | null;
  /** When it entered its state. */
  since: string;
  /** Quarantined: when it may be given out again; null while an operator holds it. */
  until: string | null;
  former: FormerHolder | null;
}

export interface NumberStore {
  get(e164: string): Promise<PhoneNumberRecord | null>;
  /** The salon a call to this number is for: only an assigned number has one. */
  salonFor(e164: string): Promise<string | null>;
  /** A new number into the pool; false when the number is already known. */
  stock(e164: string, at: string): Promise<boolean>;
  /** Numbers a salon may take now, free ones first (oldest first), then quarantined ones whose time is up. */
  available(now: Date, limit: number): Promise<string[]>;
  /** Gives the number to the salon when it is free, out of quarantine, or already the salon's; false otherwise. */
  take(e164: string, salonId: string, now: Date): Promise<boolean>;
  /**
   * Support's assignment of a number this stage owns: like `take`, and a number never stocked is
   * recorded as the salon's at once.
   */
  assign(e164: string, salonId: string, now: Date): Promise<boolean>;
  /** The salon's number back into the pool at once (a claim that could not finish); false when the salon does not hold it. */
  giveBack(e164: string, salonId: string, at: string): Promise<boolean>;
  /**
   * Out of use until `until` (null: until an operator frees it), saying whose it was meanwhile.
   * With `holder`, only while that salon holds it; false when the condition fails.
   */
  quarantine(e164: string, options: { at: string; until: string | null; former: FormerHolder | null; holder?: string }): Promise<boolean>;
  /** An operator's held number back into the pool. */
  free(e164: string, at: string): Promise<boolean>;
  /** Forgets a number the stage no longer owns (released to the provider); never an assigned one. */
  forget(e164: string): Promise<boolean>;
  /** Every number in every state. */
  list(): Promise<PhoneNumberRecord[]>;
  /** How many numbers a salon could take now, and how many wait in quarantine. */
  level(now: Date): Promise<{ free: number; quarantined: number }>;
  /** Salons that finished setup while the pool was empty, first come first served. */
  waiting(limit: number): Promise<{ salonId: string; since: string }[]>;
  /** Puts the salon in the queue (once: its first `since` is kept by the caller). */
  startWaiting(salonId: string, since: string): Promise<void>;
  stopWaiting(salonId: string, since: string): Promise<void>;
}

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
