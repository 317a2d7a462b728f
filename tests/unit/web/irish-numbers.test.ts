import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS, type SetupState } from '../../../functions/contracts/setup.js';
import { VOICE_SETTINGS_UNSET } from '../../../functions/contracts/voice-settings.js';
import { displayPhone, toE164 } from '../../../functions/contracts/phone.js';
import { wizardDataFromSetup } from '../../../web/src/features/setup/wizard-data.js';

/**
 * Issue 46, point 5: numbers are shown the Irish way everywhere. "091 562 345" was saved and came
 * back into the form as "+35391562345". One formatter (functions/contracts/phone.ts) serves every
 * place a number is shown. Irish national format: https://gitlab.com/catamphetamine/libphonenumber-js#formatnationalnumber
 */
describe('numbers shown the Irish way', () => {
  it.each([
    ['+35391562345', '091 562 345'],
    ['091 562 345', '091 562 345'],
    ['00353 87 123 4567', '087 123 4567'],
    ['+35312345678', '01 234 5678'],
    ['+441534456789', '+44 1534 456789'],
  ])('%s is shown as %s', (stored, shown) => {
    expect(displayPhone(stored)).toBe(shown);
  });

  it('round-trips: what is shown is read back to the same stored number', () => {
    for (const e164 of ['+35391562345', '+353871234567', '+35312345678', '+353212345678']) expect(toE164(displayPhone(e164))).toBe(e164);
  });

  it('fills the setup forms with the saved numbers as the owner wrote them, not E.164', () => {
    const setup: SetupState = {
      ...VOICE_SETTINGS_UNSET,
      exists: true,
      business: { name: 'Salon', phone: '+35391562345', owner_mobile: '+353871234567', hours: DEFAULT_HOURS } as SetupState['business'],
      stylists: [],
      mappings: {},
      services: [],
      google_connected: false,
      currentStep: 3,
      selectedVoice: '',
      agentPhone: '+35316001234',
      escalationPhone: '+353861234567',
      phoneOption: 'forward',
      forwardNumber: '+35391562345',
      forwardWhen: 'unanswered',
    };
    const draft = wizardDataFromSetup(setup);
    expect(draft.business.phone).toBe('091 562 345');
    expect(draft.business.owner_mobile).toBe('087 123 4567');
    expect(draft.voice.forwardNumber).toBe('091 562 345');
    expect(draft.voice.escalationPhone).toBe('086 123 4567');
    expect(draft.voice.agentPhone).toBe('01 600 1234');
  });
});
