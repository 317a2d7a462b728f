import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  SETUP_STEPS,
  clampStep,
  defaultFirstMessage,
  setupMessages,
  type Day,
  type DayHours,
} from '../../../functions/contracts/setup';
import { useToast } from '../components/toast';
import { ApiError } from '../lib/api-client';
import {
  AUTO_FILL_FAILED,
  CALENDAR_CONNECTION_FAILED,
  LOAD_FAILED,
  SAVE_FAILED,
  autoFillDurations,
  autoFilledMessage,
  listCalendars,
  loadSetup,
  saveStep,
  startGoogleOAuth,
  type ApiService,
} from '../features/setup/api';
import { BusinessStep } from '../features/setup/components/business-step';
import { CalendarStep, type CalendarsState, type ConnectState } from '../features/setup/components/calendar-step';
import { VoiceStep } from '../features/setup/components/voice-step';
import { WizardOverlay } from '../features/setup/components/wizard-overlay';
import { clearOAuthMarker, markOAuthInFlight, oauthInFlight, oauthReturn } from '../features/setup/google-connect';
import {
  defaultWizardData,
  emptyService,
  emptyStylist,
  serviceFromApi,
  serviceToApi,
  stepTwoPayload,
  validateBusiness,
  validateServices,
  validateStylists,
  validateVoice,
  wizardDataFromSetup,
  type BusinessDraft,
  type ServiceDraft,
  type ServiceErrors,
  type StylistRow,
  type VoiceDraft,
  type WizardData,
} from '../features/setup/model';
import { useVoicePreview } from '../features/setup/use-voice-preview';
import '../features/setup/setup.css';

export const STEP_TITLES = ['Business Basics', 'Calendar & Services', 'Voice & Number'] as const;

const PRICE_FIELDS = ['price', 'price_min', 'price_max'] as const;

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

