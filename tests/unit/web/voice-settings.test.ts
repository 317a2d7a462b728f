import { describe, expect, it } from 'vitest';
import { stepThreeRequest, type SetupState } from '../../../functions/contracts/setup.js';
import { DEFAULT_VOICE_ID, VOICE_SETTINGS_UNSET, VOICE_SETTING_FIELDS, pickVoiceSettings } from '../../../functions/contracts/voice-settings.js';
import { defaultWizardData, wizardDataFromSetup } from '../../../web/src/features/setup/wizard-data.js';
import { voiceForm } from '../../../web/src/features/setup/validation.js';
import { formErrors } from './form-check.js';

/** The voice settings are listed once, in the contract: the store, the load answer and the web form derive theirs from it. */
describe('voice settings derived from the contract', () => {
  it('are the step-3 request less the step, the phone routing and the progress', () => {
    const requestFields = Object.keys(stepThreeRequest.shape).filter(
      (field) => !['step', 'phoneOption', 'forwardNumber', 'forwardWhen', 'currentStep'].includes(field),
    );
    expect([...VOICE_SETTING_FIELDS].sort()).toEqual(requestFields.sort());
  });

  it("read as each rule's default until saved, empty where the owner must give one", () => {
    expect(VOICE_SETTINGS_UNSET).toEqual({
      selectedVoice: '',
      selectedLanguage: 'en',
      firstMessage: '',
      agentPhone: '',
      escalationPhone: '',
      ringSalonFirstSeconds: 0,
      textMissedCallers: false,
    });
  });

  it('are picked out of a larger record, a missing one (saved before it existed) as unset', () => {
    const stored = { pk: 'SALON#1', sk: 'VOICE', selectedVoice: 'niamh', firstMessage: 'Hello', agentPhone: '+353871234567', ringSalonFirstSeconds: 10 };
    expect(pickVoiceSettings(stored)).toEqual({
      ...VOICE_SETTINGS_UNSET,
      selectedVoice: 'niamh',
      firstMessage: 'Hello',
      agentPhone: '+353871234567',
      ringSalonFirstSeconds: 10,
    });
  });

  it("reach the web form field for field: every saved setting comes back into the form, and the form's defaults pass the contract once greeted", async () => {
    const saved = {
      selectedVoice: 'juniper',
      selectedLanguage: 'pl',
      firstMessage: 'Dzień dobry',
      agentPhone: '+353871234567',
      escalationPhone: '+35312345678',
      ringSalonFirstSeconds: 20,
      textMissedCallers: true,
    };
    const setup = {
      exists: true,
      business: { name: 'Bláth' },
      stylists: [],
      mappings: {},
      services: [],
      google_connected: false,
      currentStep: 3,
      phoneOption: 'new',
      forwardNumber: '',
      ...saved,
    } as unknown as SetupState;
    const { voice } = wizardDataFromSetup(setup);
    // Numbers come back as people write them (RELIABILITY 173), every other setting as saved.
    const shown: Record<string, unknown> = { ...saved, agentPhone: '087 123 4567', escalationPhone: '01 234 5678' };
    for (const field of VOICE_SETTING_FIELDS) expect(voice[field], field).toEqual(shown[field]);

    const fresh = defaultWizardData().voice;
    expect(Object.keys(fresh).sort()).toEqual([...VOICE_SETTING_FIELDS, 'phoneOption', 'forwardNumber', 'forwardWhen'].sort());
    expect(fresh.selectedVoice).toBe(DEFAULT_VOICE_ID);
    expect(await formErrors(voiceForm, fresh)).toEqual({ firstMessage: 'First message is required' });
    expect(await formErrors(voiceForm, { ...fresh, firstMessage: 'Hi' })).toEqual({});
  });
});
