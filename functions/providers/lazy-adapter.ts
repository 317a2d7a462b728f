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
/** A port whose every member is an asynchronous method: what a lazily chosen adapter can stand in for. */
export type AsyncPort<T> = { [K in keyof T]: AsyncMethod };

/**
 * A port whose adapter is chosen, and its module imported, on the first call of any of its
 * methods. Until then the Lambda has parsed none of that module: the bundler makes each
 * `await import()` a chunk of its own (infra/lambda-bundle.ts), so a cold start pays only for
 * what the handler uses. `methods` names every method of the port; leaving one out does not compile.
 */
export function lazyAdapter<T extends AsyncPort<T>>(choose: () => Promise<T>, methods: Record<keyof T, true>): T {
  const adapter = chooseOnce(choose);
  const port: Partial<Record<keyof T, AsyncMethod>> = {};
  for (const name of Object.keys(methods) as (keyof T)[]) {
    port[name] = async (...args: never[]) => ((await adapter())[name] as AsyncMethod)(...args);
  }
  return port as T;
}

/** A port served by a vendor when it is configured, else, under `npm start` only, by its labelled stand-in. */
interface AdapterChoice<T, Configured> {
  /** The vendor's configuration (env locally, the provider secret in AWS), or nothing where it is not set up. */
  configured: () => Promise<Configured | null | undefined>;
  real: (configured: Configured) => Promise<T>;
  /**
   * The sandbox standing in for the vendor, handed in by the local server (local/sandboxes/); a
   * Lambda has none. The port is the real adapter's: a sandbox with more (its own pages) does not widen it.
   */
  standIn?: () => NoInfer<T>;
  /** What is missing when the vendor is not configured, and which sandbox prod refuses. */
  missing: string;
  sandboxName: string;
  /** The refusal when the vendor is not configured and no stand-in may serve; a plain Error saying what is missing otherwise. */
  notConfigured?: () => Promise<Error>;
  methods: Record<keyof T, true>;
}

/**
 * The real-or-stand-in choice every vendor port makes, made on the port's first call (lazyAdapter):
 * the vendor's adapter when it is configured, else the stand-in when `npm start` gave one, which
 * prod never uses. Deployed, there is no stand-in: an unconfigured vendor fails, saying what is missing.
 */
export function chooseAdapter<T extends AsyncPort<T>, Configured>(stage: string, choice: AdapterChoice<T, Configured>): T {
  return lazyAdapter(async () => {
    const configured = await choice.configured();
    if (configured) return choice.real(configured);
    if (stage !== 'prod' && choice.standIn) return choice.standIn();
    if (choice.notConfigured) throw await choice.notConfigured();
    throw new Error(
      stage === 'prod'
        ? `${choice.missing}: prod never uses the ${choice.sandboxName} sandbox`
        : `${choice.missing}: the ${choice.sandboxName} sandbox runs only under npm start (local/)`,
    );
  }, choice.methods);
}
