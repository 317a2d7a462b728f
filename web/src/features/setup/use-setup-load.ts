import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SetupState } from '@functions/contracts/setup';
import { setupQuery } from './api';

/**
 * What setup saved, as the wizard's and Settings' forms start from it: read afresh when the page
 * opens (never a copy another page left in the cache), and handed to `onLoaded` once. Later reads
 * (the refetch after a save) never reach the forms, so nothing the owner is typing is overwritten:
 * a section that saved takes its own part again (`latestSetup`).
 */
export function useSetupLoad(onLoaded: (setup: SetupState) => void) {
  const query = useQuery({ ...setupQuery, refetchOnMount: 'always' });
  const taken = useRef(false);
  const [ready, setReady] = useState(false);
  const fresh = query.isFetchedAfterMount && !query.isFetching && query.status === 'success' ? query.data : null;

  useEffect(() => {
    if (taken.current || !fresh) return;
    taken.current = true;
    onLoaded(fresh);
    setReady(true);
  }, [fresh, onLoaded]);

  const status: 'loading' | 'ready' | 'error' = ready ? 'ready' : query.isError && !query.isFetching ? 'error' : 'loading';
  return { status, error: query.error, retry: () => void query.refetch() };
}
