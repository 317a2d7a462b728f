/**
 * An adapter chosen on first use: the choice may need an asynchronous read (the provider secret)
 * or a heavy import. Every caller shares one choice; a failed choice is retried on the next call.
 */
function chooseOnce<T>(choose: () => Promise<T>): () => Promise<T> {
  let chosen: Promise<T> | undefined;
  return () => {
    chosen ??= choose().catch((error: unknown) => {
      chosen = undefined;
      throw error;
    });
    return chosen;
  };
}

type AsyncMethod = (...args: never[]) => Promise<unknown>;

/**
 * A port whose adapter is chosen, and its module imported, on the first call of any of its
 * methods. Until then the Lambda has parsed none of that module: the bundler makes each
 * `await import()` a chunk of its own (infra/lambda-bundle.ts), so a cold start pays only for
 * what the handler uses. `methods` names every method of the port; leaving one out does not compile.
 */
export function lazyAdapter<T extends { [K in keyof T]: AsyncMethod }>(choose: () => Promise<T>, methods: Record<keyof T, true>): T {
  const adapter = chooseOnce(choose);
  const port: Partial<Record<keyof T, AsyncMethod>> = {};
  for (const name of Object.keys(methods) as (keyof T)[]) {
    port[name] = async (...args: never[]) => ((await adapter())[name] as AsyncMethod)(...args);
  }
  return port as T;
}
