import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { handler as admin } from '../../functions/admin/assign-phone-number.js';
import { axeViolations, closeContexts, newContext } from '../support/browser.js';
import { agentTool, bookableSalon, nextOpenDay } from '../support/bookable-salon.js';
import { api, signUpOwner } from '../support/owners.js';
import { useProductDeps } from '../support/config-env.js';

/**
 * A caller's texts to the salon's number, sent from the local phone in Chromium through the
 * signed SMS webhook (docs/reminders.md): "C" asks to cancel their next booking, "YES" cancels it
 * through the agent's cancel path and frees the time; anything else is a message for the salon;
 * STOP ends the salon's texts to that number until START.
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

describe('texts from callers', () => {
  it('"C" asks, "YES" cancels and frees the time; other words are a message; STOP stops the texts until START', async () => {
    const owner = await signUpOwner('sms-replies');
    const { salonId, secret } = await bookableSalon(owner);
    const number = `+3531${String(Date.now()).slice(-7)}`;
    expect(await admin({ action: 'assign-number', salonId, phoneNumber: number })).toMatchObject({ ok: true });
    const caller = '+353851234571';
    const start = `${nextOpenDay()}T11:00`;
    const booked = await agentTool(secret, 'book', { service: 'Cut and blow-dry', start, callerName: 'Siobhán Kelly', callerPhone: caller, stylist: 'Aoife' });
    expect(booked.status).toBe(200);

    const page = await phonePage();
    expect(await axeViolations(page)).toEqual([]);
    const texts = page.locator('#texts li');
    const send = async (body: string, answers: number) => {
      const before = await texts.count();
      await page.getByLabel("Salon's number").fill(number);
      await page.getByLabel('Texting from').fill(caller);
      await page.getByLabel('Message').fill(body);
      await page.getByRole('button', { name: 'Send text' }).click();
      await texts.nth(before + answers).waitFor();
      return (await texts.allTextContents()).slice(before + 1);
    };

    const [kept] = await send('Running 10 mins late next week, sorry!', 1);
    expect(kept).toBe("Salon: Bláth Hair: thanks, we've passed your message on and someone will get back to you.");
    const messages = (await api('/api/messages', { token: owner.accessToken })).body.messages as { caller: string; message: string; callerName: string }[];
    expect(messages).toContainEqual(expect.objectContaining({ caller: '085 123 4571', message: 'Running 10 mins late next week, sorry!', callerName: 'Siobhán Kelly' }));

    const [question] = await send('C', 1);
    expect(question).toMatch(/^Salon: Bláth Hair: cancel your Cut and blow-dry with Aoife on .+ at 11:00\? Reply YES to cancel it\.$/);
    // Nothing is cancelled by the "C" alone.
    expect((await agentTool(secret, 'book', { service: 'Cut and blow-dry', start, callerName: 'Other Caller', callerPhone: '+353851234572', stylist: 'Aoife' })).status).toBe(409);

    const [cancelled] = await send('Yes', 1);
    // The answer is the cancellation's own text (booking.cancelled), as when the receptionist cancels.
    expect(cancelled).toMatch(/^Salon: Your Cut and blow-dry at Bláth Hair on .+ at 11:00 with Aoife is cancelled\. Call 01 234 5678 to book again\.$/);
    const appointments = (await api(`/api/appointments?from=${start.slice(0, 10)}&days=1`, { token: owner.accessToken })).body.appointments as { callerPhone: string; status: string }[];
    expect(appointments.find((appointment) => appointment.callerPhone === caller)?.status).toBe('cancelled');
    // The time is free again: another caller books it through the same conflict-proof booking.
    expect((await agentTool(secret, 'book', { service: 'Cut and blow-dry', start, callerName: 'Other Caller', callerPhone: '+353851234572', stylist: 'Aoife' })).status).toBe(200);

    expect(await send('STOP', 1)).toEqual(['Salon: (no answer)']);
    expect(await send('Hello?', 1)).toEqual(['Salon: (no answer)']);
    expect(await send('START', 1)).toEqual(["Salon: Bláth Hair: you'll get our texts again. Reply STOP to stop them."]);

    // The outbox page shows the caller's texts beside the salon's answers.
    await page.goto('/_local/outbox');
    await page.locator('article.message').filter({ hasText: `Text from ${caller}` }).filter({ hasText: 'Yes' }).first().waitFor();
    // The salon's newest answer: the page lists the newest 200 table messages, and the whole run's texts share them.
    await page.locator('article.message').filter({ hasText: "you'll get our texts again" }).first().waitFor();
  });
});
