import * as z from 'zod';
import { CALLER_NOTES_MAX, DIRECTIONS_MAX, optionalPhone, phoneNumber, setupMessages } from './setup-fields.js';
import { voiceById, voiceSettingsShape } from './voice-settings.js';

/**
 * The setup wizard's data and its validation rules, one set of schemas for the browser and the
 * server. Prices cross the API as whole euros; the store keeps cents. Each schema is built by a
 * call marked pure, so a bundle that takes only the days or the types from this file (the agent
 * tools, the voice webhook: their cold start) drops the schemas instead of building them.
 */
export const SETUP_STEPS = 3;

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Day = (typeof DAYS)[number];

const time = /* @__PURE__ */ (() => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, setupMessages.hoursInvalid))();

export const dayHoursSchema = /* @__PURE__ */ (() =>
  z
    .strictObject({ open: time, close: time, closed: z.boolean() })
    .refine((day) => day.closed || day.open < day.close, { path: ['close'], message: setupMessages.hoursOrder }))();

export const hoursSchema = /* @__PURE__ */ (() =>
  z.strictObject(Object.fromEntries(DAYS.map((day) => [day, dayHoursSchema])) as Record<Day, typeof dayHoursSchema>))();
export type DayHours = z.infer<typeof dayHoursSchema>;
export type Hours = Record<Day, DayHours>;

export const DEFAULT_HOURS: Hours = {
  monday: { open: '09:00', close: '18:00', closed: false },
  tuesday: { open: '09:00', close: '18:00', closed: false },
  wednesday: { open: '09:00', close: '18:00', closed: false },
  thursday: { open: '09:00', close: '18:00', closed: false },
  friday: { open: '09:00', close: '18:00', closed: false },
  saturday: { open: '09:00', close: '17:00', closed: false },
  sunday: { open: '10:00', close: '16:00', closed: true },
};

const optionalText = (max: number) => z.string().trim().max(max).default('');

export const businessSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    name: z.string({ error: setupMessages.businessNameRequired }).trim().min(1, setupMessages.businessNameRequired).max(120),
    phone: phoneNumber(setupMessages.businessPhoneRequired),
    address_line: optionalText(200),
    town_city: optionalText(100),
    county: optionalText(60),
    eircode: optionalText(10),
    directions: z.string().max(DIRECTIONS_MAX, setupMessages.directionsTooLong).default(''),
    /** What the receptionist tells callers when it applies: a patch test 48 h before colour, the cancellation policy, senior stylists' prices. */
    caller_notes: z.string().trim().max(CALLER_NOTES_MAX, setupMessages.callerNotesTooLong).optional(),
    /** The owner's own mobile (optional): test bookings and callers' messages are texted there, never to a salon landline. */
    owner_mobile: optionalPhone.optional(),
    /** Text callers a reminder before their appointment (absent: on); Settings → Business. */
    reminders: z.boolean().optional(),
    /** How long before the appointment the reminder goes, in hours (absent: 24). */
    reminder_hours: z.union([z.literal(24), z.literal(48)]).optional(),
  }))();
export type Business = z.infer<typeof businessSchema>;

const wholeNumber = /* @__PURE__ */ (() => z.number({ error: setupMessages.wholeNumber }).int(setupMessages.wholeNumber).min(0).max(100_000))();
/** Euro and cent (€7.50): at most two decimals, kept as whole cents by the store (issue 45). */
const euroAmount = /* @__PURE__ */ (() =>
  z
    .number({ error: setupMessages.euroAndCent })
    .min(0)
    .max(100_000)
    .refine((euros) => Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6, setupMessages.euroAndCent))();

