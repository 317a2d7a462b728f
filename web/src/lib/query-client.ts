import { QueryCache, QueryClient, type UseQueryResult } from '@tanstack/react-query';

/**
 * The app's one cache of server reads. A failed read is shown at once with its own words (no
 * silent retries: a 401 means signing in again, and the screens offer "Try again"), and a read
 * is not repeated just because the tab regained focus: the forms are filled from some of these
 * reads, and what the owner is typing must never be overwritten behind their back.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => console.error(`Loading ${JSON.stringify(query.queryKey)} failed`, error),
  }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** A read as a screen shows it: loading (also while "Try again" runs after a failure), its value, or the screen's own words for its failure. */
export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: string };

export function loaded<T>(query: UseQueryResult<T>, failure: string | ((error: Error) => string)): Loaded<T> {
  if (query.status === 'error' && !query.isFetching) return { status: 'error', error: typeof failure === 'string' ? failure : failure(query.error) };
  return query.status === 'success' ? { status: 'ready', value: query.data } : { status: 'loading' };
}
