import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Day, DayHours, Hours } from '@functions/contracts/setup';
import { saveStep } from './api';
import { useFormDraft } from './form-draft';
import { defaultWizardData, type BusinessDraft, type WizardData } from './wizard-data';
import { sameValue, withoutKey } from './same-value';
import { validateBusiness } from './validation';

interface BusinessValue {
  business: BusinessDraft;
  hours: Hours;
}

const valueOf = (data: WizardData): BusinessValue => ({ business: data.business, hours: data.hours });

/**
 * Step 1 (business details and opening hours): its state, its check against the shared contract
 * and its save. The wizard's first step and Settings → Business both run on it.
 */
export function useBusinessForm() {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(() => valueOf(defaultWizardData()));
  const [value, setValue] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const draft = useFormDraft('business', { saved, value, snapshot: value }, setValue);
  const { restore: restoreDraft } = draft;

  const reset = useCallback(
    (data: WizardData) => {
      const loaded = valueOf(data);
      setSaved(loaded);
      setValue(loaded);
      setErrors({});
      restoreDraft(loaded);
    },
    [restoreDraft],
  );

  const discardDraft = useCallback(() => {
    draft.discard();
    setValue(saved);
    setErrors({});
  }, [draft, saved]);

  const onBusinessChange = useCallback(<K extends keyof BusinessDraft>(field: K, fieldValue: BusinessDraft[K]) => {
    setValue((current) => ({ ...current, business: { ...current.business, [field]: fieldValue } }));
    setErrors((current) => withoutKey(current, field));
  }, []);

  const onHoursChange = useCallback((day: Day, dayValue: DayHours) => {
    setValue((current) => ({ ...current, hours: { ...current.hours, [day]: dayValue } }));
    setErrors((current) => withoutKey(current, `hours.${day}`));
  }, []);

  /** Shows what the contract refuses; true when there is nothing. */
  function validate(): boolean {
    const found = validateBusiness(value.business, value.hours);
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  const saving = useMutation({
    mutationFn: async (currentStep: number) => {
      const sent = value;
      await saveStep({ step: 1, business: sent.business, hours: sent.hours, currentStep }, queryClient);
      return sent;
    },
    onSuccess: setSaved,
  });

  return {
    value,
    dirty: !sameValue(saved, value),
    draft: { restoredAt: draft.restoredAt, discard: discardDraft },
    hasErrors: Object.keys(errors).length > 0,
    reset,
    validate,
    save: async (currentStep: number) => void (await saving.mutateAsync(currentStep)),
    saveStatus: saving.status,
    stepProps: { business: value.business, hours: value.hours, errors, onBusinessChange, onHoursChange },
  };
}
