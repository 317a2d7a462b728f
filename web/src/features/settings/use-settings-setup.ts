import { useCallback, useEffect, useRef, useState } from 'react';
import { loadSetup, useBusinessForm, useCalendarConnection, useTeamForm, useVoiceForm, wizardDataFromSetup, type OAuthReturn, type WizardData } from '../setup';

export const SETTINGS_LOAD_FAILED = 'Unable to load settings';

/**
 * What setup saved, loaded once for Business, Calendar & Services and Voice & Number, each edited
 * through the wizard's own step forms. `calendarReturn`: Google's answer when the owner has just
 * come back from connecting the calendar in Settings. The forms live here, above the sections, so an unsaved edit
 * survives a visit to another section.
 */
export function useSettingsSetup(calendarReturn: OAuthReturn = null) {
  const business = useBusinessForm();
  const team = useTeamForm();
  const voice = useVoiceForm();
  const calendar = useCalendarConnection('settings');
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  // Where the wizard resumes: saving from Settings leaves it as it was.
  const wizardStep = useRef(1);

  const { reset: resetBusiness } = business;
  const { reset: resetTeam } = team;
  const { reset: resetVoice } = voice;
  const { reset: resetCalendar } = calendar;

  const load = useCallback(async () => {
    setStatus('loading');
    try {
      const data = wizardDataFromSetup(await loadSetup());
      wizardStep.current = data.savedStep;
      resetBusiness(data);
      resetTeam(data);
      resetVoice(data);
      resetCalendar(data.googleConnected, calendarReturn);
      setStatus('ready');
    } catch (error) {
      console.error('Loading settings failed', error);
      setStatus('error');
    }
  }, [resetBusiness, resetTeam, resetVoice, resetCalendar, calendarReturn]);

  useEffect(() => {
    void load();
  }, [load]);

  /** After a section saved: that section is loaded again from the server; the others keep their edits. */
  const reload = useCallback(async (reset: (data: WizardData) => void) => {
    try {
      const data = wizardDataFromSetup(await loadSetup());
      wizardStep.current = data.savedStep;
      reset(data);
    } catch (error) {
      // The save went through and the form already shows what was saved.
      console.error('Reloading settings failed', error);
    }
  }, []);

  return { status, load, reload, wizardStep: () => wizardStep.current, business, team, voice, calendar };
}
