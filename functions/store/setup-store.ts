import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { EntityParser } from 'dynamodb-toolbox/entity/actions/parse';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { batchWriteAll, queryAll, type Item } from './dynamo.js';
import { profileEntity } from './entities/profile-entity.js';
import { salonItemsQuery } from './entities/query.js';
import { replacedWhole } from './entities/table.js';
import { serviceEntity, setupStateEntity, stylistCalendarEntity, stylistEntity, voiceSettingsEntity } from './entities/setup-entities.js';
import { keys } from './keys.js';
import { DAYS, type Service, type Stylist } from '../contracts/setup.js';
import { VOICE_SETTING_FIELDS, pickVoiceSettings, type VoiceSettings } from '../contracts/voice-settings.js';
import { euroToCents, servicePriceCents } from '../core/money.js';
import type { SetupStore } from '../core/ports/setup-store.js';

export type { VoiceSettings };

// Prices keep their cents (€7.50); deposits are whole euros, so theirs stay whole.
const centsToEuro = (cents: number | null | undefined) => (typeof cents === 'number' ? cents / 100 : null);

const byPosition = (a: { position?: number }, b: { position?: number }) => (a.position ?? 0) - (b.position ?? 0);

function toService(stored: Item): Service & { position?: number } {
  const item = serviceEntity().build(EntityFormatter).format(stored);
  return {
    id: item.id,
    name: item.name,
    duration: item.durationMinutes ?? 0,
    price: centsToEuro(item.priceCents),
    price_min: centsToEuro(item.priceMinCents),
    price_max: centsToEuro(item.priceMaxCents),
    isRange: item.isRange === true,
    ...(item.consultation ? { consultation: true } : {}),
    comment: item.comment ?? '',
    // Services saved before deposits existed have none.
    deposit: centsToEuro(item.depositCents) ?? 0,
    position: item.position,
  };
}

/** Stylists saved before who-does-what existed have neither list: every day, every service. */
function toStylist(stored: Item): Stylist & { position?: number } {
  const item = stylistEntity().build(EntityFormatter).format(stored);
  const days = item.days ? DAYS.filter((day) => item.days!.includes(day)) : undefined;
  return { id: item.id, name: item.name, ...(days ? { days } : {}), ...(item.services ? { services: item.services } : {}), position: item.position };
}

const withoutPosition = <T extends { position?: number }>({ position: _position, ...rest }: T) => rest;

export function createSetupStore(client: DynamoDBDocumentClient, tableName: string): SetupStore {
  return {
    async load(salonId) {
      const items = await queryAll(client, salonItemsQuery(tableName, salonId, keys.setupPrefix));
      const bySk = (prefix: string) => items.filter((item) => typeof item.sk === 'string' && item.sk.startsWith(prefix));
      const stored = items.find((item) => item.sk === keys.setupStateSk);
      const state = stored ? setupStateEntity().build(EntityFormatter).format(stored) : undefined;
      const voice = items.find((item) => item.sk === keys.voiceSk);
      const mappings = bySk(keys.mappingSk('')).map((item) => stylistCalendarEntity().build(EntityFormatter).format(item));
      return {
        exists: Boolean(state),
        currentStep: state?.currentStep ?? 1,
        phoneOption: state?.phoneOption === 'forward' ? 'forward' : 'new',
        forwardNumber: state?.forwardNumber ?? '',
        forwardWhen: state?.forwardWhen === 'all' ? 'all' : 'unanswered',
        stylists: bySk(keys.stylistSk('')).map(toStylist).sort(byPosition).map(withoutPosition),
        services: bySk(keys.serviceSk('')).map(toService).sort(byPosition).map(withoutPosition),
        mappings: Object.fromEntries(mappings.map(({ stylistId, calendarId }) => [stylistId, calendarId])),
        // One attribute per setting, named as in the contract; one saved before a setting existed has its default.
        voice: voice ? pickVoiceSettings(voiceSettingsEntity().build(EntityFormatter).format(voice)) : null,
      };
    },

    async saveBusiness(salonId, business, hours) {
      const { name, phone, ...details } = business;
      await client.send(
        new UpdateCommand(
          profileEntity()
            .build(UpdateTransaction)
            .item({ pk: keys.salon(salonId), sk: keys.profileSk, name, phone, business: replacedWhole(details), hours: replacedWhole(hours) })
            // The salon item is created at first sign-in; never create a half salon here.
            .options({ tableName, condition: { attr: 'pk', exists: true } })
            .params().Update,
        ),
      );
    },

    async replaceTeam(salonId, team, previous) {
      const pk = keys.salon(salonId);
      const puts: Item[] = [
        ...team.stylists.map(
          (stylist, position) =>
            stylistEntity()
              .build(EntityParser)
              .parse({
                pk,
                sk: keys.stylistSk(stylist.id),
                id: stylist.id,
                name: stylist.name,
                position,
                ...(stylist.days ? { days: stylist.days } : {}),
                ...(stylist.services ? { services: stylist.services } : {}),
              }).item,
        ),
        ...Object.entries(team.mappings).map(
          ([stylistId, calendarId]) =>
            stylistCalendarEntity()
              .build(EntityParser)
              .parse({ pk, sk: keys.mappingSk(stylistId), stylistId, calendarId }).item,
        ),
        ...team.services.map(
          (service, position) =>
            serviceEntity()
              .build(EntityParser)
              .parse({
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
              }).item,
        ),
      ];
      const keep = new Set(puts.map((item) => item.sk));
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
        new UpdateCommand(
          voiceSettingsEntity()
            .build(UpdateTransaction)
            .item({ pk: keys.salon(salonId), sk: keys.voiceSk, ...Object.fromEntries(VOICE_SETTING_FIELDS.map((field) => [field, voice[field]])) })
            .options({ tableName })
            .params().Update,
        ),
      );
      await client.send(
        new UpdateCommand(
          setupStateEntity()
            .build(UpdateTransaction)
            .item({ pk: keys.salon(salonId), sk: keys.setupStateSk, ...phone })
            .options({ tableName })
            .params().Update,
        ),
      );
    },

    async saveProgress(salonId, currentStep, savedStep, at) {
      await client.send(
        new UpdateCommand(
          setupStateEntity()
            .build(UpdateTransaction)
            .item({ pk: keys.salon(salonId), sk: keys.setupStateSk, currentStep, updatedAt: at, savedSteps: $add(new Set([savedStep])) })
            .options({ tableName })
            .params().Update,
        ),
      );
    },
  };
}
