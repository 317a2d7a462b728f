import { deps, provideStandIns, type StandInContext, type StandIns } from '../../functions/composition-root.js';
import { unconfiguredTokenCipher } from '../../functions/providers/token-cipher.js';
import { createLocalTokenCipher } from './local-token-cipher.js';
import { createSandboxCalendar } from './sandbox-calendar.js';
import { createSandboxCalendarStore } from './sandbox-calendar-store.js';
import { createSandboxEmail } from './sandbox-email.js';
import { createSandboxPayments, type SandboxPayments } from './sandbox-payments.js';
import { createSandboxSms, type SandboxSms } from './sandbox-sms.js';
import { createSandboxSmsOptOuts } from './sandbox-sms-store.js';
import { createSandboxStripeStore } from './sandbox-stripe-store.js';
import { createSandboxTelephony } from './sandbox-telephony.js';
import { createSandboxVoice } from './sandbox-voice.js';
import { createSandboxVoiceAgent } from './sandbox-voice-agent.js';

/** The sandboxes the local pages and phone reach directly, beyond the ports they stand in for. */
export interface LocalSandboxes {
  /** The payments sandbox itself, for its local pages (which refuse to serve unless `payments` is the sandbox). */
  payments: SandboxPayments;
  /** The SMS sandbox itself: the local phone hands it a caller's text first, as Twilio sees it before our webhook. */
  sms: SandboxSms;
}

let latest: LocalSandboxes | undefined;

/**
 * Every vendor port's stand-in, on the product's own table and outbox: what `npm start` hands the
 * composition root (functions/composition-root.ts `provideStandIns`). Each is used only while its
 * vendor is not configured, and never in prod.
 */
export function localStandIns({ settings, dynamo, outbox, googleStore }: StandInContext): StandIns {
  const sandboxes: LocalSandboxes = {
    payments: createSandboxPayments({ store: createSandboxStripeStore(dynamo, settings.TABLE_NAME), now: () => new Date() }),
    sms: createSandboxSms({ outbox, optOuts: createSandboxSmsOptOuts(dynamo, settings.TABLE_NAME) }),
  };
  latest = sandboxes;
  return {
    payments: () => sandboxes.payments,
    voiceAgents: () => createSandboxVoiceAgent({ siteUrl: settings.SITE_URL }),
    voice: createSandboxVoice,
    calendar: () =>
      createSandboxCalendar({
        store: googleStore,
        channels: createSandboxCalendarStore(dynamo, settings.TABLE_NAME),
        now: () => new Date(),
        latencyMs: settings.SANDBOX_CALENDAR_LATENCY_MS,
      }),
    sms: () => sandboxes.sms,
    telephony: () => createSandboxTelephony({ authTokenFile: settings.LOCAL_TWILIO_AUTH_TOKEN_FILE }),
    email: () => createSandboxEmail(outbox),
    tokenCipher: () => (settings.LOCAL_TOKEN_KEY_FILE ? createLocalTokenCipher(settings.LOCAL_TOKEN_KEY_FILE) : unconfiguredTokenCipher()),
  };
}

/** Hands the stand-ins to the composition root: before any handler runs. */
export function useLocalStandIns(): void {
  provideStandIns(localStandIns);
}

/** The current dependencies' sandboxes (the ones their ports fall back to). */
export function localSandboxes(): LocalSandboxes {
  useLocalStandIns();
  deps();
  if (!latest) throw new Error('The stand-ins were not built');
  return latest;
}
