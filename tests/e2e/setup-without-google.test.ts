import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { speakFullDate } from '../../local/receptionist/days.js';
import { axeViolations, closeContexts, signedInPage } from '../support/browser.js';
import { nextOpenDay } from '../support/bookable-salon.js';
import { api, signUpOwner } from '../support/owners.js';
import { useProductDeps } from '../support/config-env.js';

/**
 * A salon whose diary is in Phorest, Fresha or on paper (issue 45 point 1), on a phone and on a
 * laptop: setup finishes without Google Calendar (stylists and services added by hand), the typed
 * test call books from them, and the booking is in SalonDesk's own diary.
 */
beforeAll(useProductDeps);
afterAll(closeContexts);

async function expectStep(page: Page, step: number, title: string) {
  await page.getByText(`Step ${step} of 3`, { exact: true }).waitFor();
  await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
}

async function say(page: Page, text: string, expected: RegExp) {
  const replies = page.getByTestId('conversation').locator('.conversation-receptionist');
  const before = await replies.count();
  await page.getByLabel('What you say').fill(text);
  await page.getByRole('button', { name: 'Say it' }).click();
  await replies.nth(before).waitFor();
  expect(await replies.nth(before).textContent()).toMatch(expected);
}

describe('setup without Google Calendar', () => {
  it.each([
    [375, 740],
    [1280, 800],
  ])('at %i px: the wizard finishes with no calendar, the test call books, and the booking is in the diary', async (width, height) => {
    const owner = await signUpOwner(`no-google-${width}`);
    const page = await signedInPage(owner, { width, height, path: '/setup-wizard' });
    await expectStep(page, 1, 'Business Basics');
    await page.getByLabel('Business name', { exact: true }).fill('Paper Diary Hair');
    await page.getByLabel('Phone number', { exact: true }).fill('01 234 5678');
    await page.getByLabel('Town or city', { exact: true }).fill('Ennis');
    await page.getByRole('button', { name: 'Next' }).click();

    await expectStep(page, 2, 'Calendar & Services');
    // Google is offered, not required: the stylists and services are there without it.
    await page.getByRole('heading', { name: 'Google Calendar (optional)' }).waitFor();
    await page.getByText('Diary in Phorest, Fresha or on paper? Skip this and add your stylists and services below.').waitFor();
    expect(await page.getByText('Connect your calendar to add your stylists and services.').count()).toBe(0);
    await page.getByLabel('Stylist 1 name', { exact: true }).fill('Aoife');
    expect(await page.getByLabel('Calendar for stylist 1', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add service' }).click();
    await page.getByLabel('Service name', { exact: true }).fill('Cut and blow-dry');
    await page.getByLabel('Duration (minutes)', { exact: true }).fill('45');
    await page.getByLabel('Price (€)', { exact: true }).fill('45');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next' }).click();

    await expectStep(page, 3, 'Voice & Number');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.waitForURL('**/dashboard');
    for (const step of [1, 2, 3]) await page.getByTestId(`setup-card-${step}`).getByText('Completed', { exact: true }).waitFor();
    const saved = (await api('/api/setup/load', { token: owner.accessToken })).body;
    expect(saved).toMatchObject({
      google_connected: false,
      mappings: {},
      stylists: [{ name: 'Aoife' }],
      services: [{ name: 'Cut and blow-dry', duration: 45 }],
    });

    // The typed test call books from what was added by hand.
    await page.goto('/test');
    await page.getByText('Ready', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Call My Agent' }).click();
    await page.getByText('Call in progress', { exact: true }).waitFor();
    await say(page, 'How much is a cut and blow-dry?', /Cut and blow-dry is €45/);
    const day = nextOpenDay();
    const spoken = speakFullDate(day);
    await say(page, `Have you anything on ${spoken} at half eleven?`, /half eleven is free/);
    await say(page, 'Yes please', /Can I take your name\?/);
    await say(page, 'Niamh Byrne', /best number to reach you/);
    await say(page, '087 765 4321', /Shall I book it\?/);
    await say(page, 'Yes', /You're booked in for a Cut and blow-dry with Aoife/);
    await page.getByRole('button', { name: 'End Call' }).click();
    await page.getByText('Call ended', { exact: true }).waitFor();

    // The salon's own diary has it, with the caller's full name and number.
    await page.goto(`/diary?view=day&date=${day}`);
    const booked = page.getByTestId('diary-appointment').filter({ hasText: 'Niamh Byrne' });
    await booked.getByText(/^11:30–12:15 Cut and blow-dry$/).waitFor();
    await booked.getByText('Test', { exact: true }).waitFor();
    expect(await booked.getByRole('link', { name: /^Call 087 765 4321/ }).getAttribute('href')).toBe('tel:+353877654321');
    expect(await axeViolations(page)).toEqual([]);
  });
});
