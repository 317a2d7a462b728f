import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../functions/config.js';
import { addLogContext, enterLogContext, logger, redact, setLogSink, withLogContext } from '../../functions/logger.js';
import { parseEventDetail, withCorrelation, type EventDetail } from '../../functions/contracts/events.js';
import { defaultSalonName, salonIdForOwner } from '../../functions/core/salon.js';
import { toE164 } from '../../functions/contracts/phone.js';
import { handler as customMessage } from '../../functions/triggers/custom-message.js';
import { handler as preSignUp } from '../../functions/triggers/pre-sign-up.js';
import type { CustomMessageTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';

const baseEnv = {
  TABLE_NAME: 't',
  UPLOADS_BUCKET: 'b',
  EVENT_BUS_NAME: 'e',
  USER_POOL_ID: 'eu-west-1_abc',
  USER_POOL_CLIENT_ID: 'c',
  SITE_URL: 'https://app.example.ie',
};

describe('configuration', () => {
  it('lists everything that is missing', () => {
    expect(() => parseConfig({})).toThrow(/TABLE_NAME[\s\S]*UPLOADS_BUCKET[\s\S]*SITE_URL/);
  });

  it('refuses local settings on a production stage (RELIABILITY 5)', () => {
    expect(() => parseConfig({ ...baseEnv, STAGE: 'prod', DYNAMODB_ENDPOINT: 'http://127.0.0.1:4567' })).toThrow(/DYNAMODB_ENDPOINT/);
    expect(() => parseConfig({ ...baseEnv, STAGE: 'prod', USER_POOL_ID: 'local_abc' })).toThrow(/USER_POOL_ID/);
    expect(() => parseConfig({ ...baseEnv, STAGE: 'prod', SITE_URL: 'http://localhost:3000' })).toThrow(/SITE_URL/);
    expect(parseConfig({ ...baseEnv, STAGE: 'prod' }).STAGE).toBe('prod');
  });
});

describe('logs carry no personal data (RELIABILITY 26)', () => {
  it('masks emails, phone numbers and tokens', () => {
    const line = redact('owner aoife@salon.ie called +353 87 123 4567 with eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl');
    expect(line).toBe('owner [email] called [phone] with [token]');
  });
});

describe('the owner salon', () => {
  it('has one stable, opaque id per owner', () => {
    expect(salonIdForOwner('user-1')).toBe(salonIdForOwner('user-1'));
    expect(salonIdForOwner('user-1')).not.toBe(salonIdForOwner('user-2'));
    expect(salonIdForOwner('user-1')).toMatch(/^sal_[\w-]{22}$/);
    expect(salonIdForOwner('user-1')).not.toContain('user-1');
  });

  it('is named after the full name, else the email, else My Salon', () => {
    expect(defaultSalonName({ name: 'Cuts by Ciara', email: 'ciara@x.ie' })).toBe('Cuts by Ciara');
    expect(defaultSalonName({ name: '  ', email: 'ciara@x.ie' })).toBe('ciara@x.ie');
    expect(defaultSalonName({})).toBe('My Salon');
    expect(defaultSalonName(null)).toBe('My Salon');
  });
});

describe('Irish phone numbers', () => {
  it.each([
    ['087 123 4567', '+353871234567'],
    ['+353 1 234 5678', '+35312345678'],
    ['00353871234567', '+353871234567'],
    ['12', null],
    ['not a number', null],
  ])('%s → %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });
});

describe('Cognito triggers', () => {
  it('confirms and verifies a new owner so sign-up signs straight in', async () => {
    const event = { request: { userAttributes: { email: 'a@b.ie' } }, response: {} } as unknown as PreSignUpTriggerEvent;
    const result = await preSignUp(event);
    expect(result.response).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: true });
  });

  it('turns the reset code into a link to /reset-password on the site', async () => {
    process.env.SITE_URL = 'https://app.example.ie/';
    const event = {
      triggerSource: 'CustomMessage_ForgotPassword',
      request: { userAttributes: { email: 'niamh+1@salon.ie' }, codeParameter: '{####}', usernameParameter: '{username}' },
      response: {},
    } as unknown as CustomMessageTriggerEvent;
    const result = await customMessage(event);
    expect(result.response.emailMessage).toContain('https://app.example.ie/reset-password?email=niamh%2B1%40salon.ie&code={####}');
    expect(result.response.emailSubject).toBe('Reset your SalonDesk password');
  });

  it('leaves other messages alone', async () => {
    const event = { triggerSource: 'CustomMessage_SignUp', request: { userAttributes: {} }, response: {} } as unknown as CustomMessageTriggerEvent;
    expect((await customMessage(event)).response).toEqual({});
  });
});

