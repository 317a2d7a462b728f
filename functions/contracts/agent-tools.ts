import * as z from 'zod';

/**
 * The voice agent's server tools (ElevenLabs calls them mid-conversation): one path,
 * `POST /api/agent/tools?tool=<name>`, authenticated by the salon's agent secret
 * (`Authorization: Bearer <secret>`). Parameters are untrusted model output: every schema is
 * strict (unknown fields refused) and every string is capped.
 *
 * Every answer is `{ok: true, say, ...data}`; every refusal is a 4xx `{ok: false, say, error}`,
 * where `say` is one short sentence the agent can speak as it is.
 */
export const AGENT_TOOLS = [
  'salon-info',
  'list-services',
  'check-availability',
  'book',
  'cancel',
  'reschedule',
  'take-message',
  'transfer',
  'join-waitlist',
] as const;
export type AgentTool = (typeof AGENT_TOOLS)[number];

/** The route's one query parameter: which tool (an unknown one is refused as `unknown_tool`, once the caller is known). */
export const agentToolQuery = z.strictObject({
  tool: z.string().max(64, 'tool is too long').optional(),
});

export const BOOKING_RULES = {
  /** Start times offered and accepted lie on this grid (minutes past the hour). */
  gridMinutes: 15,
  /** How far ahead a caller can book. */
  horizonDays: 90,
  /** The earliest start is this long after now. */
  minNoticeMinutes: 15,
  /** Bookings one caller phone can make per rolling hour (RELIABILITY 8). */
  maxBookingsPerCallerPerHour: 3,
  /** check-availability looks this many days ahead when no date is given (or the day is full). */
  searchDays: 14,
} as const;

/**
 * Caps on what a caller (or whoever reaches the tools URL) can make the agent write or try
 * (RELIABILITY 37). Counted in fixed clock windows, so up to twice a cap can pass across the turn
 * of a window: enough to stop a flood, never in a real caller's way.
 */
export const FLOOD_LIMITS = {
  /** Messages one caller phone can leave per clock hour. */
  messagesPerCallerPerHour: 5,
  /** Messages a salon takes per clock hour from all callers: caller ids can be spoofed, so the per-phone cap alone bounds nothing. */
  messagesPerSalonPerHour: 200,
  /** Waiting-list joins one caller phone can make per clock hour (one entry per number and day whatever the count). */
  waitlistJoinsPerCallerPerHour: 5,
  /** Waiting-list joins a salon takes per clock hour from all callers: each entry is a text when a time comes free. */
  waitlistJoinsPerSalonPerHour: 50,
  /** Wrong agent secrets one source address may send per clock minute; past that it is refused (429) unchecked until the minute is out. */
  badSecretsPerSourcePerMinute: 10,
} as const;

/** Control characters (a newline is allowed only in a message). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const NEWLINE = /[\n\r]/;

const text = (field: string, max: number, options: { multiline?: boolean } = {}) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, `${field} is too long (at most ${max} characters)`)
    .transform((value) => value.normalize('NFC').trim())
    .refine((value) => value.length > 0, `${field} is required`)
    .refine((value) => !CONTROL.test(value) && (options.multiline || !NEWLINE.test(value)), `${field} contains characters that are not allowed`);

/** A service or stylist, by id or by name as the caller said it. */
const reference = (field: string, max: number) => text(field, max);

/**
 * Every time a tool takes is the salon's wall-clock time in Ireland (RELIABILITY 49). A zone or an
 * offset (`Z`, `+02:00`, `UTC`, `[Europe/Paris]`) is refused in a sentence the agent can say, never
 * converted: `13:00+02:00` taken as an instant would book eleven o'clock.
 */
const ZONED = /(?:\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:z|utc|gmt|[+-]\d{2}(?::?\d{2})?)|\[[^\]]*\])$/i;
export const ZONED_TIME = 'zoned_time';
const wallClock = (field: string) =>
  [
    (value: string) => !ZONED.test(value),
    {
      message: `${field} must be the local time in Ireland, with no zone or offset (like 2026-11-28T14:30): a zone is never converted`,
      params: { refusal: ZONED_TIME },
      abort: true,
    },
  ] as const;

/** YYYY-MM-DD, or today / tomorrow / a weekday name (the next one after today). */
export const DATE_WORDS = ['today', 'tomorrow', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const dateParam = () =>
  z
    .string({ error: 'date must be text' })
    .max(40, 'date is too long')
    .transform((value) => value.trim().toLowerCase())
    .refine(...wallClock('date'))
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) || (DATE_WORDS as readonly string[]).includes(value), 'date must be YYYY-MM-DD');

const timeParam = () =>
  z
    .string({ error: 'time must be text' })
    .max(16, 'time is too long')
    .transform((value) => value.trim())
    .refine(...wallClock('time'))
    .refine((value) => /^([01]?\d|2[0-3]):[0-5]\d$/.test(value), 'time must be HH:MM (24-hour)');

