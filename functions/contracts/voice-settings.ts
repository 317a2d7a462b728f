import * as z from 'zod';
import { optionalPhone, setupMessages } from './setup-fields.js';

/**
 * The receptionist's voices and its voice settings: the catalogue the owner chooses from, the
 * preview query, and each setting's rule and default (wizard step 3, Settings → Voice & Number).
 */
export const VOICES = [
  { voiceId: 'labhaoise', name: 'Labhaoise', description: 'Casual, warm Irish woman', languages: ['en'] },
  { voiceId: 'niamh', name: 'Niamh', description: 'Young Irish female with a soft accent', languages: ['en'] },
  { voiceId: 'becky', name: 'Becky', description: 'Soft, friendly receptionist', languages: ['en'] },
  { voiceId: 'emily', name: 'Emily', description: 'Upbeat Northern Irish', languages: ['en'] },
  { voiceId: 'juniper', name: 'Juniper', description: 'Grounded female professional', languages: ['en', 'pl'] },
] as const;
export const DEFAULT_VOICE_ID = VOICES[0].voiceId;
export const DEFAULT_LANGUAGE = 'en';

export const LANGUAGE_LABELS: Record<string, string> = {
  en: 'English',
  pl: 'Polish',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  sv: 'Swedish',
  da: 'Danish',
  no: 'Norwegian',
  fi: 'Finnish',
};

export function voiceById(voiceId: string) {
  return VOICES.find((voice) => voice.voiceId === voiceId);
}

/** `GET /api/elevenlabs?action=preview&voiceId=…`: a sample of one of our voices (no sign-in). */
export const voicePreviewQuery = z.strictObject({
  action: z.literal('preview', { error: 'action must be preview' }),
  voiceId: z.string({ error: 'voiceId is required' }).refine((voiceId) => Boolean(voiceById(voiceId)), 'Unknown voice'),
});

/** Callers are told at once that they are speaking with an AI assistant (RELIABILITY 27). */
export function defaultFirstMessage(salonName: string): string {
  const name = salonName.trim() || 'the salon';
  return `Hi, thanks for calling ${name}! I'm the salon's AI assistant. How can I help you today?`;
}

/** Staff first: how long an inbound call rings the salon's own phone before the agent answers (0 = off). */
export const RING_SALON_FIRST_MIN = 5;
export const RING_SALON_FIRST_MAX = 60;

/**
 * The receptionist's voice settings (wizard step 3, Settings → Voice & Number), each with its rule
 * and default. The store, the load answer and the web forms take their fields from this one shape:
 * a new setting is added here (and given its control in the form).
 */
export const voiceSettingsShape = {
  selectedVoice: z.string().refine((voiceId) => Boolean(voiceById(voiceId)), setupMessages.voiceUnknown),
  selectedLanguage: z.string().default(DEFAULT_LANGUAGE),
  firstMessage: z.string().trim().min(1, setupMessages.firstMessageRequired).max(500),
  agentPhone: optionalPhone,
  escalationPhone: optionalPhone,
  ringSalonFirstSeconds: z
    .number({ error: setupMessages.ringSalonFirstRange })
    .int(setupMessages.ringSalonFirstRange)
    .refine((seconds) => seconds === 0 || (seconds >= RING_SALON_FIRST_MIN && seconds <= RING_SALON_FIRST_MAX), setupMessages.ringSalonFirstRange)
    .default(0),
  /** Text a caller whose call nobody answered (once a day per number, never at night); off unless the owner turns it on. */
  textMissedCallers: z.boolean({ error: 'textMissedCallers must be true or false' }).default(false),
};
export const voiceSettingsSchema = z.strictObject(voiceSettingsShape);
export type VoiceSettings = z.output<typeof voiceSettingsSchema>;
export const VOICE_SETTING_FIELDS = Object.keys(voiceSettingsShape) as (keyof VoiceSettings)[];

type VoiceSettingsInput = z.input<typeof voiceSettingsSchema>;
/** The settings the owner must give (no default in the rule above). */
type GivenByOwner = { [K in keyof VoiceSettingsInput]-?: undefined extends VoiceSettingsInput[K] ? never : K }[keyof VoiceSettingsInput];
/** Until step 3 is saved these read empty, so the dashboard's Voice card reads Not started (the type makes a new such setting say what it is then). */
const UNSET_GIVEN_BY_OWNER: Pick<VoiceSettings, GivenByOwner> = { selectedVoice: '', firstMessage: '' };

/** What a salon that never saved its voice settings has: each setting's own default, empty where the owner must give one. */
export const VOICE_SETTINGS_UNSET = {
  ...Object.fromEntries(
    VOICE_SETTING_FIELDS.filter((field) => !(field in UNSET_GIVEN_BY_OWNER)).map((field) => [field, voiceSettingsShape[field].parse(undefined)]),
  ),
  ...UNSET_GIVEN_BY_OWNER,
} as VoiceSettings;

/** The voice settings out of a larger record (a step-3 request, a stored item); any never saved read as unset. */
export function pickVoiceSettings(source: { readonly [K in keyof VoiceSettings]?: unknown }): VoiceSettings {
  const present = VOICE_SETTING_FIELDS.filter((field) => source[field] !== undefined && source[field] !== null).map((field) => [field, source[field]]);
  return { ...VOICE_SETTINGS_UNSET, ...Object.fromEntries(present) } as VoiceSettings;
}
