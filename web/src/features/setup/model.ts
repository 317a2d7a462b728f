import {
  DEFAULT_HOURS,
  DEFAULT_LANGUAGE,
  DEFAULT_VOICE_ID,
  DAYS,
  businessSchema,
  hoursSchema,
  serviceSchema,
  stepThreeRequest,
  stylistSchema,
  temporaryStylistKey,
  voiceById,
  type Hours,
  type SetupState,
} from '@functions/contracts/setup';
import type { ServiceReview } from '@functions/contracts/price-list';
import type { ApiService } from './api';

/** The wizard's editable copy of the setup, with client-only row ids for React keys. */

export interface BusinessDraft {
  name: string;
  phone: string;
  address_line: string;
  town_city: string;
  county: string;
  eircode: string;
  directions: string;
  /** Optional: where test bookings and callers' messages are texted. */
  owner_mobile: string;
  /** Callers get a reminder text before their appointment. */
  reminders: boolean;
  reminder_hours: 24 | 48;
}

export interface StylistRow {
  /** Client-only, stable across re-ordering; never sent. */
  uid: string;
  /** Server id once saved. */
  id?: string;
  name: string;
  /** Mapped calendar id, '' when none. */
  calendarId: string;
}

export interface ServiceDraft {
  uid: string;
  id?: string;
  name: string;
  duration: number | null;
  price: number | null;
  price_min: number | null;
  price_max: number | null;
  isRange: boolean;
  comment: string;
  /** Whole euros; empty or 0 = no deposit. */
  deposit: number | null;
  /** What the price-list import was unsure of, until the owner marks it checked; never sent. */
  review?: ServiceReview[];
}

export type ServiceField = 'name' | 'duration' | 'price' | 'price_min' | 'price_max' | 'comment' | 'deposit';
export type ServiceErrors = Partial<Record<ServiceField, string>>;

export interface VoiceDraft {
  selectedVoice: string;
  selectedLanguage: string;
  firstMessage: string;
  agentPhone: string;
  escalationPhone: string;
  /** 0 = off; 5–60 rings the salon's own phone first. */
  ringSalonFirstSeconds: number;
  /** Text callers nobody answered (off by default). */
  textMissedCallers: boolean;
  phoneOption: 'new' | 'forward';
  forwardNumber: string;
}

export interface WizardData {
  business: BusinessDraft;
  hours: Hours;
  stylists: StylistRow[];
  services: ServiceDraft[];
  voice: VoiceDraft;
  googleConnected: boolean;
  savedStep: number;
}