export default function SetupWizardPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const entry = useEntryParameters();

  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [data, setData] = useState<WizardData>(defaultWizardData);
  const [step, setStep] = useState(1);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const [alert, setAlert] = useState('');

  const [businessErrors, setBusinessErrors] = useState<Record<string, string>>({});
  const [stylistErrors, setStylistErrors] = useState<Record<string, string>>({});
  const [serviceErrors, setServiceErrors] = useState<Record<string, ServiceErrors>>({});
  const [voiceErrors, setVoiceErrors] = useState<Record<string, string>>({});
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());

  const [connectState, setConnectState] = useState<ConnectState>('idle');
  const [connectError, setConnectError] = useState('');
  const [calendars, setCalendars] = useState<CalendarsState>({ status: 'idle', list: [] });
  const [autoFilling, setAutoFilling] = useState(false);

  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useRef<'heading' | 'invalid' | null>(null);

  const preview = useVoicePreview((message) => toast.show(message, 'error'));

  const fetchCalendars = useCallback(async () => {
    setCalendars((current) => ({ status: 'loading', list: current.list }));
    try {
      const list = await listCalendars();
      setCalendars({ status: 'ready', list: Array.isArray(list) ? list : [] });
    } catch (error) {
      console.error('Listing calendars failed', error);
      if (error instanceof ApiError && error.status === 409) {
        setData((current) => ({ ...current, googleConnected: false }));
        setCalendars({ status: 'idle', list: [] });
        return;
      }
      setCalendars((current) => ({ status: 'error', list: current.list }));
    }
  }, []);

  const load = useCallback(async () => {
    setLoadState('loading');
    setAlert('');
    try {
      const setup = await loadSetup();
      const loaded = wizardDataFromSetup(setup);
      let nextStep = entry.step ?? (setup.exists ? clampStep(setup.currentStep) : 1);
      if (entry.connected === 'ok') {
        loaded.googleConnected = true;
        setConnectState('ok');
      }
      if (entry.connected || entry.wasConnecting) nextStep = Math.max(nextStep, 2);
      if (entry.connected === 'fail') {
        setConnectState('fail');
        setConnectError(CALENDAR_CONNECTION_FAILED);
      }
      if (nextStep === 3 && !loaded.voice.firstMessage.trim()) loaded.voice.firstMessage = defaultFirstMessage(loaded.business.name);
      setData(loaded);
      setStep(nextStep);
      setLoadState('ready');
      if (loaded.googleConnected) void fetchCalendars();
    } catch (error) {
      console.error('Loading the setup failed', error);
      setLoadState('error');
      setAlert(error instanceof ApiError && error.status === 401 ? error.message : LOAD_FAILED);
    }
  }, [entry, fetchCalendars]);

  useEffect(() => {
    void load();
  }, [load]);

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
    if (target === 3) {
      setData((current) =>
        current.voice.firstMessage.trim() ? current : { ...current, voice: { ...current.voice, firstMessage: defaultFirstMessage(current.business.name) } },
      );
    }
    preview.stop();
    setStep(target);
    setAlert('');
    focusAfterRender.current = 'heading';
  }

  function showInvalid(message: string = setupMessages.fixErrors) {
    setAlert(message);
    focusAfterRender.current = 'invalid';
  }

  async function withSaving(work: () => Promise<void>) {
    savingRef.current = true;
    setSaving(true);
    setAlert('');
    try {
      await work();
    } catch (error) {
      console.error('Saving the setup failed', error);
      setAlert(errorText(error, SAVE_FAILED));
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  async function next() {
    if (savingRef.current || loadState !== 'ready') return;
    if (step === 1) {
      const errors = validateBusiness(data.business, data.hours);
      setBusinessErrors(errors);
      if (Object.keys(errors).length) return showInvalid();
      await withSaving(async () => {
        await saveStep({ step: 1, business: data.business, hours: data.hours, currentStep: 2 });
        setData((current) => ({ ...current, savedStep: Math.max(current.savedStep, 2) }));
        goToStep(2);
      });
      return;
    }
    if (step === 2) {
      if (!data.googleConnected) return goToStep(3);
      const foundServiceErrors = validateServices(data.services);
      const foundStylistErrors = validateStylists(data.stylists);
      setServiceErrors(foundServiceErrors);
      setStylistErrors(foundStylistErrors);
      if (Object.keys(foundServiceErrors).length || Object.keys(foundStylistErrors).length) {
        setExpanded((current) => new Set([...current, ...Object.keys(foundServiceErrors)]));
        return showInvalid(setupMessages.fixErrors);
      }
      await withSaving(async () => {
        const saved = await saveStep(stepTwoPayload(data.stylists, data.services, 3));
        // Adopt the server's stylist ids (and their mappings) and the services' ids.
        const stylists: StylistRow[] = saved.stylists.map((stylist) => ({
          uid: `stylist-${stylist.id}`,
          id: stylist.id,
          name: stylist.name,
          calendarId: saved.mappings?.[stylist.id] ?? '',
        }));
        const services = Array.isArray(saved.services) ? saved.services.map(serviceFromApi) : data.services;
        setData((current) => ({
          ...current,
          stylists: stylists.length ? stylists : [emptyStylist()],
          services,
          savedStep: Math.max(current.savedStep, 3),
        }));
        setExpanded(new Set());
        goToStep(3);
      });
      return;
    }
    const errors = validateVoice(data.voice);
    setVoiceErrors(errors);
    if (Object.keys(errors).length) return showInvalid();
    await withSaving(async () => {
      await saveStep({ step: 3, ...data.voice, currentStep: 3 });
      preview.stop();
      navigate('/dashboard');
    });
  }

  function previous() {
    if (savingRef.current || step === 1) return;
    goToStep(step - 1);
  }

  async function connectGoogle() {
    if (connectState === 'starting') return;
    setConnectState('starting');
    setConnectError('');
    try {
      const url = await startGoogleOAuth();
      markOAuthInFlight();
      window.location.assign(url);
    } catch (error) {
      setConnectState('idle');
      setConnectError(errorText(error, 'Failed to start Google OAuth'));
    }
  }

  // ----- Editing -----
  function clearAlertIfClean(nextServiceErrors: Record<string, ServiceErrors>, nextStylistErrors: Record<string, string>) {
    if (!Object.keys(nextServiceErrors).length && !Object.keys(nextStylistErrors).length) {
      setAlert((current) => (current === setupMessages.fixErrors ? '' : current));
    }
  }

  function updateBusiness<K extends keyof BusinessDraft>(field: K, value: BusinessDraft[K]) {
    setData((current) => ({ ...current, business: { ...current.business, [field]: value } }));
    setBusinessErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  }

  function updateHours(day: Day, value: DayHours) {
    setData((current) => ({ ...current, hours: { ...current.hours, [day]: value } }));
    setBusinessErrors((current) => {
      const key = `hours.${day}`;
      if (!current[key]) return current;
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  }

  function updateStylist(uid: string, patch: Partial<StylistRow>) {
    setData((current) => ({ ...current, stylists: current.stylists.map((stylist) => (stylist.uid === uid ? { ...stylist, ...patch } : stylist)) }));
    if ('name' in patch && stylistErrors[uid]) {
      const { [uid]: _removed, ...rest } = stylistErrors;
      setStylistErrors(rest);
      clearAlertIfClean(serviceErrors, rest);
    }
  }

  function addStylist() {
    setData((current) => ({ ...current, stylists: [...current.stylists, emptyStylist()] }));
  }

  function removeStylist(uid: string) {
    if (data.stylists.length <= 1) return; // The last stylist row stays (spec section 5).
    setData((current) => ({ ...current, stylists: current.stylists.filter((stylist) => stylist.uid !== uid) }));
    if (stylistErrors[uid]) {
      const { [uid]: _removed, ...rest } = stylistErrors;
      setStylistErrors(rest);
      clearAlertIfClean(serviceErrors, rest);
    }
  }

  function updateService(uid: string, patch: Partial<ServiceDraft>) {
    setData((current) => ({ ...current, services: current.services.map((service) => (service.uid === uid ? { ...service, ...patch } : service)) }));
    const existing = serviceErrors[uid];
    if (!existing) return;
    const cleared: ServiceErrors = { ...existing };
    for (const field of Object.keys(patch)) {
      if (field === 'isRange' || (PRICE_FIELDS as readonly string[]).includes(field)) for (const price of PRICE_FIELDS) delete cleared[price];
      else delete cleared[field as keyof ServiceErrors];
    }
    const nextErrors = { ...serviceErrors };
    if (Object.keys(cleared).length) nextErrors[uid] = cleared;
    else delete nextErrors[uid];
    setServiceErrors(nextErrors);
    clearAlertIfClean(nextErrors, stylistErrors);
  }

  function toggleService(uid: string) {
    setExpanded((current) => {
      const nextSet = new Set(current);
      if (nextSet.has(uid)) nextSet.delete(uid);
      else nextSet.add(uid);
      return nextSet;
    });
  }

  function addService() {
    const service = emptyService();
    setData((current) => ({ ...current, services: [...current.services, service] }));
    setExpanded((current) => new Set([...current, service.uid]));
  }

  function removeService(uid: string) {
    setData((current) => ({ ...current, services: current.services.filter((service) => service.uid !== uid) }));
    if (serviceErrors[uid]) {
      const { [uid]: _removed, ...rest } = serviceErrors;
      setServiceErrors(rest);
      clearAlertIfClean(rest, stylistErrors);
    }
  }

  function importServices(imported: ApiService[]) {
    const drafts = imported.map(serviceFromApi);
    const errors = validateServices(drafts);
    setData((current) => ({ ...current, services: [...current.services, ...drafts] }));
    setServiceErrors((current) => ({ ...current, ...errors }));
    setExpanded((current) => new Set([...current, ...Object.keys(errors)]));
  }

  async function autoFill() {
    if (autoFilling || data.services.length === 0) return;
    setAutoFilling(true);
    const sent = data.services;
    try {
      const result = await autoFillDurations(sent.map(serviceToApi));
      const returned = Array.isArray(result.services) ? result.services : [];
      const durations = new Map<string, number | null>();
      sent.forEach((service, index) => {
        const match = (service.id && returned.find((candidate) => candidate.id === service.id)) || returned[index];
        if (match && typeof match.duration === 'number') durations.set(service.uid, match.duration);
      });
      setData((current) => ({
        ...current,
        services: current.services.map((service) => (durations.has(service.uid) ? { ...service, duration: durations.get(service.uid) ?? null } : service)),
      }));
      setServiceErrors((current) => {
        const nextErrors: Record<string, ServiceErrors> = {};
        for (const [uid, errors] of Object.entries(current)) {
          const remaining = { ...errors };
          const duration = durations.get(uid);
          if (typeof duration === 'number' && duration > 0) delete remaining.duration;
          if (Object.keys(remaining).length) nextErrors[uid] = remaining;
        }
        return nextErrors;
      });
      const updated = typeof result.updated === 'number' ? result.updated : durations.size;
      toast.show(autoFilledMessage(updated), 'success');
    } catch (error) {
      console.error('Auto-filling durations failed', error);
      toast.show(AUTO_FILL_FAILED, 'error');
    } finally {
      setAutoFilling(false);
    }
  }

  function updateVoice(patch: Partial<VoiceDraft>) {
    setData((current) => ({ ...current, voice: { ...current.voice, ...patch } }));
    setVoiceErrors((current) => {
      const remaining = { ...current };
      for (const field of Object.keys(patch)) delete remaining[field];
      if (patch.phoneOption) delete remaining.forwardNumber;
      return remaining;
    });
  }

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
          <div className="wizard-progress">
            <p className="wizard-step-count" aria-live="polite">
              Step {step} of {SETUP_STEPS}
            </p>
            <ol className="wizard-stepper" aria-label="Setup steps">
              {STEP_TITLES.map((stepTitle, index) => {
                const number = index + 1;
                const state = number === step ? 'current' : number < step ? 'done' : 'todo';
                return (
                  <li key={stepTitle} className={`wizard-stepper-item wizard-stepper-${state}`} aria-current={number === step ? 'step' : undefined}>
                    <span className="wizard-stepper-number" aria-hidden="true">
                      {number}
                    </span>
                    <span className="wizard-stepper-title">{stepTitle}</span>
                  </li>
                );
              })}
            </ol>
            <div
              className="wizard-progress-bar"
              role="progressbar"
              aria-label="Setup progress"
              aria-valuemin={1}
              aria-valuemax={SETUP_STEPS}
              aria-valuenow={step}
              aria-valuetext={`Step ${step} of ${SETUP_STEPS}: ${title}`}
            >
              <span style={{ width: `${(step / SETUP_STEPS) * 100}%` }} />
            </div>
          </div>

          {loadState === 'error' ? (
            <div className="wizard-load-error">
              <p className="alert alert-error" role="alert">
                {alert || LOAD_FAILED}
              </p>
              <button type="button" className="button button-primary" onClick={() => void load()}>
                Try again
              </button>
            </div>
          ) : (
            <div className="wizard-form">
              <h2 className="wizard-step-title" ref={heading} tabIndex={-1}>
                {title}
              </h2>
              {loadState === 'loading' ? (
                <div className="wizard-skeleton" aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </div>
              ) : step === 1 ? (
                <BusinessStep business={data.business} hours={data.hours} errors={businessErrors} onBusinessChange={updateBusiness} onHoursChange={updateHours} />
              ) : step === 2 ? (
                <CalendarStep
                  connected={data.googleConnected}
                  connectState={connectState}
                  connectError={connectError}
                  onConnect={() => void connectGoogle()}
                  calendars={calendars}
                  onReloadCalendars={() => void fetchCalendars()}
                  stylists={data.stylists}
                  stylistErrors={stylistErrors}
                  onStylistChange={updateStylist}
                  onAddStylist={addStylist}
                  onRemoveStylist={removeStylist}
                  services={data.services}
                  serviceErrors={serviceErrors}
                  expanded={expanded}
                  onServiceChange={updateService}
                  onToggleService={toggleService}
                  onAddService={addService}
                  onRemoveService={removeService}
                  onImported={importServices}
                  onAutoFill={() => void autoFill()}
                  autoFilling={autoFilling}
                />
              ) : (
                <VoiceStep
                  voice={data.voice}
                  errors={voiceErrors}
                  onChange={updateVoice}
                  playing={preview.playing}
                  onTogglePreview={(voiceId) => void preview.toggle(voiceId)}
                />
              )}

              <div className="wizard-alert">
                {alert && (
                  <p className="alert alert-error" role="alert">
                    {alert}
                  </p>
                )}
              </div>

              <div className="wizard-actions">
                <button type="button" className="button button-secondary" onClick={previous} disabled={step === 1}>
                  Previous
                </button>
                <button type="button" className="button button-primary" onClick={() => void next()} aria-disabled={busy || undefined}>
                  {lastStep ? 'Complete Setup' : 'Next'}
                </button>
              </div>
            </div>
          )}
          <WizardOverlay message={overlayMessage} />
        </div>
      </main>
    </div>
  );
}