/** A local start time in Europe/Dublin, as check-availability answers it: 2026-11-28T14:30. */
const startParam = (field: 'start' | 'newStart') =>
  z
    .string({ error: `${field} must be text` })
    .max(40, `${field} is too long`)
    .transform((value) => value.trim())
    .refine(...wallClock(field))
    .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value), `${field} must be a date and time like 2026-11-28T14:30`);

const phoneParam = () => z.string({ error: 'callerPhone must be text' }).max(32, 'callerPhone is too long');

export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening'] as const;

/** What each parameter is, for the hosted agent's tool definitions (JSON Schema descriptions, generated from these contracts). */
const parameterHelp = {
  service: 'The service the caller wants, by name as they said it (or its id from list-services)',
  stylist: 'A stylist the caller asked for, by name; leave out for anyone',
  date: 'The day: YYYY-MM-DD, or today, tomorrow or a weekday name',
  start: 'The start time exactly as check-availability offered it: the local time in Ireland, like 2026-11-28T14:30, with no zone or offset',
  callerPhone: "The caller's phone number: the one they are calling from, unless they give another",
  bookingId: "The booking's id (bk_…), if known",
  bookingDate: 'The day of the booking: YYYY-MM-DD, or today, tomorrow or a weekday name',
  bookingPhone: 'The phone number the booking was made with',
} as const;

const bookingId = () =>
  z
    .string({ error: 'bookingId must be text' })
    .max(64, 'bookingId is too long')
    .transform((value) => value.trim())
    .refine((value) => /^bk_[0-9a-v]{20}$/.test(value), 'bookingId looks wrong');

const toolSchemaBuilders = {
  'salon-info': () => z.strictObject({}),
  'list-services': () => z.strictObject({}),
  'check-availability': () =>
    z.strictObject({
      service: reference('service', 120).describe(parameterHelp.service),
      stylist: reference('stylist', 80).optional().describe(parameterHelp.stylist),
      date: dateParam().optional().describe(parameterHelp.date),
      time: timeParam().optional().describe('A time the caller would like, HH:MM (24-hour, local time in Ireland, no zone)'),
      partOfDay: z
        .enum(PARTS_OF_DAY, { error: 'partOfDay must be morning, afternoon or evening' })
        .optional()
        .describe('Morning, afternoon or evening, if the caller said one'),
    }),
  book: () =>
    z.strictObject({
      service: reference('service', 120).describe(parameterHelp.service),
      stylist: reference('stylist', 80).optional().describe(parameterHelp.stylist),
      start: startParam('start').describe(parameterHelp.start),
      callerName: text('callerName', 100).describe("The caller's name"),
      callerPhone: phoneParam().describe(parameterHelp.callerPhone),
      callerEmail: z
        .email({ error: 'callerEmail is not an email address' })
        .max(254, 'callerEmail is too long')
        .optional()
        .describe("The caller's email, only if they offer it"),
      additional: z
        .boolean({ error: 'additional must be true or false' })
        .optional()
        .describe(
          'Only after book refused with already_booked (the caller already has a booking at an overlapping time): true when the caller has said this one is for another person, or another service they want as well. Never to move a booking: use reschedule',
        ),
    }),
  cancel: () =>
    z.strictObject({
      bookingId: bookingId().optional().describe(parameterHelp.bookingId),
      date: dateParam().optional().describe(parameterHelp.bookingDate),
      callerPhone: phoneParam().describe(parameterHelp.bookingPhone),
    }),
  reschedule: () =>
    z.strictObject({
      bookingId: bookingId().optional().describe(parameterHelp.bookingId),
      date: dateParam().optional().describe(parameterHelp.bookingDate),
      callerPhone: phoneParam().describe(parameterHelp.bookingPhone),
      newStart: startParam('newStart').describe(
        'The new start time exactly as check-availability offered it: the local time in Ireland, like 2026-11-28T14:30, with no zone or offset',
      ),
      stylist: reference('stylist', 80).optional().describe(parameterHelp.stylist),
    }),
  'take-message': () =>
    z.strictObject({
      callerName: text('callerName', 100).describe("The caller's name"),
      callerPhone: phoneParam().describe('A number to call the caller back on'),
      message: text('message', 1000, { multiline: true }).describe("The message for the salon, in the caller's words"),
    }),
  transfer: () => z.strictObject({ reason: text('reason', 300).optional().describe('Why the caller wants a person, in a few words') }),
  'join-waitlist': () =>
    z.strictObject({
      service: reference('service', 120).describe(parameterHelp.service),
      date: dateParam().describe('The full day the caller wanted: YYYY-MM-DD, or today, tomorrow or a weekday name'),
      callerName: text('callerName', 100).describe("The caller's name"),
      callerPhone: phoneParam().describe('A mobile number to text when a time comes free'),
    }),
} as const satisfies Record<AgentTool, () => z.ZodType>;