let uidCounter = 0;
export const newUid = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(uidCounter++).toString(36)}`;

export const emptyStylist = (): StylistRow => ({ uid: newUid('stylist'), name: '', calendarId: '' });

export const emptyService = (): ServiceDraft => ({
  uid: newUid('service'),
  name: '',
  duration: null,
  price: null,
  price_min: null,
  price_max: null,
  isRange: false,
  comment: '',
  deposit: null,
});

const copyHours = (hours: Hours): Hours => Object.fromEntries(DAYS.map((day) => [day, { ...hours[day] }])) as Hours;

export function defaultWizardData(): WizardData {
  return {
    business: { name: '', phone: '', address_line: '', town_city: '', county: '', eircode: '', directions: '', owner_mobile: '', reminders: true, reminder_hours: 24 },
    hours: copyHours(DEFAULT_HOURS),
    stylists: [emptyStylist()],
    services: [],
    voice: {
      selectedVoice: DEFAULT_VOICE_ID,
      selectedLanguage: DEFAULT_LANGUAGE,
      firstMessage: '',
      agentPhone: '',
      escalationPhone: '',
      ringSalonFirstSeconds: 0,
      textMissedCallers: false,
      phoneOption: 'new',
      forwardNumber: '',
    },
    googleConnected: false,
    savedStep: 1,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function serviceFromApi(service: Partial<ApiService>): ServiceDraft {
  return {
    uid: newUid('service'),
    id: service.id || undefined,
    name: text(service.name),
    duration: numberOrNull(service.duration),
    price: numberOrNull(service.price),
    price_min: numberOrNull(service.price_min),
    price_max: numberOrNull(service.price_max),
    isRange: Boolean(service.isRange),
    comment: text(service.comment),
    deposit: numberOrNull(service.deposit) || null,
    ...(Array.isArray(service.review) && service.review.length ? { review: service.review } : {}),
  };
}

export function serviceToApi(service: ServiceDraft): ApiService {
  return {
    ...(service.id ? { id: service.id } : {}),
    name: service.name.trim(),
    duration: service.duration,
    price: service.isRange ? null : service.price,
    price_min: service.isRange ? service.price_min : null,
    price_max: service.isRange ? service.price_max : null,
    isRange: service.isRange,
    comment: service.comment.trim(),
    deposit: service.deposit ?? 0,
  };
}

/** Turns the load response into the wizard's draft; no saved setup means the defaults. */
export function wizardDataFromSetup(setup: SetupState): WizardData {
  const defaults = defaultWizardData();
  if (!setup.exists) return { ...defaults, googleConnected: Boolean(setup.google_connected) };
  const business = setup.business ?? ({} as SetupState['business']);
  const hours = copyHours(DEFAULT_HOURS);
  for (const day of DAYS) {
    const saved = business.hours?.[day];
    if (saved) hours[day] = { open: text(saved.open) || hours[day].open, close: text(saved.close) || hours[day].close, closed: Boolean(saved.closed) };
  }
  const stylists: StylistRow[] = (setup.stylists ?? []).map((stylist) => ({
    uid: newUid('stylist'),
    id: stylist.id,
    name: stylist.name,
    calendarId: setup.mappings?.[stylist.id] ?? '',
  }));
  const voiceId = voiceById(setup.selectedVoice) ? setup.selectedVoice : DEFAULT_VOICE_ID;
  const voice = voiceById(voiceId);
  const language = (voice?.languages as readonly string[] | undefined)?.includes(setup.selectedLanguage) ? setup.selectedLanguage : DEFAULT_LANGUAGE;
  return {
    business: {
      name: text(business.name),
      phone: text(business.phone),
      address_line: text(business.address_line),
      town_city: text(business.town_city),
      county: text(business.county),
      eircode: text(business.eircode),
      directions: text(business.directions),
      owner_mobile: text(business.owner_mobile),
      reminders: business.reminders !== false,
      reminder_hours: business.reminder_hours === 48 ? 48 : 24,
    },
    hours,
    stylists: stylists.length ? stylists : [emptyStylist()],
    services: (setup.services ?? []).map(serviceFromApi),
    voice: {
      selectedVoice: voiceId,
      selectedLanguage: language,
      firstMessage: text(setup.firstMessage),
      agentPhone: text(setup.agentPhone),
      escalationPhone: text(setup.escalationPhone),
      ringSalonFirstSeconds: typeof setup.ringSalonFirstSeconds === 'number' ? setup.ringSalonFirstSeconds : 0,
      textMissedCallers: setup.textMissedCallers === true,
      phoneOption: setup.phoneOption === 'forward' ? 'forward' : 'new',
      forwardNumber: text(setup.forwardNumber),
    },
    googleConnected: Boolean(setup.google_connected),
    savedStep: setup.currentStep,
  };
}

/** First message of each top-level path of a failed parse. */
function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[], depth = 1): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.slice(0, depth).map(String).join('.');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** Empty or unreadable numbers are checked as 0 / no price, so every rule reports at once (a type error would stop zod early). */
const forChecking = (value: number | null) => (value === null || Number.isNaN(value) ? null : value);

export function validateService(service: ServiceDraft): ServiceErrors {
  const result = serviceSchema.safeParse({
    ...serviceToApi(service),
    duration: forChecking(service.duration) ?? 0,
    deposit: forChecking(service.deposit) ?? 0,
    ...(service.isRange
      ? { price_min: forChecking(service.price_min), price_max: forChecking(service.price_max) }
      : { price: forChecking(service.price) }),
  });
  return result.success ? {} : (issuesByPath(result.error.issues) as ServiceErrors);
}

export function validateServices(services: ServiceDraft[]): Record<string, ServiceErrors> {
  const errors: Record<string, ServiceErrors> = {};
  for (const service of services) {
    const found = validateService(service);
    if (Object.keys(found).length) errors[service.uid] = found;
  }
  return errors;
}

export function validateStylists(stylists: StylistRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  stylists.forEach((stylist, index) => {
    const result = stylistSchema.safeParse({ key: stylist.id ?? temporaryStylistKey(index), name: stylist.name });
    if (!result.success) errors[stylist.uid] = result.error.issues[0]?.message ?? '';
  });
  return errors;
}

/** Step 1 errors keyed by field name, and `hours.<day>` for the hours editor. */
export function validateBusiness(business: BusinessDraft, hours: Hours): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = businessSchema.safeParse(business);
  if (!parsed.success) Object.assign(errors, issuesByPath(parsed.error.issues));
  const parsedHours = hoursSchema.safeParse(hours);
  if (!parsedHours.success) {
    for (const [key, message] of Object.entries(issuesByPath(parsedHours.error.issues))) errors[`hours.${key}`] = message;
  }
  return errors;
}

export function validateVoice(voice: VoiceDraft): Record<string, string> {
  const parsed = stepThreeRequest.safeParse({ step: 3, ...voice });
  return parsed.success ? {} : issuesByPath(parsed.error.issues);
}

/** Step 2's request: unsaved stylists get a temporary key by position. */
export function stepTwoPayload(stylists: StylistRow[], services: ServiceDraft[], currentStep: number) {
  const rows = stylists.map((stylist, index) => ({ stylist, key: stylist.id ?? temporaryStylistKey(index) }));
  const mappings: Record<string, string> = {};
  for (const { stylist, key } of rows) if (stylist.calendarId) mappings[key] = stylist.calendarId;
  return {
    step: 2 as const,
    stylists: rows.map(({ stylist, key }) => ({ ...(stylist.id ? { id: stylist.id } : {}), key, name: stylist.name.trim() })),
    mappings,
    services: services.map(serviceToApi),
    currentStep,
  };
}

export function formatPrice(service: ServiceDraft): string {
  if (service.isRange) {
    const min = service.price_min ?? 0;
    const max = service.price_max ?? 0;
    if (min > 0 && max > 0) return `€${min}–€${max}`;
    if (min > 0) return `from €${min}`;
    if (max > 0) return `up to €${max}`;
    return 'No price yet';
  }
  return service.price && service.price > 0 ? `€${service.price}` : 'No price yet';
}

export function formatDuration(minutes: number | null): string {
  if (!minutes || minutes <= 0) return 'No duration yet';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${minutes} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** Deep equality of plain data (objects, arrays, numbers with NaN equal to itself): "has anything changed since it was loaded?". */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => key in bRecord && sameValue((a as Record<string, unknown>)[key], bRecord[key]));
}

/** The record without `key` (the same record when it has none, so React keeps its state). */
export function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
}

/** What step 2 saves, without the client-only row ids: compared to tell whether anything changed. */
export function teamSnapshot(stylists: StylistRow[], services: ServiceDraft[]) {
  return {
    stylists: stylists.map(({ id, name, calendarId }) => ({ id: id ?? null, name, calendarId })),
    services: services.map(serviceToApi),
  };
}
