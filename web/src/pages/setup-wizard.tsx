import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETUP_STEPS, clampStep, setupProgress, type SetupState } from '@functions/contracts/setup';
import { setupMessages } from '@functions/contracts/setup-fields';
import { defaultFirstMessage } from '@functions/contracts/voice-settings';
import { ApiError } from '../lib/api-client';
import { LeaveDialog, useLeaveGuard } from '../components/leave-guard';
import { LOAD_FAILED, SAVE_FAILED, latestSetup } from '../features/setup/api';
import { useToast } from '../components/toast';
import { BusinessStep } from '../features/setup/components/business-step';
import { CalendarStep } from '../features/setup/components/calendar-step';
import { VoiceStep } from '../features/setup/components/voice-step';
import { WizardOverlay } from '../features/setup/components/wizard-overlay';
import { WizardProgress } from '../features/setup/components/wizard-progress';
import { DraftNote } from '../features/setup/components/draft-note';
import { clearOAuthMarker, oauthInFlight, oauthReturn } from '../features/setup/google-connect';
import { pageIsLeaving } from '../features/auth';
import { wizardDataFromSetup } from '../features/setup/wizard-data';
import { useBusinessForm } from '../features/setup/use-business-form';
import { useCalendarConnection } from '../features/setup/use-calendar-connection';
import { useSetupLoad } from '../features/setup/use-setup-load';
import { useTeamForm } from '../features/setup/use-team-form';
import { useVoiceForm } from '../features/setup/use-voice-form';
import '../features/setup/setup.css';

export const STEP_TITLES = ['Business Basics', 'Calendar & Services', 'Voice & Number'] as const;

const ADVANCING = ['setup', 'advance'] as const;

/** Departures nobody is asked about: to Google's consent page (the draft waits), or away from an owner who signed out in another tab. */
const leavingOnPurpose = () => oauthInFlight() || pageIsLeaving();

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Reads the wizard's entry parameters once: `?step=n` from the dashboard, `?connected=` from Google. */
function useEntryParameters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [entry] = useState(() => {
    const rawStep = searchParams.get('step');
    // The marker says the owner left from step 2 for Google's consent page (and may have come back without an answer).
    return { step: rawStep ? clampStep(Number(rawStep)) : null, connected: oauthReturn(searchParams), wasConnecting: oauthInFlight() };
  });
  const tidied = useRef(false);
  useEffect(() => {
    if (tidied.current) return;
    tidied.current = true;
    clearOAuthMarker();
    if (searchParams.has('step') || searchParams.has('connected')) {
      const next = new URLSearchParams(searchParams);
      next.delete('step');
      next.delete('connected');
      setSearchParams(next, { replace: true });
    }
  }, [entry, searchParams, setSearchParams]);
  return entry;
}

/** "Still to finish: Calendar & Services." after Complete Setup, naming each step the saved setup does not complete; null when all are. */
export function unfinishedSteps(setup: SetupState | null): string | null {
  if (!setup) return null;
  const progress = setupProgress(setup);
  const open = STEP_TITLES.filter((_, index) => !progress[(['business', 'calendar', 'voice'] as const)[index]!]);
  return open.length ? `Setup saved. Still to finish: ${open.join(' and ')}.` : null;
}

