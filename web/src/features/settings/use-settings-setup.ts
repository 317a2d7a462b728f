import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SetupState } from '@functions/contracts/setup';
import {
  latestSetup,
  useBusinessForm,
  useCalendarConnection,
  useSetupLoad,
  useTeamForm,
  useVoiceForm,
  wizardDataFromSetup,
  type OAuthReturn,
  type WizardData,
} from '../setup';

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
  const queryClient = useQueryClient();
  // Where the wizard resumes: saving from Settings leaves it as it was.
  const wizardStep = useRef(1);

  const { reset: resetBusiness } = business;
  const { reset: resetTeam } = team;
  const { reset: resetVoice } = voice;
  const { reset: resetCalendar } = calendar;

  const onLoaded = useCallback(
    (setup: SetupState) => {
      const data = wizardDataFromSetup(setup);
      wizardStep.current = data.savedStep;
      resetBusiness(data);
      resetTeam(data);
      resetVoice(data);
      resetCalendar(data.googleConnected, calendarReturn);
    },
    [resetBusiness, resetTeam, resetVoice, resetCalendar, calendarReturn],
  );
  const { status, retry: load } = useSetupLoad(onLoaded);

  /** After a section saved (the save has read the setup again): that section takes what was saved; the others keep their edits. */
  const reload = useCallback(
    (reset: (data: WizardData) => void) => {
      const setup = latestSetup(queryClient);
      // Without a fresh read the form already shows what was saved.
      if (!setup) return;
      const data = wizardDataFromSetup(setup);
      wizardStep.current = data.savedStep;
      reset(data);
    },
    [queryClient],
  );

  return { status, load, reload, wizardStep: () => wizardStep.current, business, team, voice, calendar };
}
