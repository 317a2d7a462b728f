import type { ServiceDraft } from './service-draft';

/** Services are the same service when their names are, ignoring case and spacing. */
const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** How many imported services share a name with one already listed (the owner then chooses to update them or add them). */
export function matchingNames(current: readonly ServiceDraft[], imported: readonly ServiceDraft[]): ServiceDraft[] {
  const names = new Set(current.map((service) => nameKey(service.name)));
  return imported.filter((draft) => names.has(nameKey(draft.name)));
}

/**
 * The service list after an import: those in `replacing` take the place (and the id and deposit)
 * of the service of the same name, the other imported ones are added at the end. `changed` is
 * where the list took something from the import, to be checked.
 */
export function withImported(current: readonly ServiceDraft[], imported: readonly ServiceDraft[], replacing: readonly ServiceDraft[]) {
  const byName = new Map(replacing.map((draft) => [nameKey(draft.name), draft]));
  const changed: number[] = [];
  const updated = current.map((service, index) => {
    const draft = byName.get(nameKey(service.name));
    if (!draft) return service;
    changed.push(index);
    return { ...draft, uid: service.uid, id: service.id, deposit: service.deposit };
  });
  const added = imported.filter((draft) => !byName.has(nameKey(draft.name)));
  added.forEach((_, offset) => changed.push(updated.length + offset));
  return { services: [...updated, ...added], changed };
}
