import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Day, DayHours } from '@functions/contracts/setup';
import { errorMessages, showServerErrors } from '../../lib/contract-form';
import { saveStep } from './api';
import { useStepForm } from './use-step-form';
import { defaultWizardData, type BusinessDraft, type WizardData } from './wizard-data';
import { businessForm, type BusinessValues } from './validation';

const valuesOf = (data: WizardData): BusinessValues => ({ business: data.business, hours: data.hours });

/**
 * Step 1 (business details and opening hours): its form over the shared contract and its save.
 * The wizard's first step and Settings → Business both run on it.
 */
export function useBusinessForm() {
  const queryClient = useQueryClient();
  const step = useStepForm('business', businessForm, valuesOf(defaultWizardData()));
  const { form, value, reset: resetStep } = step;
  const { errors: formErrors } = form.formState;
  const errors = { ...errorMessages(formErrors.business), ...errorMessages(formErrors.hours, 1, 'hours') };

  const reset = useCallback((data: WizardData) => resetStep(valuesOf(data)), [resetStep]);

  const onBusinessChange = useCallback(
    <K extends keyof BusinessDraft>(field: K, fieldValue: BusinessDraft[K]) => {
      form.setValue(`business.${field}`, fieldValue as never, { shouldDirty: true });
      form.clearErrors(`business.${field}`);
    },
    [form],
  );

  const onHoursChange = useCallback(
    (day: Day, dayValue: DayHours) => {
      form.setValue(`hours.${day}`, dayValue, { shouldDirty: true });
      form.clearErrors(`hours.${day}`);
    },
    [form],
  );

  const saving = useMutation({
    mutationFn: async (currentStep: number) => {
      const sent = form.getValues();
      await saveStep({ step: 1, business: sent.business, hours: sent.hours, currentStep }, queryClient);
      return sent;
    },
    onSuccess: step.saved,
    onError: (error) => showServerErrors(form, error),
  });

  return {
    value,
    dirty: step.dirty,
    draft: { restoredAt: step.restoredAt, discard: step.discard },
    hasErrors: Object.keys(errors).length > 0,
    reset,
    /** Shows what the contract refuses; true when there is nothing. */
    validate: () => form.trigger(),
    save: async (currentStep: number) => void (await saving.mutateAsync(currentStep)),
    saveStatus: saving.status,
    stepProps: { business: value.business, hours: value.hours, errors, onBusinessChange, onHoursChange },
  };
}
