import { BOOKING_RULES, toolSay, type ToolInput } from '../../contracts/agent-tools.js';
import { lastBookableDate } from './availability.js';
import { loadSalonContext, resolveService, resolveStylist, type BookingDeps, type SalonContext } from './context.js';
import { ToolError } from './errors.js';
import { byStartTime, nearest, offered, searchSlots, spread, type OfferedSlot } from './slots.js';
import { speakDate, speakDuration, speakList, speakOnDate, speakTime } from './speak.js';
import { addDays, atInstant, fromWallClock, isValidDate, localDate, localTime, openingOn, resolveDateWord } from './time.js';

export interface ToolAnswer {
  ok: true;
  say: string;
  [data: string]: unknown;
}

const OPTIONS = 3;
const MORE = 12;

/** A date parameter as a local date, refused when impossible, past or beyond the horizon. */
export function checkedDate(value: string, now: number): string {
  const date = resolveDateWord(value, now);
  if (!isValidDate(date)) throw new ToolError('invalid', 'bad_date', toolSay.badDate, 'date is not a real date');
  if (date < localDate(now)) throw new ToolError('invalid', 'past', toolSay.past, 'date is in the past');
  if (date > lastBookableDate(now)) throw new ToolError('invalid', 'too_far', toolSay.tooFar, `date is more than ${BOOKING_RULES.horizonDays} days ahead`);
  return date;
}

export function requireHours(context: SalonContext) {
  if (!context.salon.hours || context.setup.stylists.length === 0) {
    throw new ToolError('conflict', 'not_ready', toolSay.notReady, 'The salon has no opening hours or no stylists yet');
  }
  return context.salon.hours;
}

/**
 * `check-availability`: free start times for a service, optionally with one stylist, on a day,
 * near a time or in a part of the day. Offers up to three (spoken), and lists more for the agent.
 * When the day asked for is full it says so and offers the next day with room.
 */
