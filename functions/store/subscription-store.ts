import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SubscriptionRecord } from '../contracts/billing.js';
import type { ConnectAccount } from '../core/ports/payments.js';
import { createCheckoutRecords } from './checkout-records.js';
import { conditionally } from './dynamo.js';
import { keys } from './keys.js';
import type { PaymentAccountRecord, SubscriptionStore } from '../core/ports/subscription-store.js';

/** Statuses after which a subscription never charges again. */
const ENDED_STATUSES = ['canceled', 'incomplete_expired'];
export const subscriptionEnded = (subscription: Pick<SubscriptionRecord, 'status'>) => ENDED_STATUSES.includes(subscription.status);

/** Kept far beyond Stripe's redelivery window (three days), then the marker goes. */
const EVENT_MARKER_TTL_DAYS = 30;
/** Concurrent calls placing into one period's ledger retry a version conflict this often. */
const LEDGER_ATTEMPTS = 12;

export function createSubscriptionStore(client: DynamoDBDocumentClient, tableName: string): SubscriptionStore {
  const profile = (salonId: string) => ({ pk: keys.salon(salonId), sk: keys.profileSk });
  const accountKey = (salonId: string) => ({ pk: keys.salon(salonId), sk: keys.paymentAccountSk });
  const ledgerKey = (salonId: string, periodId: string) => ({ pk: keys.salon(salonId), sk: keys.overageSk(periodId) });

  const toAccount = (item: Record<string, unknown>): PaymentAccountRecord => ({
    id: String(item.accountId),
    chargesEnabled: Boolean(item.chargesEnabled),
    detailsSubmitted: Boolean(item.detailsSubmitted),
    currentlyDue: (item.currentlyDue as string[] | undefined) ?? [],
    pastDue: (item.pastDue as string[] | undefined) ?? [],
    pendingVerification: (item.pendingVerification as string[] | undefined) ?? [],
    disabledReason: (item.disabledReason as string | null | undefined) ?? null,
    order: String(item.order ?? ''),
  });
  const accountFields = (account: ConnectAccount) => ({
    accountId: account.id,
    chargesEnabled: account.chargesEnabled,
    detailsSubmitted: account.detailsSubmitted,
    currentlyDue: account.currentlyDue,
    pastDue: account.pastDue,
    pendingVerification: account.pendingVerification,
    disabledReason: account.disabledReason,
  });

  return {
    ...createCheckoutRecords(client, tableName),

    async applySubscription(salonId, subscription) {
      const ended = subscriptionEnded(subscription);
      const written = await conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: profile(salonId),
            UpdateExpression: 'SET subscription = :subscription, billingCustomerId = :customer',
            // The profile must exist (a deleted salon is not brought back as a fragment). The same
            // subscription moves forward in order; another replaces it only once it has ended (an
            // ended one only by a later event).
            ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(subscription) OR (subscription.id = :id AND subscription.#order < :order) OR (subscription.id <> :id AND subscription.#status IN (:canceled, :expired)${ended ? ' AND subscription.#order < :order' : ''}))`,
            ExpressionAttributeNames: { '#order': 'order', '#status': 'status' },
            ExpressionAttributeValues: {
              ':subscription': subscription,
              ':customer': subscription.customerId,
              ':order': subscription.order,
              ':id': subscription.id,
              ':canceled': ENDED_STATUSES[0],
              ':expired': ENDED_STATUSES[1],
            },
          }),
        ),
      );
      if (written) return 'applied';
      if (ended) return 'stale';
      const stored = (await client.send(new GetCommand({ TableName: tableName, Key: profile(salonId), ConsistentRead: true }))).Item?.subscription as
        SubscriptionRecord | undefined;
      return stored && stored.id !== subscription.id && !subscriptionEnded(stored) ? 'another' : 'stale';
    },

    rememberCustomer: (salonId, customerId) =>
      conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: profile(salonId),
            UpdateExpression: 'SET billingCustomerId = :customer',
            // A later subscription's own events name its customer; a replayed session must not undo that.
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(billingCustomerId)',
            ExpressionAttributeValues: { ':customer': customerId },
          }),
        ),
      ),

    keepVatNumber: (salonId, vatNumber) =>
      conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: profile(salonId),
            ConditionExpression: 'attribute_exists(pk)',
            ...(vatNumber
              ? { UpdateExpression: 'SET vatNumber = :vat', ExpressionAttributeValues: { ':vat': vatNumber } }
              : { UpdateExpression: 'REMOVE vatNumber' }),
          }),
        ),
      ),

    async getPaymentAccount(salonId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: accountKey(salonId), ConsistentRead: true }));
      return result.Item ? toAccount(result.Item) : null;
    },

    async keepPaymentAccount(salonId, account) {
      const item = { ...accountKey(salonId), ...accountFields(account), order: '' };
      const kept = await conditionally(client.send(new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' })));
      if (kept) return toAccount(item);
      const existing = await client.send(new GetCommand({ TableName: tableName, Key: accountKey(salonId), ConsistentRead: true }));
      return toAccount(existing.Item ?? item);
    },

    applyPaymentAccount: (salonId, account, order) =>
      conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: accountKey(salonId),
            UpdateExpression:
              'SET chargesEnabled = :charges, detailsSubmitted = :details, currentlyDue = :currently, pastDue = :past, pendingVerification = :pending, disabledReason = :disabled, #order = :order',
            // Only the salon's own account (made through POST /api/stripe), and only forward in time.
            ConditionExpression: 'accountId = :id AND #order < :order',
            ExpressionAttributeNames: { '#order': 'order' },
            ExpressionAttributeValues: {
              ':id': account.id,
              ':charges': account.chargesEnabled,
              ':details': account.detailsSubmitted,
              ':currently': account.currentlyDue,
              ':past': account.pastDue,
              ':pending': account.pendingVerification,
              ':disabled': account.disabledReason,
              ':order': order,
            },
          }),
        ),
      ),

    async eventApplied(salonId, eventId) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.stripeEventSk(eventId) }, ConsistentRead: true }),
      );
      return Boolean(result.Item);
    },

    async markEventApplied(salonId, eventId, now) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            pk: keys.salon(salonId),
            sk: keys.stripeEventSk(eventId),
            appliedAt: now.toISOString(),
            ttl: Math.ceil(now.getTime() / 1000) + EVENT_MARKER_TTL_DAYS * 86_400,
          },
        }),
      );
    },

    async placeCall(salonId, periodId, callSid, minutes) {
      // One versioned item per period: each call's place in the order is written with the total
      // it follows, so a call's overage never depends on which deliveries raced it.
      for (let attempt = 0; attempt < LEDGER_ATTEMPTS; attempt += 1) {
        const current = (await client.send(new GetCommand({ TableName: tableName, Key: ledgerKey(salonId, periodId), ConsistentRead: true }))).Item;
        const placed = (current?.calls as Record<string, number> | undefined)?.[callSid];
        if (placed !== undefined) return { before: placed };
        const total = Number(current?.total ?? 0);
        const version = Number(current?.version ?? 0);
        const written = await conditionally(
          current
            ? client.send(
                new UpdateCommand({
                  TableName: tableName,
                  Key: ledgerKey(salonId, periodId),
                  UpdateExpression: 'SET #total = :total, version = :next, calls.#sid = :before',
                  ConditionExpression: 'version = :version',
                  ExpressionAttributeNames: { '#total': 'total', '#sid': callSid },
                  ExpressionAttributeValues: { ':total': total + minutes, ':next': version + 1, ':before': total, ':version': version },
                }),
              )
            : client.send(
                new PutCommand({
                  TableName: tableName,
                  Item: { ...ledgerKey(salonId, periodId), total: minutes, version: 1, calls: { [callSid]: 0 } },
                  ConditionExpression: 'attribute_not_exists(pk)',
                }),
              ),
        );
        if (written) return { before: total };
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));
      }
      throw Object.assign(new Error('The overage ledger stayed busy'), { name: 'ThrottlingException' });
    },
  };
}
