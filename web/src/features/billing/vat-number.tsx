import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { BILLING_MESSAGES, VAT_NUMBER_MESSAGE, vatNumberSchema } from '@functions/contracts/billing';
import { TextInput } from '../../components/form-fields';
import { ApiError } from '../../lib/api-client';
import { fieldProps, useContractForm } from '../../lib/contract-form';
import { queryKeys } from '../../lib/query-keys';
import { saveVatNumber } from './api';

/** The number as the server checks it (vatNumberRequest), after the spaces around it that a paste brings; empty removes it. */
const vatNumberForm = z.object({
  vatNumber: z
    .string()
    .trim()
    .transform((typed) => typed || null)
    .pipe(vatNumberSchema.nullable()),
});

/**
 * The salon's VAT number, for a VAT-registered salon's invoices (optional): checked here as the
 * server checks it (the shared contract), kept with the salon's billing and shown on every invoice
 * Stripe makes from then on. Empty removes it.
 */
export function VatNumber({ saved }: { saved: string | null }) {
  const queryClient = useQueryClient();
  const form = useContractForm(vatNumberForm, { vatNumber: saved ?? '' });
  const save = useMutation({
    mutationFn: saveVatNumber,
    onSuccess: async (answer) => {
      form.reset({ vatNumber: answer.vatNumber ?? '' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
    },
    // The server refuses only what the contract refuses: the field says how to write it.
    onError: (failure) => failure instanceof ApiError && failure.status === 400 && form.setError('vatNumber', { message: VAT_NUMBER_MESSAGE }),
  });
  const field = fieldProps(form, 'vatNumber');
  const unchanged = field.value.trim() === (saved ?? '');
  const refused = save.error instanceof ApiError && save.error.status === 400;
  const status =
    save.status === 'success'
      ? { kind: 'success', text: save.data.vatNumber ? BILLING_MESSAGES.vatNumberSaved : BILLING_MESSAGES.vatNumberRemoved }
      : save.status === 'error' && !refused
        ? { kind: 'error', text: save.error instanceof ApiError ? save.error.message : BILLING_MESSAGES.vatNumberFailed }
        : null;

  return (
    <form
      className="card vat-number"
      onSubmit={(event) => {
        save.reset();
        void form.handleSubmit(({ vatNumber }) => save.mutate(vatNumber))(event);
      }}
      noValidate
      aria-labelledby="vat-number-heading"
    >
      <h4 id="vat-number-heading">VAT number</h4>
      <TextInput
        label="VAT number (optional)"
        {...field}
        hint="If your salon is VAT-registered, your VAT number goes on your invoices, like IE1234567T."
        autoComplete="off"
        spellCheck={false}
      />
      <button type="submit" className="button" disabled={save.isPending || unchanged}>
        {save.isPending ? 'Saving…' : 'Save VAT number'}
      </button>
      {status && (
        <p className={`alert ${status.kind === 'success' ? 'alert-success' : 'alert-error'}`} role={status.kind === 'success' ? 'status' : 'alert'}>
          {status.text}
        </p>
      )}
    </form>
  );
}
