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
      body: JSON.stringify({ step: 3, selectedVoice: 'niamh', firstMessage: "Hi, you're through to Bláth Hair's AI assistant.", escalationPhone: '087 765 4321', currentStep: 3 }),
    });
    expect(saved.status).toBe(200);
    const number = `+3531${String(Date.now()).slice(-7)}`;
    expect(await admin({ action: 'assign-number', salonId, phoneNumber: number })).toMatchObject({ ok: true });

    const page = await phonePage();
    await page.getByText(`${number} – Bláth Hair (not live)`, { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await dial(page, number);
    await page.getByText('Forwarded to +353877654321.', { exact: true }).waitFor();
    expect(await page.locator('#twiml').textContent()).toContain('method="POST">+353877654321</Dial>');
    expect(await page.getByRole('region', { name: 'Conversation' }).count()).toBe(0);
    await page.getByRole('button', { name: 'The salon answers' }).click();
    await page.getByText('The salon answered; the call ends when they hang up.', { exact: true }).waitFor();
    await page.getByText("The call is over and recorded: it is in the salon's call log.", { exact: true }).waitFor();
    const calls = async () => (await api('/api/calls', { token: owner.accessToken })).body.calls as { outcome: string | null; caller: string | null }[];
    expect(await calls()).toMatchObject([{ outcome: 'forwarded', caller: '086 000 0000' }]);

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
    expect(await calls()).toMatchObject([{ outcome: 'answered' }, { outcome: 'forwarded' }]);
  });

  it('tells an unassigned number apart', async () => {
    const page = await phonePage();
    await dial(page, '+35315550404');
    await page.getByText('A message, then the call ends.', { exact: true }).waitFor();
    await page.getByText(/The caller hears: “Sorry, this number isn't connected to a salon/).waitFor();
  });

  it('refuses JSON it did not get as JSON (no cross-site form posts)', async () => {
    const response = await fetch(`${inject('baseUrl')}/_local/phone/dial`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"to":"+35315550404"}' });
    expect(response.status).toBe(415);
  });
});
