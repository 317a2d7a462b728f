import '../../../local/server/quiet-sdk-notices.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../functions/config.js';
import { deps, resetDeps } from '../../../functions/composition-root.js';
import { createProviderSecrets, twilioCredentials } from '../../../functions/providers/provider-secrets.js';
import { renderOutboxPage, type OutboxMessage } from '../../../local/server/outbox.js';
import { useConfigEnv } from '../../support/config-env.js';

/** Which SMS and email adapters the composition root picks. */
const BASE = {
  TABLE_NAME: 't',
  UPLOADS_BUCKET: 'b',
  EVENT_BUS_NAME: 'e',
  USER_POOL_ID: 'local_pool',
  USER_POOL_CLIENT_ID: 'c',
  SITE_URL: 'http://localhost:3000',
};
const saved = { ...process.env };
function configure(extra: Record<string, string>) {
  useConfigEnv({ ...BASE, ...extra });
}

beforeEach(() => configure({}));
afterEach(() => {
  process.env = { ...saved };
  resetConfig();
  resetDeps();
});

describe('SMS and email provider choice', () => {
  it('uses the sandboxes when nothing is configured', async () => {
    expect(await deps().sms.provider()).toBe('sandbox');
    expect(await deps().email.provider()).toBe('sandbox');
  });

  it('uses Twilio and SES when configured', async () => {
    configure({
      TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM_NUMBER: '+35315550000',
      EMAIL_FROM: 'bookings@salondesk.ie',
    });
    expect(await deps().sms.provider()).toBe('twilio');
    expect(await deps().email.provider()).toBe('ses');
  });

  it('needs all three Twilio settings', async () => {
    configure({ TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'token' });
    expect(await deps().sms.provider()).toBe('sandbox');
  });

  it('never falls back to a sandbox in prod', async () => {
    configure({ STAGE: 'prod', USER_POOL_ID: 'eu-west-1_abc', SITE_URL: 'https://salondesk.ie' });
    await expect(deps().sms.provider()).rejects.toThrow(/prod never uses the SMS sandbox/);
    await expect(deps().email.provider()).rejects.toThrow(/prod never uses the email sandbox/);
  });

  it('refuses an EMAIL_FROM that is not an address', () => {
    configure({ EMAIL_FROM: 'SalonDesk <bookings@salondesk.ie>' });
    expect(() => deps()).toThrow(/EMAIL_FROM/);
  });

  it('reads Twilio credentials from the provider secret in AWS', async () => {
    const secret = { twilioAccountSid: `AC${'2'.repeat(32)}`, twilioAuthToken: 'from-secret', twilioFromNumber: '+35315550001', googleClientId: 'g' };
    const source = createProviderSecrets(async () => JSON.stringify(secret));
    expect(await twilioCredentials({}, source)).toEqual({ accountSid: secret.twilioAccountSid, authToken: 'from-secret', from: '+35315550001' });
    expect(
      await twilioCredentials(
        {},
        createProviderSecrets(async () => '{}'),
      ),
    ).toBeNull();
    expect(await twilioCredentials({ TWILIO_ACCOUNT_SID: 'ACenv', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM_NUMBER: '+1' }, source)).toMatchObject({
      accountSid: 'ACenv',
    });
  });

  it('texts through the Messaging Service when the secret names one; prod never from a single number', async () => {
    const service = `MG${'c'.repeat(32)}`;
    const secret = { twilioAccountSid: `AC${'2'.repeat(32)}`, twilioAuthToken: 't', twilioFromNumber: '+35315550001', twilioMessagingServiceSid: service };
    expect(
      await twilioCredentials(
        {},
        createProviderSecrets(async () => JSON.stringify(secret)),
      ),
    ).toMatchObject({ from: service });
    const { twilioFromNumber: _number, ...serviceOnly } = secret;
    expect(
      await twilioCredentials(
        {},
        createProviderSecrets(async () => JSON.stringify(serviceOnly)),
      ),
    ).toMatchObject({ from: service });

    const prod = {
      STAGE: 'prod',
      USER_POOL_ID: 'eu-west-1_abc',
      SITE_URL: 'https://salondesk.ie',
      TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'token',
    };
    configure({ ...prod, TWILIO_FROM_NUMBER: '+35315550000' });
    await expect(deps().sms.provider()).rejects.toThrow(/Messaging Service/);
    configure({ ...prod, TWILIO_FROM_NUMBER: service });
    expect(await deps().sms.provider()).toBe('twilio');
  });
});

describe('the local outbox page', () => {
  const sms: OutboxMessage = {
    id: '1',
    channel: 'sms',
    to: '+353871234567',
    body: "You're booked <b>now</b>",
    attachments: [],
    salonId: 's',
    sentAt: '2026-11-21T10:00:00.000Z',
  };
  const email: OutboxMessage = {
    id: '2',
    channel: 'email',
    to: 'niamh@example.ie',
    subject: 'Booking confirmed',
    body: 'Hi Niamh',
    html: '<p onclick="x()">Hi <script>alert(1)</script></p>',
    attachments: [{ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST', content: 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n' }],
    salonId: 's',
    sentAt: '2026-11-21T10:01:00.000Z',
  };

  it('says it is a sandbox, shows SMS text escaped, email HTML only in a sandboxed frame, and the invite', () => {
    const page = renderOutboxPage([email, sms]);
    expect(page).toContain('Sandbox: nothing here was really sent.');
    expect(page).toContain('You&#39;re booked &lt;b&gt;now&lt;/b&gt;');
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toMatch(/<iframe sandbox="" title="[^"]+" srcdoc="&lt;p onclick=&quot;x\(\)&quot;&gt;/);
    expect(page).toContain(`download="invite.ics"`);
    expect(page).toContain(`href="data:text/calendar;charset=utf-8;base64,${Buffer.from(email.attachments![0]!.content).toString('base64')}"`);
    expect(page).toContain('<pre>BEGIN:VCALENDAR\r\nMETHOD:REQUEST');
  });

  it('still renders the user pool’s own emails as sent', () => {
    const reset: OutboxMessage = {
      id: '3',
      channel: 'email',
      to: 'o@x.ie',
      subject: 'Reset',
      body: '<a href="/reset-password?code=1">Reset</a>',
      sentAt: '2026-11-21T10:00:00.000Z',
    };
    expect(renderOutboxPage([reset])).toContain('<a href="/reset-password?code=1">Reset</a>');
  });
});
