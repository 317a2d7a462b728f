import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import type { UpdateItemInput } from 'dynamodb-toolbox/entity/actions/update';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $get, $remove } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { conditionally, queryAll, type ItemKey } from './dynamo.js';
import { profileEntity } from './entities/profile-entity.js';
import { salonItemsQuery } from './entities/query.js';
import { keys } from './keys.js';
import type { Salon } from '../core/salon-profile.js';
import type { SalonStore } from '../core/ports/salon-store.js';

interface SalonItem extends Salon {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
}

/** Profile attributes that reach the Salon under other names or shapes. */
interface StoredFields {
  numberClaim?: string;
  numberWaitingSince?: string;
  loopingNumbers?: Set<string>;
  forwardingCheckedAt?: string;
  forwardingSeenAt?: string;
  forwardingSeenFrom?: string | null;
  forwardingSeenForwarded?: boolean;
}

function toSalon(item: Record<string, unknown>): Salon {
  const {
    id,
    ownerId,
    ownerEmail,
    name,
    phone,
    assignedNumber,
    createdAt,
    business,
    hours,
    liveAt,
    pausedAt,
    pausedUntil,
    subscription,
    billingCustomerId,
    vatNumber,
  } = item as unknown as SalonItem;
  const { numberClaim, numberWaitingSince, loopingNumbers, forwardingCheckedAt, forwardingSeenAt, forwardingSeenFrom, forwardingSeenForwarded } =
    item as unknown as StoredFields;
  return {
    id,
    ownerId,
    ownerEmail: ownerEmail ?? null,
    name,
    phone: phone ?? null,
    assignedNumber: assignedNumber ?? null,
    createdAt,
    business: business ?? null,
    hours: hours ?? null,
    liveAt: liveAt ?? null,
    pausedAt: pausedAt ?? null,
    pausedUntil: pausedUntil ?? null,
    numberClaim: numberClaim ?? null,
    numberWaitingSince: numberWaitingSince ?? null,
    loopingNumbers: loopingNumbers ? [...loopingNumbers].sort() : [],
    forwarding: {
      checkStartedAt: forwardingCheckedAt ?? null,
      seenAt: forwardingSeenAt ?? null,
      seenFrom: forwardingSeenFrom ?? null,
      forwardedFrom: forwardingSeenForwarded ?? false,
    },
    subscription: subscription ?? null,
    billingCustomerId: billingCustomerId ?? null,
    vatNumber: vatNumber ?? null,
  };
}

const BATCH_SIZE = 25;

type ProfileEntity = ReturnType<typeof profileEntity>;
type ProfileChanges = Omit<UpdateItemInput<ProfileEntity>, 'pk' | 'sk'>;

const EXISTS: Condition<ProfileEntity> = { attr: 'pk', exists: true };
/** A profile without a number: never given one, or made with `assignedNumber: null` (a new salon's profile is). */
const HAS_NO_NUMBER: Condition<ProfileEntity> = {
  or: [
    { attr: 'assignedNumber', exists: false },
    { attr: 'assignedNumber', type: 'NULL' },
  ],
};

