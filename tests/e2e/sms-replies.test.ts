import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { deps } from '../../functions/composition-root.js';
import { sendReminder } from '../../functions/core/reminders/send-reminder.js';
import type { Appointment } from '../../functions/contracts/appointments.js';
import { SANDBOX_SMS_NUMBER } from '../../local/sandboxes/sandbox-sms.js';
import { SALONDESK_KEYWORDS } from '../../functions/core/replies/opt-out-keywords.js';
import { axeViolations, closeContexts, newContext } from '../support/browser.js';
import { agentTool, bookableSalon, nextOpenDay } from '../support/bookable-salon.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { useProductDeps } from '../support/config-env.js';
import { eventsIdle, standIns } from '../support/stand-ins.js';

/**
 * A caller's texts, sent from the local phone in Chromium: every salon's texts come from the
 * platform's number (the SMS sandbox's, as our Messaging Service's pool in AWS), which sees each
 * text first as Twilio does (STOP, START, HELP) and then posts it to the signed SMS webhook
 * (docs/reminders.md). A reply goes to the salon that texted the caller, or is asked back.
 */
beforeAll(useProductDeps);
afterAll(closeContexts);

async function phonePage(): Promise<Page> {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto('/_local/phone');
  await page.getByRole('heading', { level: 2, name: 'Send a text' }).waitFor();
  return page;
}

/** The caller's texts from the local phone; answers what came back to them (each "Salon: …"). */
function texting(page: Page, caller: string) {
  const texts = page.locator('#texts li');
  return async (body: string, answers: number, to = SANDBOX_SMS_NUMBER) => {
    const before = await texts.count();
    await page.getByLabel('Number texted').fill(to);
    await page.getByLabel('Texting from').fill(caller);
    await page.getByLabel('Message').fill(body);
    await page.getByRole('button', { name: 'Send text' }).click();
    await texts.nth(before + answers).waitFor();
    return (await texts.allTextContents()).slice(before + 1);
  };
}

async function appointmentOf(owner: TestOwner, day: string, caller: string): Promise<Appointment & { status: string }> {
  const appointments = (await api(`/api/appointments?from=${day}&days=1`, { token: owner.accessToken })).body.appointments as (Appointment & {
    status: string;
  })[];
  return appointments.filter((appointment) => appointment.callerPhone === caller).at(-1)!;
}

const textsTo = async (caller: string) =>
  ((await api('/_local/outbox.json')).body as { to: string; body: string }[]).filter((entry) => entry.to === caller).map((entry) => entry.body);

