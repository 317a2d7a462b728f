import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deps } from '../../functions/composition-root.js';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { issueAgentSecret } from '../../functions/core/agent-secret.js';
import { axeViolations, closeContexts, newContext, signInInBrowser } from '../support/browser.js';
import { agentTool, nextOpenDay } from '../support/bookable-salon.js';
import { api, signUpOwner } from '../support/owners.js';
import { eventually } from '../support/stand-ins.js';
import { useProductDeps } from '../support/config-env.js';

/**
 * A deposit in Chromium: the owner sets a €20 deposit on the balayage in the service editor (with
 * the payment account Active), the receptionist books it through the tools route, the dashboard
 * shows it awaiting its deposit, the caller pays on the sandbox Checkout page from the texted
 * link, and the dashboard shows it confirmed.
 */
beforeAll(useProductDeps);
afterAll(closeContexts);

describe('deposits (sandbox)', () => {
  it('a deposit-required booking shows Awaiting deposit until the caller pays from the texted link', async () => {
    const owner = await signUpOwner('deposits-e2e');
    const step = (body: unknown) => api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });
    const business = { name: 'Bláth Hair', phone: '01 234 5678', address_line: '', town_city: 'Galway', county: 'Galway', eircode: '', directions: '' };
    await step({ step: 1, business, hours: DEFAULT_HOURS, currentStep: 2 });
    await step({
      step: 2,
      stylists: [{ key: 'new-0', name: 'Aoife' }],
      mappings: {},
      services: [{ name: 'Balayage', duration: 180, price: 180, price_min: null, price_max: null, isRange: false, comment: '', deposit: 20 }],
      currentStep: 3,
    });
    const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
    const issued = await issueAgentSecret(deps(), salonId);
    if (issued.outcome !== 'created') throw new Error(`No agent secret: ${issued.outcome}`);
    const onboarding = (await api('/api/stripe', { method: 'POST', token: owner.accessToken })).body as { url: string };
    await fetch(onboarding.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=complete',
    });

    // The services show once a calendar is connected: consent in the sandbox, as the owner's browser does.
    const started = await api('/api/google/oauth/start', { method: 'POST', token: owner.accessToken });
    const cookie = started.headers
      .getSetCookie()
      .find((value) => value.startsWith('gcal_oauth='))!
      .split(';')[0]!;
    const consent = await (await fetch(started.body.url)).text();
    const allow = /<a [^>]*href="([^"]+)"[^>]*>Allow<\/a>/.exec(consent)![1]!.replaceAll('&amp;', '&');
    await fetch(allow, { redirect: 'manual', headers: { cookie } });

    const context = await newContext();
    const page = await context.newPage();
    await signInInBrowser(page, owner);

    // The service editor shows the saved deposit.
    await page.goto('/settings?section=calendar');
    const service = page.getByTestId('service-row').filter({ hasText: 'Balayage' });
    await service.waitFor();
    expect(await service.locator('.service-summary').textContent()).toContain('€20 deposit');
    await service.locator('.service-summary').click();
    expect(await page.getByLabel('Deposit (€)').inputValue()).toBe('20');

    const phone = '+353851112233';
    const booked = await agentTool(issued.secret, 'book', {
      service: 'Balayage',
      start: `${nextOpenDay()}T10:00`,
      callerName: 'Mary Murphy',
      callerPhone: phone,
      stylist: 'Aoife',
    });
    expect(booked.body.booking.status).toBe('awaiting_deposit');

    await page.goto('/dashboard');
    const row = page.getByTestId('appointment').filter({ hasText: 'Balayage' });
    await row.getByTestId('awaiting-deposit').waitFor();
    expect(await row.getByTestId('awaiting-deposit').textContent()).toBe('Awaiting deposit');

    const text = await eventually(
      async () =>
        ((await api(`/_local/outbox.json?salon=${salonId}`)).body as { to: string; body: string; salonId: string }[]).find(
          (entry) => entry.salonId === salonId && entry.to === phone && /deposit/.test(entry.body),
        ),
      Boolean,
      10_000,
    );
    const link = /(https?:\/\/\S+)/.exec(text!.body)![1]!;
    const checkout = await context.newPage();
    await checkout.goto(link);
    expect(await checkout.getByRole('heading', { level: 2, name: 'Bláth Hair' }).isVisible()).toBe(true);
    expect(await axeViolations(checkout)).toEqual([]);
    await checkout.getByRole('button', { name: /^Pay deposit/ }).click();
    await checkout.getByRole('heading', { name: 'Deposit paid' }).waitFor();

    await page.reload();
    await row.waitFor();
    expect(await row.getByTestId('awaiting-deposit').count()).toBe(0);
  });
});
