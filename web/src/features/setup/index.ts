// The setup feature's public file: what other features (Settings) may use (eslint.config.js, featureBoundaries).
export { latestSetup } from './api';
export { wizardDataFromSetup, type WizardData } from './wizard-data';
export { useSetupLoad } from './use-setup-load';
export type { FormDraft } from './use-step-form';
export type { OAuthReturn } from './google-connect';
export { useBusinessForm } from './use-business-form';
export { useCalendarConnection } from './use-calendar-connection';
export { useTeamForm } from './use-team-form';
export { useVoiceForm } from './use-voice-form';
export { DraftNote } from './components/draft-note';
