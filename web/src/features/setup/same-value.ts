/** Deep equality of plain data (objects, arrays, numbers with NaN equal to itself): "has anything changed since it was loaded?". */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => key in bRecord && sameValue((a as Record<string, unknown>)[key], bRecord[key]));
}
