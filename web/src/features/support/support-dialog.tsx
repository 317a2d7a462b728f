import { useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SUPPORT_MESSAGE_MAX, SUPPORT_TOPIC_LABELS, SUPPORT_TOPICS, supportMessages, supportRequest, type SupportTopic } from '@functions/contracts/support';
import { apiFetch } from '../../lib/api-client';
import { fieldProps, useContractForm } from '../../lib/contract-form';
import { salonQuery } from '../../lib/shared-queries';
import { SelectInput, TextArea } from '../../components/form-fields';

/** The dialog to write to support: the topic and the message, checked against the shared contract, sent as a mutation. */
export default function SupportDialog({ initialTopic, onClose }: { initialTopic: SupportTopic; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { data: salon } = useQuery(salonQuery);
  const form = useContractForm(supportRequest, { topic: initialTopic, message: '' });
  const send = useMutation({
    mutationFn: (body: { topic: SupportTopic; message: string }) =>
      apiFetch<{ sent: true; message: string }>('/api/support', { method: 'POST', body: JSON.stringify(body), fallbackError: supportMessages.failed }),
  });

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  return (
    <dialog ref={dialog} className="support-dialog" aria-labelledby="support-title" onClose={onClose}>
      <h2 id="support-title">Contact support</h2>
      <p>
        Write to us here, or email {salon ? <a href={`mailto:${salon.support_email}`}>{salon.support_email}</a> : 'our support team'}. We reply to your
        account&apos;s email, usually within a working day.
      </p>
      {send.isSuccess ? (
        <>
          <p className="alert alert-success" role="status">
            {send.data.message}
          </p>
          <div className="support-actions">
            <button type="button" className="button button-primary" onClick={() => dialog.current?.close()}>
              Close
            </button>
          </div>
        </>
      ) : (
        <form className="form" noValidate onSubmit={(event) => void form.handleSubmit((checked) => send.mutate(checked))(event)} aria-busy={send.isPending}>
          <SelectInput
            label="What is it about?"
            {...fieldProps(form, 'topic')}
            options={SUPPORT_TOPICS.map((value) => ({ value, label: SUPPORT_TOPIC_LABELS[value] }))}
          />
          <TextArea label="Your message" rows={5} maxLength={SUPPORT_MESSAGE_MAX} {...fieldProps(form, 'message')} name="support-message" />
          {send.isError && (
            <p className="alert alert-error" role="alert">
              {send.error.message}
            </p>
          )}
          <div className="support-actions">
            <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()} disabled={send.isPending}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send message'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
