import * as z from 'zod';

/**
 * The owner's waiting list (dashboard → Waiting list): who waits, for what, which day; removing
 * someone; offering a time by hand. Shared by the routes and the web app.
 */
export interface WaitlistEntryView {
  id: string;
  /** The day they wait for, YYYY-MM-DD (salon-local). */
  date: string;
  service: string;
  callerName: string;
  /** The caller's number as people write it. */
  caller: string;
  createdAt: string;
}

const entryRef = {
  date: z.iso.date({ error: 'date must be a day, YYYY-MM-DD' }),
  // A waiting-list entry's id is a hash of the caller's number (base64url, 32 characters).
  id: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'id is not a waiting-list entry'),
};

/** `/api/waitlist`: GET lists who waits; POST `?route=remove` or `?route=offer` changes the list. */
export const waitlistQuery = z.strictObject({
  route: z.enum(['remove', 'offer'], { error: 'route must be remove or offer' }).optional(),
});

/** `POST /api/waitlist?route=remove` with `{date, id}`. */
export const waitlistRemoveBody = z.strictObject(entryRef);

/** `POST /api/waitlist?route=offer` with `{date, id, time}`: a time on the day they wait for, HH:MM salon-local. */
export const waitlistOfferBody = z.strictObject({
  ...entryRef,
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM'),
});
export type WaitlistOfferBody = z.infer<typeof waitlistOfferBody>;

export const waitlistMessages = {
  notOnList: 'That caller is no longer on the waiting list.',
  tooSoon: 'That time is too soon to offer: choose a later one.',
  notFree: (time: string, service: string) => `${time} isn't free for a ${service} that day: choose another time.`,
  noService: (service: string) => `${service} is no longer one of your services, so it can't be offered.`,
  badTime: 'That time does not exist on that day (the clocks change).',
  offered: (name: string) => `Offered: ${name} has been texted.`,
} as const;
