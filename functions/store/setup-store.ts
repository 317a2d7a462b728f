import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, queryAll, type Item } from './dynamo.js';
import { salonItemsQuery } from './entities/query.js';
import { keys } from './keys.js';
import { DAYS, type Service, type Stylist } from '../contracts/setup.js';
import { VOICE_SETTING_FIELDS, pickVoiceSettings, type VoiceSettings } from '../contracts/voice-settings.js';
import { euroToCents, servicePriceCents } from '../core/money.js';
import type { SetupStore } from '../core/ports/setup-store.js';

export type { VoiceSettings };

// Prices keep their cents (€7.50); deposits are whole euros, so theirs stay whole.
const centsToEuro = (cents: unknown) => (typeof cents === 'number' ? cents / 100 : null);

function toService(item: Item): Service {
  return {
    id: String(item.id),
    name: String(item.name),
    duration: Number(item.durationMinutes ?? 0),
    price: centsToEuro(item.priceCents),
    price_min: centsToEuro(item.priceMinCents),
    price_max: centsToEuro(item.priceMaxCents),
    isRange: Boolean(item.isRange),
    ...(item.consultation ? { consultation: true } : {}),
    comment: String(item.comment ?? ''),
    // Services saved before deposits existed have none.
    deposit: centsToEuro(item.depositCents) ?? 0,
  };
}

/** Stylists saved before who-does-what existed have neither list: every day, every service. */
function toStylist(item: Item): Stylist {
  const days = Array.isArray(item.days) ? DAYS.filter((day) => (item.days as unknown[]).includes(day)) : undefined;
  const services = Array.isArray(item.services) ? (item.services as unknown[]).map(String) : undefined;
  return { id: String(item.id), name: String(item.name), ...(days ? { days } : {}), ...(services ? { services } : {}) };
}

export function createSetupStore(client: DynamoDBDocumentClient, tableName: string): SetupStore {
  return {
    async load(salonId) {
      const items = await queryAll(client, salonItemsQuery(tableName, salonId, keys.setupPrefix));
      const bySk = (prefix: string) => items.filter((item) => String(item.sk).startsWith(prefix));
      const byPosition = (a: Item, b: Item) => Number(a.position ?? 0) - Number(b.position ?? 0);
      const state = items.find((item) => item.sk === keys.setupStateSk);
      const voice = items.find((item) => item.sk === keys.voiceSk);
      return {
        exists: Boolean(state),
        currentStep: Number(state?.currentStep ?? 1),
        phoneOption: state?.phoneOption === 'forward' ? 'forward' : 'new',
        forwardNumber: String(state?.forwardNumber ?? ''),
        forwardWhen: state?.forwardWhen === 'all' ? 'all' : 'unanswered',
        stylists: bySk(keys.stylistSk('')).sort(byPosition).map(toStylist),
        services: bySk(keys.serviceSk('')).sort(byPosition).map(toService),
        mappings: Object.fromEntries(bySk(keys.mappingSk('')).map((item) => [String(item.stylistId), String(item.calendarId)])),
        // One attribute per setting, named as in the contract; one saved before a setting existed has its default.
        voice: voice ? pickVoiceSettings(voice) : null,
      };
    },

    async saveBusiness(salonId, business, hours) {
      const { name, phone, ...details } = business;
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: keys.salon(salonId), sk: keys.profileSk },
          // The salon item is created at first sign-in; never create a half salon here.
          ConditionExpression: 'attribute_exists(pk)',
          UpdateExpression: 'SET #name = :name, phone = :phone, business = :business, hours = :hours',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':name': name, ':phone': phone, ':business': details, ':hours': hours },
        }),
      );
    },

    async replaceTeam(salonId, team, previous) {
      const pk = keys.salon(salonId);
      const puts: Item[] = [
        ...team.stylists.map((stylist, position) => ({
          pk,
          sk: keys.stylistSk(stylist.id),
          id: stylist.id,
          name: stylist.name,
          position,
          ...(stylist.days ? { days: stylist.days } : {}),
          ...(stylist.services ? { services: stylist.services } : {}),
        })),
        ...Object.entries(team.mappings).map(([stylistId, calendarId]) => ({ pk, sk: keys.mappingSk(stylistId), stylistId, calendarId })),
        ...team.services.map((service, position) => ({
          pk,
          sk: keys.serviceSk(service.id),
          id: service.id,
          name: service.name,
          durationMinutes: service.duration,
          ...servicePriceCents(service),
          isRange: service.isRange,
          consultation: Boolean(service.consultation),
          comment: service.comment,
          depositCents: euroToCents(service.deposit ?? 0),
          position,
        })),
      ];
      const keep = new Set(puts.map((item) => item.sk as string));
      const stale = [
        ...previous.stylists.map((stylist) => keys.stylistSk(stylist.id)),
        ...Object.keys(previous.mappings).map((stylistId) => keys.mappingSk(stylistId)),
        ...previous.services.map((service) => keys.serviceSk(service.id)),
      ].filter((sk) => !keep.has(sk));
      // New items first, then removals: a failure part-way leaves extra rows, never a lost one.
      await batchWriteAll(
        client,
        tableName,
        puts.map((item) => ({ PutRequest: { Item: item } })),
      );
      await batchWriteAll(
        client,
        tableName,
        stale.map((sk) => ({ DeleteRequest: { Key: { pk, sk } } })),
      );
    },

    async saveVoice(salonId, voice, phone) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: keys.salon(salonId), sk: keys.voiceSk },
          UpdateExpression: `SET ${VOICE_SETTING_FIELDS.map((field) => `#${field} = :${field}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(VOICE_SETTING_FIELDS.map((field) => [`#${field}`, field])),
          ExpressionAttributeValues: Object.fromEntries(VOICE_SETTING_FIELDS.map((field) => [`:${field}`, voice[field]])),
        }),
      );
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: keys.salon(salonId), sk: keys.setupStateSk },
          UpdateExpression: 'SET phoneOption = :option, forwardNumber = :forward, forwardWhen = :when',
          ExpressionAttributeValues: { ':option': phone.phoneOption, ':forward': phone.forwardNumber, ':when': phone.forwardWhen },
        }),
      );
    },

    async saveProgress(salonId, currentStep, savedStep, at) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: keys.salon(salonId), sk: keys.setupStateSk },
          UpdateExpression: 'SET currentStep = :step, updatedAt = :at ADD savedSteps :saved',
          ExpressionAttributeValues: { ':step': currentStep, ':at': at, ':saved': new Set([savedStep]) },
        }),
      );
    },
  };
}
