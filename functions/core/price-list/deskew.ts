/**
 * The angle of a page's lines of text, by projection profile: the ink is projected across the
 * page at each candidate angle, and at the angle of the lines the projection is most uneven (each
 * line a tall peak, the gaps between lines empty). Coarse steps over ±12°, then finer ones around
 * the best. Measured on a small copy (about 1000 px across), where it takes a few milliseconds.
 */
const SEARCH = 12;

/** Dark pixels against their neighbourhood's light ground: x and y of each. */
function inkOf(data: Uint8Array, width: number, height: number): { xs: Float32Array; ys: Float32Array } {
  const xs: number[] = [];
  const ys: number[] = [];
  const cell = 32;
  for (let top = 0; top < height; top += cell) {
    for (let left = 0; left < width; left += cell) {
      let ground = 0;
      for (let y = top; y < Math.min(height, top + cell); y += 2) for (let x = left; x < Math.min(width, left + cell); x += 2) ground = Math.max(ground, data[y * width + x]!);
      const threshold = ground * 0.65;
      if (ground < 40) continue;
      for (let y = top; y < Math.min(height, top + cell); y += 1) {
        for (let x = left; x < Math.min(width, left + cell); x += 1) {
          if (data[y * width + x]! < threshold) {
            xs.push(x);
            ys.push(y);
          }
        }
      }
    }
  }
  return { xs: Float32Array.from(xs), ys: Float32Array.from(ys) };
}

function sharpness(ink: { xs: Float32Array; ys: Float32Array }, degrees: number, bins: Float64Array, offset: number): number {
  const angle = (degrees * Math.PI) / 180;
  const [sin, cos] = [Math.sin(angle), Math.cos(angle)];
  bins.fill(0);
  for (let index = 0; index < ink.xs.length; index += 1) {
    const bin = Math.round(ink.ys[index]! * cos - ink.xs[index]! * sin + offset);
    if (bin >= 0 && bin < bins.length) bins[bin]! += 1;
  }
  let sum = 0;
  for (let index = 1; index < bins.length; index += 1) sum += (bins[index]! - bins[index - 1]!) ** 2;
  return sum;
}

/**
 * Degrees the lines of text are turned clockwise (their right end lower), within ±12°; 0 when
 * there is too little ink to tell.
 */
export function skewAngle(data: Uint8Array, width: number, height: number): number {
  const ink = inkOf(data, width, height);
  if (ink.xs.length < 200) return 0;
  const offset = width * Math.sin((SEARCH * Math.PI) / 180) + 2;
  const bins = new Float64Array(Math.ceil(height + 2 * offset));
  let best = { angle: 0, score: -1 };
  const search = (from: number, to: number, step: number) => {
    for (let angle = from; angle <= to + 1e-9; angle += step) {
      const score = sharpness(ink, angle, bins, offset);
      if (score > best.score) best = { angle, score };
    }
  };
  search(-SEARCH, SEARCH, 1);
  const coarse = best.angle;
  search(coarse - 1, coarse + 1, 0.1);
  return Math.round(best.angle * 10) / 10;
}
