import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';
import { BackToDashboardPage } from '../components/back-to-dashboard-page';
import { LeaveDialog, useLeaveGuard } from '../components/leave-guard';
import { AccountSection } from '../features/account/account-section';
import { BillingSection } from '../features/billing/billing-section';
import { BusinessStep } from '../features/setup/components/business-step';
import { CalendarStep } from '../features/setup/components/calendar-step';
import { VoiceStep } from '../features/setup/components/voice-step';
import { clearOAuthMarker, oauthInFlight, oauthReturn, type OAuthReturn } from '../features/setup/google-connect';
import { pageIsLeaving } from '../features/auth';
import { settingsSection } from '../features/settings/sections';
import { SettingsNav } from '../features/settings/settings-nav';
import { SetupSection } from '../features/settings/setup-section';
import { SETTINGS_LOAD_FAILED, useSettingsSetup } from '../features/settings/use-settings-setup';
import '../features/setup/setup.css';
import '../features/settings/settings.css';

export const SERVICES_PAGE_SIZE = 10;

/** Departures nobody is asked about: to Google's consent page (the draft waits), or away from an owner who signed out in another tab. */
const leavingOnPurpose = () => oauthInFlight() || pageIsLeaving();

/** `?connected=ok|fail` once, when Google sends the owner back to Calendar & Services; the marker and the parameter are then cleared. */
function useCalendarReturn(params: URLSearchParams, setParams: SetURLSearchParams): OAuthReturn {
  const [returned] = useState(() => oauthReturn(params));
  useEffect(() => {
    clearOAuthMarker();
    if (!params.has('connected')) return;
    const next = new URLSearchParams(params);
    next.delete('connected');
    setParams(next, { replace: true });
  }, [params, setParams]);
  return returned;
}

/** Settings: what setup saved, edited with the wizard's own forms, then Billing and Account. */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const section = settingsSection(params.get('section'));
  const calendarReturn = useCalendarReturn(params, setParams);
  const setup = useSettingsSetup(calendarReturn);
  const { business, team, voice, calendar } = setup;
  // Unsaved edits in any section (they survive a change of section): leaving Settings asks first.
  const leave = useLeaveGuard(setup.status === 'ready' && (business.dirty || team.dirty || voice.dirty), { leavingOnPurpose });

  /** The three sections setup saved wait for its data; Billing and Account do not need it. */
  function withSetup(content: () => ReactNode) {
    if (setup.status === 'loading') {
      return (
        <div className="settings-loading" role="status">
          <span className="visually-hidden">Loading your settings…</span>
          <div className="wizard-skeleton" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
        </div>
      );
    }
    if (setup.status === 'error') {
      return (
        <div className="settings-load-error">
          <p className="alert alert-error" role="alert">
            {SETTINGS_LOAD_FAILED}
          </p>
          <button type="button" className="button button-primary" onClick={() => void setup.load()}>
            Try again
          </button>
        </div>
      );
    }
    return content();
  }

  const sectionProps = { wizardStep: setup.wizardStep, reload: setup.reload };
  const content: Record<typeof section.id, () => ReactNode> = {
    business: () =>
      withSetup(() => (
        <SetupSection form={business} successMessage="Business details updated." failureMessage="Failed to save business details" {...sectionProps}>
          <BusinessStep {...business.stepProps} />
        </SetupSection>
      )),
    calendar: () =>
      withSetup(() => (
        <SetupSection form={team} successMessage="Calendar & services updated." failureMessage="Failed to save calendar & services" {...sectionProps}>
          <CalendarStep {...calendar.stepProps} {...team.stepProps} servicePageSize={SERVICES_PAGE_SIZE} />
        </SetupSection>
      )),
    voice: () =>
      withSetup(() => (
        <SetupSection form={voice} successMessage="Voice & phone numbers updated." failureMessage="Failed to save voice settings" {...sectionProps}>
          <VoiceStep {...voice.stepProps} />
        </SetupSection>
      )),
    billing: () => <BillingSection />,
    account: () => <AccountSection />,
  };

  return (
    <BackToDashboardPage title={`Settings: ${section.label}`} className="settings-page">
      <h1>Settings</h1>
      <div className="settings-layout">
        <SettingsNav current={section.id} />
        <section className="card settings-panel" aria-labelledby="settings-panel-heading">
          <h2 id="settings-panel-heading">{section.label}</h2>
          {content[section.id]()}
        </section>
      </div>
      <LeaveDialog blocker={leave.blocker} />
    </BackToDashboardPage>
  );
}
