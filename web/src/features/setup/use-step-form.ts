import { useCallback, useEffect, useRef, useState } from 'react';
import { useWatch, type DefaultValues, type FieldValues } from 'react-hook-form';
import type * as z from 'zod';
import { actsFor, currentOwner } from '../auth';
import { useContractForm } from '../../lib/contract-form';
import { draftKey, readDraft, removeDraft, writeDraft } from '../../lib/draft-storage';
import { sameValue } from './same-value';

/** What a step form says about the draft it shows. */
export interface FormDraft {
  /** When the restored draft was last edited; null when the form shows what is saved. */
  restoredAt: string | null;
  /** Drops the draft (the form puts its saved state back). */
  discard(): void;
}

const asIs = (values: unknown) => values;

/**
 * A setup step's form (business, team, voice): react-hook-form over the step's shared contract
 * (lib/contract-form.ts), whose unsaved edits are kept in this browser per owner and form, so a
 * reload, a visit to another page or a closed tab loses nothing typed. The form's default values
 * are what the server holds, so `formState.isDirty` is "not saved yet". A draft remembers the saved
 * state it was made over (`snapshot`: what a save would send) and is offered back only over that
 * same state, never over changes saved since (in another tab, say). Nothing is written once the
 * page no longer acts for the owner (they signed out, here or in another tab).
 */
export function useStepForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  name: 'business' | 'team' | 'voice',
  schema: Schema,
  initial: z.input<Schema>,
  snapshot: (values: z.input<Schema>) => unknown = asIs,
) {
  type Values = z.input<Schema>;
  const form = useContractForm(schema, initial as DefaultValues<Values>);
  // useWatch hands out a copy on each change (the form's own values change in place), so effects see the edit.
  const value = useWatch({ control: form.control }) as Values;
  const base = useRef<unknown>(snapshot(initial));
  const key = useRef<{ owner: string; name: string } | null>(null);
  // Bumped once a restore has settled, so the form's current edits are kept again: typing that
  // came before the restore resolved (it may have dropped a stale draft) is never left unkept.
  const [restored, setRestored] = useState(0);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);

  /** The server holds `values` now: they become the form's defaults (and the draft's base). */
  const saved = useCallback(
    (values: Values) => {
      base.current = snapshot(values);
      form.reset(values);
    },
    [form, snapshot],
  );

  /** Shows what the server holds, then the draft made over it, if there is one. */
  const reset = useCallback(
    (loaded: Values) => {
      saved(loaded);
      const loadedBase = base.current;
      setRestoredAt(null);
      void currentOwner().then((owner) => {
        key.current = owner ? { owner: owner.userId, name: draftKey(owner.userId, name) } : null;
        if (!key.current) return;
        const stored = readDraft<Values>(key.current.name);
        if (stored && sameValue(stored.base, loadedBase)) {
          form.reset(stored.value, { keepDefaultValues: true });
          setRestoredAt(stored.savedAt);
        } else removeDraft(key.current.name);
        setRestored((count) => count + 1);
      });
    },
    [form, name, saved],
  );

  useEffect(() => {
    if (!key.current || !actsFor(key.current.owner)) return;
    if (sameValue(base.current, snapshot(value))) {
      removeDraft(key.current.name);
      setRestoredAt(null);
    } else writeDraft(key.current.name, { base: base.current, value, savedAt: new Date().toISOString() });
  }, [value, restored, snapshot]);

  const discard = useCallback(() => {
    if (key.current) removeDraft(key.current.name);
    setRestoredAt(null);
    form.reset();
  }, [form]);

  return { form, value, dirty: form.formState.isDirty, restoredAt, reset, saved, discard };
}
