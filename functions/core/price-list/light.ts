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
/** Ink to paper (as a share of the ground) stretched over 0..255. */
const STRETCH = 255 / (PAPER - INK);
const OFFSET = INK * STRETCH;

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
  // Bilinear in two steps: the grid's two rows around a line of pixels blended once for the whole
  // line, then across, with where each pixel column falls between the grid's worked out once.
  const lefts = new Int32Array(width);
  const rights = new Int32Array(width);
  const shares = new Float64Array(width);
  for (let x = 0; x < width; x += 1) {
    const gx = Math.min(columns - 1, Math.max(0, (x + 0.5) / block - 0.5));
    lefts[x] = Math.floor(gx);
    rights[x] = Math.min(columns - 1, lefts[x]! + 1);
    shares[x] = gx - lefts[x]!;
  }
  const ground = new Float64Array(columns);
  for (let y = 0; y < height; y += 1) {
    const gy = Math.min(rows - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const top = Math.floor(gy) * columns;
    const bottom = Math.min(rows - 1, Math.floor(gy) + 1) * columns;
    const fy = gy - Math.floor(gy);
    for (let column = 0; column < columns; column += 1) ground[column] = smooth[top + column]! * (1 - fy) + smooth[bottom + column]! * fy;
    const line = y * width;
    for (let x = 0; x < width; x += 1) {
      const fx = shares[x]!;
      const value = (data[line + x]! * STRETCH) / (ground[lefts[x]!]! * (1 - fx) + ground[rights[x]!]! * fx) - OFFSET;
      data[line + x] = value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
    }
  }
}

/**
 * Whether a picture is printed light on dark (a barber's board, a dark card): the middle of the
 * picture (where the page is, whatever surrounds it) is mostly dark, with a tail of pixels far
 * brighter than most (the letters) and none far darker. Dark print on paper is the other way
 * round: most pixels near the bright end, the letters a tail below.
 */
export function lightOnDark(data: Uint8Array, width: number, height: number): boolean {
  const counts = new Uint32Array(256);
  let count = 0;
  for (let y = Math.floor(height * 0.2); y < Math.ceil(height * 0.8); y += 2) {
    for (let x = Math.floor(width * 0.2); x < Math.ceil(width * 0.8); x += 2) {
      counts[data[y * width + x]!]! += 1;
      count += 1;
    }
  }
  const at = (share: number) => {
    let level = 0;
    for (let seen = counts[0]!; seen < count * share && level < 255; seen += counts[level]!) level += 1;
    return level;
  };
  const [dark, middle, bright] = [at(0.03), at(0.5), at(0.97)];
  return middle < 128 && bright - middle > 2 * (middle - dark) && bright - middle > 48;
}
