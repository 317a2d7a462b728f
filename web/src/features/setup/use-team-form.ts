import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toast';
import { AUTO_FILL_FAILED, autoFillDurations, autoFilledMessage, autoFillSkippedMessage, saveStep, type ApiService } from './api';
import { useFormDraft } from './form-draft';
import { emptyService, serviceFromApi, serviceToApi, type ServiceDraft, type ServiceErrors } from './service-draft';
import { emptyStylist, stylistRow, type StylistRow, type WizardData } from './wizard-data';
import { sameValue, withoutKey } from './same-value';
import { stepTwoPayload, teamSnapshot } from './team-payload';
import { validateServices, validateStylists } from './validation';

const PRICE_FIELDS = ['price', 'price_min', 'price_max'] as const;

/** Services are the same service when their names are, ignoring case and spacing. */
const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

interface TeamRows {
  stylists: StylistRow[];
  services: ServiceDraft[];
}

/** The service's errors left after `patch`: editing a field clears its error; any price edit clears every price error. */
function clearedBy(errors: ServiceErrors, patch: Partial<ServiceDraft>): ServiceErrors {
  const remaining: ServiceErrors = { ...errors };
  for (const field of Object.keys(patch)) {
    if (field === 'isRange' || (PRICE_FIELDS as readonly string[]).includes(field)) for (const price of PRICE_FIELDS) delete remaining[price];
    else delete remaining[field as keyof ServiceErrors];
  }
  return remaining;
}

/**
 * Step 2's stylists (each mapped to a calendar) and services: their state, the shared contract's
 * checks (a service with an error opens by itself), price-list import, auto-filled durations and
 * the save, which adopts the server's ids. The wizard's second step and Settings → Calendar &
 * Services both run on it. One service editor is open at a time, on every screen: with every
 * flagged one open an imported list was 28,000 px long on a phone (issue 46, point 6); the rest
 * read as a compact list to tick through.
 */