describe('texts from callers', () => {
  it('a reminder answered "Cancel" then "YES" cancels the booking, and the caller keeps getting the salon\'s texts; other words are a message; STOP and START are Twilio\'s', async () => {
    const owner = await signUpOwner('sms-replies');
    const { secret } = await bookableSalon(owner);
    const caller = '+353851234571';
    const day = nextOpenDay();
    const start = `${day}T11:00`;
    expect(
      (await agentTool(secret, 'book', { service: 'Cut and blow-dry', start, callerName: 'Siobhán Kelly', callerPhone: caller, stylist: 'Aoife' })).status,
    ).toBe(200);
    await eventsIdle();
    // The reminder, as the sweep's consumer sends it (its time is a day before).
    expect(await sendReminder(deps(), { appointment: await appointmentOf(owner, day, caller), salonName: 'Bláth Hair', language: 'en' })).toBe('sent');

    const page = await phonePage();
    expect(await axeViolations(page)).toEqual([]);
    const send = texting(page, caller);

    const [question] = await send('Cancel', 1);
    expect(question).toMatch(/^Salon: Bláth Hair: cancel your Cut and blow-dry with Aoife on .+ at 11:00\? Reply YES to cancel it\.$/);
    // Nothing is cancelled by the "Cancel" alone.
    expect(
      (await agentTool(secret, 'book', { service: 'Cut and blow-dry', start, callerName: 'Other Caller', callerPhone: '+353851234572', stylist: 'Aoife' }))
        .status,
    ).toBe(409);
    const [cancelled] = await send('YES', 1);
    // The answer is the cancellation's own text (booking.cancelled), as when the receptionist cancels.
    expect(cancelled).toMatch(/^Salon: Your Cut and blow-dry at Bláth Hair on .+ at 11:00 with Aoife is cancelled\. Call 01 234 5678 to book again\.$/);
    expect((await appointmentOf(owner, day, caller)).status).toBe('cancelled');
    // The time is free again: another caller books it through the same conflict-proof booking.
    expect(
      (await agentTool(secret, 'book', { service: 'Cut and blow-dry', start, callerName: 'Other Caller', callerPhone: '+353851234572', stylist: 'Aoife' }))
        .status,
    ).toBe(200);
    // Neither word blocked the caller: the salon's next text (a new booking's confirmation) reaches them.
    expect(
      (
        await agentTool(secret, 'book', {
          service: 'Cut and blow-dry',
          start: `${day}T14:00`,
          callerName: 'Siobhán Kelly',
          callerPhone: caller,
          stylist: 'Aoife',
        })
      ).status,
    ).toBe(200);
    await eventsIdle();
    expect((await textsTo(caller)).filter((body) => /^You're booked at Bláth Hair .+ at 14:00/.test(body))).toHaveLength(1);

    const [kept] = await send('Running 10 mins late, sorry!', 1);
    expect(kept).toBe("Salon: Bláth Hair: thanks, we've passed your message on and someone will get back to you.");
    const messages = (await api('/api/messages', { token: owner.accessToken })).body.messages as { caller: string; message: string; callerName: string }[];
    expect(messages).toContainEqual(expect.objectContaining({ caller: '085 123 4571', message: 'Running 10 mins late, sorry!', callerName: 'Siobhán Kelly' }));

    // STOP and START are answered by Twilio alone (the sandbox, with our service's replies); between them nothing goes.
    expect(await send('STOP', 1)).toEqual([`Salon: ${SALONDESK_KEYWORDS.replies['opt-out']}`]);
    expect(await send('Hello?', 1)).toEqual(['Salon: (no answer)']);
    expect(await send('START', 1)).toEqual([`Salon: ${SALONDESK_KEYWORDS.replies['opt-in']}`]);
    expect(await send('Hello again', 1)).toEqual(["Salon: Bláth Hair: thanks, we've passed your message on and someone will get back to you."]);

    // The outbox page shows the caller's texts beside the salon's answers.
    await page.goto('/_local/outbox');
    await page
      .locator('article.message')
      .filter({ hasText: `Text from ${caller}` })
      .filter({ hasText: 'YES' })
      .first()
      .waitFor();
  });

  it('two salons texting one caller: each reply reaches the right salon, or is asked back', async () => {
    const caller = '+353851234581';
    const day = nextOpenDay();
    const salons: { owner: TestOwner; secret: string; name: string }[] = [];
    for (const name of ['Bláth Hair', 'Cuts by Ciara']) {
      const owner = await signUpOwner('sms-two-salons');
      const { salonId, secret } = await bookableSalon(owner);
      if (name !== 'Bláth Hair') await standIns().updateSalon(salonId, { name });
      // Each books the caller: its confirmation is a text from the platform's number.
      expect(
        (
          await agentTool(secret, 'book', {
            service: 'Cut and blow-dry',
            start: `${day}T${salons.length ? '15' : '10'}:00`,
            callerName: 'Nóra Daly',
            callerPhone: caller,
            stylist: 'Aoife',
          })
        ).status,
      ).toBe(200);
      await eventsIdle();
      salons.push({ owner, secret, name });
    }
    const page = await phonePage();
    const send = texting(page, caller);

    expect(await send('C', 1)).toEqual(['Salon: Which salon is your text for? Reply 1 for Cuts by Ciara, 2 for Bláth Hair.']);
    const [question] = await send('2', 1);
    expect(question).toMatch(/^Salon: Bláth Hair: cancel your Cut and blow-dry with Aoife on .+ at 10:00\? Reply YES to cancel it\.$/);
    // Only Bláth Hair asked a question: the YES is its.
    const [cancelled] = await send('Yes', 1);
    expect(cancelled).toMatch(/^Salon: Your Cut and blow-dry at Bláth Hair on .+ at 10:00 with Aoife is cancelled\./);
    expect((await appointmentOf(salons[0]!.owner, day, caller)).status).toBe('cancelled');
    expect((await appointmentOf(salons[1]!.owner, day, caller)).status).toBe('confirmed');

    expect(await send('Can I bring my daughter?', 1)).toEqual(['Salon: Which salon is your text for? Reply 1 for Bláth Hair, 2 for Cuts by Ciara.']);
    expect(await send('2', 1)).toEqual(["Salon: Cuts by Ciara: thanks, we've passed your message on and someone will get back to you."]);
    const messagesOf = async (owner: TestOwner) =>
      ((await api('/api/messages', { token: owner.accessToken })).body.messages as { message: string }[]).map((message) => message.message);
    expect(await messagesOf(salons[1]!.owner)).toContain('Can I bring my daughter?');
    expect(await messagesOf(salons[0]!.owner)).not.toContain('Can I bring my daughter?');
  });
});
