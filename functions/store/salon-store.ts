import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { conditionally } from './dynamo.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';
import type { Salon } from '../core/salon-profile.js';

interface SalonItem extends Salon {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
}

export interface SalonStore {
  get(salonId: string): Promise<Salon | null>;
  /** Creates the salon unless one with this id exists; answers whichever is stored. */
  createIfAbsent(salon: Salon): Promise<Salon>;
  /** Removes every item in the salon's partition and its phone routing; answers how many. */
  deleteAll(salonId: string): Promise<number>;
  assignNumber(salonId: string, e164: string): Promise<Salon>;
  salonForNumber(e164: string): Promise<string | null>;
  /** Every assigned number and its salon, by number. */
  listNumbers(): Promise<{ phoneNumber: string; salonId: string }[]>;
  /** Frees the salon's number (calls to it then hear the unassigned message); answers it, or null when it had none. */
  releaseNumber(salonId: string): Promise<string | null>;
  /** Marks the salon live from `at`, keeping an earlier `liveAt`; false when the salon is gone. */
  markLive(salonId: string, at: string): Promise<boolean>;
  /** Calls stop reaching the agent until markLive; false when the salon is gone or was never live. */
  markPaused(salonId: string, at: string): Promise<boolean>;
  /** The owner's login email, onto an existing profile; false when there is none or it already says so. */
  keepOwnerEmail(salonId: string, email: string): Promise<boolean>;
}

function toSalon(item: Record<string, unknown>): Salon {
  const { id, ownerId, ownerEmail, name, phone, assignedNumber, createdAt, business, hours, liveAt, pausedAt, subscription, billingCustomerId } = item as unknown as SalonItem;
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
    subscription: subscription ?? null,
    billingCustomerId: billingCustomerId ?? null,
  };
}

const BATCH_SIZE = 25;

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
      const { liveAt, pausedAt: _paused, subscription: _subscription, billingCustomerId: _customer, ...fields } = salon;
      const item: Omit<SalonItem, 'liveAt'> & { liveAt?: string } = {
        ...fields,
        ...(liveAt ? { liveAt } : {}),
        pk: keys.salon(salon.id),
        sk: keys.profileSk,
        gsi1pk: keys.owner(salon.ownerId),
        gsi1sk: keys.salonSk,
      };
      try {
        await client.send(
          new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
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
      if (salon?.assignedNumber) items.push({ pk: keys.phone(salon.assignedNumber), sk: keys.salonSk });
      await batchDelete(items);
      return items.length;
    },
    async assignNumber(salonId, e164) {
      const salon = await get(salonId);
      if (!salon) throw new Error(`No salon ${salonId}`);
      // Claim the number first so two salons can never share it.
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: { pk: keys.phone(e164), sk: keys.salonSk, salonId, gsi1pk: keys.phoneIndex, gsi1sk: e164 },
            ConditionExpression: 'attribute_not_exists(pk) OR salonId = :salonId',
            ExpressionAttributeValues: { ':salonId': salonId },
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) throw new Error(`${e164} is already assigned to another salon`);
        throw error;
      }
      if (salon.assignedNumber && salon.assignedNumber !== e164) {
        await client.send(
          new DeleteCommand({ TableName: tableName, Key: { pk: keys.phone(salon.assignedNumber), sk: keys.salonSk } }),
        );
      }
      // The salon may have been deleted meanwhile: never recreate part of it, nor keep its number.
      const assigned = await updateProfile(salonId, 'attribute_exists(pk)', 'SET assignedNumber = :number', { ':number': e164 });
      if (!assigned) {
        await client.send(new DeleteCommand({ TableName: tableName, Key: { pk: keys.phone(e164), sk: keys.salonSk } }));
        throw new Error(`No salon ${salonId}`);
      }
      return { ...salon, assignedNumber: e164 };
    },
    async salonForNumber(e164) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: { pk: keys.phone(e164), sk: keys.salonSk } }),
      );
      return typeof result.Item?.salonId === 'string' ? result.Item.salonId : null;
    },
    async listNumbers() {
      const numbers: { phoneNumber: string; salonId: string }[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: tableKeys.gsi1.name,
            KeyConditionExpression: 'gsi1pk = :index',
            ExpressionAttributeValues: { ':index': keys.phoneIndex },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) numbers.push({ phoneNumber: String(item.gsi1sk), salonId: String(item.salonId) });
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return numbers;
    },
    async releaseNumber(salonId) {
      const salon = await get(salonId, true);
      if (!salon?.assignedNumber) return null;
      const number = salon.assignedNumber;
      // The profile first: inbound routing also checks the profile's number, so calls stop at once;
      // a failure before the claim goes leaves a claim that assigning the number again repairs.
      await updateProfile(salonId, 'assignedNumber = :number', 'REMOVE assignedNumber', { ':number': number });
      await conditionally(
        client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { pk: keys.phone(number), sk: keys.salonSk },
            ConditionExpression: 'salonId = :salonId',
            ExpressionAttributeValues: { ':salonId': salonId },
          }),
        ),
      );
      return number;
    },
    markLive(salonId, at) {
      // Conditional on the profile: a salon deleted meanwhile is not brought back as a fragment.
      return updateProfile(salonId, 'attribute_exists(pk)', 'SET liveAt = if_not_exists(liveAt, :at) REMOVE pausedAt', { ':at': at });
    },
    markPaused(salonId, at) {
      return updateProfile(salonId, 'attribute_exists(liveAt)', 'SET pausedAt = :at', { ':at': at });
    },
    keepOwnerEmail(salonId, email) {
      // Never creates a profile: the salon is made on the owner's first request, copying the email then.
      return updateProfile(salonId, 'attribute_exists(pk) AND (attribute_not_exists(ownerEmail) OR ownerEmail <> :email)', 'SET ownerEmail = :email', { ':email': email });
    },
  };
}
