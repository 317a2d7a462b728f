import { useCallback, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toast';
import { errorMessages, showServerErrors } from '../../lib/contract-form';
import { AUTO_FILL_FAILED, autoFillDurations, autoFilledMessage, autoFillSkippedMessage, saveStep, type ApiService } from './api';
import { useStepForm } from './use-step-form';
import { matchingNames, withImported } from './imported-services';
import { emptyService, serviceFromApi, serviceToApi, type ServiceDraft, type ServiceErrors, type ServiceField } from './service-draft';
import { emptyStylist, stylistRow, type StylistRow, type WizardData } from './wizard-data';
import { stepTwoPayload, teamSnapshot } from './team-payload';
import { teamForm, type TeamValues } from './validation';

const PRICE_FIELDS = ['price', 'price_min', 'price_max'] as const;

/** The service fields whose errors `patch` clears: editing a field clears its error; any price edit clears every price error. */
function clearedBy(patch: Partial<ServiceDraft>): ServiceField[] {
  return Object.keys(patch).flatMap((field) =>
    field === 'isRange' || (PRICE_FIELDS as readonly string[]).includes(field) ? [...PRICE_FIELDS] : [field as ServiceField],
  );
}

/** What step 2 saves, without the client-only row ids: a draft is offered back over the same saved state. */
const snapshotOf = ({ stylists, services }: TeamValues) => teamSnapshot(stylists, services);

const rowsOf = (stylists: StylistRow[], services: ServiceDraft[]): TeamValues => ({ stylists: stylists.length ? stylists : [emptyStylist()], services });

/**
 * Step 2's stylists (each mapped to a calendar) and services: their form over the shared contract
 * (a service with an error opens by itself), price-list import, auto-filled durations and the
 * save, which adopts the server's ids. The wizard's second step and Settings → Calendar &
 * Services both run on it. One service editor is open at a time, on every screen: with every
 * flagged one open an imported list was 28,000 px long on a phone (issue 46, point 6); the rest
 * read as a compact list to tick through.
 */
export function useTeamForm() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const step = useStepForm('team', teamForm, rowsOf([emptyStylist()], []), snapshotOf);
  const { form, reset: resetStep, saved: savedStep, discard: discardStep } = step;
  const stylistRows = useFieldArray({ control: form.control, name: 'stylists' });
  const serviceRows = useFieldArray({ control: form.control, name: 'services' });
  // The rows as the form holds them now: a field array's change (add, remove, undo) reaches the
  // watched copy only in an effect after this render, and the list must not show the old rows for a frame.
  const { stylists, services } = form.getValues();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [autoFillSkipped, setAutoFillSkipped] = useState<string | null>(null);
  /** The service removed last, where it stood, so Undo puts it back (issue 46, point 7). */
  const [removed, setRemoved] = useState<{ service: ServiceDraft; index: number } | null>(null);
  /** A price list imported again, waiting for the owner to say whether it updates the services of the same names or adds to them. */
  const [pendingImport, setPendingImport] = useState<{ drafts: ServiceDraft[]; matching: number } | null>(null);

  const { errors } = form.formState;
  const stylistErrors: Record<string, string> = {};
  for (const [index, message] of Object.entries(errorMessages(errors.stylists))) {
    const uid = stylists[Number(index)]?.uid;
    if (uid) stylistErrors[uid] = message;
  }
  const serviceErrors: Record<string, ServiceErrors> = {};
  for (const [index, found] of Object.entries(errors.services ?? {})) {
    const uid = services[Number(index)]?.uid;
    const messages = errorMessages(found as object);
    if (uid && Object.keys(messages).length) serviceErrors[uid] = messages;
  }
  /** The editor to open: the first service with an error. */
  const openFirstFlagged = () => {
    const flagged = services.findIndex((_, index) => Object.keys(errorMessages(form.formState.errors.services?.[index] ?? {})).length);
    if (flagged >= 0) setExpanded(new Set([form.getValues(`services.${flagged}.uid`)]));
  };

  const closeAll = useCallback(() => {
    setExpanded(new Set());
    setRemoved(null);
  }, []);

  const reset = useCallback(
    (data: WizardData) => {
      closeAll();
      resetStep(rowsOf(data.stylists, data.services));
    },
    [closeAll, resetStep],
  );

  const discardDraft = useCallback(() => {
    discardStep();
    closeAll();
  }, [discardStep, closeAll]);

  const indexOf = (rows: { uid: string }[], uid: string) => rows.findIndex((row) => row.uid === uid);

  function onStylistChange(uid: string, patch: Partial<StylistRow>) {
    const index = indexOf(stylists, uid);
    if (index < 0) return;
    for (const [field, fieldValue] of Object.entries(patch))
      form.setValue(`stylists.${index}.${field as keyof StylistRow}`, fieldValue as never, { shouldDirty: true });
    if ('name' in patch) form.clearErrors(`stylists.${index}`);
  }

  function onRemoveStylist(uid: string) {
    // The last stylist row cannot be removed.
    if (stylists.length > 1) stylistRows.remove(indexOf(stylists, uid));
  }

  function onServiceChange(uid: string, patch: Partial<ServiceDraft>) {
    const index = indexOf(services, uid);
    if (index < 0) return;
    for (const [field, fieldValue] of Object.entries(patch))
      form.setValue(`services.${index}.${field as keyof ServiceDraft}`, fieldValue as never, { shouldDirty: true });
    form.clearErrors(clearedBy(patch).map((field) => `services.${index}.${field}` as const));
  }

  /** The owner checked what the import was unsure of. */
  function onReviewed(uid: string) {
    const index = indexOf(services, uid);
    if (index >= 0) form.setValue(`services.${index}.review`, undefined, { shouldDirty: true });
  }

  function onAddService() {
    const service = emptyService();
    serviceRows.append(service, { shouldFocus: false });
    setExpanded(new Set([service.uid]));
  }

  function onRemoveService(uid: string) {
    const index = indexOf(services, uid);
    if (index < 0) return;
    setRemoved({ service: services[index]!, index });
    serviceRows.remove(index);
  }

  function onUndoRemove() {
    if (!removed) return;
    serviceRows.insert(removed.index, removed.service, { shouldFocus: false });
    setRemoved(null);
  }

  /** A list read again would add every service twice: when names are already here, the owner chooses first. */
  function onImported(imported: ApiService[]) {
    const drafts = imported.map(serviceFromApi);
    const matching = matchingNames(services, drafts).length;
    if (matching) setPendingImport({ drafts, matching });
    else addImported(drafts, []);
  }

  /** Adds the imported services, checked at once; those in `replacing` take the place of the service of the same name. */
  function addImported(drafts: ServiceDraft[], replacing: ServiceDraft[]) {
    const { services: next, changed } = withImported(form.getValues('services'), drafts, replacing);
    serviceRows.replace(next);
    form.clearErrors(changed.map((index) => `services.${index}` as const));
    // The changed services are checked with the form's own contract, in this same render (the rows
    // come in flagged, the first flagged one open); another service's error stays until its own edit.
    const check = teamForm.safeParse({ stylists: form.getValues('stylists'), services: next });
    const flagged = new Set<string>();
    for (const issue of check.error?.issues ?? []) {
      const [list, index] = issue.path;
      const path = issue.path.join('.');
      if (list !== 'services' || !changed.includes(Number(index)) || flagged.has(path)) continue;
      flagged.add(path);
      form.setError(path as `services.${number}`, { type: issue.code, message: issue.message });
    }
    const first = changed.find((index) => [...flagged].some((path) => path.startsWith(`services.${index}.`)));
    if (first !== undefined) setExpanded(new Set([next[first]!.uid]));
  }

  function onImportChoice(choice: 'update' | 'add' | 'cancel') {
    if (!pendingImport) return;
    const { drafts } = pendingImport;
    setPendingImport(null);
    if (choice !== 'cancel') addImported(drafts, choice === 'update' ? matchingNames(services, drafts) : []);
  }

  const autoFilling = useMutation({
    mutationFn: async (sent: ServiceDraft[]) => ({ sent, result: await autoFillDurations(sent.map(serviceToApi)) }),
    onMutate: () => setAutoFillSkipped(null),
    onSuccess: ({ sent, result }) => {
      const returned = Array.isArray(result.services) ? result.services : [];
      let filled = 0;
      sent.forEach((service, index) => {
        const match = (service.id && returned.find((candidate) => candidate.id === service.id)) || returned[index];
        const at = indexOf(form.getValues('services'), service.uid);
        if (!match || typeof match.duration !== 'number' || at < 0) return;
        filled += 1;
        form.setValue(`services.${at}.duration`, match.duration, { shouldDirty: true });
        if (match.duration > 0) form.clearErrors(`services.${at}.duration`);
      });
      toast.show(autoFilledMessage(typeof result.updated === 'number' ? result.updated : filled), 'success');
      const skipped = Array.isArray(result.skipped) ? result.skipped : [];
      setAutoFillSkipped(skipped.length ? autoFillSkippedMessage(skipped) : null);
    },
    onError: (error) => {
      console.error('Auto-filling durations failed', error);
      toast.show(AUTO_FILL_FAILED, 'error');
    },
  });

  function autoFill() {
    if (autoFilling.isPending || services.length === 0) return;
    autoFilling.mutate(form.getValues('services'));
  }

  /** Shows what the contract refuses, opening the first service with an error; true when there is nothing. */
  async function validate(): Promise<boolean> {
    if (await form.trigger()) return true;
    openFirstFlagged();
    return false;
  }

  /** Saves stylists, mappings and services, then takes the server's ids (and the mappings that follow them). */
  const saving = useMutation({
    mutationFn: async (currentStep: number) => {
      const sent = form.getValues();
      return { sent: sent.services, answer: await saveStep(stepTwoPayload(sent.stylists, sent.services, currentStep), queryClient) };
    },
    onSuccess: ({ sent, answer }) => {
      closeAll();
      savedStep(
        rowsOf(
          answer.stylists.map((stylist) => stylistRow(stylist, answer.mappings?.[stylist.id] ?? '', `stylist-${stylist.id}`)),
          Array.isArray(answer.services) ? answer.services.map(serviceFromApi) : sent,
        ),
      );
    },
    onError: (error) => showServerErrors(form, error),
  });

  return {
    dirty: step.dirty,
    draft: { restoredAt: step.restoredAt, discard: discardDraft },
    hasErrors: Object.keys(stylistErrors).length > 0 || Object.keys(serviceErrors).length > 0,
    reset,
    validate,
    save: async (currentStep: number) => void (await saving.mutateAsync(currentStep)),
    saveStatus: saving.status,
    stepProps: {
      stylists,
      stylistErrors,
      onStylistChange,
      onAddStylist: () => stylistRows.append(emptyStylist(), { shouldFocus: false }),
      onRemoveStylist,
      services,
      serviceErrors,
      expanded,
      onServiceChange,
      onToggleService: (uid: string) => setExpanded((current) => (current.has(uid) ? new Set() : new Set([uid]))),
      onAddService,
      onRemoveService,
      removedService: removed?.service.name.trim() || (removed ? 'the service' : null),
      onUndoRemove,
      onImported,
      pendingImport: pendingImport && { count: pendingImport.drafts.length, matching: pendingImport.matching },
      onImportChoice,
      onReviewed,
      onAutoFill: autoFill,
      autoFilling: autoFilling.isPending,
      autoFillSkipped,
    },
  };
}
