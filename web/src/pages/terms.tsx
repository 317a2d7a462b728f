import { useId } from 'react';
import { EXTRA_MINUTE_PRICE_CENTS, FREE_TEST_MINUTES, FREE_TRIAL_DAYS, MINUTES_RULE, TRIAL_CALL_MINUTES, VAT_NOTE } from '@functions/core/plans';
import { formatEuro } from '@functions/core/money';
import { MarketingLayout } from '../components/marketing/marketing-layout';
import { LEGAL_NAV } from '../components/marketing/nav-links';
import { PageMeta } from '../components/marketing/page-meta';

/** The terms a salon owner accepts at sign-up, in plain words and with the product's own numbers. */
const SECTIONS: readonly { title: string; paragraphs: readonly string[] }[] = [
  {
    title: 'The service',
    paragraphs: [
      'SalonDesk answers your salon’s phone with an AI receptionist: it answers questions from what you set up, books, moves and cancels appointments, takes messages and puts callers through to you. It tells every caller it is an AI assistant. You are responsible for the services, prices and hours you give it, and for keeping them up to date.',
    ],
  },
  {
    title: 'Free trial and plans',
    paragraphs: [
      `Your first ${FREE_TRIAL_DAYS} days are free, with no card needed, including ${TRIAL_CALL_MINUTES} call minutes and ${FREE_TEST_MINUTES} free test minutes. A plan you choose during the trial starts when the trial ends, unless you ask to start it sooner; it is billed monthly in euro from the day it starts. ${VAT_NOTE} Nothing in the free trial is charged. Calls past your plan’s minutes cost ${formatEuro(EXTRA_MINUTE_PRICE_CENTS)} a minute, and we email you before you reach the limit. ${MINUTES_RULE} There are no setup fees and no contracts.`,
    ],
  },
  {
    title: 'Cancelling',
    paragraphs: [
      'You can cancel at any time from Settings → Billing. Your receptionist keeps working until the end of the period you paid for, and you are not charged again. Deleting your account cancels your plan and removes your salon’s data.',
    ],
  },
  {
    title: 'Fair use',
    paragraphs: [
      'Use the receptionist for your own salon’s calls. Do not use it to mislead callers, to send texts people did not ask for, or to break the law.',
    ],
  },
  {
    title: 'Our responsibility',
    paragraphs: [
      'We work to keep the receptionist answering around the clock, and when it cannot, calls are forwarded to your salon. We are not liable for bookings lost because of information that was wrong in your setup. Nothing in these terms limits your rights as a business under Irish law.',
    ],
  },
];

export default function TermsPage() {
  const headingId = useId();
  return (
    <MarketingLayout links={LEGAL_NAV}>
      <PageMeta
        title="Terms and conditions: SalonDesk"
        description="The terms of SalonDesk, the AI receptionist for Irish hair salons: the free trial, monthly plans, cancelling anytime and fair use."
      />
      <article className="section legal" aria-labelledby={headingId}>
        <div className="container narrow">
          <h1 id={headingId}>Terms and conditions</h1>
          {SECTIONS.map((section) => (
            <section key={section.title}>
              <h2>{section.title}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </section>
          ))}
          <p>
            See also our <a href="/privacy">privacy notice</a>.
          </p>
        </div>
      </article>
    </MarketingLayout>
  );
}