export function useTeamForm() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [stylists, setStylists] = useState<StylistRow[]>(() => [emptyStylist()]);
  const [services, setServices] = useState<ServiceDraft[]>([]);
  const [saved, setSaved] = useState(() => teamSnapshot(stylists, services));
  const [stylistErrors, setStylistErrors] = useState<Record<string, string>>({});
  const [serviceErrors, setServiceErrors] = useState<Record<string, ServiceErrors>>({});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [autoFillSkipped, setAutoFillSkipped] = useState<string | null>(null);
  /** The service removed last, where it stood, so Undo puts it back (issue 46, point 7). */
  const [removed, setRemoved] = useState<{ service: ServiceDraft; index: number } | null>(null);
  /** A price list imported again, waiting for the owner to say whether it updates the services of the same names or adds to them. */
  const [pendingImport, setPendingImport] = useState<{ drafts: ServiceDraft[]; matching: number } | null>(null);
  /** The editors to open: only the first of them. */
  const opening = (uids: string[]) => new Set(uids.slice(0, 1));

  const [savedRows, setSavedRows] = useState<TeamRows>(() => ({ stylists, services }));
  const rows = useMemo(() => ({ stylists, services }), [stylists, services]);
  const snapshot = useMemo(() => teamSnapshot(stylists, services), [stylists, services]);
  const applyRows = useCallback((draftRows: TeamRows) => {
    setStylists(draftRows.stylists.length ? draftRows.stylists : [emptyStylist()]);
    setServices(draftRows.services);
  }, []);
  const draft = useFormDraft('team', { saved, value: rows, snapshot }, applyRows);
  const { restore: restoreDraft } = draft;

  const adopt = useCallback((nextStylists: StylistRow[], nextServices: ServiceDraft[]) => {
    const adopted = nextStylists.length ? nextStylists : [emptyStylist()];
    setStylists(adopted);
    setServices(nextServices);
    setSavedRows({ stylists: adopted, services: nextServices });
    setSaved(teamSnapshot(adopted, nextServices));
    setStylistErrors({});
    setServiceErrors({});
    setExpanded(new Set());
    setRemoved(null);
    return teamSnapshot(adopted, nextServices);
  }, []);

  const reset = useCallback((data: WizardData) => restoreDraft(adopt(data.stylists, data.services)), [adopt, restoreDraft]);

  const discardDraft = useCallback(() => {
    draft.discard();
    adopt(savedRows.stylists, savedRows.services);
  }, [draft, adopt, savedRows]);

  function onStylistChange(uid: string, patch: Partial<StylistRow>) {
    setStylists((current) => current.map((stylist) => (stylist.uid === uid ? { ...stylist, ...patch } : stylist)));
    if ('name' in patch) setStylistErrors((current) => withoutKey(current, uid));
  }

  function onAddStylist() {
    setStylists((current) => [...current, emptyStylist()]);
  }

  function onRemoveStylist(uid: string) {
    // The last stylist row cannot be removed.
    setStylists((current) => (current.length <= 1 ? current : current.filter((stylist) => stylist.uid !== uid)));
    setStylistErrors((current) => withoutKey(current, uid));
  }

  function onServiceChange(uid: string, patch: Partial<ServiceDraft>) {
    setServices((current) => current.map((service) => (service.uid === uid ? { ...service, ...patch } : service)));
    setServiceErrors((current) => {
      const existing = current[uid];
      if (!existing) return current;
      const remaining = clearedBy(existing, patch);
      return Object.keys(remaining).length ? { ...current, [uid]: remaining } : withoutKey(current, uid);
    });
  }

  function onToggleService(uid: string) {
    setExpanded((current) => {
      return current.has(uid) ? new Set() : new Set([uid]);
    });
  }

  /** The owner checked what the import was unsure of. */
  function onReviewed(uid: string) {
    setServices((current) => current.map((service) => (service.uid === uid ? { ...service, review: undefined } : service)));
  }

  function onAddService() {
    const service = emptyService();
    setServices((current) => [...current, service]);
    setExpanded(new Set([service.uid]));
  }

  function onRemoveService(uid: string) {
    const index = services.findIndex((service) => service.uid === uid);
    if (index < 0) return;
    setRemoved({ service: services[index]!, index });
    setServices((current) => current.filter((service) => service.uid !== uid));
    setServiceErrors((current) => withoutKey(current, uid));
  }

  function onUndoRemove() {
    if (!removed) return;
    setServices((current) => [...current.slice(0, removed.index), removed.service, ...current.slice(removed.index)]);
    setRemoved(null);
  }

  /** A list read again would add every service twice: when names are already here, the owner chooses first. */
  function onImported(imported: ApiService[]) {
    const drafts = imported.map(serviceFromApi);
    const names = new Set(services.map((service) => nameKey(service.name)));
    const matching = drafts.filter((draft) => names.has(nameKey(draft.name))).length;
    if (matching) setPendingImport({ drafts, matching });
    else addImported(drafts, []);
  }

  /** Adds the imported services; those in `replacing` take the place (and id) of the service of the same name. */
  function addImported(drafts: ServiceDraft[], replacing: ServiceDraft[]) {
    const byName = new Map(replacing.map((draft) => [nameKey(draft.name), draft]));
    const updated = services.map((service) => {
      const draft = byName.get(nameKey(service.name));
      return draft ? { ...draft, uid: service.uid, id: service.id, deposit: service.deposit } : service;
    });
    const added = drafts.filter((draft) => !byName.has(nameKey(draft.name)));
    const changed = [...updated.filter((service) => byName.has(nameKey(service.name))), ...added];
    const errors = validateServices(changed);
    setServices([...updated, ...added]);
    setServiceErrors((current) => {
      const kept = { ...current };
      for (const service of changed) delete kept[service.uid];
      return { ...kept, ...errors };
    });
    const toOpen = opening(Object.keys(errors));
    if (toOpen.size) setExpanded(toOpen);
  }

  function onImportChoice(choice: 'update' | 'add' | 'cancel') {
    if (!pendingImport) return;
    const { drafts } = pendingImport;
    setPendingImport(null);
    if (choice === 'cancel') return;
    const names = new Set(services.map((service) => nameKey(service.name)));
    addImported(drafts, choice === 'update' ? drafts.filter((draft) => names.has(nameKey(draft.name))) : []);
  }

  const autoFilling = useMutation({
    mutationFn: async (sent: ServiceDraft[]) => ({ sent, result: await autoFillDurations(sent.map(serviceToApi)) }),
    onMutate: () => setAutoFillSkipped(null),
    onSuccess: ({ sent, result }) => {
      const returned = Array.isArray(result.services) ? result.services : [];
      const durations = new Map<string, number | null>();
      sent.forEach((service, index) => {
        const match = (service.id && returned.find((candidate) => candidate.id === service.id)) || returned[index];
        if (match && typeof match.duration === 'number') durations.set(service.uid, match.duration);
      });
      setServices((current) => current.map((service) => (durations.has(service.uid) ? { ...service, duration: durations.get(service.uid) ?? null } : service)));
      setServiceErrors((current) => {
        const next: Record<string, ServiceErrors> = {};
        for (const [uid, errors] of Object.entries(current)) {
          const duration = durations.get(uid);
          const remaining = typeof duration === 'number' && duration > 0 ? clearedBy(errors, { duration }) : errors;
          if (Object.keys(remaining).length) next[uid] = remaining;
        }
        return next;
      });
      toast.show(autoFilledMessage(typeof result.updated === 'number' ? result.updated : durations.size), 'success');
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
    autoFilling.mutate(services);
  }

  /** Shows what the contract refuses, opening each service with an error; true when there is nothing. */
  function validate(): boolean {
    const foundServices = validateServices(services);
    const foundStylists = validateStylists(stylists);
    setServiceErrors(foundServices);
    setStylistErrors(foundStylists);
    if (!Object.keys(foundServices).length && !Object.keys(foundStylists).length) return true;
    setExpanded(opening(Object.keys(foundServices)));
    return false;
  }

  /** Saves stylists, mappings and services, then takes the server's ids (and the mappings that follow them). */
  const saving = useMutation({
    mutationFn: async (currentStep: number) => ({ sent: services, answer: await saveStep(stepTwoPayload(stylists, services, currentStep), queryClient) }),
    onSuccess: ({ sent, answer }) =>
      adopt(
        answer.stylists.map((stylist) => stylistRow(stylist, answer.mappings?.[stylist.id] ?? '', `stylist-${stylist.id}`)),
        Array.isArray(answer.services) ? answer.services.map(serviceFromApi) : sent,
      ),
  });

  return {
    dirty: !sameValue(saved, snapshot),
    draft: { restoredAt: draft.restoredAt, discard: discardDraft },
    hasErrors: Object.keys(stylistErrors).length > 0 || Object.keys(serviceErrors).length > 0,
    reset,
    validate,
    save: async (currentStep: number) => void (await saving.mutateAsync(currentStep)),
    saveStatus: saving.status,
    stepProps: {
      stylists,
      stylistErrors,
      onStylistChange,
      onAddStylist,
      onRemoveStylist,
      services,
      serviceErrors,
      expanded,
      onServiceChange,
      onToggleService,
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
