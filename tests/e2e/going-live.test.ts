import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { pausedLine } from '../../functions/contracts/go-live.js';
import { displayPhone } from '../../functions/contracts/phone.js';
import { axeViolations, closeContexts, newContext, signedInPage } from '../support/browser.js';
import { connectSandboxCalendar } from '../support/bookable-salon.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { eventually } from '../support/stand-ins.js';
import { useProductDeps } from '../support/config-env.js';

/**
 * An owner's first day, as issue 39 tells it: a Galway salon that keeps its own line finishes
 * setup, its receptionist's number is there at once (no admin step), it goes live, forwards its
 * line with the code the checklist shows (the local phone is the carrier), rings its own number
 * from a mobile, and the checklist ticks when that call reaches the receptionist.
 */
beforeAll(useProductDeps);
afterAll(closeContexts);

const digits = (length: number) => String(Math.floor(Math.random() * 10 ** length)).padStart(length, '0');

async function step(owner: TestOwner, body: Record<string, unknown>) {
  const answer = await api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });
  expect(answer.status, answer.text).toBe(200);
}

async function phone(): Promise<Page> {
  const page = await (await newContext()).newPage();
  await page.goto('/_local/phone');
  await page.getByRole('heading', { level: 1, name: 'Local phone' }).waitFor();
  return page;
}

async function dial(page: Page, from: string, to: string) {
  await page.getByLabel('Calling from').fill(from);
  await page.getByLabel('Number to dial').fill(to);
  await page.getByRole('button', { name: 'Dial' }).click();
}

