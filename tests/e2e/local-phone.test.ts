import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { handler as admin } from '../../functions/admin/assign-phone-number.js';
import { deps } from '../../functions/composition-root.js';
import { provisionAgent } from '../../functions/core/voice-agent/provision.js';
import { axeViolations, closeContexts, newContext } from '../support/browser.js';
import { bookableSalon } from '../support/bookable-salon.js';
import { api, signUpOwner } from '../support/owners.js';
import { useProductDeps } from '../support/config-env.js';
import { DateTime } from 'luxon';
import { eventually, standIns } from '../support/stand-ins.js';

/** The local phone dials an assigned number through the real voice webhook, in Chromium. */
beforeAll(useProductDeps);
afterAll(closeContexts);

async function phonePage(): Promise<Page> {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto('/_local/phone');
  await page.getByRole('heading', { level: 1, name: 'Local phone' }).waitFor();
  return page;
}

async function dial(page: Page, number: string) {
  await page.getByLabel('Number to dial').fill(number);
  await page.getByRole('button', { name: 'Dial' }).click();
}

describe('the local phone', () => {
  it('forwards a call when the salon is not live, and reaches the receptionist once it is', async () => {
    const owner = await signUpOwner('local-phone');
    const { salonId } = await bookableSalon(owner);
    const saved = await api('/api/setup/step', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({
        step: 3,
        selectedVoice: 'niamh',
        firstMessage: "Hi, you're through to Bláth Hair's AI assistant.",
        escalationPhone: '087 765 4321',
        currentStep: 3,
      }),
    });
    expect(saved.status).toBe(200);
    const number = `+3531${String(Date.now()).slice(-7)}`;
    expect(await admin({ action: 'assign-number', salonId, phoneNumber: number })).toMatchObject({ ok: true });

    const page = await phonePage();
    await page.getByText(`${number} – Bláth Hair (not live)`, { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await dial(page, number);
    // The salon's phone is shown the salon's number with us, never the caller's (functions/core/telephony/call-script.ts, CallerId).
    await page.getByText(`Forwarded to +353877654321. Its screen shows ${number}.`, { exact: true }).waitFor();
    expect(await page.locator('#twiml').textContent()).toContain(`callerId="${number}"`);
    expect(await page.locator('#twiml').textContent()).toContain('>+353877654321</Number></Dial>');
    expect(await page.getByRole('region', { name: 'Conversation' }).count()).toBe(0);
    // A voicemail at the escalation phone presses no key: the caller is not left in it, and is asked for a message.
    await page.getByRole('button', { name: 'Voicemail answers' }).click();
    await page.getByText('The voicemail presses no key: its leg is hung up on, and the caller goes on.', { exact: true }).waitFor();
    await page.getByText('The salon is asking for a message.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Hang up' }).click();
    await page.getByText("The call is over and recorded: it is in the salon's call log.", { exact: true }).waitFor();
    // A person hears who is calling (their screen shows the salon's number) and presses 1.
    await dial(page, number);
    await page.getByRole('button', { name: 'The salon answers' }).click();
    await page.getByText('+353877654321 hears: “A call for Bláth Hair, from 0 8 6, 0 0 0, 0 0 0 0. Press 1 to take it.”', { exact: true }).waitFor();
    await page.getByText('The salon answered; the call ends when they hang up.', { exact: true }).waitFor();
    await page.getByText("The call is over and recorded: it is in the salon's call log.", { exact: true }).waitFor();
    const calls = async () => (await api('/api/calls', { token: owner.accessToken })).body.calls as { outcome: string | null; caller: string | null }[];
    // The voicemail's call reached nobody and the caller hung up on the message prompt: abandoned, not the salon's.
    expect(await calls()).toMatchObject([{ outcome: 'forwarded', caller: '086 000 0000' }, { outcome: 'abandoned' }]);

    await provisionAgent(deps(), salonId);
    expect(await deps().salons.markLive(salonId, new Date().toISOString())).toBe(true);
    await dial(page, number);
    await page.getByText('Connected to the agent (the sandbox receptionist answers).', { exact: true }).waitFor();
    const conversation = page.getByRole('region', { name: 'Conversation' });
    await conversation.getByText(/^Receptionist: .*AI assistant/).waitFor();

    await page.getByLabel('You say').fill('How much is a cut and blow-dry?');
    await page.getByRole('button', { name: 'Say it' }).click();
    await conversation.getByText('You: How much is a cut and blow-dry?', { exact: true }).waitFor();
    await conversation.locator('li.agent').nth(1).getByText(/45/).waitFor();

    await page.getByRole('button', { name: 'Hang up' }).click();
    await page.getByText("The call is over and recorded: it is in the salon's call log.", { exact: true }).waitFor();
    expect(await calls()).toMatchObject([{ outcome: 'answered' }, { outcome: 'forwarded' }, { outcome: 'abandoned' }]);
  });

  it('tells an unassigned number apart', async () => {
    const page = await phonePage();
    await dial(page, '+35315550404');
    await page.getByText('A message, then the call ends.', { exact: true }).waitFor();
    await page.getByText(/The caller hears: “Sorry, this number isn't connected to a salon/).waitFor();
  });

  it('refuses JSON it did not get as JSON (no cross-site form posts)', async () => {
    const response = await fetch(`${inject('baseUrl')}/_local/phone/dial`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"to":"+35315550404"}',
    });
    expect(response.status).toBe(415);
  });
});

