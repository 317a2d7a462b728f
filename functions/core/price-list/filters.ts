/** Image filters over raw greyscale pixels, shared by page finding (find-page.ts) and light evening (light.ts). */

/** A max or min filter over a square of side 2·radius + 1, in two passes (rows, then columns). */
export function filter(data: Uint8Array, width: number, height: number, radius: number, kind: 'max' | 'min'): Uint8Array {
  const max = kind === 'max';
  const pass = (source: Uint8Array, length: number, lines: number, step: number, stride: number) => {
    const out = new Uint8Array(source.length);
    for (let line = 0; line < lines; line += 1) {
      const base = line * stride;
      for (let i = 0; i < length; i += 1) {
        let value = source[base + i * step]!;
        const end = Math.min(length - 1, i + radius);
        for (let k = Math.max(0, i - radius); k <= end; k += 1) {
          const other = source[base + k * step]!;
          if (max ? other > value : other < value) value = other;
        }
        out[base + i * step] = value;
      }
    }
    return out;
  };
  return pass(pass(data, width, height, 1, width), height, width, width, 1);
}
