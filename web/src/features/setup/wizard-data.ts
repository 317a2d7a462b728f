import { DEFAULT_HOURS, DAYS, type Day, type Hours, type SetupState, type Stylist, type VoiceStep } from '@functions/contracts/setup';
import { DEFAULT_LANGUAGE, DEFAULT_VOICE_ID, VOICE_SETTINGS_UNSET, pickVoiceSettings, voiceById } from '@functions/contracts/voice-settings';
import { displayPhone } from '@functions/contracts/phone';
import { newUid } from './new-uid';
import { text } from './loose-values';
import { serviceFromApi, type ServiceDraft } from './service-draft';

/** The wizard's editable copy of the setup, with client-only row ids for React keys. */

export interface BusinessDraft {
  name: string;
  phone: string;
  address_line: string;
  town_city: string;
  county: string;
  eircode: string;
  directions: string;
  /** "Things callers should know": the receptionist tells callers what applies to them. */
  caller_notes: string;
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
  /** The days they work; null: every day the salon opens. */
  days: Day[] | null;
  /** The services they do (a saved service's id, a new one's name); null: every service. */
  services: string[] | null;
}

/** Step 3's fields are the contract's (functions/contracts/voice-settings.ts, voiceSettingsShape): the form adds none of its own. */
export type VoiceDraft = VoiceStep;

export interface WizardData {
  business: BusinessDraft;
  hours: Hours;
  stylists: StylistRow[];
  services: ServiceDraft[];
  voice: VoiceDraft;
  googleConnected: boolean;
  savedStep: number;
}

export const emptyStylist = (): StylistRow => ({ uid: newUid('stylist'), name: '', calendarId: '', days: null, services: null });

/** A saved stylist as the form holds it. */
export function stylistRow(stylist: Stylist, calendarId: string, uid = newUid('stylist')): StylistRow {
  return { uid, id: stylist.id, name: stylist.name, calendarId, days: stylist.days ?? null, services: stylist.services ?? null };
}

const copyHours = (hours: Hours): Hours => Object.fromEntries(DAYS.map((day) => [day, { ...hours[day] }])) as Hours;

export function defaultWizardData(): WizardData {
  return {
    business: {
      name: '',
      phone: '',
      address_line: '',
      town_city: '',
      county: '',
      eircode: '',
      directions: '',
      caller_notes: '',
      owner_mobile: '',
      reminders: true,
      reminder_hours: 24,
    },
    hours: copyHours(DEFAULT_HOURS),
    stylists: [emptyStylist()],
    services: [],
    voice: { ...VOICE_SETTINGS_UNSET, selectedVoice: DEFAULT_VOICE_ID, phoneOption: 'new', forwardNumber: '', forwardWhen: 'unanswered' },
    googleConnected: false,
    savedStep: 1,
  };
}

/** A saved number as the owner wrote it (the store keeps E.164; the form shows "091 562 345"). */
const phoneField = (value: unknown) => (text(value) ? displayPhone(text(value)) : '');

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
  const stylists: StylistRow[] = (setup.stylists ?? []).map((stylist) => stylistRow(stylist, setup.mappings?.[stylist.id] ?? ''));
  const voiceId = voiceById(setup.selectedVoice) ? setup.selectedVoice : DEFAULT_VOICE_ID;
  const voice = voiceById(voiceId);
  const voiceSettings = pickVoiceSettings(setup);
  const language = (voice?.languages as readonly string[] | undefined)?.includes(setup.selectedLanguage) ? setup.selectedLanguage : DEFAULT_LANGUAGE;
  return {
    business: {
      name: text(business.name),
      phone: phoneField(business.phone),
      address_line: text(business.address_line),
      town_city: text(business.town_city),
      county: text(business.county),
      eircode: text(business.eircode),
      directions: text(business.directions),
      caller_notes: text(business.caller_notes),
      owner_mobile: phoneField(business.owner_mobile),
      reminders: business.reminders !== false,
      reminder_hours: business.reminder_hours === 48 ? 48 : 24,
    },
    hours,
    stylists: stylists.length ? stylists : [emptyStylist()],
    services: (setup.services ?? []).map(serviceFromApi),
    voice: {
      ...voiceSettings,
      agentPhone: phoneField(voiceSettings.agentPhone),
      escalationPhone: phoneField(voiceSettings.escalationPhone),
      selectedVoice: voiceId,
      selectedLanguage: language,
      phoneOption: setup.phoneOption === 'forward' ? 'forward' : 'new',
      forwardNumber: phoneField(setup.forwardNumber),
      forwardWhen: setup.forwardWhen === 'all' ? 'all' : 'unanswered',
    },
    googleConnected: Boolean(setup.google_connected),
    savedStep: setup.currentStep,
  };
}
