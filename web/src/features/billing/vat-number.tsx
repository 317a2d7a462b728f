import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BILLING_MESSAGES, VAT_NUMBER_MESSAGE, vatNumberSchema } from '@functions/contracts/billing';
import { TextInput } from '../../components/form-fields';
import { ApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { saveVatNumber } from './api';

/**
 * The salon's VAT number, for a VAT-registered salon's invoices (optional): checked here as the
 * server checks it (the shared contract), kept with the salon's billing and shown on every invoice
 * Stripe makes from then on. Empty removes it.
 */
export function VatNumber({ saved }: { saved: string | null }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(saved ?? '');
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const unchanged = value.trim() === (saved ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const trimmed = value.trim();
    const parsed = trimmed ? vatNumberSchema.safeParse(trimmed) : { success: true as const, data: null };
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      const answer = await saveVatNumber(parsed.data);
      setValue(answer.vatNumber ?? '');
      setStatus({ kind: 'success', text: answer.vatNumber ? BILLING_MESSAGES.vatNumberSaved : BILLING_MESSAGES.vatNumberRemoved });
      await queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setError(VAT_NUMBER_MESSAGE);
      else setStatus({ kind: 'error', text: failure instanceof ApiError ? failure.message : BILLING_MESSAGES.vatNumberFailed });
    }
    setSaving(false);
  }

  return (
    <form className="card vat-number" onSubmit={submit} noValidate aria-labelledby="vat-number-heading">
      <h4 id="vat-number-heading">VAT number</h4>
      <TextInput
        label="VAT number (optional)"
        name="vatNumber"
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(undefined);
        }}
        error={error}
        hint="If your salon is VAT-registered, your VAT number goes on your invoices, like IE1234567T."
        autoComplete="off"
        spellCheck={false}
      />
      <button type="submit" className="button" disabled={saving || unchanged}>
        {saving ? 'Saving…' : 'Save VAT number'}
      </button>
      {status && (
        <p className={`alert ${status.kind === 'success' ? 'alert-success' : 'alert-error'}`} role={status.kind === 'success' ? 'status' : 'alert'}>
          {status.text}
        </p>
      )}
    </form>
  );
}
