/**
 * An adapter chosen on first use: the choice may need an asynchronous read (the provider secret)
 * or a heavy import. Every caller shares one choice; a failed choice is retried on the next call.
 */
export function chooseOnce<T>(choose: () => Promise<T>): () => Promise<T> {
  let chosen: Promise<T> | undefined;
  return () => {
    chosen ??= choose().catch((error: unknown) => {
      chosen = undefined;
      throw error;
    });
    return chosen;
  };
}
