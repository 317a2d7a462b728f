import type { Hours } from '../../contracts/setup.js';
import { speakOnDate, speakOpeningHours } from '../booking/speak.js';
import { localDate } from '../booking/time.js';

/**
 * Message mode (RELIABILITY 53): a call we answer and cannot give to the receptionist or a person
 * hears the salon's name and why, and is asked for a message, which reaches the owner at once as
 * the receptionist's messages do (./spoken-message.ts). A caller who says nothing, or whose
 * message cannot be kept, hears the salon's opening hours and how to book instead: never a bare goodbye.
 */
export type MessageReason =
  /** Setup is not finished, the trial or plan has ended, or the owner has not gone live yet. */
  | 'not-live'
  /** The owner paused the receptionist ("take messages"), maybe until a given day. */
  | 'paused'
  /** The voice agent could not take the call (its provider refused or was slow) and no person could. */
  | 'agent-unavailable'
  /** We rang a person (forwarding, ringing first, a transfer) and nobody answered, or the number rang us back. */
  | 'not-answered'
  /** The number was the salon's and is no longer (released): its callers are told how to reach it. */
  | 'number-moved';

export interface MessageModeSalon {
  name: string;
  hours: Hours | null;
  /** A number callers can ring instead: never one that forwards to us. */
  phone: string | null;
  /** The pause's end (an instant), when the owner gave one. */
  pausedUntil?: string | null;
}

/** Spoken one digit at a time in the usual groups ("0 8 7, 1 2 3, 4 5 6 7"), as a person reads a number out. */
export function spokenNumber(e164: string): string {
  const national = e164.startsWith('+353') ? `0${e164.slice(4)}` : e164;
  // Mobiles 08x xxx xxxx, Dublin 01 xxx xxxx, elsewhere the area code, three digits and the rest.
  const groups = national.startsWith('08') ? [3, 3, 4] : national.startsWith('01') ? [2, 3, 4] : [3, 3, 4];
  const digits = national.replace(/\D/g, '');
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(
      digits
        .slice(at, at + size)
        .split('')
        .join(' '),
    );
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at).split('').join(' '));
  return parts.join(', ');
}

function why(salon: MessageModeSalon, reason: MessageReason, now: Date): string {
  switch (reason) {
    case 'paused': {
      if (!salon.pausedUntil) return "The salon isn't taking calls just now.";
      const back = localDate(Date.parse(salon.pausedUntil));
      return `The salon is closed, and back ${speakOnDate(back, now.getTime())}.`;
    }
    case 'agent-unavailable':
      return 'All our lines are busy just now.';
    case 'not-answered':
      return "Nobody's free to take your call just now.";
    case 'number-moved':
      return `This is an old number for ${salon.name}.`;
    case 'not-live':
      return 'Nobody can take your call just now.';
  }
}

/** What the caller hears first, then is asked for their message. */
export function messagePrompt(salon: MessageModeSalon, reason: MessageReason, now: Date): string {
  const elsewhere = salon.phone ? ` You can also ring them on ${spokenNumber(salon.phone)}.` : '';
  return `Hello, you've reached ${salon.name}. ${why(salon, reason, now)}${reason === 'number-moved' ? elsewhere : ''} If you'd like to leave a message, please say your name, your number and your message now, and the salon will get back to you.`;
}

/** What a caller hears who left no message, or whose message could not be kept: when the salon is open and how to book. */
export function hoursAndHowToBook(salon: MessageModeSalon): string {
  const hours = salon.hours ? speakOpeningHours(salon.hours) : '';
  const ring = salon.phone ? `To book, please ring ${spokenNumber(salon.phone)}, or call this number again later.` : 'To book, please call again later.';
  return [`Thanks for calling ${salon.name}.`, hours, ring, 'Goodbye.'].filter(Boolean).join(' ');
}

export const messageTakenLine = (salonName: string) => `Thanks, I'll pass your message on to ${salonName} and they'll get back to you. Goodbye.`;