const appointmentFixture = {
  id: 'bk_fixture',
  salonId: 'sal_1',
  stylistId: 'sty_1',
  stylistName: 'Ciara',
  service: { id: 'svc_1', name: 'Cut', durationMinutes: 30, priceCents: 2500, priceMinCents: null, priceMaxCents: null },
  start: '2026-12-04T10:00:00+00:00',
  end: '2026-12-04T10:30:00+00:00',
  callerName: 'Mary',
  callerPhone: '+353871234567',
  callerEmail: null,
  status: 'confirmed',
  source: 'phone-agent',
  createdAt: '2026-12-02T02:00:00.000Z',
  calendarEventId: null,
} as const;

describe("one call's lines (docs/operations.md)", () => {
  const captured = () => {
    const lines: Record<string, unknown>[] = [];
    setLogSink((line) => lines.push(JSON.parse(line) as Record<string, unknown>), 'info');
    return lines;
  };

  it("keeps a call's sid whole: digits inside an id are not a phone number", () => {
    const sid = `CA${'0123456789abcdef'.repeat(2)}`;
    expect(redact(`call ${sid} from +353 87 123 4567`)).toBe(`call ${sid} from [phone]`);
  });

  it('puts the work’s ids on every line it logs, one context per request or event', async () => {
    const lines = captured();
    await Promise.all(
      ['CA1', 'CA2'].map((callSid) =>
        withLogContext({ callSid, correlationId: callSid }, async () => {
          logger.info('first');
          await Promise.resolve();
          addLogContext({ bookingId: `bk_${callSid}` });
          logger.info('second');
        }),
      ),
    );
    logger.info('outside');
    expect(lines.map(({ message, correlationId, bookingId }) => [message, correlationId, bookingId])).toEqual([
      ['first', 'CA1', undefined],
      ['first', 'CA2', undefined],
      ['second', 'CA1', 'bk_CA1'],
      ['second', 'CA2', 'bk_CA2'],
      ['outside', undefined, undefined],
    ]);
  });

  it("stamps an event with the work's correlation id, and a consumer's lines with the event's", () => {
    const appointment = { id: 'bk_1', salonId: 'sal_1' };
    const detail = { appointment, salonName: 'Cuts', ownerEmail: null } as unknown as EventDetail<'booking.confirmed'>;
    expect(withLogContext({ correlationId: 'CA9' }, () => withCorrelation(detail)).correlationId).toBe('CA9');
    expect(withCorrelation(detail).correlationId).toBeUndefined();
    const lines = captured();
    withLogContext({}, () => {
      parseEventDetail('booking.confirmed', { ...detail, appointment: appointmentFixture });
      logger.info('texted');
    });
    expect(lines).toMatchObject([{ message: 'texted', correlationId: appointmentFixture.id, bookingId: appointmentFixture.id }]);
    lines.length = 0;
    withLogContext({}, () => {
      enterLogContext({});
      const read = parseEventDetail('salon.deleted', { salonId: 'sal_2', ownerId: 'u_2', deletedAt: '2026-12-02T02:00:00.000Z', correlationId: 'CA7' });
      expect(read.correlationId).toBe('CA7');
      logger.info('erased');
    });
    expect(lines).toMatchObject([{ message: 'erased', correlationId: 'CA7', salonId: 'sal_2' }]);
  });
});
