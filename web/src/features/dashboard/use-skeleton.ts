import { useEffect, useState } from 'react';

/** True until the skeleton has shown for `ms` (the dashboard's shows for one second). */
export function useSkeleton(ms: number): boolean {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return loading;
}
