import { useId } from 'react';
import { MarketingLayout } from '../components/marketing/marketing-layout';
import { LEGAL_NAV } from '../components/marketing/nav-links';
import { PageMeta } from '../components/marketing/page-meta';

/**
 * The privacy notice (GDPR): what SalonDesk keeps about salon owners and their callers, where, for
 * how long, who else handles it, and the rights people have. Promises here are properties the
 * product holds: data kept in Ireland, transcripts kept 90 days, everything deleted with the account.
 */
const SECTIONS: readonly { title: string; paragraphs: readonly string[] }[] = [
  {
    title: 'Who we are',
    paragraphs: [
      'SalonDesk provides an AI phone receptionist to hair salons in Ireland. For the details salon owners give us about their account and their salon, we are the controller. For the details of the salon’s callers, the salon is the controller and we process them on its behalf, only to run its receptionist.',
    ],
  },
  {
    title: 'What we keep',
    paragraphs: [
      'About salon owners: your email address and password (stored as a one-way hash by our sign-in service), your salon’s details, opening hours, stylists, services and prices, your voice and phone settings, your optional mobile number, your plan and billing status, and any price lists you upload.',
      'About callers: their phone number, the name and any email address they give, the appointments they book, move or cancel, messages they leave, and a record of each call (when, how long, what happened). Where the receptionist transcribes a call, the transcript is kept for 90 days and then deleted automatically. Call audio is not recorded.',
    ],
  },
  {
    title: 'Where it is kept',
    paragraphs: [
      'Our own data is stored in Ireland, in Amazon Web Services’ Europe (Ireland) region. The services that run calls, texts, payments and calendars keep what they need to do their job, in the European Union where they offer it: the telephone provider carries calls and texts, the voice provider runs the receptionist’s voice in its EU data residency, Stripe handles payments and deposits, and Google Calendar holds the appointments you choose to sync to your own calendar.',
    ],
  },
  {
    title: 'Why we use it',
    paragraphs: [
      'To answer the salon’s calls, book and change appointments, send the confirmations and reminders a booking needs, take deposits and subscription payments, and show the salon owner their calls, bookings and usage. We do not sell personal data or use it for advertising.',
    ],
  },
  {
    title: 'Your rights',
    paragraphs: [
      'Salon owners can download everything we keep about their salon at any time (Settings → Account → Download my data) and delete their account, which removes the salon’s data, its uploads and the sign-in straight away. Callers can ask the salon, or us, to see, correct or delete what is kept about them.',
      'You can also complain to the Data Protection Commission in Ireland (dataprotection.ie).',
    ],
  },
];

export default function PrivacyPage() {
  const headingId = useId();
  return (
    <MarketingLayout links={LEGAL_NAV}>
      <PageMeta
        title="Privacy notice: SalonDesk"
        description="What SalonDesk keeps about salon owners and their callers, where it is kept (Ireland), for how long, and your rights under GDPR."
      />
      <article className="section legal" aria-labelledby={headingId}>
        <div className="container narrow">
          <h1 id={headingId}>Privacy notice</h1>
          {SECTIONS.map((section) => (
            <section key={section.title}>
              <h2>{section.title}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </section>
          ))}
        </div>
      </article>
    </MarketingLayout>
  );
}
