/**
 * A deadline on work a library may never finish (a malformed file can hang a parser or OCR).
 * Its own module because both the whole read (read-text.ts) and each OCR pass (readers/image.ts)
 * need one, and the image reader must not import the dispatcher that imports it.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
