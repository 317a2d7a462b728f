import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { setupMessages } from '@functions/contracts/setup-fields';
import { useToast } from '../../components/toast';
import { DraftNote, type FormDraft, type WizardData } from '../setup';

export type SaveStatus = 'idle' | 'saving' | 'success' | 'error';

interface StepForm {
  dirty: boolean;
  draft: FormDraft;
  hasErrors: boolean;
  /** Runs the form's contract check (react-hook-form's trigger), showing what it refuses. */
  validate(): Promise<boolean>;
  /** The form's save mutation (use-business-form.ts and its siblings), and where it stands. */
  save(currentStep: number): Promise<void>;
  saveStatus: 'idle' | 'pending' | 'success' | 'error';
  reset(data: WizardData): void;
}

interface Props {
  form: StepForm;
  /** Sent with the save, so the wizard resumes where it did. */
  wizardStep: () => number;
  /** After a successful save: the section takes what the server now holds (the save read it again). */
  reload: (reset: (data: WizardData) => void) => void;
  successMessage: string;
  failureMessage: string;
  children: ReactNode;
}

/**
 * One of the sections setup saved, edited with the wizard's step form: the save status of that
 * form's mutation (idle → saving → success | error), Save only when something changed, the
 * contract's checks before anything is sent, and the saved data read again once saved.
 */
export function SetupSection({ form, wizardStep, reload, successMessage, failureMessage, children }: Props) {
  const toast = useToast();
  const status: SaveStatus = form.saveStatus === 'pending' ? 'saving' : form.saveStatus;
  const element = useRef<HTMLFormElement>(null);
  const [failedChecks, setFailedChecks] = useState(0);

  // After a failed check, focus goes to the first field the contract refused.
  useEffect(() => {
    if (failedChecks) element.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedChecks]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (status === 'saving' || !form.dirty) return;
    if (!(await form.validate())) {
      setFailedChecks((count) => count + 1);
      return;
    }
    try {
      await form.save(wizardStep());
    } catch (error) {
      console.error('Saving settings failed', error);
      toast.show(failureMessage, 'error');
      return;
    }
    toast.show(successMessage, 'success');
    reload(form.reset);
  }

  return (
    <form ref={element} className="settings-form" noValidate onSubmit={submit} aria-busy={status === 'saving'} data-save-status={status}>
      <DraftNote draft={form.draft} />
      {children}
      <div className="settings-actions">
        {form.hasErrors && (
          <p className="alert alert-error" role="alert">
            {setupMessages.fixErrors}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={status === 'saving' || !form.dirty}>
          {status === 'saving' ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