export function createSalonStore(client: DynamoDBDocumentClient, tableName: string): SalonStore {
  async function get(salonId: string, consistent = false) {
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.profileSk }, ConsistentRead: consistent }),
    );
    return result.Item ? toSalon(result.Item) : null;
  }

  /** One update of the salon's profile, built by its entity; the command's input, to send as it is or with ReturnValues. */
  function profileUpdate(salonId: string, condition: Condition<ProfileEntity>, changes: ProfileChanges) {
    return profileEntity()
      .build(UpdateTransaction)
      .item({ pk: keys.salon(salonId), sk: keys.profileSk, ...changes })
      .options({ tableName, condition })
      .params().Update;
  }

  /** One conditional update of the salon's profile: answers whether the condition held (nothing written otherwise). */
  function updateProfile(salonId: string, condition: Condition<ProfileEntity>, changes: ProfileChanges) {
    return conditionally(client.send(new UpdateCommand(profileUpdate(salonId, condition, changes))));
  }

  async function batchDelete(items: { pk: string; sk: string }[]) {
    for (let start = 0; start < items.length; start += BATCH_SIZE) {
      let requests = items.slice(start, start + BATCH_SIZE).map((key) => ({ DeleteRequest: { Key: key } }));
      for (let attempt = 0; requests.length; attempt += 1) {
        if (attempt > 5) throw new Error('Could not delete every item of the salon');
        const result = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = (result.UnprocessedItems?.[tableName] ?? []) as typeof requests;
        if (requests.length) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
    }
  }

  return {
    get,
    async createIfAbsent(salon) {
      // Not live is the absence of liveAt: markLive's if_not_exists would take a stored null for a time.
      // Billing fields are only ever written by their webhooks' conditional updates.
      const {
        liveAt,
        pausedAt: _paused,
        pausedUntil: _until,
        numberClaim: _claim,
        numberWaitingSince: _waiting,
        loopingNumbers: _loops,
        forwarding: _forwarding,
        subscription: _subscription,
        billingCustomerId: _customer,
        vatNumber: _vat,
        ...fields
      } = salon;
      const item = {
        ...fields,
        ...(liveAt ? { liveAt } : {}),
        pk: keys.salon(salon.id),
        sk: keys.profileSk,
        gsi1pk: keys.owner(salon.ownerId),
        gsi1sk: keys.salonSk,
      };
      try {
        await client.send(
          new PutCommand(
            profileEntity()
              .build(PutTransaction)
              .item(item)
              .options({ tableName, condition: { attr: 'pk', exists: false } })
              .params().Put,
          ),
        );
        return salon;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        const existing = await get(salon.id);
        if (!existing) throw error;
        return existing;
      }
    },
    async deleteAll(salonId) {
      // Strongly consistent: an item written just before the owner's tombstone must be found
      // here (core/salon.ts undoIfOwnerDeleted relies on it).
      const salon = await get(salonId, true);
      const found = await queryAll(client, salonItemsQuery(tableName, salonId, null, { consistent: true, attributes: ['pk', 'sk'] }));
      const items = (found as ItemKey[]).map(({ pk, sk }) => ({ pk, sk }));
      // The salon's number stays: its item leaves the salon for quarantine (core/numbers/release-number.ts),
      // and a salon waiting for a number leaves the queue.
      if (salon?.numberWaitingSince) items.push({ pk: keys.numbersWaiting, sk: keys.numberWaitingSk(salon.numberWaitingSince, salonId) });
      await batchDelete(items);
      return items.length;
    },
    beginNumberClaim: (salonId, e164) =>
      updateProfile(salonId, { and: [EXISTS, HAS_NO_NUMBER, { attr: 'numberClaim', exists: false }] }, { numberClaim: e164 }),
    finishNumberClaim: (salonId, e164) =>
      updateProfile(
        salonId,
        { and: [{ attr: 'numberClaim', eq: e164 }, HAS_NO_NUMBER] },
        { assignedNumber: e164, numberClaim: $remove(), numberWaitingSince: $remove() },
      ),
    dropNumberClaim: (salonId, e164) => updateProfile(salonId, { attr: 'numberClaim', eq: e164 }, { numberClaim: $remove() }),
    async setAssignedNumber(salonId, e164) {
      try {
        const result = await client.send(
          new UpdateCommand({
            ...profileUpdate(salonId, EXISTS, { assignedNumber: e164, numberClaim: $remove(), numberWaitingSince: $remove() }),
            ReturnValues: 'UPDATED_OLD',
          }),
        );
        const replaced = result.Attributes?.assignedNumber;
        return { replaced: typeof replaced === 'string' && replaced !== e164 ? replaced : null };
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
    clearAssignedNumber: (salonId, e164) => updateProfile(salonId, { attr: 'assignedNumber', eq: e164 }, { assignedNumber: $remove() }),
    async markNumberWaiting(salonId, at) {
      try {
        const result = await client.send(
          new UpdateCommand({
            ...profileUpdate(salonId, { and: [EXISTS, HAS_NO_NUMBER] }, { numberWaitingSince: $get('numberWaitingSince', at) }),
            ReturnValues: 'UPDATED_OLD',
          }),
        );
        const before = result.Attributes?.numberWaitingSince;
        return typeof before === 'string' ? { since: before, began: false } : { since: at, began: true };
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },
    async noteLoopingNumber(salonId, e164) {
      await updateProfile(salonId, EXISTS, { loopingNumbers: $add(new Set([e164])) });
    },
    // A new check forgets the last call seen: the owner may have changed the line's forwarding since.
    startForwardingCheck: (salonId, at) =>
      updateProfile(salonId, EXISTS, {
        forwardingCheckedAt: at,
        forwardingSeenAt: $remove(),
        forwardingSeenFrom: $remove(),
        forwardingSeenForwarded: $remove(),
      }),
    noteForwardingSeen: (salonId, seen) =>
      updateProfile(
        salonId,
        { and: [EXISTS, { attr: 'forwardingSeenAt', exists: false }] },
        { forwardingSeenAt: seen.at, forwardingSeenFrom: seen.from, forwardingSeenForwarded: seen.forwardedFrom },
      ),
    markLive(salonId, at) {
      // Conditional on the profile: a salon deleted meanwhile is not brought back as a fragment.
      return updateProfile(salonId, EXISTS, { liveAt: $get('liveAt', at), pausedAt: $remove(), pausedUntil: $remove() });
    },
    markPaused(salonId, at, until) {
      return updateProfile(salonId, { attr: 'liveAt', exists: true }, { pausedAt: at, pausedUntil: until ?? $remove() });
    },
    keepOwnerEmail(salonId, email) {
      // Never creates a profile: the salon is made on the owner's first request, copying the email then.
      return updateProfile(
        salonId,
        {
          and: [
            EXISTS,
            {
              or: [
                { attr: 'ownerEmail', exists: false },
                { attr: 'ownerEmail', ne: email },
              ],
            },
          ],
        },
        { ownerEmail: email },
      );
    },
  };
}
