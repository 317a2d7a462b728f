import { useId } from 'react';
import { Link } from 'react-router';
import { FREE_TRIAL_DAYS } from '@functions/core/plans';
import { CallToAction } from '../components/marketing/call-to-action';
import { ConversationDemo } from '../components/marketing/conversation-demo';
import { FeatureCard, type Feature } from '../components/marketing/feature-card';
import { CalendarIcon, CardIcon, ChartIcon, ChatIcon, ClockIcon, EuroIcon, MailIcon, PhoneIcon, SparkleIcon, CheckIcon } from '../components/marketing/icons';
import { MarketingLayout } from '../components/marketing/marketing-layout';
import { HOW_IT_WORKS_NAV, SIGN_UP_PATH } from '../components/marketing/nav-links';
import { PageMeta } from '../components/marketing/page-meta';
import { StepHighlight, type Step } from '../components/marketing/step-highlight';

const STEPS: readonly Step[] = [
  { title: 'Customer calls', text: 'A client rings your salon’s usual number, day or night.', icon: <PhoneIcon /> },
  {
    title: 'AI answers instantly',
    text: 'SalonDesk picks up on the first ring with your own greeting, in a friendly Irish voice.',
    icon: <SparkleIcon />,
  },
  {
    title: 'Understands their needs',
    text: 'It answers questions about your services, prices and opening hours, just as you would.',
    icon: <ChatIcon />,
  },
  {
    title: 'Books the appointment',
    text: 'It checks your calendar in real time and books a free slot, so there are never double bookings.',
    icon: <CalendarIcon />,
  },
  {
    title: 'Takes a deposit',
    text: 'It can collect a card deposit to secure the booking and cut down on no-shows.',
    icon: <CardIcon />,
  },
  {
    title: 'Sends confirmations',
    text: 'The client gets an SMS, an email and a calendar invite straight away.',
    icon: <MailIcon />,
  },
];

const BENEFITS: readonly Feature[] = [
  {
    title: 'Save 3+ hours daily',
    text: 'No more stopping mid-appointment to answer the phone or return missed calls.',
    icon: <ClockIcon />,
  },
  {
    title: 'Never miss revenue',
    text: 'Every call becomes a chance to book, including evenings, Sundays and bank holidays.',
    icon: <EuroIcon />,
  },
  {
    title: 'Reduce no-shows',
    text: 'Deposits and instant confirmations mean clients turn up when they said they would.',
    icon: <CheckIcon />,
  },
  {
    title: 'Premium experience',
    text: 'Clients are greeted warmly and helped straight away, every single time they ring.',
    icon: <SparkleIcon />,
  },
  {
    title: 'Easy setup',
    text: 'Add your services, connect your calendar and pick a voice. You’re live in three short steps.',
    icon: <PhoneIcon />,
  },
  {
    title: 'Stay informed',
    text: 'See every call and booking on your dashboard, with notifications when you need them.',
    icon: <ChartIcon />,
  },
];

export default function HowItWorksPage() {
  const heroId = useId();
  const benefitsId = useId();
  return (
    <MarketingLayout links={HOW_IT_WORKS_NAV}>
      <PageMeta
        title="How it works: SalonDesk, the AI receptionist for Irish hair salons"
        description="See how SalonDesk answers your salon’s calls, books appointments into your calendar, takes deposits and sends confirmations, 24/7."
      />
      <section className="hero hero-compact" aria-labelledby={heroId}>
        <div className="container hero-inner">
          <p className="eyebrow">How it works</p>
          <h1 id={heroId}>From ringing phone to booked appointment</h1>
          <p className="hero-lead">
            SalonDesk handles the whole call for you, from the first ring to the confirmation text, while you get on with your clients in the chair.
          </p>
        </div>
      </section>

      <StepHighlight steps={STEPS} />

      <ConversationDemo />

      <section className="section" aria-labelledby={benefitsId}>
        <div className="container">
          <h2 id={benefitsId}>Why Salon Owners Love It</h2>
          <ul className="grid grid-3" role="list">
            {BENEFITS.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} />
            ))}
          </ul>
        </div>
      </section>

      <CallToAction
        title="See it answer your own calls"
        actions={
          <>
            <Link to={SIGN_UP_PATH} className="button button-light button-large">
              Start Free Trial
            </Link>
            <Link to="/" className="button button-outline-light button-large">
              Back to Home
            </Link>
          </>
        }
      >
        <p>Set up in minutes and try it free for {FREE_TRIAL_DAYS} days. No credit card needed.</p>
      </CallToAction>
    </MarketingLayout>
  );
}
