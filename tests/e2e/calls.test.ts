import { DateTime } from 'luxon';
import { SALON_TIME_ZONE } from '../../functions/contracts/appointments.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deps } from '../../functions/composition-root.js';
import { axeViolations, closeContexts, openPage, signedInPage } from '../support/browser.js';
import { bookableSalon } from '../support/bookable-salon.js';
import { finishedCall, leftMessage } from '../support/calls.js';
import { api, signUpOwner } from '../support/owners.js';
import { eventually } from '../support/stand-ins.js';
import { useProductDeps } from '../support/config-env.js';

/** What the owner sees of the receptionist's calls: real dashboard figures and the call log, in Chromium. */
beforeAll(useProductDeps);
afterAll(closeContexts);

async function salonWithCalls(label: string) {
  const owner = await signUpOwner(label);
  const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
  const answered = await finishedCall(salonId, { minutesAgo: 30, seconds: 185, summary: 'Booked a balayage for Saturday.' });
  const missed = await finishedCall(salonId, { minutesAgo: 20, seconds: 0, agent: false, status: 'no-answer' });
  const message = await leftMessage(salonId, { minutesAgo: 10, callerName: 'Siobhán', message: 'Can someone ring me about a bridal party?' });
  await eventually(
    async () => (await api('/api/dashboard', { token: owner.accessToken })).body as { activity: unknown[]; usage: { minutesUsed: number } },
    (summary) => summary.activity.length === 3 && summary.usage.minutesUsed === 4,
  );
  return { owner, salonId, answered, missed, message };
}

describe('the dashboard with real calls', () => {
  it('shows the figures, the activity and the minutes instead of sample data', async () => {
    const { owner } = await salonWithCalls('dash-real');
    const page = await signedInPage(owner);
    await page.getByTestId('stat-calls').waitFor();
    // Today's figures count calls of the salon's own day: just after midnight in Dublin, the calls
    // made 30 and 20 minutes ago were yesterday's.
    const today = (minutesAgo: number) =>
      DateTime.now().minus({ minutes: minutesAgo }).setZone(SALON_TIME_ZONE).hasSame(DateTime.now().setZone(SALON_TIME_ZONE), 'day');
    expect(await page.getByTestId('stat-calls').locator('.stat-value').textContent()).toBe(String([30, 20].filter(today).length));
    expect(await page.getByTestId('stat-missed').locator('.stat-value').textContent()).toBe(String([20].filter(today).length));
    expect(await page.getByText('Sample data', { exact: true }).count()).toBe(0);
    const lines = await page.getByTestId('activity').getByRole('listitem').allTextContents();
    // A line from today shows its time; one from yesterday its date and time.
    expect(lines.map((line) => line.replace(/^(?:\d{1,2} [A-Z][a-z]{2}, )?\d\d:\d\d/, ''))).toEqual([
      'Siobhán left a message.',
      'Missed call: nobody could answer.',
      'Your receptionist answered a call (3 min).',
    ]);
    const meter = page.getByRole('progressbar', { name: 'Minutes used' });
    expect(await meter.getAttribute('aria-valuenow')).toBe('4');
    expect(await meter.getAttribute('aria-valuemax')).toBe('100');
    await page.getByTestId('billing-headline').getByText('4 of 100 minutes used', { exact: false }).waitFor();
  });
});