export default function SetupWizardPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const entry = useEntryParameters();
  const business = useBusinessForm();
  const team = useTeamForm();
  const voice = useVoiceForm();
  const calendar = useCalendarConnection();

  const [step, setStep] = useState(1);
  const [alert, setAlert] = useState('');

  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useRef<'heading' | 'invalid' | null>(null);
  const checking = useRef(false);

  const { reset: resetBusiness } = business;
  const { reset: resetTeam } = team;
  const { reset: resetVoice } = voice;
  const { reset: resetCalendar } = calendar;

  const onLoaded = useCallback(
    (setup: SetupState) => {
      const loaded = wizardDataFromSetup(setup);
      let nextStep = entry.step ?? (setup.exists ? clampStep(setup.currentStep) : 1);
      if (entry.connected || entry.wasConnecting) nextStep = Math.max(nextStep, 2);
      if (nextStep === 3 && !loaded.voice.firstMessage.trim()) loaded.voice.firstMessage = defaultFirstMessage(loaded.business.name);
      resetBusiness(loaded);
      resetTeam(loaded);
      resetVoice(loaded);
      resetCalendar(loaded.googleConnected, entry.connected);
      setStep(nextStep);
    },
    [entry, resetBusiness, resetTeam, resetVoice, resetCalendar],
  );
  const setup = useSetupLoad(onLoaded);
  const loadState = setup.status;
  const leave = useLeaveGuard(loadState === 'ready' && (business.dirty || team.dirty || voice.dirty), { leavingOnPurpose });
  const loadError = setup.error instanceof ApiError && setup.error.status === 401 ? setup.error.message : LOAD_FAILED;

  // Moves focus after a step change (to the new step's heading) or a failed check (to the first invalid field).
  useEffect(() => {
    const target = focusAfterRender.current;
    if (!target) return;
    focusAfterRender.current = null;
    if (target === 'heading') heading.current?.focus();
    else document.querySelector<HTMLElement>('.wizard-form [aria-invalid="true"]')?.focus();
  });

  function goToStep(next: number) {
    const target = clampStep(next);
    if (target === 3) voice.fillGreeting(business.value.business.name);
    voice.stopPreview();
    setStep(target);
    setAlert('');
    focusAfterRender.current = 'heading';
  }

  function showInvalid() {
    setAlert(setupMessages.fixErrors);
    focusAfterRender.current = 'invalid';
  }

  // Each step form saves through its own mutation; this one runs a step's save and what follows it.
  const advance = useMutation({
    mutationKey: ADVANCING,
    mutationFn: (work: () => Promise<void>) => work(),
    onMutate: () => setAlert(''),
    onError: (error) => {
      console.error('Saving the setup failed', error);
      setAlert(errorText(error, SAVE_FAILED));
    },
  });
  const saving = advance.isPending;
  // The cache knows at once (the hook's state a render later): a double click saves once.
  const advancing = () => queryClient.isMutating({ mutationKey: ADVANCING }) > 0;
  const withSaving = (work: () => Promise<void>) => advance.mutate(work);

  /** Next saves the step first (step 2 with or without a calendar: the stylists and services are the salon's own). */
  async function next() {
    if (advancing() || checking.current || loadState !== 'ready') return;
    const form = [business, team, voice][step - 1]!;
    // The contract check is asynchronous (react-hook-form's trigger): a second click meanwhile checks nothing twice.
    checking.current = true;
    const valid = await form.validate().finally(() => {
      checking.current = false;
    });
    if (!valid) return showInvalid();
    if (step < SETUP_STEPS) {
      const nextStep = step + 1;
      return withSaving(async () => {
        await form.save(nextStep);
        goToStep(nextStep);
      });
    }
    return withSaving(async () => {
      await voice.save(3);
      // The spec's Complete Setup goes to the dashboard; a step left open is named on the way, not found later.
      const unfinished = unfinishedSteps(latestSetup(queryClient));
      if (unfinished) toast.show(unfinished, 'error');
      leave.allowNextLeave();
      await navigate('/dashboard');
    });
  }

  function previous() {
    if (advancing() || step === 1) return;
    goToStep(step - 1);
  }

  // The check's alert goes once every error it was about has been fixed.
  const stepHasErrors = [business.hasErrors, team.hasErrors, voice.hasErrors][step - 1];
  const shownAlert = alert === setupMessages.fixErrors && !stepHasErrors ? '' : alert;
  const overlayMessage = loadState === 'loading' ? 'Loading your salon setup…' : saving ? 'Saving your changes…' : '';
  const busy = Boolean(overlayMessage);
  const title = STEP_TITLES[step - 1];
  const lastStep = step === SETUP_STEPS;

  return (
    <div className="wizard-page">
      <title>{`Setup: ${title} · SalonDesk`}</title>
      <header className="wizard-header">
        <span className="wizard-brand">SalonDesk</span>
        <Link to="/dashboard" className="wizard-back">
          <span aria-hidden="true">←</span> Back to Dashboard
        </Link>
      </header>
      <main className="wizard-main">
        <div className="wizard-card card" aria-busy={busy}>
          <h1 className="wizard-title">Set up your AI receptionist</h1>
          <WizardProgress step={step} titles={STEP_TITLES} />

          {loadState === 'error' ? (
            <div className="wizard-load-error">
              <p className="alert alert-error" role="alert">
                {loadError}
              </p>
              <button type="button" className="button button-primary" onClick={setup.retry}>
                Try again
              </button>
            </div>
          ) : (
            <div className="wizard-form">
              <h2 className="wizard-step-title" ref={heading} tabIndex={-1}>
                {title}
              </h2>
              {loadState === 'ready' && <DraftNote draft={[business.draft, team.draft, voice.draft][step - 1]!} />}
              {loadState === 'loading' ? (
                <div className="wizard-skeleton" aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </div>
              ) : step === 1 ? (
                <BusinessStep {...business.stepProps} />
              ) : step === 2 ? (
                <CalendarStep {...calendar.stepProps} {...team.stepProps} />
              ) : (
                <VoiceStep {...voice.stepProps} />
              )}

              <div className="wizard-alert">
                {shownAlert && (
                  <p className="alert alert-error" role="alert">
                    {shownAlert}
                  </p>
                )}
              </div>

              {/* Shown with the step it moves on from: drawn under the skeleton, the step's taller form pushed it down (a layout shift). */}
              {loadState === 'ready' && (
                <div className="wizard-actions">
                  <button type="button" className="button button-secondary" onClick={previous} disabled={step === 1}>
                    Previous
                  </button>
                  <button type="button" className="button button-primary" onClick={() => void next()} aria-disabled={busy || undefined}>
                    {lastStep ? 'Complete Setup' : 'Next'}
                  </button>
                </div>
              )}
            </div>
          )}
          <WizardOverlay message={overlayMessage} />
        </div>
      </main>
      <LeaveDialog blocker={leave.blocker} />
    </div>
  );
}
