import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { Page } from './api';

export type PagedState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; items: T[]; next: string | null; loadingMore: boolean; moreError: string | null };

/** A list loaded a page at a time, newest first: the first page on mount, more on demand. */
export function usePaged<T>(queryKey: QueryKey, load: (cursor?: string) => Promise<Page<T>>, failed: string) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

  let state: PagedState<T>;
  if (query.data) {
    const { pages } = query.data;
    state = {
      status: 'ready',
      items: pages.flatMap((page) => page.items),
      next: pages.at(-1)?.next ?? null,
      loadingMore: query.isFetchingNextPage,
      moreError: query.isFetchNextPageError ? failed : null,
    };
  } else state = query.isError && !query.isFetching ? { status: 'error', error: failed } : { status: 'loading' };

  async function more() {
    if (state.status !== 'ready' || !state.next || state.loadingMore) return;
    await query.fetchNextPage();
  }

  /** Changes the loaded items in place (a deleted call, a ticked message). */
  function update(change: (items: T[]) => T[]) {
    queryClient.setQueryData<InfiniteData<Page<T>, string | undefined>>(queryKey, (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) } : data,
    );
  }

  return { state, retry: () => void query.refetch(), more, update };
}