describe('going live with the salon’s own line', () => {
  it('finishes setup, gets its number at once, goes live, forwards its line with the code shown, and the check call ticks', async () => {
    const owner = await signUpOwner('going-live');
    const salonLine = `091 ${digits(6)}`;
    const ownerMobile = `087 ${digits(7)}`;
    await connectSandboxCalendar(owner);
    await step(owner, {
      step: 1,
      business: {
        name: 'Cúl Hair',
        phone: salonLine,
        address_line: 'Shop Street',
        town_city: 'Galway',
        county: 'Galway',
        eircode: '',
        directions: '',
        owner_mobile: ownerMobile,
      },
      hours: DEFAULT_HOURS,
    });
    await step(owner, {
      step: 2,
      stylists: [
        { key: 'new-0', name: 'Aoife' },
        { key: 'new-1', name: 'Ciara' },
        { key: 'new-2', name: 'Sinéad' },
      ],
      mappings: { 'new-0': 'aoife@sandbox.calendar' },
      services: [{ name: 'Cut and blow-dry', duration: 45, price: 45, price_min: null, price_max: null, isRange: false, comment: '' }],
      currentStep: 3,
    });

    // The last step in the browser: her line with Eir stays hers, forwarded to the receptionist.
    const page = await signedInPage(owner, { path: '/setup-wizard' });
    await page.getByText('Step 3 of 3').waitFor();
    await page.getByRole('radio', { name: /Forward my existing number/ }).check();
    await page.getByLabel('Number to forward', { exact: true }).fill(salonLine);
    await page.getByLabel('Put callers through to', { exact: true }).fill(ownerMobile);
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/dashboard');

    // The number is there without anyone at support lifting a finger, and the checklist starts with going live.
    const number = await page.getByTestId('receptionist-number').textContent();
    expect(number).toMatch(/^01 9\d\d \d{4}$/);
    const checklist = page.getByRole('region', { name: "Send your salon's calls to your receptionist" });
    await checklist.getByText(/Switch your receptionist on first/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await checklist.getByRole('button', { name: 'Go Live Now' }).click();
    await page.getByTestId('receptionist-state').getByText('Active & Ready', { exact: true }).waitFor();

    // Only then the code: unanswered calls first, every call as the alternative, each with its undo.
    const national = number!.replace(/\s/g, '');
    expect(await checklist.getByTestId('forward-code-unanswered').textContent()).toBe(`*61*${national}#`);
    expect(await checklist.getByTestId('forward-code-all').textContent()).toBe(`*21*${national}#`);
    await checklist.getByText('#61#', { exact: true }).waitFor();

    // The number-ready email says the same, in the same order.
    const email = await eventually(
      async () =>
        ((await api('/_local/outbox.json')).body as { to: string; subject: string; body: string }[]).find(
          (entry) => entry.to === owner.email && entry.subject.includes("your receptionist's number"),
        ),
      (found) => Boolean(found),
    );
    const body = email!.body;
    expect(body.indexOf('Go Live Now')).toBeLessThan(body.indexOf(`*61*${national}#`));
    expect(body.indexOf(`*61*${national}#`)).toBeLessThan(body.indexOf('Ring your salon number'));

    // On the salon phone, the code the checklist gave (the local phone is the carrier).
    const carrier = await phone();
    await dial(carrier, salonLine, `*61*${national}#`);
    await carrier
      .getByText(`Call forwarding on +353${salonLine.slice(1).replace(/\s/g, '')}: the calls nobody answers now go to +353${national.slice(1)}.`)
      .waitFor();

    // "I'm ringing now", then a call from her mobile to the salon line, which nobody answers.
    await checklist.getByRole('button', { name: "I'm ringing now" }).click();
    await checklist.getByText(`Waiting for your call: ring ${displayPhone(`+353${salonLine.slice(1).replace(/\s/g, '')}`)} now.`).waitFor();
    await dial(carrier, ownerMobile, salonLine);
    await carrier.getByRole('button', { name: 'Nobody answers the line' }).click();
    await carrier.getByText('Connected to the agent (the sandbox receptionist answers).', { exact: true }).waitFor();
    await carrier
      .getByRole('region', { name: 'Conversation' })
      .getByText(/^Receptionist: .*AI assistant/)
      .waitFor();
    await carrier.getByRole('button', { name: 'Hang up' }).click();

    // The tick, live on the dashboard: the carrier named the salon's line.
    const works = page.getByTestId('forwarding-works');
    await works.waitFor({ timeout: 15_000 });
    expect(await works.textContent()).toContain(
      `A call from ${displayPhone(`+353${ownerMobile.slice(1).replace(/\s/g, '')}`)} reached your receptionist through ${displayPhone(`+353${salonLine.slice(1).replace(/\s/g, '')}`)}`,
    );

    // A day off: paused until the day after tomorrow, it takes messages and says so, then answers again by itself.
    await page.getByRole('button', { name: 'Pause receptionist' }).click();
    const back = DateTime.now().setZone('Europe/Dublin').plus({ days: 2 });
    await page.getByLabel('Back on (optional)').fill(back.toISODate()!);
    await page.getByText(`It answers calls again by itself on ${back.setLocale('en-IE').toFormat('cccc d MMMM')}.`).waitFor();
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByTestId('receptionist-state').getByText('Paused', { exact: true }).waitFor();
    await page.getByText(pausedLine(back.setLocale('en-IE').toFormat('cccc d MMMM')), { exact: true }).waitFor();
    await dial(carrier, ownerMobile, number!.replace(/\s/g, ''));
    await carrier.getByText(/^The caller hears: “Hello, you've reached Cúl Hair\. The salon is closed, and back /).waitFor();

    // On a phone the checklist reads in one column, nothing off the side.
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('offers support where a number is promised, with the salon’s id in the message', async () => {
    const owner = await signUpOwner('support-form');
    const page = await signedInPage(owner);
    await page.getByRole('button', { name: 'Help' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact support' });
    await dialog.getByRole('link', { name: 'support@salondesk.ie' }).waitFor();
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText('Please tell us what you need help with', { exact: true }).waitFor();
    await dialog.getByLabel('What is it about?').selectOption('forwarding');
    await dialog.getByLabel('Your message').fill('How do I forward a Vodafone landline?');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText(/your message is with our support team/).waitFor();
    const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
    const sent = await eventually(
      async () =>
        ((await api('/_local/outbox.json')).body as { to: string; subject: string; body: string }[]).find(
          (entry) => entry.to === 'support@salondesk.ie' && entry.subject.includes(salonId),
        ),
      (found) => Boolean(found),
    );
    expect(sent!.subject).toBe(`Support: Forwarding my salon's line (${owner.email}, ${salonId})`);
    expect(sent!.body).toContain('How do I forward a Vodafone landline?');
    expect(sent!.body).toContain(`Owner: ${owner.email}`);
  });
});