type ToolSchemas = { readonly [T in AgentTool]: ReturnType<(typeof toolSchemaBuilders)[T]> };

/**
 * Each tool's contract, built the first time it is read: a cold start builds none (the voice
 * webhook reads none at all), a tools Lambda's first call builds its own tool's only.
 */
export const toolSchemas = Object.defineProperties(
  {},
  Object.fromEntries(
    AGENT_TOOLS.map((tool) => {
      let schema: z.ZodType | undefined;
      return [tool, { enumerable: true, get: () => (schema ??= toolSchemaBuilders[tool]()) }];
    }),
  ),
) as ToolSchemas;

export type ToolInput<T extends AgentTool> = z.infer<(typeof toolSchemas)[T]>;

/** Every tool's answer: the sentence the agent speaks, and data beside it for the agent. */
export type ToolAnswer = { ok: true; say: string; [data: string]: unknown };

/** A start time offered ("Saturday the 28th at half two"): the salon's wall-clock time, exactly what `book` takes back (RELIABILITY 49). */
export type OfferedSlot = { start: string; end: string; spoken: string; stylists: { id: string; name: string }[] };

/** `waitlist`: a full day the caller can wait for (join-waitlist). */
export interface CheckAvailabilityAnswer extends ToolAnswer {
  available: boolean;
  service: { id: string; name: string; durationMinutes: number; spokenDuration: string };
  stylist?: { id: string; name: string };
  slots: OfferedSlot[];
  moreTimes: OfferedSlot[];
  calendarChecked: boolean;
  waitlist?: { date: string };
}

/** A booking as the agent is told it. */
export type BookingView = { id: string; service: string; stylist: string; start: string; end: string; spoken: string; price: string | null; status: string };

export interface BookAnswer extends ToolAnswer {
  booking: BookingView;
  calendar: string;
  deposit?: { amountCents: number; expiresAt: string; texted: true };
  pastNoShows?: number;
}

export type CancelAnswer = ToolAnswer & { alreadyCancelled: boolean; booking: BookingView };
export type RescheduleAnswer = ToolAnswer & { booking: BookingView };

/** The `Idempotency-Key` header of `book` (and `reschedule`). */
export const idempotencyKey = z
  .string()
  .min(8, 'Idempotency-Key must be 8 to 200 characters')
  .max(200, 'Idempotency-Key must be 8 to 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces');

/** Sentences the agent speaks when it cannot do what was asked. */
export const toolSay = {
  unauthorized: "I'm sorry, I can't reach the salon's booking system right now.",
  unknownTool: "Sorry, that's not something I can do.",
  badInput: "Sorry, I didn't quite get that. Could you say it again?",
  badPhone: "Sorry, that phone number doesn't look right. Could you give it to me again?",
  badDate: "Sorry, I didn't catch the date. Which day would you like?",
  badTime: "Sorry, I didn't catch the time. What time would suit you?",
  badStart: "Sorry, I didn't catch the day and time. When would you like to come in?",
  zonedTime: 'Sorry, I need that as the time here in Ireland. What day and time would suit you?',
  past: 'That time has already passed. Would another time suit you?',
  tooSoon: "That's a little too soon for me to book. Would a bit later suit you?",
  tooFar: `I can only book up to ${BOOKING_RULES.horizonDays} days ahead. Would an earlier date suit you?`,
  clocksGoForward: "That time doesn't exist on that day because the clocks go forward. Would an hour later suit you?",
  offGrid: 'Appointments start on the hour or at quarter past, half past or quarter to. Would one of those suit you?',
  unknownService: "Sorry, I couldn't find that service.",
  unknownStylist: "Sorry, I couldn't find that stylist.",
  notReady: "I'm sorry, I can't make bookings for the salon just yet. Would you like me to take a message?",
  slotTaken: 'Sorry, that time was just taken.',
  tooManyBookings: `I can only make ${BOOKING_RULES.maxBookingsPerCallerPerHour} bookings for one phone number in an hour. Would you like me to take a message for the salon instead?`,
  idempotencyMismatch: 'Sorry, something went wrong with that booking. Could we go through it again?',
  inProgress: "I'm still finishing that booking. One moment, please.",
  bookingNotFound: "Sorry, I couldn't find a booking under that phone number.",
  tooManyMessages: `I've already taken ${FLOOD_LIMITS.messagesPerCallerPerHour} messages from this number this hour, so the salon will be in touch soon. Is there anything else I can help with?`,
  messagesFull: "I'm sorry, I can't take any more messages for the salon just now. Could you ring back a little later?",
  noTransferNumber: "I'm sorry, there's no one free to take the call right now. Can I take a message instead?",
  busy: "Sorry, the booking system is busy right now. Could you give me a moment and I'll try again?",
  failed: 'Sorry, something went wrong on my side. Can I take a message for the salon instead?',
  bodyTooLarge: 'Sorry, that was too much for me to take in at once.',
} as const;
