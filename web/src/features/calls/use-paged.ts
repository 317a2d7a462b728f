import { useCallback, useEffect, useState } from 'react';
import type { Page } from './api';

export type PagedState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; items: T[]; next: string | null; loadingMore: boolean; moreError: string | null };

/** A list loaded a page at a time, newest first: the first page on mount, more on demand. */
export function usePaged<T>(load: (cursor?: string) => Promise<Page<T>>, failed: string) {
  const [state, setState] = useState<PagedState<T>>({ status: 'loading' });

  const first = useCallback(
    async (isCancelled: () => boolean = () => false) => {
      setState({ status: 'loading' });
      try {
        const page = await load();
        if (!isCancelled()) setState({ status: 'ready', items: page.items, next: page.next, loadingMore: false, moreError: null });
      } catch (error) {
        if (isCancelled()) return;
        console.error(failed, error);
        setState({ status: 'error', error: failed });
      }
    },
    [load, failed],
  );

  useEffect(() => {
    let cancelled = false;
    void first(() => cancelled);
    return () => {
      cancelled = true;
    };
  }, [first]);

  async function more() {
    if (state.status !== 'ready' || !state.next || state.loadingMore) return;
    setState({ ...state, loadingMore: true, moreError: null });
    try {
      const page = await load(state.next);
      setState((current) => (current.status === 'ready' ? { status: 'ready', items: [...current.items, ...page.items], next: page.next, loadingMore: false, moreError: null } : current));
    } catch (error) {
      console.error(failed, error);
      setState((current) => (current.status === 'ready' ? { ...current, loadingMore: false, moreError: failed } : current));
    }
  }

  /** Changes the loaded items in place (a deleted call, a ticked message). */
  function update(change: (items: T[]) => T[]) {
    setState((current) => (current.status === 'ready' ? { ...current, items: change(current.items) } : current));
  }

  return { state, retry: () => void first(), more, update };
}
