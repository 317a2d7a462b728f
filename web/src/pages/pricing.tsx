import { useId } from 'react';
import {
  EXTRA_MINUTE_PRICE_CENTS,
  FREE_TEST_MINUTES,
  FREE_TRIAL_DAYS,
  MINUTES_RULE,
  PLANS,
  TRIAL_CALL_MINUTES,
  TRIAL_OFFER,
  VAT_NOTE,
} from '@functions/core/plans';
import { formatEuro } from '@functions/core/money';
import { DEFAULT_SUPPORT_EMAIL } from '@functions/contracts/support';
import { FeatureCard, type Feature } from '../components/marketing/feature-card';
import { ChatIcon, CheckIcon, EuroIcon } from '../components/marketing/icons';
import { MarketingLayout } from '../components/marketing/marketing-layout';
import { PRICING_NAV } from '../components/marketing/nav-links';
import { PageMeta } from '../components/marketing/page-meta';
import { PlanCard } from '../components/marketing/plan-card';

const PROMISES: readonly Feature[] = [
  {
    title: 'Cancel anytime',
    text: 'No contracts and no lock-in. Stop whenever you like, straight from your settings.',
    icon: <CheckIcon />,
  },
  {
    title: 'No setup fees',
    text: 'You only ever pay the monthly price of your plan. Getting started costs nothing.',
    icon: <EuroIcon />,
  },
  {
    title: 'Free support',
    text: (
      <>
        Our Irish team helps you set up and is on hand whenever you have a question: write from your dashboard (Help), or email{' '}
        <a data-support-email href={`mailto:${DEFAULT_SUPPORT_EMAIL}`}>
          {DEFAULT_SUPPORT_EMAIL}
        </a>
        .
      </>
    ),
    icon: <ChatIcon />,
  },
];

const extraMinutePrice = formatEuro(EXTRA_MINUTE_PRICE_CENTS);

const FAQS = [
  {
    question: 'Can I change my plan later?',
    answer: 'Yes. You can upgrade or downgrade at any time from your settings, and the change takes effect immediately.',
  },
  {
    question: 'What happens if I cancel?',
    answer: 'You can cancel anytime. Your receptionist keeps working until the end of your current billing period, and you won’t be charged again.',
  },
  {
    question: 'What if I use more minutes than my plan includes?',
    answer: `Extra minutes cost ${extraMinutePrice} each. We’ll email you when you’re getting close to your limit, so there are no surprises. ${MINUTES_RULE}`,
  },
  {
    question: 'How does the free trial work?',
    answer: `You get ${FREE_TRIAL_DAYS} days free with no credit card needed: ${TRIAL_CALL_MINUTES} call minutes for your callers and ${FREE_TEST_MINUTES} free test minutes to call your receptionist and hear it for yourself. A plan you choose during the trial starts when the trial ends, so choosing early costs nothing, and nothing in the trial is ever charged.`,
  },
];

export default function PricingPage() {
  const heroId = useId();
  const plansId = useId();
  const promiseId = useId();
  const faqId = useId();
  return (
    <MarketingLayout links={PRICING_NAV}>
      <PageMeta
        title="Pricing: SalonDesk, the AI receptionist for Irish hair salons"
        description={`Simple monthly plans in euro from ${formatEuro(Math.min(...PLANS.map((plan) => plan.priceCents)))} a month. ${FREE_TRIAL_DAYS}-day free trial, no credit card needed, no setup fees, cancel anytime.`}
      />
      <section className="hero hero-compact" aria-labelledby={heroId}>
        <div className="container hero-inner">
          <p className="eyebrow">Pricing</p>
          <h1 id={heroId}>Simple pricing for every salon</h1>
          <p className="hero-lead">Start with a {TRIAL_OFFER}.</p>
        </div>
      </section>

      <section className="section section-flush" aria-labelledby={plansId}>
        <div className="container">
          <h2 id={plansId} className="visually-hidden">
            Plans
          </h2>
          <ul className="plans" role="list">
            {PLANS.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </ul>
          <p className="pricing-note">
            Prices are per month in euro. {VAT_NOTE} You’re charged when your plan starts (at the end of your free trial, unless you start sooner) and it renews
            monthly. Extra minutes are {extraMinutePrice} each, and we’ll email you before you reach your limit.
          </p>
          <p className="pricing-note" data-testid="minutes-rule">
            {MINUTES_RULE}
          </p>
        </div>
      </section>

      <section className="section section-tinted" aria-labelledby={promiseId}>
        <div className="container">
          <h2 id={promiseId}>Our Promise to You</h2>
          <ul className="grid grid-3" role="list">
            {PROMISES.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} />
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby={faqId}>
        <div className="container narrow">
          <h2 id={faqId}>Frequently asked questions</h2>
          <dl className="faq">
            {FAQS.map((faq) => (
              <div key={faq.question} className="faq-item">
                <dt>{faq.question}</dt>
                <dd>{faq.answer}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </MarketingLayout>
  );
}
