import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $remove, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import type { SubscriptionRecord } from '../contracts/billing.js';
import type { ConnectAccount } from '../core/ports/payments.js';
import { createCheckoutRecords } from './checkout-records.js';
import { conditionally } from './dynamo.js';
import { overageLedgerEntity, paymentAccountEntity, stripeEventEntity } from './entities/billing-entities.js';
import { profileEntity } from './entities/profile-entity.js';
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

  const toAccount = (item: Record<string, unknown>): PaymentAccountRecord => {
    const stored = paymentAccountEntity().build(EntityFormatter).format(item);
    return {
      id: stored.accountId,
      chargesEnabled: stored.chargesEnabled,
      detailsSubmitted: stored.detailsSubmitted,
      currentlyDue: stored.currentlyDue ?? [],
      pastDue: stored.pastDue ?? [],
      pendingVerification: stored.pendingVerification ?? [],
      disabledReason: stored.disabledReason ?? null,
      order: stored.order ?? '',
    };
  };
  const updateProfile = () => profileEntity().build(UpdateTransaction);
  const updateAccount = () => paymentAccountEntity().build(UpdateTransaction);
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
          new UpdateCommand(
            updateProfile()
              .item({ ...profile(salonId), subscription: $set(subscription), billingCustomerId: subscription.customerId })
              .options({
                tableName,
                // The profile must exist (a deleted salon is not brought back as a fragment). The same
                // subscription moves forward in order; another replaces it only once it has ended (an
                // ended one only by a later event).
                condition: {
                  and: [
                    { attr: 'pk', exists: true },
                    {
                      or: [
                        { attr: 'subscription', exists: false },
                        {
                          and: [
                            { attr: 'subscription.id', eq: subscription.id },
                            { attr: 'subscription.order', lt: subscription.order },
                          ],
                        },
                        {
                          and: [
                            { attr: 'subscription.id', ne: subscription.id },
                            { attr: 'subscription.status', in: ENDED_STATUSES },
                            ...(ended ? [{ attr: 'subscription.order', lt: subscription.order } as const] : []),
                          ],
                        },
                      ],
                    },
                  ],
                },
              })
              .params().Update,
          ),
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
          new UpdateCommand(
            updateProfile()
              .item({ ...profile(salonId), billingCustomerId: customerId })
              // A later subscription's own events name its customer; a replayed session must not undo that.
              .options({
                tableName,
                condition: {
                  and: [
                    { attr: 'pk', exists: true },
                    { attr: 'billingCustomerId', exists: false },
                  ],
                },
              })
              .params().Update,
          ),
        ),
      ),

    keepVatNumber: (salonId, vatNumber) =>
      conditionally(
        client.send(
          new UpdateCommand(
            updateProfile()
              .item({ ...profile(salonId), vatNumber: vatNumber || $remove() })
              .options({ tableName, condition: { attr: 'pk', exists: true } })
              .params().Update,
          ),
        ),
      ),

    async getPaymentAccount(salonId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: accountKey(salonId), ConsistentRead: true }));
      return result.Item ? toAccount(result.Item) : null;
    },

    async keepPaymentAccount(salonId, account) {
      const item = { ...accountKey(salonId), ...accountFields(account), order: '' };
      const kept = await conditionally(
        client.send(
          new PutCommand(
            paymentAccountEntity()
              .build(PutTransaction)
              .item(item)
              .options({ tableName, condition: { attr: 'pk', exists: false } })
              .params().Put,
          ),
        ),
      );
      if (kept) return toAccount(item);
      const existing = await client.send(new GetCommand({ TableName: tableName, Key: accountKey(salonId), ConsistentRead: true }));
      return toAccount(existing.Item ?? item);
    },

    applyPaymentAccount: (salonId, account, order) => {
      const { accountId: _id, ...changes } = accountFields(account);
      return conditionally(
        client.send(
          new UpdateCommand(
            updateAccount()
              .item({
                ...accountKey(salonId),
                ...changes,
                // Lists written whole: an array given for a list is written element by element.
                currentlyDue: $set(account.currentlyDue),
                pastDue: $set(account.pastDue),
                pendingVerification: $set(account.pendingVerification),
                order,
              })
              // Only the salon's own account (made through POST /api/stripe), and only forward in time.
              .options({
                tableName,
                condition: {
                  and: [
                    { attr: 'accountId', eq: account.id },
                    { attr: 'order', lt: order },
                  ],
                },
              })
              .params().Update,
          ),
        ),
      );
    },

    async eventApplied(salonId, eventId) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.stripeEventSk(eventId) }, ConsistentRead: true }),
      );
      return Boolean(result.Item);
    },

    async markEventApplied(salonId, eventId, now) {
      await client.send(
        new PutCommand(
          stripeEventEntity()
            .build(PutTransaction)
            .item({
              pk: keys.salon(salonId),
              sk: keys.stripeEventSk(eventId),
              appliedAt: now.toISOString(),
              ttl: Math.ceil(now.getTime() / 1000) + EVENT_MARKER_TTL_DAYS * 86_400,
            })
            .options({ tableName })
            .params().Put,
        ),
      );
    },

    async placeCall(salonId, periodId, callSid, minutes) {
      // One versioned item per period: each call's place in the order is written with the total
      // it follows, so a call's overage never depends on which deliveries raced it.
      for (let attempt = 0; attempt < LEDGER_ATTEMPTS; attempt += 1) {
        const item = (await client.send(new GetCommand({ TableName: tableName, Key: ledgerKey(salonId, periodId), ConsistentRead: true }))).Item;
        const current = item ? overageLedgerEntity().build(EntityFormatter).format(item) : undefined;
        const placed = current?.calls[callSid];
        if (placed !== undefined) return { before: placed };
        const total = current?.total ?? 0;
        const version = current?.version ?? 0;
        const written = await conditionally(
          current
            ? client.send(
                new UpdateCommand(
                  overageLedgerEntity()
                    .build(UpdateTransaction)
                    .item({ ...ledgerKey(salonId, periodId), total: total + minutes, version: version + 1, calls: { [callSid]: total } })
                    .options({ tableName, condition: { attr: 'version', eq: version } })
                    .params().Update,
                ),
              )
            : client.send(
                new PutCommand(
                  overageLedgerEntity()
                    .build(PutTransaction)
                    .item({ ...ledgerKey(salonId, periodId), total: minutes, version: 1, calls: { [callSid]: 0 } })
                    .options({ tableName, condition: { attr: 'pk', exists: false } })
                    .params().Put,
                ),
              ),
        );
        if (written) return { before: total };
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));
      }
      throw Object.assign(new Error('The overage ledger stayed busy'), { name: 'ThrottlingException' });
    },
  };
}
