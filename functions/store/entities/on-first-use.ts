/**
 * A value built on its first use and kept. Building a dynamodb-toolbox entity checks its whole
 * schema against the table's (a few ms of CPU for them all): built at import, every Lambda paid
 * for every entity it bundles on its cold start, a caller waiting. Built on first use, a Lambda
 * pays only for the entities its request writes, and only once.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let value: { built: T } | undefined;
  return () => (value ??= { built: build() }).built;
}
