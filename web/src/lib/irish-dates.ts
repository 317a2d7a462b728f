/** Days as an Irish owner reads them, whatever the browser's zone: "Tuesday 2 December". */
const DAY_LABEL = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', weekday: 'long', day: 'numeric', month: 'long' });
const ISO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin', year: 'numeric', month: '2-digit', day: '2-digit' });
const TIME = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "Monday 30 November": the parts, without the comma en-IE puts after the weekday. */
export function irishDayOf(iso: string): string {
  const parts = Object.fromEntries(DAY_LABEL.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}
export const irishTimeOf = (iso: string) => TIME.format(new Date(iso));

/** YYYY-MM-DD in Ireland, `days` from today (midday steps, so a clock change never skips a day). */
export function irishDay(days: number, now = new Date()): string {
  return ISO_DAY.format(new Date(now.getTime() + days * 24 * 60 * 60 * 1000));
}
