import { filter } from './filters.js';

/**
 * Evening the light of a photographed page before OCR. The paper's own brightness (its "ground")
 * is estimated everywhere — the brightest pixels of small blocks, closed over a line's height so
 * letters do not count, smoothed — and every pixel is divided by it: a corner in shade, a
 * vignette or a shadow band across the page come out as white as the rest, and the letters keep
 * their contrast. Ink is then told from paper by one threshold on the evened page, which is an
 * adaptive threshold on the photo as taken.
 */

/**
 * How unevenly the ground is lit: the page cut into a grid, each cell's ground taken as its
 * bright end (text is dark and sparse), compared across cells. 0 = even, 1 = black to white.
 */
export function groundUnevenness(data: Uint8Array, width: number, height: number): number {
  const cells = 6;
  const grounds: number[] = [];
  const histogram = new Uint32Array(256);
  for (let row = 0; row < cells; row += 1) {
    for (let column = 0; column < cells; column += 1) {
      histogram.fill(0);
      let count = 0;
      for (let y = Math.floor((row * height) / cells); y < Math.floor(((row + 1) * height) / cells); y += 2) {
        for (let x = Math.floor((column * width) / cells); x < Math.floor(((column + 1) * width) / cells); x += 2) {
          histogram[data[y * width + x]!]! += 1;
          count += 1;
        }
      }
      let level = 0;
      for (let seen = 0; level < 255; level += 1) {
        seen += histogram[level]!;
        if (seen >= count * 0.8) break;
      }
      grounds.push(level);
    }
  }
  grounds.sort((a, b) => a - b);
  // The middle cells only: a table or a border around a photo is not uneven light.
  return (grounds[Math.floor(grounds.length * 0.8)]! - grounds[Math.floor(grounds.length * 0.2)]!) / 255;
}

/** Against its ground, paper is at least this bright (what is lighter is noise on white)… */
const PAPER = 0.9;
/**
 * …and ink at most this bright: the letters' cores come out black, blurred pale strokes dark
 * (on the hard band of tuning seeds 470–475 and 477–479, 1706 of 1903 rows exact with 0.15,
 * 1745 with 0.35).
 */
const INK = 0.35;

/**
 * The page with its light evened, in place. `lineHeight`: the text's, in pixels (the blocks are
 * half of it, the closing one and a half of it).
 */
export function flatField(data: Uint8Array, width: number, height: number, lineHeight: number): void {
  const block = Math.max(3, Math.round(lineHeight / 2));
  const columns = Math.ceil(width / block);
  const rows = Math.ceil(height / block);
  const grid = new Uint8Array(columns * rows);
  // A block's ground: the 70th percentile of its pixels (text is dark and sparse, noise both ways),
  // counted rather than sorted.
  const counts = new Uint32Array(256);
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      counts.fill(0);
      let count = 0;
      for (let y = row * block; y < Math.min(height, (row + 1) * block); y += 1) {
        for (let x = column * block; x < Math.min(width, (column + 1) * block); x += 1) {
          counts[data[y * width + x]!]! += 1;
          count += 1;
        }
      }
      const rank = Math.floor(count * 0.7);
      let level = 0;
      for (let seen = counts[0]!; seen <= rank; seen += counts[level]!) level += 1;
      grid[row * columns + column] = level;
    }
  }
  const reach = Math.max(1, Math.ceil((lineHeight * 1.5) / block));
  const closed = filter(filter(grid, columns, rows, reach, 'max'), columns, rows, reach, 'min');
  const smooth = new Float32Array(closed.length);
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      let sum = 0;
      let count = 0;
      for (let y = Math.max(0, row - 1); y <= Math.min(rows - 1, row + 1); y += 1) {
        for (let x = Math.max(0, column - 1); x <= Math.min(columns - 1, column + 1); x += 1) {
          sum += closed[y * columns + x]!;
          count += 1;
        }
      }
      smooth[row * columns + column] = Math.max(24, sum / count);
    }
  }
  for (let y = 0; y < height; y += 1) {
    const gy = Math.min(rows - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const top = Math.floor(gy);
    const bottom = Math.min(rows - 1, top + 1);
    const fy = gy - top;
    for (let x = 0; x < width; x += 1) {
      const gx = Math.min(columns - 1, Math.max(0, (x + 0.5) / block - 0.5));
      const left = Math.floor(gx);
      const right = Math.min(columns - 1, left + 1);
      const fx = gx - left;
      const upper = smooth[top * columns + left]! * (1 - fx) + smooth[top * columns + right]! * fx;
      const lower = smooth[bottom * columns + left]! * (1 - fx) + smooth[bottom * columns + right]! * fx;
      const index = y * width + x;
      const ratio = data[index]! / (upper * (1 - fy) + lower * fy);
      data[index] = Math.max(0, Math.min(255, Math.round(((ratio - INK) / (PAPER - INK)) * 255)));
    }
  }
}
