import { useCallback, useEffect, useRef, useState } from 'react';
import { actsFor, currentOwner } from '../auth';
import { draftKey, readDraft, removeDraft, writeDraft } from '../../lib/draft-storage';
import { sameValue } from './same-value';

/**
 * Unsaved edits of a setup form, kept in this browser per owner and form, so a reload, a visit to
 * another page or a closed tab loses nothing typed (stylists, imported services, hours, the
 * greeting). A draft remembers what the server held when it was made: it is offered back only
 * over that same saved state, never over changes saved since (in another tab, say). Nothing is
 * written once the page no longer acts for the owner (they signed out, here or in another tab).
 */
export interface FormDraft {
  /** When the restored draft was last edited; null when the form shows what is saved. */
  restoredAt: string | null;
  /** Drops the draft (the form puts its saved state back). */
  discard(): void;
}

/**
 * Keeps `value` as the form's draft while it differs from `saved` (by `snapshot`, what a save would
 * send). `restore` runs after the form was reset from the server: a draft made over the same saved
 * state is applied through `apply`.
 */
export function useFormDraft<T>(
  form: 'business' | 'team' | 'voice',
  state: { saved: unknown; value: T; snapshot: unknown },
  apply: (value: T) => void,
): FormDraft & { restore(base: unknown): void } {
  const key = useRef<{ owner: string; name: string } | null>(null);
  // Bumped once a restore has settled, so the form's current edits are kept again: typing that
  // came before the restore resolved (it may have dropped a stale draft) is never left unkept.
  const [restored, setRestored] = useState(0);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const { saved, value, snapshot } = state;

  const restore = useCallback(
    (base: unknown) => {
      setRestoredAt(null);
      void currentOwner().then((owner) => {
        key.current = owner ? { owner: owner.userId, name: draftKey(owner.userId, form) } : null;
        if (!key.current) return;
        const stored = readDraft<T>(key.current.name);
        if (stored && sameValue(stored.base, base)) {
          apply(stored.value);
          setRestoredAt(stored.savedAt);
        } else removeDraft(key.current.name);
        setRestored((count) => count + 1);
      });
    },
    [form, apply],
  );

  useEffect(() => {
    if (!key.current || !actsFor(key.current.owner)) return;
    if (sameValue(saved, snapshot)) {
      removeDraft(key.current.name);
      setRestoredAt(null);
    } else writeDraft(key.current.name, { base: saved, value, savedAt: new Date().toISOString() });
  }, [saved, value, snapshot, restored]);

  const discard = useCallback(() => {
    if (key.current) removeDraft(key.current.name);
    setRestoredAt(null);
  }, []);

  return { restoredAt, restore, discard };
}
