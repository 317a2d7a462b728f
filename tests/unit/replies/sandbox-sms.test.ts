import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTED_OUT_MESSAGE_ID, respectingOptOuts } from '../../../functions/core/replies/opt-outs.js';
import { createSandboxSms, SANDBOX_SMS_NUMBER, TWILIO_REPLIES_OUTBOX } from '../../../local/sandboxes/sandbox-sms.js';
import { SmsError } from '../../../functions/core/ports/sms.js';
import { SALONDESK_KEYWORDS, keywordOf } from '../../../functions/core/replies/opt-out-keywords.js';
import { TWILIO_DEFAULT_KEYWORDS, optOutScope } from '../../../functions/providers/twilio-opt-out.js';
import { createOutboxStore } from '../../../functions/store/outbox-store.js';
import { createSandboxSmsOptOuts } from '../../../local/sandboxes/sandbox-sms-store.js';
import { createSmsReplyStore } from '../../../functions/store/sms-reply-store.js';
import { startTable, type Table } from '../booking/harness.js';

/**
 * The SMS sandbox follows Twilio's opt-out rules (functions/providers/twilio-opt-out.ts), each
 * test with the page it is written from. By default it is our Messaging Service as launched
 * (Advanced Opt-Out without CANCEL and YES); given Twilio's defaults it shows the trap.
 */
const OPT_OUT_KEYWORDS = 'https://help.twilio.com/articles/223134027-Twilio-support-for-opt-out-keywords-SMS-STOP-filtering-';
const ADVANCED_OPT_OUT = 'https://www.twilio.com/docs/messaging/tutorials/advanced-opt-out';
const SERVICE_WIDE =
  'https://help.twilio.com/articles/223181748-Customizing-HELP-STOP-messages-for-SMS-filtering, https://www.twilio.com/docs/proxy/opt-out-keywords';
const ERROR_21610 = 'https://www.twilio.com/docs/api/errors/21610';
const ALPHANUMERIC = 'https://www.twilio.com/docs/glossary/what-alphanumeric-sender-id';

let table: Table;
beforeAll(async () => {
  table = await startTable();
});
afterAll(() => table.close());

let callers = 0;
const nextCaller = () => `+3538712500${String((callers += 1)).padStart(2, '0')}`;

function sandboxWith(options: Partial<Parameters<typeof createSandboxSms>[0]> = {}) {
  const outbox = createOutboxStore(table.client, table.tableName);
  const sandbox = createSandboxSms({ outbox, optOuts: createSandboxSmsOptOuts(table.client, table.tableName), ...options });
  const repliesTo = async (to: string) =>
    (await outbox.listRecent(200)).filter((entry) => entry.to === to && entry.salonId === TWILIO_REPLIES_OUTBOX).map((entry) => entry.body);
  return { sandbox, repliesTo };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof SmsError ? { kind: error.kind, code: error.code } : error),
  );

