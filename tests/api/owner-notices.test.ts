import { describe, expect, it } from 'vitest';
import { agentTool, bookableSalon } from '../support/bookable-salon.js';
import { api, signUpOwner } from '../support/owners.js';
import { eventsIdle } from '../support/stand-ins.js';

/** A caller's message reaches the owner at once, by email and on their mobile, each once. */
interface Sent {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  body: string;
  salonId?: string;
}

const outboxOf = async (salonId: string) => ((await api(`/_local/outbox.json?salon=${salonId}`)).body as Sent[]).filter((entry) => entry.salonId === salonId);

describe("a caller's message", () => {
  it("is emailed to the owner and texted to the owner's mobile, once each", async () => {
    const owner = await signUpOwner('message-notice');
    const { salonId, secret } = await bookableSalon(owner);
    const left = await agentTool(secret, 'take-message', {
      callerName: 'Gráinne Walsh',
      callerPhone: '086 555 1234',
      message: 'Can Aoife ring me about a colour correction?',
    });
    expect(left.status).toBe(200);
    await eventsIdle();
    const sent = await outboxOf(salonId);
    const email = sent.filter((entry) => entry.channel === 'email' && entry.to === owner.email);
    const sms = sent.filter((entry) => entry.channel === 'sms' && entry.to === '+353871112222');
    expect(email).toHaveLength(1);
    expect(email[0]!.subject).toBe('Message from Gráinne Walsh: please call back on 086 555 1234');
    expect(email[0]!.body).toContain('Can Aoife ring me about a colour correction?');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toBe('SalonDesk: Gráinne Walsh (086 555 1234) left a message: "Can Aoife ring me about a colour correction?"');
    // Nothing goes to the caller.
    expect(sent.filter((entry) => entry.to === '+353865551234')).toEqual([]);
  });
});
