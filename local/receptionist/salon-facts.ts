import { DateTime } from 'luxon';
import { DAYS, type Hours } from '../../functions/contracts/setup.js';
import { speakClock } from '../../functions/core/booking/speak.js';
import { ZONE } from '../../functions/core/booking/time.js';
import type { Turn } from './hear.js';
import { callTool, reply, type Context, type TurnAnswer } from './tool-call.js';

/**
 * The salon's hours and whereabouts, answered as asked: the day asked about ("What time are you
 * open till on Thursday?" → "On Thursday we're open till six."), the address and directions when
 * that is the question, parking when parking is asked (said so when the salon has not told us),
 * the whole week only when no day was named. From the salon-info tool, as the hosted agent has it.
 */
interface SalonInfo {
  name: string;
  address: { line: string; town: string; county: string; eircode: string };
  directions: string;
  openingHours: Hours | null;
  spokenHours: string;
}

type Weekday = (typeof DAYS)[number];

const WEEKDAY = /\b(mon|tues|wednes|thurs|fri|satur|sun)days?\b/i;
const title = (day: Weekday) => day.charAt(0).toUpperCase() + day.slice(1);

/** The weekday a question about hours names: "on Thursday", "Sundays", "today", "tomorrow". */
function weekdayAsked(text: string, now: number): Weekday | undefined {
  const named = WEEKDAY.exec(text)?.[1]?.toLowerCase();
  if (named) return DAYS.find((day) => day.startsWith(named));
  const today = DateTime.fromMillis(now, { zone: ZONE });
  if (/\btoday\b|\btonight\b/i.test(text)) return DAYS[today.weekday - 1];
  if (/\btomorrow\b/i.test(text)) return DAYS[today.plus({ days: 1 }).weekday - 1];
  return undefined;
}

const clock = (time: string) => {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return speakClock(hour, minute, { short: true });
};

/** One day's hours, worded for the question: till when, from when, or both. */
function dayHours(hours: Hours, day: Weekday, text: string): string {
  const { open, close, closed } = hours[day];
  const plural = /\b\w+days\b/i.test(text) ? `${title(day)}s` : title(day);
  if (closed) return `${/\bare (you|ye)\b|\bis it\b/i.test(text) ? 'No, ' : ''}we're closed on ${plural}.`;
  const yes = /^\s*(are|is|do)\b/i.test(text.replace(/^\W*(hi|hello|hiya)\W+/i, '')) && !/\bwhat time\b|\bwhen\b|\bhow late\b/i.test(text) ? 'Yes, ' : '';
  if (/\b(till|until|close|closing|shut|how late|finish)\b/i.test(text))
    return `${yes}On ${plural} we're open till ${clock(close)}.`.replace(/^Yes, On/, 'Yes, on');
  if (/\b(what time|when) (do|does|are) (you|ye|it) open\b|\bopen at what\b|\bopening time\b/i.test(text)) return `On ${plural} we open at ${clock(open)}.`;
  return `${yes}On ${plural} we're open from ${clock(open)} to ${clock(close)}.`.replace(/^Yes, On/, 'Yes, on');
}

function whereabouts(info: SalonInfo, text: string): string {
  const { address, directions } = info;
  // "Galway, Galway" said once: a town that names its county.
  const line = [address.line, address.town, address.county].filter((part, index, parts) => part.trim() && parts.indexOf(part) === index).join(', ');
  const at = line ? `We're at ${line}.` : "I don't have the salon's address to hand, I'm afraid.";
  if (/\beircode\b/i.test(text)) return address.eircode ? `Our Eircode is ${address.eircode}. ${at}` : `I don't have the Eircode to hand, I'm afraid. ${at}`;
  if (/\bpark(ing)?\b/i.test(text)) {
    return /\bpark/i.test(directions) ? directions : `I'm afraid I don't have any parking details for the salon. ${at}${directions ? ` ${directions}` : ''}`;
  }
  return `${at}${directions ? ` ${directions}` : ''}`;
}

export async function salonFacts(ctx: Context, turn: Turn): Promise<TurnAnswer> {
  const answer = await callTool(ctx, 'salon-info', {});
  if (!answer.ok || !answer.address) return reply(`${answer.say} Is there anything else I can help with?`);
  const info = answer as unknown as SalonInfo;
  const asks = turn.asks;
  const parts: string[] = [];
  if (asks.has('hours')) {
    const day = info.openingHours ? weekdayAsked(turn.text, ctx.now) : undefined;
    parts.push(day && info.openingHours ? dayHours(info.openingHours, day, turn.text) : info.spokenHours);
  }
  if (asks.has('directions')) parts.push(whereabouts(info, turn.text));
  return reply(`${parts.length ? parts.join(' ') : answer.say} Is there anything else I can help with?`);
}
