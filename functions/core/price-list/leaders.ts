/**
 * Dot leaders ("Blow Dry . . . . . . €30") wiped from a prepared page before OCR. Tesseract reads
 * a run of dots as letters ("ee eee ee") and often swallows the price at its end with them. A
 * leader is a row of small round blobs of ink, evenly spaced on one baseline: the page's ink is
 * cut into connected blobs, the small ones are chained left to right along their line, and a
 * chain of several at a steady spacing is painted white. A full stop or the dot of an i stands
 * alone and stays.
 */
interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
}

const INK = 128;

/** The connected blobs of ink (8-connected) no larger than `largest` pixels across. */
function smallBlobs(data: Uint8Array, width: number, height: number, largest: number): Blob[] {
  const seen = new Uint8Array(width * height);
  const blobs: Blob[] = [];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start += 1) {
    if (seen[start] || data[start]! >= INK) continue;
    const blob: Blob = { x0: width, y0: height, x1: 0, y1: 0, area: 0 };
    seen[start] = 1;
    stack.push(start);
    let large = false;
    while (stack.length) {
      const at = stack.pop()!;
      const x = at % width;
      const y = (at - x) / width;
      blob.area += 1;
      if (x < blob.x0) blob.x0 = x;
      if (x > blob.x1) blob.x1 = x;
      if (y < blob.y0) blob.y0 = y;
      if (y > blob.y1) blob.y1 = y;
      if (blob.x1 - blob.x0 > largest || blob.y1 - blob.y0 > largest) large = true;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (!seen[next] && data[next]! < INK) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    if (!large) blobs.push(blob);
  }
  return blobs;
}

/** Wipes the dot leaders of a page whose lines of text are about `lineHeight` pixels tall, in place; answers how many. */
export function wipeLeaders(data: Uint8Array, width: number, height: number, lineHeight: number): number {
  const largest = Math.max(2, Math.round(lineHeight * 0.22));
  const dots = smallBlobs(data, width, height, largest)
    .filter((blob) => {
      const w = blob.x1 - blob.x0 + 1;
      const h = blob.y1 - blob.y0 + 1;
      return blob.area >= 3 && w <= h * 2 && h <= w * 2 && blob.area >= w * h * 0.4;
    })
    .map((blob) => ({ ...blob, cx: (blob.x0 + blob.x1) / 2, cy: (blob.y0 + blob.y1) / 2 }))
    .sort((a, b) => a.cx - b.cx);
  const used = new Set<number>();
  let wiped = 0;
  for (let first = 0; first < dots.length; first += 1) {
    if (used.has(first)) continue;
    // Chain the next dot to the right on the same line, at the spacing the first two set.
    const chain = [first];
    let spacing = 0;
    for (let next = first + 1; next < dots.length; next += 1) {
      const last = dots[chain.at(-1)!]!;
      const candidate = dots[next]!;
      const gap = candidate.cx - last.cx;
      if (gap > lineHeight * 1.2) break;
      if (used.has(next) || Math.abs(candidate.cy - last.cy) > lineHeight * 0.12 || gap < 2) continue;
      if (spacing && Math.abs(gap - spacing) > spacing * 0.35) continue;
      if (!spacing) spacing = gap;
      chain.push(next);
    }
    if (chain.length < 5) continue;
    // The dot's soft edge (lighter than the ink threshold) goes too.
    const edge = Math.max(1, Math.round(lineHeight * 0.07));
    for (const index of chain) {
      used.add(index);
      const dot = dots[index]!;
      for (let y = Math.max(0, dot.y0 - edge); y <= Math.min(height - 1, dot.y1 + edge); y += 1) {
        for (let x = Math.max(0, dot.x0 - edge); x <= Math.min(width - 1, dot.x1 + edge); x += 1) data[y * width + x] = 255;
      }
    }
    wiped += 1;
  }
  return wiped;
}