/** A service as the wizard edits it: a single price or a range, with an optional comment. */
export const serviceSchema = /* @__PURE__ */ (() =>
  z
    .strictObject({
      id: z.string().max(64).optional(),
      name: z.string({ error: setupMessages.serviceNameRequired }).trim().min(1, setupMessages.serviceNameRequired).max(120),
      duration: z
        .number({ error: setupMessages.durationPositive })
        .int(setupMessages.wholeNumber)
        .max(24 * 60),
      price: euroAmount.nullable().default(null),
      price_min: euroAmount.nullable().default(null),
      price_max: euroAmount.nullable().default(null),
      isRange: z.boolean().default(false),
      /** "Price on consultation": no price is quoted, the receptionist says so (issue 45). */
      consultation: z.boolean().optional(),
      comment: z.string().trim().max(300).default(''),
      /** Whole euros taken by card when the service is booked (only while the salon's payment account is Active); 0 = none. */
      deposit: wholeNumber.default(0),
    })
    .superRefine((service, ctx) => {
      if (!(service.duration > 0)) ctx.addIssue({ code: 'custom', path: ['duration'], message: setupMessages.durationPositive });
      if (service.consultation) return;
      if (!service.isRange) {
        if (!(service.price && service.price > 0)) ctx.addIssue({ code: 'custom', path: ['price'], message: setupMessages.pricePositive });
        else if (service.deposit > service.price) ctx.addIssue({ code: 'custom', path: ['deposit'], message: setupMessages.depositAbovePrice });
        return;
      }
      const min = service.price_min ?? 0;
      const max = service.price_max ?? 0;
      if (!(min > 0 || max > 0)) ctx.addIssue({ code: 'custom', path: ['price_min'], message: setupMessages.rangeNeedsPrice });
      else if (min > 0 && max > 0 && min > max) ctx.addIssue({ code: 'custom', path: ['price_min'], message: setupMessages.rangeOrder });
      else if (service.deposit > Math.max(min, max)) ctx.addIssue({ code: 'custom', path: ['deposit'], message: setupMessages.depositAbovePrice });
    }))();
export type ServiceInput = z.input<typeof serviceSchema>;
/** `deposit` may be absent on services made before deposits existed (and in code that builds services itself): no deposit. */
export type Service = Omit<z.infer<typeof serviceSchema>, 'deposit'> & { id: string; deposit?: number };

export const stylistSchema = /* @__PURE__ */ (() =>
  z.strictObject({
    /** Server id once saved; absent for a new row. */
    id: z.string().max(64).optional(),
    /** The row's key in `mappings`: its id, or a temporary key by position for a new row. */
    key: z.string().min(1).max(64),
    name: z.string({ error: setupMessages.stylistNameRequired }).trim().min(1, setupMessages.stylistNameRequired).max(80),
    /** The days they work; absent: every day the salon opens. */
    days: z.array(z.enum(DAYS)).min(1, setupMessages.stylistNeedsDay).max(7).optional(),
    /** The services they do, each a saved service's id or (for one saved with it) its name; absent: every service. */
    services: z.array(z.string().trim().min(1).max(120)).max(500).optional(),
  }))();
export type StylistInput = z.infer<typeof stylistSchema>;
/** Who does what (issue 45): absent `days` or `services` means every day the salon opens, every service. */
export interface Stylist {
  id: string;
  name: string;
  days?: Day[];
  /** Service ids. */
  services?: string[];
}

/** A temporary key for an unsaved stylist row, from its position in the list. */
export const temporaryStylistKey = (position: number) => `new-${position}`;

/**
 * Which calls a forwarded salon line sends to the receptionist: those nobody at the salon answers
 * (the carrier's "forward on no answer", `*61*`: the salon's own phone rings first), or every call
 * (`*21*`). Unanswered first is the gentle start the going-live checklist suggests.
 */
export const FORWARD_WHEN = ['unanswered', 'all'] as const;
export type ForwardWhen = (typeof FORWARD_WHEN)[number];

/**
 * Where a forwarded line would loop (RELIABILITY 53), as the form and the server both check it:
 * putting a caller through to the line that forwards to us rings us again, and ringing first
 * either happens already (unanswered only) or needs another number (every call forwarded).
 */
export function forwardingIssues(settings: {
  phoneOption: 'new' | 'forward';
  forwardNumber: string;
  forwardWhen: ForwardWhen;
  escalationPhone: string;
  ringSalonFirstSeconds: number;
}): { path: string[]; message: string }[] {
  if (settings.phoneOption !== 'forward') return [];
  const issues: { path: string[]; message: string }[] = [];
  if (settings.escalationPhone && settings.escalationPhone === settings.forwardNumber) {
    issues.push({ path: ['escalationPhone'], message: setupMessages.putThroughForwards });
  }
  if (settings.ringSalonFirstSeconds > 0 && settings.forwardWhen === 'unanswered') {
    issues.push({ path: ['ringSalonFirstSeconds'], message: setupMessages.ringFirstAlreadyRings });
  } else if (settings.ringSalonFirstSeconds > 0 && !settings.escalationPhone) {
    issues.push({ path: ['escalationPhone'], message: setupMessages.ringFirstNeedsNumber });
  }
  return issues;
}

