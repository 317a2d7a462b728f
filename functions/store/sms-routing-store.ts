import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';

/**
 * Every salon's texts come from the platform's sender (docs/reminders.md), so a caller's reply says
 * which number it was sent to but not which salon it is for: these items, under a hash of the
 * caller's number, say which salons texted it lately and keep a "which salon?" asked back
 * (functions/core/replies/route-text.ts).
 */
export interface WhichSalonQuestion {
  /** The text that could not be placed, answered once the caller says which salon. */
  body: string;
  /** The salons offered, in the order the question numbers them. */
  salonIds: string[];
}

export interface SmsRoutingStore {
  /** The salon texted this number now (a later text refreshes it); forgotten after 30 days. */
  noteTexted(phone: string, salonId: string, at: Date): Promise<void>;
  /** The salons that texted this number since `since`, newest first. */
  textedBy(phone: string, since: Date): Promise<{ salonId: string; at: string }[]>;
  /** Asks the caller which salon a text was for (a later question replaces it), until `expiresAt`. */
  askWhich(phone: string, question: WhichSalonQuestion, expiresAt: Date): Promise<void>;
  /** The open question, if any. */
  which(phone: string, now: Date): Promise<WhichSalonQuestion | null>;
  /** Takes the question for one answer: null when it is gone (answered already, or never asked). */
  takeWhich(phone: string, now: Date): Promise<WhichSalonQuestion | null>;
}

/** A reply comes within days of the text it answers; a salon that texted longer ago is not who a reply is for. */
export const TEXTED_WITHIN_DAYS = 30;

const callerHash = (phone: string) => createHash('sha256').update(`caller:${phone}`).digest('base64url').slice(0, 32);

export function createSmsRoutingStore(client: DynamoDBDocumentClient, tableName: string): SmsRoutingStore {
  const whichKey = (phone: string) => ({ pk: keys.smsCaller(callerHash(phone)), sk: keys.smsWhichSk });
  const readWhich = (item: Record<string, unknown> | undefined, now: Date): WhichSalonQuestion | null =>
    item && Date.parse(String(item.expiresAt)) > now.getTime() ? (item.question as WhichSalonQuestion) : null;
  return {
    async noteTexted(phone, salonId, at) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            pk: keys.smsCaller(callerHash(phone)),
            sk: keys.smsTextedBySk(salonId),
            salonId,
            at: at.toISOString(),
            [tableKeys.ttl]: Math.ceil(at.getTime() / 1000) + TEXTED_WITHIN_DAYS * 86_400,
          },
        }),
      );
    },
    async textedBy(phone, since) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.smsCaller(callerHash(phone)), ':prefix': keys.smsTextedByPrefix },
          ConsistentRead: true,
        }),
      );
      return (result.Items ?? [])
        .map((item) => ({ salonId: String(item.salonId), at: String(item.at) }))
        .filter((entry) => entry.at >= since.toISOString())
        .sort((a, b) => b.at.localeCompare(a.at));
    },
    async askWhich(phone, question, expiresAt) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...whichKey(phone), question, expiresAt: expiresAt.toISOString(), [tableKeys.ttl]: Math.ceil(expiresAt.getTime() / 1000) },
        }),
      );
    },
    async which(phone, now) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: whichKey(phone), ConsistentRead: true }));
      return readWhich(result.Item, now);
    },
    async takeWhich(phone, now) {
      try {
        const result = await client.send(
          new DeleteCommand({ TableName: tableName, Key: whichKey(phone), ConditionExpression: 'attribute_exists(pk)', ReturnValues: 'ALL_OLD' }),
        );
        return readWhich(result.Attributes, now);
      } catch (error) {
        if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
        throw error;
      }
    },
  };
}
