import { BOOKING_RULES, toolSay, type CheckAvailabilityAnswer, type ToolInput } from '../../contracts/agent-tools.js';
import { loadSalonContext, resolveService, resolveStylist, type BookingDeps } from './context.js';
import { ToolError } from './errors.js';
import { chooseOffer, MORE_TIMES, type StartTime } from './offer.js';
import { checkedDate, requireHours } from './rules.js';
import { byStartTime, offered, searchSlots } from './slots.js';
import { speakDuration } from './speak.js';
import { speakOffer } from './speak-offer.js';
import { requireDoesService, requireWorksOn } from './who-does-what.js';
import { addDays, isValidDate, localDate, localTime, resolveDateWord } from './time.js';

/** The exact time asked for on a day, refused when it does not exist; undefined when no day and time were asked for. */
function targetTime(input: ToolInput<'check-availability'>, now: number): number | undefined {
  if (!input.date || !input.time) return undefined;
  // A time that does not exist is the most precise answer, whatever else is wrong with the date.
  const day = resolveDateWord(input.date, now);
  const local = isValidDate(day) ? localTime(day, input.time) : undefined;
  if (local && !local.ok) {
    throw local.problem === 'clocks-go-forward'
      ? new ToolError('invalid', 'clocks_go_forward', toolSay.clocksGoForward, 'That local time is skipped when the clocks go forward')
      : new ToolError('invalid', 'bad_time', toolSay.badTime, 'time is not a real time');
  }
  return local?.ok ? local.time.toMillis() : undefined;
}

/**
 * `check-availability`: free start times for a service, optionally with one stylist, on a day,
 * near a time or in a part of the day. The reads are here; what to offer is chooseOffer's
 * (offer.ts) and the sentence speakOffer's (speak-offer.ts). When the range asked for is full it
 * looks on for the next day with room.
 */
export async function checkAvailability(deps: BookingDeps, salonId: string, input: ToolInput<'check-availability'>): Promise<CheckAvailabilityAnswer> {
  const context = await loadSalonContext(deps, salonId);
  const service = resolveService(context, input.service);
  const stylist = resolveStylist(context, input.stylist);
  requireHours(context);
  const now = deps.now().getTime();
  const target = targetTime(input, now);
  const date = input.date ? checkedDate(input.date, now) : undefined;
  if (target !== undefined && target < now) throw new ToolError('invalid', 'past', toolSay.past, 'That time has already passed');

  const { stylists } = context.setup;
  requireDoesService(stylists, stylist, service);
  if (stylist && date) requireWorksOn(stylist, date);
  const search = {
    durationMinutes: service.duration,
    serviceId: service.id,
    stylists: stylist ? [stylist] : stylists,
    ...(input.partOfDay ? { partOfDay: input.partOfDay } : {}),
  };
  const fromDate = date ?? localDate(now);
  const toDate = date ?? addDays(fromDate, BOOKING_RULES.searchDays - 1);
  const found = await searchSlots(deps, context, { ...search, fromDate, toDate });
  const starts = byStartTime(found.slots, stylists);
  let later: StartTime[] | undefined;
  if (starts.length === 0) {
    const nextFrom = addDays(toDate, 1);
    const next = await searchSlots(deps, context, { ...search, fromDate: nextFrom, toDate: addDays(nextFrom, BOOKING_RULES.searchDays - 1), limit: 200 });
    later = byStartTime(next.slots, stylists);
  }

  const offer = chooseOffer({ starts, later, date, target, time: input.time, hours: context.salon.hours });
  const names = new Map(stylists.map((each) => [each.id, each.name]));
  const say = speakOffer(offer, { serviceName: service.name, stylist: stylist?.name, date, names: (id) => names.get(id) ?? '', now });
  const view = (entries: readonly StartTime[]) => entries.map((entry) => offered(entry, stylists, now));
  return {
    ok: true,
    say,
    available: offer.kind === 'exact' || offer.kind === 'same-time' || offer.kind === 'first-day',
    service: { id: service.id, name: service.name, durationMinutes: service.duration, spokenDuration: speakDuration(service.duration) },
    ...(stylist ? { stylist: { id: stylist.id, name: stylist.name } } : {}),
    slots: view(offer.options),
    moreTimes: view(offer.more.filter((entry) => !offer.options.some((option) => option.start === entry.start)).slice(0, MORE_TIMES)),
    calendarChecked: found.calendar !== 'unavailable',
    ...(offer.kind === 'none' && offer.waitlistDate ? { waitlist: { date: offer.waitlistDate } } : {}),
  };
}
