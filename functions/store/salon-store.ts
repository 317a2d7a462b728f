import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally } from './dynamo.js';
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

/** A profile without a number: never given one, or made with `assignedNumber: null` (a new salon's profile is). */
const HAS_NO_NUMBER = '(attribute_not_exists(assignedNumber) OR attribute_type(assignedNumber, :null))';

export function createSalonStore(client: DynamoDBDocumentClient, tableName: string): SalonStore {
  async function get(salonId: string, consistent = false) {
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.profileSk }, ConsistentRead: consistent }),
    );
    return result.Item ? toSalon(result.Item) : null;
  }

  /** One conditional update of the salon's profile: answers whether the condition held (nothing written otherwise). */
  function updateProfile(salonId: string, condition: string, update: string, values: Record<string, unknown>) {
    return conditionally(
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: keys.salon(salonId), sk: keys.profileSk },
          ConditionExpression: condition,
          UpdateExpression: update,
          ExpressionAttributeValues: values,
        }),
      ),
    );
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
      const item: Omit<SalonItem, 'liveAt'> & { liveAt?: string } = {
        ...fields,
        ...(liveAt ? { liveAt } : {}),
        pk: keys.salon(salon.id),
        sk: keys.profileSk,
        gsi1pk: keys.owner(salon.ownerId),
        gsi1sk: keys.salonSk,
      };
      try {
        await client.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
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
      const items: { pk: string; sk: string }[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.salon(salonId) },
            ProjectionExpression: 'pk, sk',
            ConsistentRead: true,
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) items.push({ pk: String(item.pk), sk: String(item.sk) });
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      // The salon's number stays: its item leaves the salon for quarantine (core/numbers/release-number.ts),
      // and a salon waiting for a number leaves the queue.
      if (salon?.numberWaitingSince) items.push({ pk: keys.numbersWaiting, sk: keys.numberWaitingSk(salon.numberWaitingSince, salonId) });
      await batchDelete(items);
      return items.length;
    },
    beginNumberClaim: (salonId, e164) =>
      updateProfile(salonId, `attribute_exists(pk) AND ${HAS_NO_NUMBER} AND attribute_not_exists(numberClaim)`, 'SET numberClaim = :number', {
        ':number': e164,
        ':null': 'NULL',
      }),
    finishNumberClaim: (salonId, e164) =>
      updateProfile(salonId, `numberClaim = :number AND ${HAS_NO_NUMBER}`, 'SET assignedNumber = :number REMOVE numberClaim, numberWaitingSince', {
        ':number': e164,
        ':null': 'NULL',
      }),
    dropNumberClaim: (salonId, e164) => updateProfile(salonId, 'numberClaim = :number', 'REMOVE numberClaim', { ':number': e164 }),
    async setAssignedNumber(salonId, e164) {
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: keys.salon(salonId), sk: keys.profileSk },
            ConditionExpression: 'attribute_exists(pk)',
            UpdateExpression: 'SET assignedNumber = :number REMOVE numberClaim, numberWaitingSince',
            ExpressionAttributeValues: { ':number': e164 },
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
    clearAssignedNumber: (salonId, e164) => updateProfile(salonId, 'assignedNumber = :number', 'REMOVE assignedNumber', { ':number': e164 }),
    async markNumberWaiting(salonId, at) {
      try {
        const result = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: keys.salon(salonId), sk: keys.profileSk },
            ConditionExpression: `attribute_exists(pk) AND ${HAS_NO_NUMBER}`,
            UpdateExpression: 'SET numberWaitingSince = if_not_exists(numberWaitingSince, :at)',
            ExpressionAttributeValues: { ':at': at, ':null': 'NULL' },
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
      await updateProfile(salonId, 'attribute_exists(pk)', 'ADD loopingNumbers :numbers', { ':numbers': new Set([e164]) });
    },
    // A new check forgets the last call seen: the owner may have changed the line's forwarding since.
    startForwardingCheck: (salonId, at) =>
      updateProfile(salonId, 'attribute_exists(pk)', 'SET forwardingCheckedAt = :at REMOVE forwardingSeenAt, forwardingSeenFrom, forwardingSeenForwarded', {
        ':at': at,
      }),
    noteForwardingSeen: (salonId, seen) =>
      updateProfile(
        salonId,
        'attribute_exists(pk) AND attribute_not_exists(forwardingSeenAt)',
        'SET forwardingSeenAt = :at, forwardingSeenFrom = :from, forwardingSeenForwarded = :forwarded',
        {
          ':at': seen.at,
          ':from': seen.from,
          ':forwarded': seen.forwardedFrom,
        },
      ),
    markLive(salonId, at) {
      // Conditional on the profile: a salon deleted meanwhile is not brought back as a fragment.
      return updateProfile(salonId, 'attribute_exists(pk)', 'SET liveAt = if_not_exists(liveAt, :at) REMOVE pausedAt, pausedUntil', { ':at': at });
    },
    markPaused(salonId, at, until) {
      return until
        ? updateProfile(salonId, 'attribute_exists(liveAt)', 'SET pausedAt = :at, pausedUntil = :until', { ':at': at, ':until': until })
        : updateProfile(salonId, 'attribute_exists(liveAt)', 'SET pausedAt = :at REMOVE pausedUntil', { ':at': at });
    },
    keepOwnerEmail(salonId, email) {
      // Never creates a profile: the salon is made on the owner's first request, copying the email then.
      return updateProfile(salonId, 'attribute_exists(pk) AND (attribute_not_exists(ownerEmail) OR ownerEmail <> :email)', 'SET ownerEmail = :email', {
        ':email': email,
      });
    },
  };
}
