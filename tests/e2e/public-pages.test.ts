import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatEuro } from '../../functions/core/money.js';
import { MINUTES_RULE, PLANS } from '../../functions/core/plans.js';
import { closeContexts, newContext } from '../support/browser.js';

afterAll(closeContexts);

/** Pages render after their lazy chunk arrives; the h1 says the page is there. */
async function load(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

async function visit(path: string, width = 1280): Promise<Page> {
  const context = await newContext({ width });
  const page = await context.newPage();
  await load(page, path);
  return page;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function linkTargets(page: Page, scope: ReturnType<Page['locator']>) {
  return scope.getByRole('link').evaluateAll((links) => links.map((link) => [link.textContent?.trim(), link.getAttribute('href')]));
}

const HEADERS: Record<string, [string, string][]> = {
  '/': [
    ['Pricing', '/pricing'],
    ['Login', '/auth'],
    ['How it works', '/how-it-works'],
    ['Start Free Trial', '/auth?mode=signup'],
  ],
  '/how-it-works': [
    ['Home', '/'],
    ['Pricing', '/pricing'],
    ['Login', '/auth'],
    ['Start Free Trial', '/auth?mode=signup'],
  ],
  '/pricing': [
    ['Home', '/'],
    ['How it works', '/how-it-works'],
    ['Login', '/auth'],
    ['Start Free Trial', '/auth?mode=signup'],
  ],
};

const FOOTER_CLAIMS = ['GDPR-ready', 'Data stored in Ireland', 'Cancel anytime', 'No contracts', 'No setup fees', 'Free support'];

describe('public pages: headers, meta and footer', () => {
  for (const [path, links] of Object.entries(HEADERS)) {
    it(`${path} has its own header links, one h1, a title, one description and Open Graph tags`, async () => {
      const page = await visit(path);
      const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      expect(await linkTargets(page, nav)).toEqual(links);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);

      const head = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        title: document.title,
        descriptions: [...document.querySelectorAll('meta[name="description"]')].map((meta) => meta.getAttribute('content')),
        ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
        ogDescription: document.querySelector('meta[property="og:description"]')?.getAttribute('content'),
        favicon: document.querySelector('link[rel="icon"]')?.getAttribute('href'),
      }));
      expect(head.lang).toBe('en-IE');
      expect(head.title).toContain('SalonDesk');
      expect(head.descriptions).toHaveLength(1);
      expect(head.descriptions[0]?.length).toBeGreaterThan(50);
      expect(head.ogTitle).toBe(head.title);
      expect(head.ogDescription).toBe(head.descriptions[0]);
      expect(head.favicon).toBe('/favicon.svg');

      const footer = page.getByRole('contentinfo');
      const footerText = await footer.textContent();
      for (const claim of FOOTER_CLAIMS) expect(footerText).toContain(claim);
      expect(footerText).toContain('Irish hair salons');
    });
  }

  it('gives each page its own title', async () => {
    const titles = new Set<string>();
    for (const path of Object.keys(HEADERS)) titles.add(await (await visit(path)).title());
    expect(titles.size).toBe(3);
  });

  it('offers a skip link that moves focus to the main content', async () => {
    const page = await visit('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.tagName === 'MAIN');
  });

  it('starts the next page at the top after following a footer link', async () => {
    const page = await visit('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Simple pricing for every salon' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

describe('home page', () => {
  it('shows the hero, the challenge, the solution, the feature cards and the closing call to action', async () => {
    const page = await visit('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Never miss a call again');
    const main = page.getByRole('main');
    const h2s = await main.getByRole('heading', { level: 2 }).allTextContents();
    expect(h2s).toEqual(expect.arrayContaining(['The Challenge', 'The Solution', 'Ready to stop missing calls?']));
    for (const card of ['Never Miss a Call', 'Smart Booking', '24/7 Available']) {
      await main.getByRole('heading', { level: 3, name: card, exact: true }).waitFor();
    }
    const challenge = await main.getByRole('region', { name: 'The Challenge' }).textContent();
    expect(challenge).toMatch(/missed/i);
    expect(challenge).toMatch(/styling/i);
    expect(challenge).toMatch(/hang up/i);
    expect(challenge).toMatch(/voicemail/i);
    const solution = await main.getByRole('region', { name: 'The Solution' }).textContent();
    expect(solution).toMatch(/every call/i);
    expect(solution).toMatch(/books/i);
    expect(solution).toContain('24/7');
    expect(solution).toMatch(/Irish voice/i);
    const hero = await main.getByRole('region', { name: 'Never miss a call again' }).textContent();
    expect(hero).toContain('14-day free trial');
    expect(hero).toContain('No credit card');
    expect(hero).toContain('10 free test minutes');
  });

  it('leads from See How It Works to the how-it-works page', async () => {
    const page = await visit('/');
    await page.getByRole('main').getByRole('link', { name: 'See How It Works' }).click();
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'From ringing phone' }).waitFor();
    expect(pathOf(page)).toBe('/how-it-works');
  });
});

describe('how it works page', () => {
  it('shows the six steps, the sample conversation and why salon owners love it', async () => {
    const page = await visit('/how-it-works');
    const steps = await page.getByRole('region', { name: 'Six steps, every call' }).getByRole('heading', { level: 3 }).allTextContents();
    expect(steps).toEqual([
      'Customer calls',
      'AI answers instantly',
      'Understands their needs',
      'Books the appointment',
      'Takes a deposit',
      'Sends confirmations',
    ]);
    const stepText = await page.getByRole('region', { name: 'Six steps, every call' }).textContent();
    expect(stepText).toMatch(/calendar in real time/);
    expect(stepText).toMatch(/SMS, an email and a calendar invite/);

    const conversation = page.getByRole('region', { name: 'A sample conversation' });
    expect(await conversation.getByRole('listitem').count()).toBeGreaterThanOrEqual(6);
    expect(await conversation.textContent()).toContain(formatEuro(2000));

    const reasons = await page.getByRole('region', { name: 'Why Salon Owners Love It' }).getByRole('heading', { level: 3 }).allTextContents();
    expect(reasons).toEqual(['Save 3+ hours daily', 'Never miss revenue', 'Reduce no-shows', 'Premium experience', 'Easy setup', 'Stay informed']);
  });

  it('goes Back to Home from the closing call to action', async () => {
    const page = await visit('/how-it-works');
    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Never miss a call again' }).waitFor();
    expect(pathOf(page)).toBe('/');
  });
});

describe('pricing page', () => {
  it('shows every plan from the plans module, with Most Popular on Growth only', async () => {
    const page = await visit('/pricing');
    const cards = page.getByRole('region', { name: 'Plans' }).locator('.plans > li');
    expect(await cards.count()).toBe(PLANS.length);
    for (const [index, plan] of PLANS.entries()) {
      const card = cards.nth(index);
      const text = (await card.textContent()) ?? '';
      expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe(plan.name);
      expect(text).toContain(formatEuro(plan.priceCents));
      expect(text).toContain('per month');
      expect(text).toContain(`${plan.minutesIncluded} call minutes`);
      for (const feature of plan.features) expect(text).toContain(feature);
      expect(text.includes('Most Popular')).toBe(plan.popular);
      expect(await card.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/auth?mode=signup');
    }
    expect(PLANS.find((plan) => plan.popular)?.name).toBe('Growth');
  });

  it('states the promise, the four FAQs, extra minutes and the free trial', async () => {
    const page = await visit('/pricing');
    const promise = await page.getByRole('region', { name: 'Our Promise to You' }).getByRole('heading', { level: 3 }).allTextContents();
    expect(promise).toEqual(['Cancel anytime', 'No setup fees', 'Free support']);

    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    expect(await faq.locator('dt').count()).toBe(4);
    const answers = (await faq.textContent()) ?? '';
    expect(answers).toMatch(/upgrade or downgrade[^.]*takes effect immediately/);
    expect(answers).toMatch(/keeps working until the end of your current billing period/);

    const text = (await page.getByRole('main').textContent()) ?? '';
    expect(text).toContain('€0.15');
    expect(text).toContain('14-day free trial');
    expect(text).toMatch(/no credit card/i);
    expect(text).toContain('10 free test minutes');
  });

  // Issue 46 #2: how minutes are counted was said nowhere; #3: Starter's card left off calendar sync and texts, which Starter does.
  it('says how minutes are counted, and Starter lists calendar sync and texts', async () => {
    const page = await visit('/pricing');
    expect(await page.getByTestId('minutes-rule').textContent()).toBe(MINUTES_RULE);
    expect(((await page.getByRole('region', { name: 'Frequently asked questions' }).textContent()) ?? '').includes(MINUTES_RULE)).toBe(true);
    const starter = page.getByRole('region', { name: 'Plans' }).locator('.plans > li').first();
    for (const feature of ['Google Calendar sync', 'SMS notifications']) await starter.getByText(feature, { exact: true }).waitFor();
  });
});

/** Header, hero and closing call to action on home; header and closing call on how-it-works; header and plans on pricing. */
const START_FREE_TRIAL_LINKS: Record<string, number> = { '/': 3, '/how-it-works': 2, '/pricing': 4 };

describe('every Start Free Trial and Login', () => {
  for (const [path, startFreeTrialLinks] of Object.entries(START_FREE_TRIAL_LINKS)) {
    it(`on ${path} reaches /auth`, async () => {
      const page = await visit(path);
      const expected = { 'Start Free Trial': startFreeTrialLinks, Login: 2 };
      for (const [name, count] of Object.entries(expected)) {
        await load(page, path);
        const links = page.getByRole('link', { name, exact: true });
        expect(await links.count()).toBe(count);
        // Every link of a name leads to the same place, so following the last of them shows where all go.
        const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
        expect(new Set(hrefs).size).toBe(1);
        await links.nth(count - 1).click();
        await page.waitForURL((url) => url.pathname === '/auth');
        // Start Free Trial opens the sign-up form, Login the sign-in form.
        await page
          .getByRole('button', { name: name === 'Login' ? 'Sign In' : 'Start Free Trial' })
          .first()
          .waitFor();
        expect(await page.getByLabel('Confirm password', { exact: true }).count()).toBe(name === 'Login' ? 0 : 1);
      }
    });
  }
});
