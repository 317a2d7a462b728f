/**
 * Where unsaved form drafts live in this browser (features/setup/form-draft.ts): one key per owner
 * and form, so one owner never sees another's typing on a shared salon computer. Storage may be
 * full or blocked (private browsing): then forms work without drafts.
 */
const PREFIX = 'salondesk.draft.';

export interface StoredDraft<T> {
  /** What the server held when the draft was made. */
  base: unknown;
  value: T;
  savedAt: string;
}

export const draftKey = (userId: string, form: string) => `${PREFIX}${userId}.${form}`;

export function readDraft<T>(key: string): StoredDraft<T> | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as StoredDraft<T>) : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: StoredDraft<unknown>): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Without storage the form still works, only without a draft.
  }
}

export function removeDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

/** Every owner's drafts go on sign-out: a shared salon computer keeps nobody's typing. */
export function forgetDrafts(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}
