import { useSyncExternalStore } from 'react';

/** Below the layout's 640 px breakpoint (styles.css): a phone. */
const NARROW = '(max-width: 639.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the screen is a phone's, following rotation and resizing. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