describe('the SMS sandbox, as our Messaging Service', () => {
  it(`STOP blocks every salon's texts to the number with error 21610, START lifts it, each with the service's reply (${OPT_OUT_KEYWORDS}; ${SERVICE_WIDE}; ${ERROR_21610})`, async () => {
    const { sandbox, repliesTo } = sandboxWith();
    const caller = nextCaller();
    expect(await sandbox.receive({ from: caller, to: SANDBOX_SMS_NUMBER, body: 'stop' })).toBe('opt-out');
    expect(await refusal(sandbox.send({ salonId: 'sal_a', to: caller, body: 'reminder' }))).toEqual({ kind: 'rejected', code: 21610 });
    expect(await refusal(sandbox.send({ salonId: 'sal_b', to: caller, body: 'offer' }))).toEqual({ kind: 'rejected', code: 21610 });
    expect(await sandbox.receive({ from: caller, to: SANDBOX_SMS_NUMBER, body: 'START' })).toBe('opt-in');
    expect((await sandbox.send({ salonId: 'sal_b', to: caller, body: 'offer' })).id).toMatch(/^sandbox-sms-/);
    expect(await repliesTo(caller)).toEqual([SALONDESK_KEYWORDS.replies['opt-in'], SALONDESK_KEYWORDS.replies['opt-out']]);
  });

  it(`"Cancel" and "YES" are no keywords on our service: nothing is blocked and Twilio says nothing (${ADVANCED_OPT_OUT})`, async () => {
    const { sandbox, repliesTo } = sandboxWith();
    const caller = nextCaller();
    for (const body of ['Cancel', 'CANCEL', 'YES', 'yes']) expect(await sandbox.receive({ from: caller, to: SANDBOX_SMS_NUMBER, body })).toBeNull();
    expect((await sandbox.send({ salonId: 'sal_a', to: caller, body: 'your booking is cancelled' })).id).toMatch(/^sandbox-sms-/);
    expect(await repliesTo(caller)).toEqual([]);
  });

  it(`only a one-word text is a keyword; HELP is answered; a text to a salon's own number is not the service's (${OPT_OUT_KEYWORDS})`, async () => {
    const { sandbox, repliesTo } = sandboxWith();
    const caller = nextCaller();
    expect(await sandbox.receive({ from: caller, to: SANDBOX_SMS_NUMBER, body: 'stop please' })).toBeNull();
    expect(await sandbox.receive({ from: caller, to: '+35312345678', body: 'STOP' })).toBeNull();
    expect((await sandbox.send({ salonId: 'sal_a', to: caller, body: 'reminder' })).id).toMatch(/^sandbox-sms-/);
    expect(await sandbox.receive({ from: caller, to: SANDBOX_SMS_NUMBER, body: 'Help' })).toBe('help');
    expect(await repliesTo(caller)).toEqual([SALONDESK_KEYWORDS.replies.help]);
  });

  it(`our STOP check takes the sandbox's 21610 as a STOP and answers the text as not sent (${ERROR_21610})`, async () => {
    const { sandbox } = sandboxWith();
    const store = createSmsReplyStore(table.client, table.tableName);
    const sms = respectingOptOuts(sandbox, store);
    const caller = nextCaller();
    await sandbox.receive({ from: caller, to: SANDBOX_SMS_NUMBER, body: 'QUIT' });
    expect(await sms.send({ salonId: 'sal_a', to: caller, body: 'reminder' })).toEqual({ id: OPTED_OUT_MESSAGE_ID });
    expect(await store.isOptedOut((await sandbox.sender()).optOutScope, caller)).toBe(true);
  });
});

describe("the SMS sandbox with Twilio's default keywords (an unconfigured service)", () => {
  it(`"Cancel" blocks the caller from every salon, and "YES" re-subscribes them with Twilio's own reply (${OPT_OUT_KEYWORDS})`, async () => {
    const { sandbox, repliesTo } = sandboxWith({ keywords: TWILIO_DEFAULT_KEYWORDS });
    const caller = nextCaller();
    expect(await sandbox.receive({ from: caller, to: SANDBOX_SMS_NUMBER, body: 'Cancel' })).toBe('opt-out');
    expect(await refusal(sandbox.send({ salonId: 'sal_b', to: caller, body: 'deposit link' }))).toEqual({ kind: 'rejected', code: 21610 });
    expect(await sandbox.receive({ from: caller, to: SANDBOX_SMS_NUMBER, body: 'YES' })).toBe('opt-in');
    expect(await repliesTo(caller)).toEqual([TWILIO_DEFAULT_KEYWORDS.replies['opt-in'], TWILIO_DEFAULT_KEYWORDS.replies['opt-out']]);
  });
});

describe('senders', () => {
  it(`a number's block covers that number alone; a Messaging Service's, the service (${SERVICE_WIDE})`, async () => {
    expect(optOutScope('MG0123456789abcdef0123456789abcdef')).toBe('service:MG0123456789abcdef0123456789abcdef');
    expect(optOutScope('+353830000001')).toBe('sender:+353830000001');
    const { sandbox } = sandboxWith({ scope: 'sender' });
    expect((await sandbox.sender()).optOutScope).toBe(`sender:${SANDBOX_SMS_NUMBER}`);
  });

  it(`an alphanumeric sender ID is one-way: no reply reaches it (${ALPHANUMERIC})`, async () => {
    const { sandbox } = sandboxWith({ from: 'SalonDesk' });
    expect(await sandbox.sender()).toMatchObject({ from: 'SalonDesk', twoWay: false });
    expect((await sandboxWith().sandbox.sender()).twoWay).toBe(true);
  });

  it('keywords are matched whole, in any case, and the two lists differ only by CANCEL and YES', () => {
    expect(keywordOf('  Stop ', SALONDESK_KEYWORDS)).toBe('opt-out');
    expect(keywordOf('STOP!', SALONDESK_KEYWORDS)).toBeNull();
    expect(TWILIO_DEFAULT_KEYWORDS.optOut.filter((word) => !SALONDESK_KEYWORDS.optOut.includes(word))).toEqual(['CANCEL']);
    expect(TWILIO_DEFAULT_KEYWORDS.optIn.filter((word) => !SALONDESK_KEYWORDS.optIn.includes(word))).toEqual(['YES']);
  });
});
