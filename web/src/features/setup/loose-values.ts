/** Values read from a load answer that may lack them (saved before a field existed): empty, never undefined. */
export const text = (value: unknown) => (typeof value === 'string' ? value : '');
export const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
