import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { keys } from '../keys.js';
import { onFirstUse } from './on-first-use.js';
import { plainItems, primaryKey, type ItemKindDoc } from './table.js';

/** The calendar connection and its OAuth states, and the calendar sandbox's data (functions/store/google-store.ts). */

export const oauthStateEntity = onFirstUse(
  () =>
    new Entity({
      name: 'oauth-state',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        salonId: string(),
        ownerId: string(),
        codeVerifier: string(),
        createdAt: string(),
        /** Absent on states saved before the owner could connect from Settings: the wizard. */
        returnTo: string().optional(),
        ttl: number(),
      }),
      meta: {
        pk: keys.oauthState('<stateHash>'),
        sk: keys.oauthStateSk,
        what: 'a pending calendar authorisation: the salon, owner, PKCE verifier and the page to go back to (TTL ten minutes)',
        access: 'by key; consumed with a conditional delete, so one callback gets it',
      } satisfies ItemKindDoc,
    }),
);

export const calendarConnectionEntity = onFirstUse(
  () =>
    new Entity({
      name: 'calendar-connection',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        salonId: string(),
        encryptedRefreshToken: string(),
        connectedAt: string(),
        provider: string().enum('google', 'sandbox').optional(),
        status: string().enum('connected', 'broken').optional(),
        brokenAt: string().optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.googleSk,
        what: "the salon's calendar connection: the refresh token, encrypted, and whether it still works",
        access: 'by key; marked broken only while it holds the token that failed',
      } satisfies ItemKindDoc,
    }),
);

export const sandboxEventEntity = onFirstUse(
  () =>
    new Entity({
      name: 'sandbox-calendar-event',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        calendarId: string(),
        eventId: string(),
        summary: string().optional(),
        description: string().optional(),
        start: string(),
        end: string(),
        timeZone: string().optional(),
        seq: number().optional(),
        status: string().enum('confirmed', 'cancelled').optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.sandboxEventSk('<calendarId>', '<eventId>'),
        what: 'an event in the calendar sandbox (a stand-in for Google Calendar); a deleted one stays `cancelled` for incremental syncs',
        access: "one query on the calendar's prefix; created with a conditional put",
      } satisfies ItemKindDoc,
    }),
);

export const sandboxRevokedTokenEntity = onFirstUse(
  () =>
    new Entity({
      name: 'sandbox-revoked-token',
      ...plainItems(),
      schema: item({ ...primaryKey(), revokedAt: string() }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.sandboxRevokedSk('<tokenHash>'),
        what: 'a calendar sandbox refresh token the owner revoked',
        access: 'by key',
      } satisfies ItemKindDoc,
    }),
);
