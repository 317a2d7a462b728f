/** A small closed-loop load generator: `concurrency` workers, each sending the next request as the last one returns. */
export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** What `sample` counted over the measured seconds (e.g. CPU milliseconds), when given. */
  sampled?: number;
}

export function percentile(sorted: number[], fraction: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

export async function runLoad(options: {
  concurrency: number;
  seconds: number;
  warmUpSeconds?: number;
  request: () => Promise<boolean>;
  sample?: () => number;
}): Promise<LoadResult> {
  // A warm-up lets the JIT and connection pools settle; those requests are not counted.
  const warmUpUntil = performance.now() + (options.warmUpSeconds ?? 2) * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < warmUpUntil) await options.request().catch(() => false);
    }),
  );
  const latencies: number[] = [];
  let errors = 0;
  const sampledAtStart = options.sample?.();
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const ok = await options.request().catch(() => false);
        latencies.push(performance.now() - sent);
        if (!ok) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sampled = sampledAtStart === undefined ? undefined : options.sample!() - sampledAtStart;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    ...(sampled === undefined ? {} : { sampled }),
  };
}

export function formatLoad(label: string, result: LoadResult): string {
  return `${label.padEnd(34)} ${result.perSecond.toFixed(0).padStart(6)} req/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms   (${result.requests} requests, ${result.errors} errors)`;
}
