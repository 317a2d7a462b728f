import { DEFAULT_HOURS } from '../../../functions/contracts/setup.js';
import type { Salon } from '../../../functions/core/salon-profile.js';
import type { StoredSetup } from '../../../functions/core/ports/setup-store.js';

/**
 * Salons the agent configuration is checked against: what each one's agent must know and say.
 * `facts` are sentences its system prompt must contain word for word.
 */
export interface FixtureSalon {
  salon: Salon;
  setup: StoredSetup;
  facts: string[];
  firstMessage: string;
  language: string;
  voice: string;
}

const base = { ownerEmail: 'owner@example.ie', createdAt: '2026-11-01T10:00:00.000Z', liveAt: null };
const service = (id: string, name: string, duration: number, price: Partial<{ price: number; price_min: number; price_max: number }>, comment = '') => ({
  id,
  name,
  duration,
  price: price.price ?? null,
  price_min: price.price_min ?? null,
  price_max: price.price_max ?? null,
  isRange: price.price === undefined,
  comment,
});

export const FIXTURE_SALONS: Record<string, FixtureSalon> = {
  'Cuts by Ciara (Galway, English, greeting without the disclosure)': {
    salon: {
      ...base,
      id: 'sal_fixture01',
      ownerId: 'owner-1',
      name: 'Cuts by Ciara',
      phone: '+35391123456',
      assignedNumber: '+35315551234',
      business: { address_line: '12 Main Street', town_city: 'Galway', county: 'Galway', eircode: 'H91 X2Y3', directions: 'Above the chemist, green door.' },
      hours: DEFAULT_HOURS,
    } as Salon,
    setup: {
      exists: true,
      currentStep: 3,
      phoneOption: 'new',
      forwardNumber: '',
      forwardWhen: 'unanswered',
      stylists: [
        { id: 'sty_1', name: 'Ciara' },
        { id: 'sty_2', name: 'Aoife' },
      ],
      services: [service('svc_1', 'Balayage', 180, { price: 180 }, '€20 deposit'), service('svc_2', 'Cut & blow-dry', 45, { price: 45 })],
      mappings: { sty_1: 'ciara@sandbox.calendar' },
      voice: {
        selectedVoice: 'niamh',
        selectedLanguage: 'en',
        firstMessage: 'Hi, thanks for calling Cuts by Ciara!',
        agentPhone: '',
        escalationPhone: '',
        ringSalonFirstSeconds: 0,
        textMissedCallers: false,
      },
    } as StoredSetup,
    facts: [
      'You are the receptionist of Cuts by Ciara',
      'Address: 12 Main Street, Galway, Co. Galway, H91 X2Y3.',
      'Directions: Above the chemist, green door.',
      'Balayage: 3 hours, €180 (€20 deposit)',
      'Cut & blow-dry: 45 minutes, €45',
      'Stylists: Ciara and Aoife.',
      'Speak English',
    ],
    firstMessage: "Hi, thanks for calling Cuts by Ciara! Just so you know, I'm the salon's AI assistant.",
    language: 'en',
    voice: 'niamh',
  },
  'Studio Ola (Dublin, Polish, price ranges, greeting that discloses)': {
    salon: {
      ...base,
      id: 'sal_fixture02',
      ownerId: 'owner-2',
      name: 'Studio Ola',
      phone: '+35312345678',
      assignedNumber: '+35315559876',
      business: {
        address_line: 'Unit 4, Capel Street',
        town_city: 'Dublin 1',
        county: 'Dublin',
        eircode: 'D01 K2W3',
        directions: 'Across from the hardware shop; buzzer 4.',
      },
      hours: { ...DEFAULT_HOURS, sunday: { open: '12:00', close: '16:00', closed: false } },
    } as Salon,
    setup: {
      exists: true,
      currentStep: 3,
      phoneOption: 'forward',
      forwardNumber: '+35312345678',
      stylists: [{ id: 'sty_9', name: 'Ola' }],
      services: [service('svc_9', 'Koloryzacja', 150, { price_min: 120, price_max: 220 }), service('svc_8', 'Strzyżenie', 30, { price_min: 35 })],
      mappings: {},
      voice: {
        selectedVoice: 'juniper',
        selectedLanguage: 'pl',
        firstMessage: 'Dzień dobry, tu asystent AI salonu Studio Ola.',
        agentPhone: '',
        escalationPhone: '+35312345678',
        ringSalonFirstSeconds: 15,
        textMissedCallers: false,
      },
    } as StoredSetup,
    facts: [
      'You are the receptionist of Studio Ola',
      'Address: Unit 4, Capel Street, Dublin 1, Co. Dublin, D01 K2W3.',
      'Directions: Across from the hardware shop; buzzer 4.',
      'Koloryzacja: 2 and a half hours, €120 to €220',
      'Strzyżenie: 30 minutes, from €35',
      'Stylists: Ola.',
      'Speak Polish',
    ],
    firstMessage: 'Dzień dobry, tu asystent AI salonu Studio Ola.',
    language: 'pl',
    voice: 'juniper',
  },
};
