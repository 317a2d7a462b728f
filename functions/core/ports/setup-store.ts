import type { Business, ForwardWhen, Hours, Service, Stylist } from '../../contracts/setup.js';
import type { VoiceSettings } from '../../contracts/voice-settings.js';

/** What the wizard saved, as stored: one item per stylist, service and mapping (docs/architecture.md, "Data model"). */
export interface StoredSetup {
  /** Whether any step was ever saved. */
  exists: boolean;
  currentStep: number;
  phoneOption: 'new' | 'forward';
  forwardNumber: string;
  /** With 'forward': which calls the salon's line sends us; 'unanswered' when never saved. */
  forwardWhen: ForwardWhen;
  stylists: Stylist[];
  services: Service[];
  /** stylist id → calendar id */
  mappings: Record<string, string>;
  voice: VoiceSettings | null;
}

/** How the salon's callers reach the receptionist: its own new number, or the salon's line forwarded to it. */
export type PhoneRouting = Pick<StoredSetup, 'phoneOption' | 'forwardNumber' | 'forwardWhen'>;

export interface SetupStore {
  load(salonId: string): Promise<StoredSetup>;
  saveBusiness(salonId: string, business: Business, hours: Hours): Promise<void>;
  /** Replaces the stylists, mappings and services with these (ids already assigned). */
  replaceTeam(salonId: string, team: { stylists: Stylist[]; mappings: Record<string, string>; services: Service[] }, previous: StoredSetup): Promise<void>;
  saveVoice(salonId: string, voice: VoiceSettings, phone: PhoneRouting): Promise<void>;
  saveProgress(salonId: string, currentStep: number, savedStep: number, at: string): Promise<void>;
}
