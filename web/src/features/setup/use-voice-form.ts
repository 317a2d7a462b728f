import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultFirstMessage } from '@functions/contracts/voice-settings';
import { useToast } from '../../components/toast';
import { errorMessages, showServerErrors } from '../../lib/contract-form';
import { saveStep } from './api';
import { useStepForm } from './use-step-form';
import { defaultWizardData, type VoiceDraft, type WizardData } from './wizard-data';
import { voiceForm } from './validation';
import { useVoicePreview } from './use-voice-preview';

/** The forwarding rules look at several fields together (contracts/setup.ts forwardingIssues): a change to one clears them all. */
const FORWARDING_FIELDS = ['forwardNumber', 'escalationPhone', 'ringSalonFirstSeconds'] as const;

/**
 * Step 3 (the voice with its previews, the greeting and the phone numbers): its form over the
 * shared contract and its save. The wizard's last step and Settings → Voice & Number both run on it.
 */
export function useVoiceForm() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const preview = useVoicePreview((message) => toast.show(message, 'error'));
  const step = useStepForm('voice', voiceForm, defaultWizardData().voice);
  const { form, value, reset: resetStep } = step;
  const errors = errorMessages(form.formState.errors);

  const reset = useCallback((data: WizardData) => resetStep(data.voice), [resetStep]);

  const onChange = useCallback(
    (patch: Partial<VoiceDraft>) => {
      for (const [field, fieldValue] of Object.entries(patch)) form.setValue(field as keyof VoiceDraft, fieldValue as never, { shouldDirty: true });
      const forwarding = patch.phoneOption || patch.forwardWhen || patch.forwardNumber !== undefined || patch.ringSalonFirstSeconds !== undefined;
      form.clearErrors([...(Object.keys(patch) as (keyof VoiceDraft)[]), ...(forwarding ? FORWARDING_FIELDS : [])]);
    },
    [form],
  );

  /** A blank greeting becomes one naming the salon (and saying it is an AI assistant). */
  const fillGreeting = useCallback(
    (salonName: string) => {
      if (!form.getValues('firstMessage').trim()) form.setValue('firstMessage', defaultFirstMessage(salonName), { shouldDirty: true });
    },
    [form],
  );

  const saving = useMutation({
    mutationFn: async (currentStep: number) => {
      const sent = form.getValues();
      await saveStep({ step: 3, ...sent, currentStep }, queryClient);
      return sent;
    },
    onSuccess: (sent) => {
      preview.stop();
      step.saved(sent);
    },
    onError: (error) => showServerErrors(form, error),
  });

  return {
    dirty: step.dirty,
    draft: { restoredAt: step.restoredAt, discard: step.discard },
    hasErrors: Object.keys(errors).length > 0,
    reset,
    /** Shows what the contract refuses; true when there is nothing. */
    validate: () => form.trigger(),
    save: async (currentStep: number) => void (await saving.mutateAsync(currentStep)),
    saveStatus: saving.status,
    fillGreeting,
    stopPreview: preview.stop,
    stepProps: { voice: value, errors, onChange, playing: preview.playing, onTogglePreview: (voiceId: string) => void preview.toggle(voiceId) },
  };
}
