import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultFirstMessage } from '@functions/contracts/voice-settings';
import { useToast } from '../../components/toast';
import { saveStep } from './api';
import { useFormDraft } from './form-draft';
import { defaultWizardData, type VoiceDraft, type WizardData } from './wizard-data';
import { sameValue } from './same-value';
import { validateVoice } from './validation';
import { useVoicePreview } from './use-voice-preview';

/**
 * Step 3 (the voice with its previews, the greeting and the phone numbers): its state, its check
 * against the shared contract and its save. The wizard's last step and Settings → Voice & Number
 * both run on it.
 */
export function useVoiceForm() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const preview = useVoicePreview((message) => toast.show(message, 'error'));
  const [saved, setSaved] = useState<VoiceDraft>(() => defaultWizardData().voice);
  const [value, setValue] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const draft = useFormDraft('voice', { saved, value, snapshot: value }, setValue);
  const { restore: restoreDraft } = draft;

  const reset = useCallback(
    (data: WizardData) => {
      setSaved(data.voice);
      setValue(data.voice);
      setErrors({});
      restoreDraft(data.voice);
    },
    [restoreDraft],
  );

  const discardDraft = useCallback(() => {
    draft.discard();
    setValue(saved);
    setErrors({});
  }, [draft, saved]);

  const onChange = useCallback((patch: Partial<VoiceDraft>) => {
    setValue((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const remaining = { ...current };
      for (const field of Object.keys(patch)) delete remaining[field];
      // The forwarding rules look at several fields together (contracts/setup.ts forwardingIssues).
      if (patch.phoneOption || patch.forwardWhen || patch.forwardNumber !== undefined || patch.ringSalonFirstSeconds !== undefined) {
        delete remaining.forwardNumber;
        delete remaining.escalationPhone;
        delete remaining.ringSalonFirstSeconds;
      }
      return remaining;
    });
  }, []);

  /** A blank greeting becomes one naming the salon (and saying it is an AI assistant). */
  const fillGreeting = useCallback((salonName: string) => {
    setValue((current) => (current.firstMessage.trim() ? current : { ...current, firstMessage: defaultFirstMessage(salonName) }));
  }, []);

  function validate(): boolean {
    const found = validateVoice(value);
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  const saving = useMutation({
    mutationFn: async (currentStep: number) => {
      const sent = value;
      await saveStep({ step: 3, ...sent, currentStep }, queryClient);
      return sent;
    },
    onSuccess: (sent) => {
      preview.stop();
      setSaved(sent);
    },
  });

  return {
    dirty: !sameValue(saved, value),
    draft: { restoredAt: draft.restoredAt, discard: discardDraft },
    hasErrors: Object.keys(errors).length > 0,
    reset,
    validate,
    save: async (currentStep: number) => void (await saving.mutateAsync(currentStep)),
    saveStatus: saving.status,
    fillGreeting,
    stopPreview: preview.stop,
    stepProps: { voice: value, errors, onChange, playing: preview.playing, onTogglePreview: (voiceId: string) => void preview.toggle(voiceId) },
  };
}
