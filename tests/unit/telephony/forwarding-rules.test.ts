import { describe, expect, it } from 'vitest';
import { forwardingCodes, undoForwardingLine } from '../../../functions/contracts/forwarding.js';
import { stepThreeRequest } from '../../../functions/contracts/setup.js';
import { setupMessages } from '../../../functions/contracts/setup-fields.js';
import { spokenNumber, type MessageModeSalon } from '../../../functions/core/telephony/message-mode.js';
import { takeSpokenMessage } from '../../../functions/core/telephony/spoken-message.js';
import { voiceForm } from '../../../web/src/features/setup/validation.js';
import { formErrors } from '../web/form-check.js';
import { defaultWizardData } from '../../../web/src/features/setup/wizard-data.js';
import { FLOOD_LIMITS } from '../../../functions/contracts/agent-tools.js';
import { createRateLimits } from '../../../functions/store/rate-limits.js';
import { makeSalon, startTable } from '../booking/harness.js';

/** What a forwarded salon line may and may not be asked to do (RELIABILITY 53), the same in the form and on the server. */
describe("the voice step's forwarding rules", () => {
  const step = (fields: Record<string, unknown>) =>
    stepThreeRequest.safeParse({ step: 3, selectedVoice: 'niamh', firstMessage: 'Hi, the AI assistant here.', ...fields });
  const issues = (fields: Record<string, unknown>) => {
    const parsed = step(fields);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };
  const forwarded = { phoneOption: 'forward', forwardNumber: '01 234 5678' };

  it('refuses putting callers through to the line that forwards to the receptionist, however it is written', () => {
    expect(issues({ ...forwarded, escalationPhone: '+35312345678' })).toEqual({ escalationPhone: setupMessages.putThroughForwards });
    expect(issues({ ...forwarded, escalationPhone: '(01) 234-5678' })).toEqual({ escalationPhone: setupMessages.putThroughForwards });
    expect(issues({ ...forwarded, escalationPhone: '087 123 4567' })).toEqual({});
    // With its own new number the salon's line is free to ring.
    expect(issues({ phoneOption: 'new', escalationPhone: '01 234 5678' })).toEqual({});
  });

  it('knows ringing first is already done when only unanswered calls are forwarded, and needs another number when every call is', () => {
    expect(issues({ ...forwarded, forwardWhen: 'unanswered', ringSalonFirstSeconds: 15, escalationPhone: '087 123 4567' })).toEqual({
      ringSalonFirstSeconds: setupMessages.ringFirstAlreadyRings,
    });
    expect(issues({ ...forwarded, forwardWhen: 'all', ringSalonFirstSeconds: 15 })).toEqual({ escalationPhone: setupMessages.ringFirstNeedsNumber });
    expect(issues({ ...forwarded, forwardWhen: 'all', ringSalonFirstSeconds: 15, escalationPhone: '087 123 4567' })).toEqual({});
    expect(step({ ...forwarded }).data?.forwardWhen).toBe('unanswered');
  });

  it('are the web form’s own check, field for field', async () => {
    const voice = {
      ...defaultWizardData().voice,
      firstMessage: 'Hi',
      phoneOption: 'forward' as const,
      forwardNumber: '01 234 5678',
      forwardWhen: 'all' as const,
      ringSalonFirstSeconds: 20,
    };
    expect(await formErrors(voiceForm, voice)).toEqual({ escalationPhone: setupMessages.ringFirstNeedsNumber });
    expect(await formErrors(voiceForm, { ...voice, escalationPhone: '012345678' })).toEqual({ escalationPhone: setupMessages.putThroughForwards });
  });
});

describe('the forwarding codes', () => {
  it('are the GSM codes Irish networks take, with the receptionist number dialled as at home', () => {
    expect(forwardingCodes('+35319876543')).toEqual({ unanswered: { on: '*61*019876543#', off: '#61#' }, all: { on: '*21*019876543#', off: '#21#' } });
    expect(undoForwardingLine()).toContain('#61# and #21#');
  });
});

describe('message mode', () => {
  const salon: MessageModeSalon = { name: 'Bláth Hair', hours: null, phone: '+353915623456' };

  it('reads numbers out a digit at a time, in the groups people say them', () => {
    expect(spokenNumber('+353871234567')).toBe('0 8 7, 1 2 3, 4 5 6 7');
    expect(spokenNumber('+35312345678')).toBe('0 1, 2 3 4, 5 6 7 8');
    expect(spokenNumber('+35391562345')).toBe('0 9 1, 5 6 2, 3 4 5');
  });

  it("keeps the caller's words as a message, from a withheld number too, and stops at the hourly caps", async () => {
    const table = await startTable();
    try {
      const made = await makeSalon(table, { now: { value: Date.now() } });
      const deps = { ...made.deps, rateLimits: createRateLimits(table.client, table.tableName) };
      const said = await takeSpokenMessage(deps, { salonId: made.salonId, from: '+353861112222', speech: '  Hi, Orla here, can you ring me back?  ' }, salon);
      expect(said).toEqual({ say: "Thanks, I'll pass your message on to Bláth Hair and they'll get back to you. Goodbye.", messageId: expect.any(String) });
      const withheld = await takeSpokenMessage(deps, { salonId: made.salonId, from: 'anonymous', speech: 'Ring me on 087 123 4567' }, salon);
      expect(withheld.messageId).not.toBeNull();
      const page = await made.deps.bookings.messages.list(made.salonId, { limit: 10 });
      expect(page.messages.map((message) => [message.callerPhone, message.message])).toEqual(
        expect.arrayContaining([
          ['+353861112222', 'Hi, Orla here, can you ring me back?'],
          ['', 'Ring me on 087 123 4567'],
        ]),
      );
      // Nothing said, or one phone over its cap: the hours and how to book instead, nothing kept.
      expect(await takeSpokenMessage(deps, { salonId: made.salonId, from: '+353861112222', speech: '   ' }, salon)).toEqual({
        say: 'Thanks for calling Bláth Hair. To book, please ring 0 9 1, 5 6 2, 3 4 5 6, or call this number again later. Goodbye.',
        messageId: null,
      });
      for (let sent = 1; sent < FLOOD_LIMITS.messagesPerCallerPerHour; sent += 1)
        await takeSpokenMessage(deps, { salonId: made.salonId, from: '+353861112222', speech: `again ${sent}` }, salon);
      expect(await takeSpokenMessage(deps, { salonId: made.salonId, from: '+353861112222', speech: 'one more' }, salon)).toMatchObject({
        messageId: null,
        say: expect.stringContaining('To book'),
      });
    } finally {
      await table.close();
    }
  });
});
