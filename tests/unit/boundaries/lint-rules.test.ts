import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph.js';

/**
 * The layering rules of eslint.config.js, each shown a bad import: a rule that is deleted,
 * mistyped or overridden by a later block fails here instead of passing silently. The repository's
 * own config is used as it is.
 */
const eslint = new ESLint({ cwd: ROOT });

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => /(no-restricted-(imports|syntax)|no-stand-in-imports)$/.test(message.ruleId ?? ''))
    .map((message) => message.message);
}

describe('layering rules', () => {
  it.each([
    ['functions/core/booking/a.ts', "import { deps as value } from '../../composition-root.js';"],
    ['functions/store/a.ts', "import { deps as value } from '../composition-root.js';"],
    ['functions/providers/a.ts', "import { deps as value } from '@functions/composition-root';"],
  ])('refuses the composition root from %s', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([expect.stringMatching(/do not import the composition root/)]);
  });

  it.each([
    ['functions/core/a.ts', "import { header as value } from '../http/handler.js';"],
    ['functions/core/billing/a.ts', "import { header as value } from '@functions/http/handler';"],
    ['functions/core/a.ts', "import { handler as value } from '@functions/api/get-salon';"],
    ['functions/store/a.ts', "import { handler as value } from '../api/get-salon.js';"],
  ])('refuses the HTTP layer from %s, relative or through the alias', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([expect.stringMatching(/may not import the HTTP layer/)]);
  });

  // Issue 44, point 1: core is the ground floor; the rest implement or call what it declares.
  it.each([
    ['functions/core/a.ts', "import { createSalonStore as value } from '../store/salon-store.js';"],
    ['functions/core/booking/a.ts', "import type { BookingStore as value } from '../../store/booking-store.js';"],
    ['functions/core/ports/booking/a.ts', "import { keys as value } from '../../../store/keys.js';"],
    ['functions/core/a.ts', "import { createSalonStore as value } from '@functions/store/salon-store';"],
  ])('refuses the store from %s, a type alone too', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([expect.stringMatching(/Core imports nothing from store\//)]);
  });

  it.each([
    ['functions/core/a.ts', "import { createTwilioSms as value } from '../providers/twilio-sms.js';"],
    ['functions/core/telephony/a.ts', "import type { TwilioLocation as value } from '../../providers/twilio-region.js';"],
  ])('refuses the vendor adapters from %s', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([expect.stringMatching(/Core imports nothing from .*providers\//)]);
  });

  it.each([
    ['functions/core/calendar/a.ts', "import { SWEEP_GRACE_MS as value } from '../../jobs/sweep-schedule.js';"],
    ['functions/core/booking/a.ts', "import { handler as value } from '../../../events/consumers/send-confirmations.js';"],
    ['functions/core/a.ts', "import { main as value } from '../../bin/admin.js';"],
  ])('refuses the jobs, the event consumers and the scripts from %s', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([expect.stringMatching(/Core imports nothing from store\/, providers\/, jobs\/, events\/ or bin\//)]);
  });

  it.each([
    ['functions/core/telephony/a.ts', "import { createSandboxTelephony as value } from './sandbox-telephony.js';"],
    ['functions/core/a.ts', "import { sandboxOutbox as value } from '../local/sandbox-outbox';"],
  ])('refuses a sandbox module from %s, wherever it lies', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([expect.stringMatching(/Core does not import a sandbox/)]);
  });

  it.each([
    "import twilio from 'twilio';",
    "import VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';",
    "import { Device } from '@twilio/voice-sdk';",
    "import Stripe from 'stripe';",
    "import type { calendar_v3 } from 'googleapis';",
    "import { calendar } from '@googleapis/calendar';",
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
    "import { Amplify } from 'aws-amplify';",
    "import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';",
    "import middy from '@middy/core';",
    "import { Stack } from 'aws-cdk-lib';",
  ])('refuses a vendor SDK in core: %s', async (code) => {
    expect(await importErrors('functions/core/billing/a.ts', `${code}\nconst value = 1;`)).toContainEqual(
      expect.stringMatching(/Core does not import a vendor's SDK/),
    );
  });

  it.each([
    ["const value = () => import('../../store/salon-store.js');", /Core loads nothing from store\//],
    ["const value = () => import('../providers/twilio-twiml.js');", /Core loads nothing from .*providers\//],
    ["const value = () => import('./sandbox-telephony.js');", /Core does not load a sandbox/],
    ["const value = () => import('stripe');", /Core does not load a vendor's SDK/],
    ["const value = () => import('@aws-sdk/client-s3');", /Core does not load a vendor's SDK/],
  ])('refuses a lazy import() from core as well: %s', async (code, message) => {
    expect(await importErrors('functions/core/billing/a.ts', code)).toEqual([expect.stringMatching(message)]);
  });

  it('lets core load its own modules and plain libraries lazily', async () => {
    expect(await importErrors('functions/core/price-list/a.ts', "const value = () => import('mammoth');")).toEqual([]);
    expect(await importErrors('functions/core/booking/a.ts', "const value = () => import('../telephony/inbound-call.js');")).toEqual([]);
  });

  it('lets core import its own ports, the contracts and plain libraries; the store and the adapters import core', async () => {
    expect(await importErrors('functions/core/booking/a.ts', "import type { BookingStore as value } from '../ports/booking-store.js';")).toEqual([]);
    expect(await importErrors('functions/core/booking/a.ts', "import { eventCatalog as value } from '../../contracts/events.js';")).toEqual([]);
    expect(await importErrors('functions/core/booking/a.ts', "import { DateTime as value } from 'luxon';")).toEqual([]);
    expect(await importErrors('functions/core/booking/a.ts', "import { publicAppointment as value } from './records.js';")).toEqual([]);
    expect(await importErrors('functions/store/a.ts', "import type { SalonStore as value } from '../core/ports/salon-store.js';")).toEqual([]);
    expect(await importErrors('functions/providers/a.ts', "import Stripe from 'stripe';\nconst value = Stripe;")).toEqual([]);
  });

  it.each([
    "import { createSalonStore as value } from '@functions/store/salon-store';",
    "import { createSandboxSms as value } from '@functions/providers/sandbox-sms';",
  ])('refuses the store and the adapters in the web app: %s', async (code) => {
    expect(await importErrors('web/src/pages/a.tsx', code)).toEqual([expect.stringMatching(/does not import the store or the vendor adapters/)]);
  });

  it('still refuses climbing out of web/ alongside the store rule', async () => {
    expect(await importErrors('web/src/pages/a.tsx', "import { messages as value } from '../../../functions/contracts/messages';")).toEqual([
      expect.stringMatching(/Import shared code as '@functions/),
    ]);
  });

  it.each([
    ['web/src/features/billing/a.ts', "import { currentOwner as value } from '../auth/session';"],
    ['web/src/features/billing/a.ts', "import { currentOwner as value } from '../../features/auth/session';"],
    ['web/src/features/setup/components/a.tsx', "import { currentOwner as value } from '../../auth/session';"],
    ['web/src/features/setup/components/deeper/a.tsx', "import { currentOwner as value } from '../../../auth/session';"],
  ])('refuses another feature’s inner module from %s', async (file, code) => {
    const errors = await importErrors(file, code);
    expect(errors).toEqual([expect.stringMatching(/through its public file/)]);
  });

  it('lets a feature reach another through its public file, and its own modules and the shared ones freely', async () => {
    expect(await importErrors('web/src/features/billing/a.ts', "import { currentOwner as value } from '../auth';")).toEqual([]);
    expect(await importErrors('web/src/features/setup/components/a.tsx', "import { loadSetup as value } from '../api';")).toEqual([]);
    expect(await importErrors('web/src/features/setup/components/a.tsx', "import { apiFetch as value } from '../../../lib/api-client';")).toEqual([]);
    expect(await importErrors('web/src/features/billing/a.ts', "import { messages as value } from '@functions/contracts/messages';")).toEqual([]);
  });

  // Issue 44, point 2: the stand-ins live in local/, which only npm start runs.
  it.each([
    ['functions/api/a.ts', "import { localSandboxes as value } from '../../local/sandboxes/stand-ins.js';"],
    ['functions/core/booking/a.ts', "import type { ConversationState as value } from '../../../local/receptionist/dialogue.js';"],
    ['functions/composition-root.ts', "export { localStandIns as value } from '../local/sandboxes/stand-ins.js';"],
    ['functions/a.ts', "const value = () => import('../local/sandboxes/sandbox-sms.js');"],
    ['events/consumers/a.ts', "import { localRoutes as value } from '../../local/routes.js';"],
    ['infra/a.ts', "import { startLocal as value } from '../local/server/start.js';"],
    ['web/src/pages/a.tsx', "import { renderOutboxPage as value } from '../../../local/server/outbox.js';"],
  ])('refuses the stand-ins from %s, statically, re-exported or lazily', async (file, code) => {
    expect(await importErrors(file, code)).toContainEqual(expect.stringMatching(/does not import local\/ \(the stand-ins/));
  });

  it('lets local/ and the tests import the product, and the product its own folders', async () => {
    expect(await importErrors('local/pages/a.ts', "import { deps as value } from '../../functions/composition-root.js';")).toEqual([]);
    expect(await importErrors('tests/unit/a.test.ts', "import { localStandIns as value } from '../../local/sandboxes/stand-ins.js';")).toEqual([]);
    expect(await importErrors('functions/api/a.ts', "import { deps as value } from '../composition-root.js';")).toEqual([]);
    // A folder merely named like it elsewhere is not the stand-ins'.
    expect(await importErrors('web/src/pages/a.tsx', "import { value } from './local/thing';")).toEqual([]);
  });
});
