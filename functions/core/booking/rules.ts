import { BOOKING_RULES, toolSay, ZONED_TIME } from '../../contracts/agent-tools.js';
import type { Service } from '../../contracts/setup.js';
import { lastBookableDate } from './availability.js';
import type { SalonContext } from './context.js';
import { ToolError } from './errors.js';
import { speakDuration, speakTime } from './speak.js';
import { dayOfWeek, isValidDate, localDate, MINUTE, openingOn, resolveDateWord, type LocalTimeProblem } from './time.js';

/**
 * The salon's booking rules on a date or a start, checked before anything is read or written:
 * a real local time on the grid, inside opening hours, not past, not too soon, not beyond the
 * horizon (RELIABILITY 7, 8). Each refusal is a sentence the agent can say.
 */
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

export function refuseStart(problem: LocalTimeProblem): never {
  if (problem === 'clocks-go-forward')
    throw new ToolError('invalid', 'clocks_go_forward', toolSay.clocksGoForward, 'That local time is skipped when the clocks go forward');
  if (problem === 'zoned') throw new ToolError('invalid', ZONED_TIME, toolSay.zonedTime, 'start must be the local time in Ireland, with no zone or offset');
  throw new ToolError('invalid', 'bad_start', toolSay.badStart, 'start is not a real date and time');
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Business limits on a start (RELIABILITY 7, 8): refused before anything is written. */
export function checkBookable(context: SalonContext, service: Pick<Service, 'name' | 'duration'>, start: number, now: number): number {
  const hours = requireHours(context);
  const end = start + service.duration * MINUTE;
  if (start < now) throw new ToolError('invalid', 'past', toolSay.past, 'start is in the past');
  if (start < now + BOOKING_RULES.minNoticeMinutes * MINUTE) throw new ToolError('invalid', 'too_soon', toolSay.tooSoon, 'start is too soon');
  const date = localDate(start);
  if (date > lastBookableDate(now)) throw new ToolError('invalid', 'too_far', toolSay.tooFar, `start is more than ${BOOKING_RULES.horizonDays} days ahead`);
  if (start % (BOOKING_RULES.gridMinutes * MINUTE) !== 0) throw new ToolError('invalid', 'off_grid', toolSay.offGrid, 'start is not on the quarter hour');
  const opening = openingOn(hours, date);
  const weekday = capitalise(dayOfWeek(date));
  if (!opening) throw new ToolError('invalid', 'closed', `Sorry, we're closed on ${weekday}s. Would another day suit you?`, 'The salon is closed that day');
  if (localDate(end - 1) !== date)
    throw new ToolError(
      'invalid',
      'spans_midnight',
      `Sorry, that would run past closing time. Would an earlier time suit you?`,
      'A booking cannot run past midnight',
    );
  const hoursToday = `On ${weekday}s we're open ${speakTime(opening.open).replace(" o'clock", '')} to ${speakTime(opening.close).replace(" o'clock", '')}.`;
  if (start < opening.open || start >= opening.close) {
    throw new ToolError('invalid', 'outside_hours', `Sorry, that's outside our opening hours. ${hoursToday}`, 'start is outside opening hours');
  }
  if (end > opening.close) {
    const latest = opening.close - service.duration * MINUTE;
    const tail =
      latest >= opening.open ? ` The latest I could start it that day is ${speakTime(latest - (latest % (BOOKING_RULES.gridMinutes * MINUTE)))}.` : '';
    throw new ToolError(
      'invalid',
      'past_closing',
      `A ${service.name} takes ${speakDuration(service.duration)}, so that would run past closing time.${tail}`,
      'The service would end after closing',
    );
  }
  return end;
}
