import { Entity } from 'dynamodb-toolbox/entity';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { number } from 'dynamodb-toolbox/schema/number';
import { set } from 'dynamodb-toolbox/schema/set';
import { string } from 'dynamodb-toolbox/schema/string';
import { keys } from '../keys.js';
import { onFirstUse } from './on-first-use.js';
import { nullableString, plainItems, primaryKey, type ItemKindDoc } from './table.js';

/**
 * The setup wizard's items (functions/store/setup-store.ts), all under `SETUP#` so that one query
 * loads them. Items saved before a field existed lack it: those fields are optional, and the store
 * gives them their defaults.
 */

const nullableCents = () => anyOf(number(), nul()).optional();

export const setupStateEntity = onFirstUse(
  () =>
    new Entity({
      name: 'setup-state',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        currentStep: number().optional(),
        savedSteps: set(number()).optional(),
        updatedAt: string().optional(),
        phoneOption: string().optional(),
        forwardNumber: string().optional(),
        forwardWhen: string().optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.setupStateSk,
        what: "the wizard's progress (the step the owner is on, the steps saved) and how calls reach the salon (a new number, or its line forwarded)",
        access: `one query on \`${keys.setupPrefix}\` loads the whole setup`,
      } satisfies ItemKindDoc,
    }),
);

export const voiceSettingsEntity = onFirstUse(
  () =>
    new Entity({
      name: 'voice-settings',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        selectedVoice: string().optional(),
        selectedLanguage: string().optional(),
        firstMessage: string().optional(),
        agentPhone: nullableString().optional(),
        escalationPhone: nullableString().optional(),
        ringSalonFirstSeconds: number().optional(),
        textMissedCallers: boolean().optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.voiceSk,
        what: "the receptionist's voice settings, one attribute each as the contract names them (functions/contracts/voice-settings.ts)",
        access: `in the \`${keys.setupPrefix}\` query`,
      } satisfies ItemKindDoc,
    }),
);

export const stylistEntity = onFirstUse(
  () =>
    new Entity({
      name: 'stylist',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        id: string(),
        name: string(),
        position: number().optional(),
        /** Absent on stylists saved before who-does-what: every day, every service. */
        days: list(string()).optional(),
        services: list(string()).optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.stylistSk('<stylistId>'),
        what: 'a stylist, the days they work and the services they do, at their place in the list',
        access: `in the \`${keys.setupPrefix}\` query; the team is put whole, then what left it deleted`,
      } satisfies ItemKindDoc,
    }),
);

export const stylistCalendarEntity = onFirstUse(
  () =>
    new Entity({
      name: 'stylist-calendar',
      ...plainItems(),
      schema: item({ ...primaryKey(), stylistId: string(), calendarId: string() }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.mappingSk('<stylistId>'),
        what: "the calendar a stylist's bookings go into",
        access: `in the \`${keys.setupPrefix}\` query; written with the team`,
      } satisfies ItemKindDoc,
    }),
);

export const serviceEntity = onFirstUse(
  () =>
    new Entity({
      name: 'service',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        id: string(),
        name: string(),
        durationMinutes: number().optional(),
        priceCents: nullableCents(),
        priceMinCents: nullableCents(),
        priceMaxCents: nullableCents(),
        isRange: boolean().optional(),
        consultation: boolean().optional(),
        comment: string().optional(),
        /** Absent on services saved before deposits: none. */
        depositCents: number().optional(),
        position: number().optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.serviceSk('<serviceId>'),
        what: 'a service: its length, price (in cents; a range, or none for a consultation), deposit and place in the list',
        access: `in the \`${keys.setupPrefix}\` query; written with the team`,
      } satisfies ItemKindDoc,
    }),
);