describe('the call log', () => {
  it('lists calls and messages, opens a transcript, ticks a message off and deletes a call', async () => {
    const { owner } = await salonWithCalls('call-log-ui');
    const page = await signedInPage(owner);
    await page.getByRole('link', { name: 'Calls', exact: true }).click();
    await page.waitForURL('**/calls');
    await page.getByRole('heading', { level: 1, name: 'Calls & messages' }).waitFor();
    const calls = page.getByTestId('call');
    await calls.first().waitFor();
    expect(await calls.count()).toBe(2);
    await calls.nth(0).getByText('Missed', { exact: true }).waitFor();
    const answered = calls.nth(1);
    await answered.getByText('Questions answered', { exact: true }).waitFor();
    await answered.getByText('087 123 4567 · 3 min 05 s').waitFor();
    await answered.getByText('Booked a balayage for Saturday.', { exact: true }).waitFor();

    await answered.getByRole('button', { name: 'Show transcript' }).click();
    await answered.getByText('Can I book a cut?').waitFor();
    expect(await answered.getByRole('button', { name: 'Hide transcript' }).getAttribute('aria-expanded')).toBe('true');

    const tick = page.getByRole('checkbox', { name: 'Done: message from Siobhán' });
    // Issue 46, point 7: the box says what it does, in words on the screen, not only to a screen reader.
    const word = page.getByTestId('message').locator('label .message-check-text');
    expect(await word.isVisible()).toBe(true);
    expect(await word.textContent()).toBe('Done');
    await tick.check();
    await page.getByTestId('message').and(page.locator('.message-done')).waitFor();

    await calls.nth(0).getByRole('button', { name: 'Delete' }).click();
    await calls.nth(0).getByRole('group', { name: 'Delete this call?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Call deleted.').waitFor();
    expect(await calls.count()).toBe(1);

    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await calls.first().waitFor();
    expect(await calls.count()).toBe(1);
    expect(await page.getByRole('checkbox', { name: 'Done: message from Siobhán' }).isChecked()).toBe(true);
  });

  it('gives every control a 44 px target on a phone', async () => {
    const { owner } = await salonWithCalls('call-log-touch');
    const page = await signedInPage(owner, { width: 375, height: 740, path: '/calls' });
    await page.getByTestId('call').first().waitFor();
    const heights = await page
      .locator('main button, main [role="checkbox"], main input[type="checkbox"]')
      .evaluateAll((controls) =>
        controls
          .filter((control) => control.getBoundingClientRect().width > 0)
          .map((control) => [
            control.textContent?.trim() || control.getAttribute('aria-label'),
            Math.round((control.closest('label') ?? control).getBoundingClientRect().height),
          ]),
      );
    expect(heights.length).toBeGreaterThan(2);
    expect(heights.filter(([, height]) => (height as number) < 44)).toEqual([]);
  });

  it('says so when there are no calls or messages yet, and fits a phone screen', async () => {
    const owner = await signUpOwner('call-log-empty');
    const page = await signedInPage(owner, { width: 320, height: 640 });
    await page.goto('/calls');
    await page.getByText('No calls yet. Each call your receptionist takes appears here with a summary and its transcript.').waitFor();
    await page.getByText('No messages yet. When a caller asks your receptionist to pass something on, it appears here.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

describe('test calls and the minutes warning, as the owner sees them', () => {
  it("two sandbox test calls appear in the call log and in today's calls; crossing 80% of the minutes puts one warning email in the outbox", async () => {
    const owner = await signUpOwner('calls-from-test');
    const { salonId } = await bookableSalon(owner);
    const voice = await api('/api/setup/step', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({ step: 3, selectedVoice: 'niamh', firstMessage: 'Hi, thanks for calling Bláth Hair!', currentStep: 3 }),
    });
    expect(voice.status).toBe(200);
    const page = await signedInPage(owner);
    for (const question of ['How much is a cut and blow-dry?', 'What time do you close on Saturday?']) {
      await page.goto('/test');
      await page.getByRole('button', { name: 'Call My Agent' }).click();
      await page.getByText('Call in progress', { exact: true }).waitFor();
      const replies = page.getByTestId('conversation').locator('.conversation-receptionist');
      await replies.first().waitFor();
      await page.getByLabel('What you say').fill(question);
      await page.getByRole('button', { name: 'Say it' }).click();
      await replies.nth(1).waitFor();
      await page.getByRole('button', { name: 'End Call' }).click();
      await page.getByText('Call ended', { exact: true }).waitFor();
    }

    await page.goto('/calls');
    const calls = page.getByTestId('call');
    await eventually(
      () => calls.count(),
      (count) => count === 2,
    );
    for (const index of [0, 1]) await calls.nth(index).getByText('Test call', { exact: true }).waitFor();
    await page.goto('/dashboard');
    await eventually(
      async () => {
        await page.reload();
        await page.getByTestId('stat-calls').locator('.stat-value').waitFor();
        return page.getByTestId('stat-calls').locator('.stat-value').textContent();
      },
      (value) => value === '2',
    );

    // 80 of the trial's 100 minutes, each call's end delivered twice: one warning email.
    const ended = [];
    for (let n = 0; n < 4; n += 1) ended.push(await finishedCall(salonId, { minutesAgo: 10 - n, seconds: 20 * 60 }));
    await Promise.all(ended.map((call) => deps().events.publish('call.completed', call)));
    const outbox = await openPage('/_local/outbox');
    const warnings = () =>
      outbox.locator('article.message').filter({ hasText: owner.email }).filter({ hasText: "you've used 80% of your receptionist minutes" });
    await eventually(
      async () => {
        await outbox.goto('/_local/outbox');
        return warnings().count();
      },
      (count) => count > 0,
      // Five consumers take call.completed on the local bus; on a loaded 2-core run the warning can take seconds.
      20_000,
    );
    expect(await warnings().count()).toBe(1);
    await outbox.getByText("has used 80% of your free trial's 100 minutes.", { exact: false }).first().waitFor();
  });
});