export async function checkAvailability(deps: BookingDeps, salonId: string, input: ToolInput<'check-availability'>): Promise<ToolAnswer> {
  const context = await loadSalonContext(deps, salonId);
  const service = resolveService(context, input.service);
  const stylist = resolveStylist(context, input.stylist);
  requireHours(context);
  const now = deps.now().getTime();
  let target: number | undefined;
  if (input.date && input.time) {
    // A time that does not exist is the most precise answer, whatever else is wrong with the date.
    const day = resolveDateWord(input.date, now);
    const local = isValidDate(day) ? localTime(day, input.time) : undefined;
    if (local && !local.ok) {
      throw local.problem === 'clocks-go-forward'
        ? new ToolError('invalid', 'clocks_go_forward', toolSay.clocksGoForward, 'That local time is skipped when the clocks go forward')
        : new ToolError('invalid', 'bad_time', toolSay.badTime, 'time is not a real time');
    }
    target = local?.ok ? local.time.toMillis() : undefined;
  }
  const date = input.date ? checkedDate(input.date, now) : undefined;
  if (target !== undefined && target < now) throw new ToolError('invalid', 'past', toolSay.past, 'That time has already passed');

  const candidates = stylist ? [stylist] : context.setup.stylists;
  const fromDate = date ?? localDate(now);
  const toDate = date ?? addDays(fromDate, BOOKING_RULES.searchDays - 1);
  const search = { durationMinutes: service.duration, stylists: candidates, ...(input.partOfDay ? { partOfDay: input.partOfDay } : {}) };
  const found = await searchSlots(deps, context, { ...search, fromDate, toDate });
  const starts = byStartTime(found.slots, context.setup.stylists);
  const view = (entries: typeof starts) => entries.map((entry) => offered(entry, context.setup.stylists, now));
  const who = stylist ? ` with ${stylist.name}` : '';
  const what = `${service.name}${who}`;
  const data = (options: OfferedSlot[], more: typeof starts) => ({
    service: { id: service.id, name: service.name, durationMinutes: service.duration, spokenDuration: speakDuration(service.duration) },
    ...(stylist ? { stylist: { id: stylist.id, name: stylist.name } } : {}),
    slots: options,
    moreTimes: view(more.filter((entry) => !options.some((option) => fromWallClock(option.start) === entry.start)).slice(0, MORE)),
    calendarChecked: found.calendar !== 'unavailable',
  });

  if (starts.length === 0) {
    // Nothing that day (or in the next two weeks): look further on for the next day with room.
    const nextFrom = date ? addDays(date, 1) : addDays(toDate, 1);
    const next = await searchSlots(deps, context, { ...search, fromDate: nextFrom, toDate: addDays(nextFrom, BOOKING_RULES.searchDays - 1), limit: 200 });
    const nextStarts = byStartTime(next.slots, context.setup.stylists);
    const firstDay = nextStarts[0] ? localDate(nextStarts[0].start) : undefined;
    const sameDay = nextStarts.filter((entry) => localDate(entry.start) === firstDay);
    const options = view(spread(sameDay, OPTIONS, 60));
    const when = date ? speakOnDate(date, now) : 'in the next two weeks';
    // A full day the salon is open: the caller can wait for a time there (the join-waitlist tool).
    const full = date && context.salon.hours && openingOn(context.salon.hours, date) ? date : null;
    const waitlist = full ? ` Or I can put you on the waiting list for ${speakDate(full, now)}: if a time comes free, we'll text you.` : '';
    const say = firstDay
      ? `Sorry, there's nothing free for a ${what} ${when}. The next day I have is ${speakDate(firstDay, now)}: ${speakList(options.map((option) => speakTime(fromWallClock(option.start))), 'or')}.${waitlist}`
      : `Sorry, there's nothing free for a ${what} ${when}, or for a while after.${waitlist || ' Would you like me to take a message for the salon?'}`;
    return { ok: true, say, available: false, ...data(options, sameDay), ...(full ? { waitlist: { date: full } } : {}) };
  }

  if (target !== undefined) {
    const exact = starts.find((entry) => entry.start === target);
    if (exact) {
      const [option] = view([exact]);
      const free = stylist ? '' : exact.stylistIds.length === 1 ? ` with ${option!.stylists[0]!.name}` : '';
      return { ok: true, say: `Yes, ${option!.spoken} is free${who || free}. Shall I book it?`, available: true, ...data([option!], starts) };
    }
    const options = view(nearest(starts, target, OPTIONS));
    return {
      ok: true,
      say: `Sorry, ${speakTime(target)} isn't free${who}. The nearest I have ${speakOnDate(date!, now)} ${options.length === 1 ? 'is' : 'are'} ${speakList(options.map((option) => speakTime(fromWallClock(option.start))), 'or')}.`,
      available: false,
      ...data(options, starts),
    };
  }

  if (input.time && !date) {
    // A time on any day: the first days that have exactly that time free.
    const wanted = input.time.padStart(5, '0');
    const atThatTime = starts.filter((entry) => atInstant(entry.start).toFormat('HH:mm') === wanted);
    if (atThatTime.length) {
      const options = view(atThatTime.slice(0, OPTIONS));
      return {
        ok: true,
        say: `I have ${speakTime(atThatTime[0]!.start)} free${who} ${speakList(options.map((option) => speakDate(localDate(fromWallClock(option.start)), now)), 'or')}.`,
        available: true,
        ...data(options, starts),
      };
    }
  }

  const firstDay = localDate(starts[0]!.start);
  const sameDay = starts.filter((entry) => localDate(entry.start) === firstDay);
  const options = view(spread(sameDay, OPTIONS, 60));
  const times = speakList(options.map((option) => speakTime(fromWallClock(option.start))), 'or');
  const day = speakDate(firstDay, now);
  const lead = day === 'today' || day === 'tomorrow' ? `${day.charAt(0).toUpperCase()}${day.slice(1)}` : `On ${day}`;
  return { ok: true, say: `${lead} I have ${times}${who}. Which would suit?`, available: true, ...data(options, sameDay) };
}
