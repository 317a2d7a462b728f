/** Client-only row ids for React keys: stable across re-ordering, never sent. */
let uidCounter = 0;
export const newUid = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(uidCounter++).toString(36)}`;
