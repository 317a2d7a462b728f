import type { Day, Service, Stylist } from '../../contracts/setup.js';
import { ToolError } from './errors.js';
import { speakList } from './speak.js';
import { dayOfWeek } from './time.js';

/**
 * Who does what (issue 45): a stylist works only their days and does only their services. Every
 * tool that offers or takes a time asks these, so a gents' cut is never booked with a colourist,
 * nor a Monday with someone who is off on Mondays, whatever the caller or the model asks for.
 * A stylist saved before these lists existed has neither: every day the salon opens, every service.
 */
export function doesService(stylist: Stylist, service: Pick<Service, 'id'>): boolean {
  return !stylist.services || stylist.services.includes(service.id);
}

export function worksOn(stylist: Stylist, date: string): boolean {
  return !stylist.days || stylist.days.includes(dayOfWeek(date));
}

/** The stylists who do the service, in the salon's order. */
export function stylistsFor(stylists: readonly Stylist[], service: Pick<Service, 'id'>): Stylist[] {
  return stylists.filter((stylist) => doesService(stylist, service));
}

/** Each stylist's working days, for the pure availability search (absent: every day). */
export function workingDays(stylists: readonly Stylist[]): Record<string, readonly Day[]> {
  return Object.fromEntries(stylists.flatMap((stylist) => (stylist.days ? [[stylist.id, stylist.days]] : [])));
}

const capitalised = (day: Day) => `${day.charAt(0).toUpperCase()}${day.slice(1)}s`;

/** A named stylist who does not do the service is refused with who does; none at all, the service is refused. */
export function requireDoesService(stylists: readonly Stylist[], stylist: Stylist | null, service: Service): void {
  const able = stylistsFor(stylists, service);
  if (able.length === 0)
    throw new ToolError(
      'conflict',
      'nobody_does_service',
      `I'm sorry, nobody here can take a ${service.name} booking just now. Would you like me to take a message for the salon?`,
      'No stylist does this service',
    );
  if (stylist && !doesService(stylist, service))
    throw new ToolError(
      'invalid',
      'stylist_does_not_do_service',
      `${stylist.name} doesn't do ${service.name}, but ${speakList(
        able.map((each) => each.name),
        'or',
      )} can. Would that suit?`,
      'The stylist asked for does not do this service',
      { options: able.map((each) => each.name) },
    );
}

/** A named stylist asked for on a day they do not work. */
export function requireWorksOn(stylist: Stylist, date: string): void {
  if (worksOn(stylist, date)) return;
  const days = stylist.days ?? [];
  throw new ToolError(
    'invalid',
    'stylist_off',
    `${stylist.name} doesn't work on ${capitalised(dayOfWeek(date))}. ${stylist.name} works ${speakList(days.map(capitalised), 'and')}. Would another day suit, or someone else?`,
    'The stylist asked for does not work that day',
  );
}

/** Who can take the service on the day: the one asked for (refused if they cannot), or everyone who does it and works then. */
export function candidatesFor(stylists: readonly Stylist[], stylist: Stylist | null, service: Service, date: string): Stylist[] {
  requireDoesService(stylists, stylist, service);
  if (stylist) {
    requireWorksOn(stylist, date);
    return [stylist];
  }
  const working = stylistsFor(stylists, service).filter((each) => worksOn(each, date));
  if (working.length === 0)
    throw new ToolError(
      'conflict',
      'nobody_in',
      `Sorry, nobody who does ${service.name} is in on ${capitalised(dayOfWeek(date))}. Would another day suit?`,
      'No stylist who does this service works that day',
    );
  return working;
}
