import { DateTime } from 'luxon';
import { SALON_TIME_ZONE, type Appointment } from '../../contracts/appointments.js';

/**
 * The reminder text, in the salon's name: service, stylist, day and time, and how to answer it.
 * In the language the salon's receptionist speaks to callers where we have its words, else Irish
 * English. "C" is the reply the SMS webhook understands in every language; from a one-way sender
 * (an alphanumeric ID, which no reply reaches: docs/reminders.md) the text says to call instead.
 */
interface ReminderWords {
  locale: string;
  /** luxon format of the day and time */
  when: string;
  line: (salon: string, service: string, stylist: string, when: string) => string;
  answer: string;
  /** From a one-way sender. */
  call: string;
}

const WORDS: Record<string, ReminderWords> = {
  en: {
    locale: 'en-IE',
    when: "cccc d LLLL 'at' HH:mm",
    line: (salon, service, stylist, when) => `${salon}: a reminder of your ${service}${stylist ? ` with ${stylist}` : ''} on ${when}.`,
    answer: 'Reply C to cancel, or call us to change it.',
    call: 'To cancel or change it, please call us.',
  },
  pl: {
    locale: 'pl',
    when: "cccc d MMMM 'o' HH:mm",
    line: (salon, service, stylist, when) => `${salon}: przypominamy o wizycie ${service}${stylist ? ` (${stylist})` : ''}: ${when}.`,
    answer: 'Odpisz C, aby odwołać, lub zadzwoń do nas, aby ją zmienić.',
    call: 'Aby odwołać lub zmienić wizytę, zadzwoń do nas.',
  },
};

export function reminderSms(appointment: Appointment, salonName: string, language: string, twoWay: boolean): string {
  const words = WORDS[language] ?? WORDS.en!;
  const when = DateTime.fromISO(appointment.start, { zone: SALON_TIME_ZONE }).setLocale(words.locale).toFormat(words.when);
  return `${words.line(salonName, appointment.service.name.trim(), appointment.stylistName.trim(), when)} ${twoWay ? words.answer : words.call}`;
}
