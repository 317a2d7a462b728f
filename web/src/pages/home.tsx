import { useId } from 'react';
import { Link } from 'react-router';
import { FREE_TEST_MINUTES, FREE_TRIAL_DAYS, TRIAL_CALL_MINUTES } from '@functions/core/plans';
import { CallToAction } from '../components/marketing/call-to-action';
import { FeatureCard, type Feature } from '../components/marketing/feature-card';
import { CalendarIcon, ChatIcon, ClockIcon, HourglassIcon, PhoneIcon, PhoneMissedIcon, ScissorsIcon, VoicemailIcon } from '../components/marketing/icons';
import { MarketingLayout } from '../components/marketing/marketing-layout';
import { HOME_NAV, SIGN_UP_PATH } from '../components/marketing/nav-links';
import { PageMeta } from '../components/marketing/page-meta';

const CHALLENGES: readonly Feature[] = [
  {
    title: 'Missed calls are missed bookings',
    text: 'Every call that rings out is a client who may book with the salon down the road instead.',
    icon: <PhoneMissedIcon />,
  },
  {
    title: 'You can’t answer while styling',
    text: 'Nobody wants to stop mid-colour or mid-blow-dry to pick up the phone with wet hands.',
    icon: <ScissorsIcon />,
  },
  {
    title: 'Callers hang up',
    text: 'Most people won’t wait on hold or ring back later. They simply try somewhere else.',
    icon: <HourglassIcon />,
  },
  {
    title: 'After hours means voicemail',
    text: 'Evening and Sunday callers rarely leave a message, so those bookings quietly disappear.',
    icon: <VoicemailIcon />,
  },
];

const SOLUTIONS: readonly Feature[] = [
  {
    title: 'Answers every call',
    text: 'Several callers at once? No problem. Nobody hears an engaged tone again.',
    icon: <PhoneIcon />,
  },
  {
    title: 'Books automatically',
    text: 'Appointments go straight into your calendar, with no double bookings.',
    icon: <CalendarIcon />,
  },
  { title: 'Works 24/7', text: 'Early mornings, late evenings, Sundays and bank holidays included.', icon: <ClockIcon /> },
  {
    title: 'A friendly Irish voice',
    text: 'A warm, natural Irish voice that greets clients the way you would.',
    icon: <ChatIcon />,
  },
];

const FEATURES: readonly Feature[] = [
  {
    title: 'Never Miss a Call',
    text: 'SalonDesk picks up on the first ring, answers questions about your services and prices, and passes urgent calls to you.',
    icon: <PhoneIcon />,
  },
  {
    title: 'Smart Booking',
    text: 'It checks your Google Calendar in real time, books the right stylist and sends SMS and email confirmations.',
    icon: <CalendarIcon />,
  },
  {
    title: '24/7 Available',
    text: 'Day or night, weekday or weekend, your salon is always open for bookings, even while you sleep.',
    icon: <ClockIcon />,
  },
];

export default function HomePage() {
  const heroId = useId();
  const challengeId = useId();
  const solutionId = useId();
  const featuresId = useId();
  return (
    <MarketingLayout links={HOME_NAV}>
      <PageMeta
        title="SalonDesk: the AI receptionist for Irish hair salons"
        description="SalonDesk answers every call to your salon, 24/7, in a friendly Irish voice, and books appointments straight into your calendar. Start your 14-day free trial."
      />
      <section className="hero" aria-labelledby={heroId}>
        <div className="container hero-inner">
          <p className="eyebrow">The AI receptionist for Irish hair salons</p>
          <h1 id={heroId}>Never miss a call again</h1>
          <p className="hero-lead">
            SalonDesk answers your salon’s phone, books appointments into your calendar and sounds like a friendly local, all day, every day.
          </p>
          <div className="button-row">
            <Link to={SIGN_UP_PATH} className="button button-primary button-large">
              Start Free Trial
            </Link>
            <Link to="/how-it-works" className="button button-secondary button-large">
              See How It Works
            </Link>
          </div>
          <p className="hero-note">
            {FREE_TRIAL_DAYS}-day free trial · No credit card needed · {TRIAL_CALL_MINUTES} call minutes and {FREE_TEST_MINUTES} free test minutes
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby={challengeId}>
        <div className="container">
          <h2 id={challengeId}>The Challenge</h2>
          <p className="section-intro">Running a busy salon and answering the phone don’t mix.</p>
          <ul className="grid grid-2" role="list">
            {CHALLENGES.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} tone="warm" />
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tinted" aria-labelledby={solutionId}>
        <div className="container">
          <h2 id={solutionId}>The Solution</h2>
          <p className="section-intro">A receptionist that never takes a break, built for Irish salons.</p>
          <ul className="grid grid-2" role="list">
            {SOLUTIONS.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} />
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby={featuresId}>
        <div className="container">
          <h2 id={featuresId}>Everything your front desk does, done for you</h2>
          <ul className="grid grid-3" role="list">
            {FEATURES.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} />
            ))}
          </ul>
        </div>
      </section>

      <CallToAction
        title="Ready to stop missing calls?"
        actions={
          <>
            <Link to={SIGN_UP_PATH} className="button button-light button-large">
              Start Free Trial
            </Link>
            <Link to="/pricing" className="button button-outline-light button-large">
              See Pricing
            </Link>
          </>
        }
      >
        <p>Join hundreds of Irish salons already using SalonDesk. Try it free for {FREE_TRIAL_DAYS} days, no credit card needed.</p>
      </CallToAction>
    </MarketingLayout>
  );
}
