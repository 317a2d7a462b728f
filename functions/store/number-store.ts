import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import type { UpdateItemInput } from 'dynamodb-toolbox/entity/actions/update';
import { $remove, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { conditionally, queryAll, type Item } from './dynamo.js';
import { numberWaitingEntity, phoneNumberEntity } from './entities/number-entities.js';
import { keyQuery } from './entities/query.js';
import { keys } from './keys.js';
import type { NumberState, PhoneNumberRecord, NumberStore } from '../core/ports/number-store.js';

const STATE_INDEX: Record<Exclude<NumberState, 'assigned'>, string> = { free: keys.freeNumbersIndex, quarantined: keys.quarantinedNumbersIndex };
/** Sorts after every ISO time: a number an operator holds is never due. */
const HELD = '~held';

type NumberEntity = ReturnType<typeof phoneNumberEntity>;
type NumberChanges = Omit<UpdateItemInput<NumberEntity>, 'pk' | 'sk'>;

function toRecord(stored: Item): PhoneNumberRecord {
  const item = phoneNumberEntity().build(EntityFormatter).format(stored);
  // Numbers assigned before the pool existed carry only their salon.
  const state: NumberState = item.state ?? 'assigned';
  return {
    phoneNumber: item.phoneNumber ?? item.pk.slice(keys.phone('').length),
    state,
    salonId: state === 'assigned' ? (item.salonId ?? null) : null,
    since: item.since ?? '',
    until: item.until !== undefined && item.until !== HELD ? item.until : null,
    former: item.former ?? null,
  };
}

/** A number that is not a salon's: stocked, or released and not taken since. */
const UNHELD: Condition<NumberEntity> = {
  and: [
    { attr: 'pk', exists: true },
    { attr: 'salonId', exists: false },
  ],
};

export function createNumberStore(client: DynamoDBDocumentClient, tableName: string): NumberStore {
  const key = (e164: string) => ({ pk: keys.phone(e164), sk: keys.salonSk });

  async function get(e164: string) {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: key(e164), ConsistentRead: true }));
    return result.Item ? toRecord(result.Item) : null;
  }

  async function indexed(index: string, options: { upTo?: string; limit?: number } = {}) {
    const items = await queryAll(
      client,
      keyQuery(tableName, { index: 'gsi1', partition: index, ...(options.upTo ? { range: { lte: options.upTo } } : {}) }),
      options.limit,
    );
    return items.map(toRecord);
  }

  /** One conditional update of the number, built by its entity: answers whether the condition held. */
  const update = (e164: string, changes: NumberChanges, condition: Condition<NumberEntity>) =>
    conditionally(
      client.send(
        new UpdateCommand(
          phoneNumberEntity()
            .build(UpdateTransaction)
            .item({ ...key(e164), ...changes })
            .options({ tableName, condition })
            .params().Update,
        ),
      ),
    );

  /** Into `assigned` for the salon, from a state that allows it (the condition decides, so two salons never both win). */
  const takeWhen = (e164: string, salonId: string, now: Date, condition: Condition<NumberEntity>) =>
    update(
      e164,
      {
        state: 'assigned',
        salonId,
        since: now.toISOString(),
        phoneNumber: e164,
        gsi1pk: keys.phoneIndex,
        gsi1sk: e164,
        until: $remove(),
        former: $remove(),
      },
      condition,
    );
  const takeable = (salonId: string, now: Date): Condition<NumberEntity> => ({
    or: [
      { attr: 'state', eq: 'free' },
      {
        and: [
          { attr: 'state', eq: 'quarantined' },
          { attr: 'until', lte: now.toISOString() },
        ],
      },
      { attr: 'salonId', eq: salonId },
    ],
  });

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
          new PutCommand(
            phoneNumberEntity()
              .build(PutTransaction)
              .item({ ...key(e164), phoneNumber: e164, state: 'free', since: at, gsi1pk: STATE_INDEX.free, gsi1sk: `${at}#${e164}` })
              .options({ tableName, condition: { attr: 'pk', exists: false } })
              .params().Put,
          ),
        ),
      ),
    async available(now, limit) {
      const free = await indexed(STATE_INDEX.free, { limit });
      const due = free.length < limit ? await indexed(STATE_INDEX.quarantined, { upTo: now.toISOString(), limit: limit - free.length }) : [];
      return [...free, ...due].map((record) => record.phoneNumber);
    },
    take: (e164, salonId, now) => takeWhen(e164, salonId, now, takeable(salonId, now)),
    assign: (e164, salonId, now) => takeWhen(e164, salonId, now, { or: [{ attr: 'pk', exists: false }, takeable(salonId, now)] }),
    giveBack: (e164, salonId, at) =>
      update(e164, { state: 'free', since: at, gsi1pk: STATE_INDEX.free, gsi1sk: `${at}#${e164}`, salonId: $remove() }, { attr: 'salonId', eq: salonId }),
    quarantine: (e164, { at, until, former, holder }) =>
      update(
        e164,
        {
          state: 'quarantined',
          since: at,
          until: until ?? HELD,
          gsi1pk: STATE_INDEX.quarantined,
          gsi1sk: `${until ?? HELD}#${e164}`,
          salonId: $remove(),
          // Written whole: a map given as it is would be merged into the one stored.
          former: former ? $set(former) : $remove(),
        },
        holder ? { attr: 'salonId', eq: holder } : UNHELD,
      ),
    free: (e164, at) =>
      update(
        e164,
        { state: 'free', since: at, gsi1pk: STATE_INDEX.free, gsi1sk: `${at}#${e164}`, until: $remove(), former: $remove() },
        { attr: 'state', eq: 'quarantined' },
      ),
    forget: (e164) =>
      conditionally(
        client.send(new DeleteCommand(phoneNumberEntity().build(DeleteTransaction).key(key(e164)).options({ tableName, condition: UNHELD }).params().Delete)),
      ),
    async list() {
      const records = (await Promise.all([indexed(keys.phoneIndex), indexed(STATE_INDEX.free), indexed(STATE_INDEX.quarantined)])).flat();
      return records.sort((a, b) => a.phoneNumber.localeCompare(b.phoneNumber));
    },
    async level(now) {
      const [free, quarantined] = await Promise.all([indexed(STATE_INDEX.free), indexed(STATE_INDEX.quarantined)]);
      // Due as `available` finds it: the index sorts `<until>#<number>`, which is at or before now only once `until` has passed.
      const due = quarantined.filter((record) => (record.until ?? HELD) < now.toISOString()).length;
      return { free: free.length + due, quarantined: quarantined.length - due };
    },
    async waiting(limit) {
      const result = await client.send(new QueryCommand(keyQuery(tableName, { partition: keys.numbersWaiting }, { limit, consistent: true })));
      const formatter = numberWaitingEntity().build(EntityFormatter);
      return (result.Items ?? []).map((item) => {
        const { salonId, since } = formatter.format(item);
        return { salonId, since };
      });
    },
    async startWaiting(salonId, since) {
      await client.send(
        new PutCommand(
          numberWaitingEntity()
            .build(PutTransaction)
            .item({ pk: keys.numbersWaiting, sk: keys.numberWaitingSk(since, salonId), salonId, since })
            .options({ tableName })
            .params().Put,
        ),
      );
    },
    async stopWaiting(salonId, since) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: { pk: keys.numbersWaiting, sk: keys.numberWaitingSk(since, salonId) } }));
    },
  };
}