/** Callers never hear a bare goodbye (RELIABILITY 53): every call we cannot give to the receptionist or a person is asked for a message. */
describe('the local phone, as a caller nobody can answer', () => {
  const digits = (length: number) => String(Math.floor(Math.random() * 10 ** length)).padStart(length, '0');

  /** A set-up salon (its number from the pool), its line forwarded to us unless given a voice step of its own. */
  async function salon(label: string, voice: Record<string, unknown> = {}) {
    const owner = await signUpOwner(label);
    const { salonId } = await bookableSalon(owner);
    const step3 = {
      step: 3,
      selectedVoice: 'niamh',
      firstMessage: "Hi, you're through to Bláth Hair's AI assistant.",
      phoneOption: 'forward',
      forwardNumber: '01 234 5678',
      ...voice,
    };
    const saved = await api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(step3) });
    expect(saved.status, saved.text).toBe(200);
    const number = (await api('/api/salon', { token: owner.accessToken })).body.assigned_number as string;
    expect(number).toMatch(/^\+353/);
    return { owner, salonId, number };
  }

  const messages = async (owner: Awaited<ReturnType<typeof signUpOwner>>) =>
    (await api('/api/messages', { token: owner.accessToken })).body.messages as { message: string; caller: string }[];

  async function leaveMessage(page: Page, words: string) {
    await page.getByLabel('Your words').fill(words);
    await page.getByRole('button', { name: 'Leave message' }).click();
    await page.getByText(/^The caller hears: “Thanks, I'll pass your message on to Bláth Hair/).waitFor();
  }

  it('before Go Live: the salon is named, a message taken and sent to the owner at once', async () => {
    const { owner, number } = await salon('message-not-live');
    const page = await phonePage();
    await dial(page, number);
    await page.getByText('The salon is asking for a message.', { exact: true }).waitFor();
    await page.getByText("The caller hears: “Hello, you've reached Bláth Hair. Nobody can take your call just now.", { exact: false }).waitFor();
    expect(await page.locator('#twiml').textContent()).not.toContain('<Dial');
    expect(await axeViolations(page)).toEqual([]);
    await leaveMessage(page, "It's Orla, can you ring me about a colour on Friday?");
    await page.getByText("The call is over and recorded: it is in the salon's call log.", { exact: true }).waitFor();
    expect(await messages(owner)).toMatchObject([{ message: "It's Orla, can you ring me about a colour on Friday?", caller: '086 000 0000' }]);
    const notice = await eventually(
      async () =>
        ((await api('/_local/outbox.json')).body as { to: string; subject: string; body: string }[]).find(
          (entry) => entry.to === owner.email && entry.subject.startsWith('Message from'),
        ),
      (found) => Boolean(found),
    );
    expect(notice!.subject).toBe('Message from Caller: please call back on 086 000 0000');
    expect((await api('/api/calls', { token: owner.accessToken })).body.calls).toMatchObject([{ outcome: 'message' }]);
  });

  it('while paused until a day: the day is said, and a caller who says nothing hears the hours and how to book', async () => {
    const { owner, salonId, number } = await salon('message-paused');
    await provisionAgent(deps(), salonId);
    expect(await deps().salons.markLive(salonId, new Date().toISOString())).toBe(true);
    const back = DateTime.now().setZone('Europe/Dublin').plus({ days: 2 });
    expect((await api('/api/agent/pause', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ until: back.toISODate() }) })).status).toBe(200);
    const page = await phonePage();
    await dial(page, number);
    await page.getByText(/^The caller hears: “Hello, you've reached Bláth Hair\. The salon is closed, and back /).waitFor();
    await page.getByRole('button', { name: 'Say nothing' }).click();
    // Its own line forwards to us: the caller is not told to ring it.
    await page
      .getByText(
        "The caller hears: “Thanks for calling Bláth Hair. We're open Monday to Friday nine to six and Saturday nine to five, and closed on Sunday. To book, please call again later. Goodbye.”",
      )
      .waitFor();
    await page.getByText('You said nothing: the call ends.', { exact: true }).waitFor();
  });

  it('with the trial over, or the agent failing, and nobody to ring: a message, never a goodbye', async () => {
    const over = await salon('message-plan-over');
    await provisionAgent(deps(), over.salonId);
    expect(await deps().salons.markLive(over.salonId, new Date().toISOString())).toBe(true);
    await standIns().updateSalon(over.salonId, { createdAt: DateTime.now().minus({ days: 30 }).toISO() });
    // Live, with no agent to answer (the voice provider refused it).
    const failing = await salon('message-agent-down');
    expect(await deps().salons.markLive(failing.salonId, new Date().toISOString())).toBe(true);

    const page = await phonePage();
    await dial(page, over.number);
    await page.getByText(/^The caller hears: “Hello, you've reached Bláth Hair\. Nobody can take your call just now\./).waitFor();
    await leaveMessage(page, 'Please call me back');
    await dial(page, failing.number);
    await page.getByText(/^The caller hears: “Hello, you've reached Bláth Hair\. All our lines are busy just now\./).waitFor();
    await leaveMessage(page, 'Ringing about a cut');
    expect(await messages(over.owner)).toMatchObject([{ message: 'Please call me back' }]);
    expect(await messages(failing.owner)).toMatchObject([{ message: 'Ringing about a cut' }]);
  });

  it('a put-through number that forwards back to us is caught as it loops, a message taken, and never dialled again', async () => {
    const mobile = `087 ${digits(7)}`;
    const { owner, number } = await salon('message-loop', { escalationPhone: mobile });
    const page = await phonePage();
    // The stylist's mobile sends every call to the salon's receptionist number.
    await page.getByLabel('Calling from').fill(mobile);
    await dial(page, `*21*${number}#`);
    await page.getByText(/^Call forwarding on \+35387\d{7}: every call now goes to/).waitFor();
    await page.getByLabel('Calling from').fill('+353860000000');

    await dial(page, number);
    await page.getByText(/forwards every call to .*: the network sent the call there\./).waitFor();
    await page.getByText(/came straight back to the receptionist's number and was refused/).waitFor();
    await page.getByText(/^The caller hears: “Hello, you've reached Bláth Hair\. Nobody's free to take your call just now\./).waitFor();
    await leaveMessage(page, 'I wanted a person, but a message is grand');

    // The next caller is not put through to it at all.
    await dial(page, number);
    await page.getByText('The salon is asking for a message.', { exact: true }).waitFor();
    expect(await page.locator('#twiml').textContent()).not.toContain('<Dial');
    expect((await api('/api/salon', { token: owner.accessToken })).body.looping_numbers_display).toEqual([
      mobile.replace(/^(\d{3}) (\d{3})(\d{4})$/, '$1 $2 $3'),
    ]);
  });
});