const currentStep = /* @__PURE__ */ (() => z.number().int().min(1).max(SETUP_STEPS).optional())();

export const stepOneRequest = /* @__PURE__ */ (() => z.strictObject({ step: z.literal(1), business: businessSchema, hours: hoursSchema, currentStep }))();

export const stepTwoRequest = /* @__PURE__ */ (() =>
  z
    .strictObject({
      step: z.literal(2),
      stylists: z.array(stylistSchema).min(1, setupMessages.stylistRequired).max(50),
      mappings: z.record(z.string().max(64), z.string().min(1).max(300)).default({}),
      services: z.array(serviceSchema).max(500),
      currentStep,
    })
    .superRefine((request, ctx) => {
      const keys = new Set(request.stylists.map((stylist) => stylist.key));
      if (keys.size !== request.stylists.length) ctx.addIssue({ code: 'custom', path: ['stylists'], message: 'Each stylist needs its own key' });
      for (const key of Object.keys(request.mappings)) {
        if (!keys.has(key)) ctx.addIssue({ code: 'custom', path: ['mappings', key], message: 'A calendar is mapped to an unknown stylist' });
      }
    }))();

export const stepThreeRequest = /* @__PURE__ */ (() =>
  z
    .strictObject({
      step: z.literal(3),
      ...voiceSettingsShape,
      phoneOption: z.enum(['new', 'forward']).default('new'),
      forwardNumber: optionalPhone,
      /** With 'forward': which calls the salon's line sends to the receptionist (FORWARD_WHEN). */
      forwardWhen: z.enum(FORWARD_WHEN).default('unanswered'),
      currentStep,
    })
    .superRefine((request, ctx) => {
      for (const issue of forwardingIssues(request)) ctx.addIssue({ code: 'custom', ...issue });
      const voice = voiceById(request.selectedVoice);
      if (voice && !(voice.languages as readonly string[]).includes(request.selectedLanguage)) {
        ctx.addIssue({ code: 'custom', path: ['selectedLanguage'], message: setupMessages.languageUnsupported });
      }
      if (request.phoneOption === 'forward' && !request.forwardNumber) {
        ctx.addIssue({ code: 'custom', path: ['forwardNumber'], message: setupMessages.forwardNumberRequired });
      }
    }))();
/** Step 3 as a form holds it: the voice settings and how calls reach the number. */
export type VoiceStep = Omit<z.output<typeof stepThreeRequest>, 'step' | 'currentStep'>;

export const setupStepRequest = /* @__PURE__ */ (() => z.discriminatedUnion('step', [stepOneRequest, stepTwoRequest, stepThreeRequest]))();
export type SetupStepRequest = z.infer<typeof setupStepRequest>;

export interface SetupState extends VoiceStep {
  exists: boolean;
  business: Business & { hours: Hours };
  stylists: Stylist[];
  mappings: Record<string, string>;
  services: Service[];
  google_connected: boolean;
  currentStep: number;
}

export function clampStep(step: unknown): number {
  const value = typeof step === 'number' && Number.isFinite(step) ? Math.trunc(step) : 1;
  return Math.min(SETUP_STEPS, Math.max(1, value));
}

/**
 * Which of the dashboard's setup cards read Completed. Calendar & Services needs a stylist and a
 * service, not a Google Calendar: the bookings of record are SalonDesk's own (its diary), so a
 * salon whose diary is in Phorest, Fresha or on paper finishes setup too (issue 45).
 */
export function setupProgress(
  setup: Pick<SetupState, 'stylists' | 'services' | 'selectedVoice' | 'phoneOption' | 'forwardNumber'> & {
    business: { name: string; phone: string; hours: Hours | null };
  },
) {
  const business = Boolean(setup.business.name && setup.business.phone && setup.business.hours);
  const calendar = setup.stylists.length > 0 && setup.services.length > 0;
  const voice = Boolean(setup.selectedVoice) && (setup.phoneOption === 'new' || (setup.phoneOption === 'forward' && Boolean(setup.forwardNumber)));
  return { business, calendar, voice, completed: [business, calendar, voice].filter(Boolean).length };
}
