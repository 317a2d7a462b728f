import { useId } from 'react';
import { formatEuro } from '@functions/core/money';

type Speaker = 'SalonDesk' | 'Caller';

const CONVERSATION: readonly { speaker: Speaker; text: string }[] = [
  {
    speaker: 'SalonDesk',
    text: 'Hi, thanks for calling Bloom Hair Studio. This is Bloom’s virtual receptionist. How can I help you today?',
  },
  { speaker: 'Caller', text: 'Hiya, I’d love to book a cut and colour for Saturday if you have anything.' },
  {
    speaker: 'SalonDesk',
    text: `Of course. A cut and full colour takes about two and a half hours and costs ${formatEuro(12000)}. Aoife has 10:00 or 13:30 free on Saturday. Which suits you better?`,
  },
  { speaker: 'Caller', text: 'Ten o’clock would be perfect.' },
  {
    speaker: 'SalonDesk',
    text: `Lovely. To secure the booking there’s a ${formatEuro(2000)} deposit. Shall I text you a secure payment link now?`,
  },
  { speaker: 'Caller', text: 'Yes, please.' },
  {
    speaker: 'SalonDesk',
    text: 'Done. You’re booked in with Aoife on Saturday at 10:00. You’ll get a text and an email with a calendar invite. See you then!',
  },
];

export function ConversationDemo() {
  const headingId = useId();
  return (
    <section className="section section-tinted" aria-labelledby={headingId}>
      <div className="container narrow">
        <h2 id={headingId}>A sample conversation</h2>
        <p className="section-intro">This is how a typical booking call sounds with SalonDesk answering.</p>
        <ol className="conversation card" role="list">
          {CONVERSATION.map((line, index) => (
            <li key={index} className={line.speaker === 'Caller' ? 'bubble bubble-caller' : 'bubble bubble-agent'}>
              <span className="bubble-speaker">{line.speaker}</span>
              <p>{line.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
