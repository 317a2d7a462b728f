import type { Offer } from './offer.js';
import { speakDate, speakList, speakOnDate, speakTime, withArticle } from './speak.js';
import { localDate } from './time.js';

/**
 * The sentence check-availability speaks for an offer (offer.ts decides it). `stylist` is the one
 * the caller asked for; `names` finds who is free at a time when they asked for anyone.
 */
export interface OfferWords {
  serviceName: string;
  stylist?: string;
  /** The date asked for, if any ("on Saturday the 28th"). */
  date?: string;
  names: (stylistId: string) => string;
  now: number;
}

const times = (offer: Offer) =>
  speakList(
    offer.options.map((option) => speakTime(option.start)),
    'or',
  );

export function speakOffer(offer: Offer, words: OfferWords): string {
  const { now } = words;
  const who = words.stylist ? ` with ${words.stylist}` : '';
  switch (offer.kind) {
    case 'none': {
      const what = `${words.serviceName}${who}`;
      const when = words.date ? speakOnDate(words.date, now) : 'in the next two weeks';
      const waitlist = offer.waitlistDate
        ? ` Or I can put you on the waiting list for ${speakDate(offer.waitlistDate, now)}: if a time comes free, we'll text you.`
        : '';
      return offer.nextDay
        ? `Sorry, there's nothing free for ${withArticle(what)} ${when}. The next day I have is ${speakDate(offer.nextDay, now)}: ${times(offer)}.${waitlist}`
        : `Sorry, there's nothing free for ${withArticle(what)} ${when}, or for a while after.${waitlist || ' Would you like me to take a message for the salon?'}`;
    }
    case 'exact': {
      const [option] = offer.options;
      const free = !who && option.stylistIds.length === 1 ? ` with ${words.names(option.stylistIds[0]!)}` : '';
      return `Yes, ${speakDate(localDate(option.start), now)} at ${speakTime(option.start)} is free${who || free}. Shall I book it?`;
    }
    case 'nearest':
      return `Sorry, ${speakTime(offer.target)} isn't free${who}. The nearest I have ${speakOnDate(offer.date, now)} ${offer.options.length === 1 ? 'is' : 'are'} ${times(offer)}.`;
    case 'same-time':
      return `I have ${speakTime(offer.options[0]!.start)} free${who} ${speakList(
        offer.options.map((option) => speakDate(localDate(option.start), now)),
        'or',
      )}.`;
    case 'first-day': {
      const day = speakDate(offer.day, now);
      const lead = day === 'today' || day === 'tomorrow' ? `${day.charAt(0).toUpperCase()}${day.slice(1)}` : `On ${day}`;
      return `${lead} I have ${times(offer)}${who}. Which would suit?`;
    }
  }
}
