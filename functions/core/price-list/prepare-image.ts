import type { Sharp } from 'sharp';

/**
 * Image preparation before OCR, with sharp (libvips, prebuilt for linux x64 in @img/*): phone
 * photos and scans come in every size, light and orientation, and tesseract reads best dark text
 * on an even light ground with letters about 30 px tall. Each step is a decision taken from the
 * picture itself, never from what a given price list says:
 * - the camera's EXIF orientation is applied, transparency flattened on white, colour dropped;
 * - a picture larger than OCR needs is shrunk (time grows with pixels), and one whose lines of
 *   text are short (a small screenshot, a low-resolution scan) is enlarged to about 300 dpi;
 * - contrast is stretched, and where the ground is unevenly lit (a photo under a lamp) local
 *   contrast is evened out first so one threshold fits the whole page.
 * Quarter turns (a photo saved sideways) are found by tesseract's orientation detection in
 * readers/image.ts; the few degrees of a hand-held photo are straightened by tesseract itself.
 */
export interface PreparedImage {
  png: Buffer;
  width: number;
  height: number;
  /** How much the picture was enlarged (>1) or shrunk (<1). */
  scale: number;
  /** The measured height of a line of text, in the source's pixels (null when none was found). */
  lineHeight: number | null;
  /** The ground's brightness varied this much (0..1) across the page. */
  unevenLight: number;
  evened: boolean;
}

/** Height (px) of a line of ink that tesseract reads well: capitals about 24 px. */
const TARGET_LINE_HEIGHT = 32;
/** Lines at least this tall are read well enough as they are. */
const ENLARGE_BELOW = 22;
const MAX_SCALE = 3.5;
/** Long side OCR needs at most; larger pictures only cost time. */
const MAX_SIDE = 2600;
/** Pixels after enlarging (a 6 MP page still reads in well under 2 s). */
const MAX_PIXELS = 6_000_000;
const UNEVEN_LIGHT = 0.12;

export async function prepareImage(bytes: Buffer, options: { rotate?: 0 | 90 | 180 | 270 } = {}): Promise<PreparedImage> {
  const { default: sharp } = await import('sharp');
  const base = async (pipeline: Sharp) => {
    const { data, info } = await pipeline.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  let pipeline = sharp(bytes, { limitInputPixels: false, failOn: 'error' }).rotate().flatten({ background: '#ffffff' }).greyscale();
  if (options.rotate) pipeline = sharp(await pipeline.png({ compressionLevel: 0 }).toBuffer()).rotate(options.rotate);
  const grey = await base(pipeline);
  const shrink = Math.min(1, MAX_SIDE / Math.max(grey.width, grey.height));

  const unevenLight = groundUnevenness(grey.data, grey.width, grey.height);
  const lineHeight = measureLineHeight(grey.data, grey.width, grey.height);
  let scale = shrink;
  if (lineHeight !== null && lineHeight * shrink < ENLARGE_BELOW) {
    scale = Math.min(MAX_SCALE, TARGET_LINE_HEIGHT / lineHeight, Math.sqrt(MAX_PIXELS / (grey.width * grey.height)));
    scale = Math.max(scale, shrink);
  }
  const width = Math.max(1, Math.round(grey.width * scale));
  const height = Math.max(1, Math.round(grey.height * scale));
  const evened = unevenLight > UNEVEN_LIGHT;
  if (evened) evenLight(grey.data, grey.width, grey.height);
  let out = sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } });
  if (scale !== 1) out = out.resize({ width, height, kernel: scale > 1 ? 'lanczos3' : 'lanczos2' });
  // 300 dpi stated, so tesseract does not guess the resolution from the file's own (often absent) density.
  const png = await out.normalise({ lower: 1, upper: 99 }).withDensity(300).toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer();
  return { png, width, height, scale, lineHeight, unevenLight, evened };
}

const GRID = 12;
/** Ground darker than this is not paper (a table top around a photo): it is left as it is. */
const PAPER = 110;

/** The ground's brightness in each cell of a grid: the bright end of the cell (text is dark and sparse). */
function groundGrid(data: Uint8Array, width: number, height: number, cells: number): number[] {
  const grounds: number[] = [];
  const histogram = new Uint32Array(256);
  for (let row = 0; row < cells; row += 1) {
    for (let column = 0; column < cells; column += 1) {
      histogram.fill(0);
      let count = 0;
      const x0 = Math.floor((column * width) / cells);
      const x1 = Math.floor(((column + 1) * width) / cells);
      const y0 = Math.floor((row * height) / cells);
      const y1 = Math.floor(((row + 1) * height) / cells);
      for (let y = y0; y < y1; y += 2) {
        for (let x = x0; x < x1; x += 2) {
          histogram[data[y * width + x]!]! += 1;
          count += 1;
        }
      }
      let level = 255;
      if (count > 0) {
        let seen = 0;
        for (level = 0; level < 255; level += 1) {
          seen += histogram[level]!;
          if (seen >= count * 0.8) break;
        }
      }
      grounds.push(level);
    }
  }
  return grounds;
}

/**
 * Flat-field correction in place: each pixel divided by the ground around it (the grid's grounds
 * interpolated), so a page lit from one corner comes out evenly white.
 */
export function evenLight(data: Uint8Array, width: number, height: number): void {
  const grounds = groundGrid(data, width, height, GRID);
  const at = (row: number, column: number) => Math.max(PAPER, grounds[Math.min(GRID - 1, Math.max(0, row)) * GRID + Math.min(GRID - 1, Math.max(0, column))]!);
  for (let y = 0; y < height; y += 1) {
    const gy = (y * GRID) / height - 0.5;
    const row = Math.floor(gy);
    const fy = gy - row;
    for (let x = 0; x < width; x += 1) {
      const gx = (x * GRID) / width - 0.5;
      const column = Math.floor(gx);
      const fx = gx - column;
      const ground =
        (at(row, column) * (1 - fx) + at(row, column + 1) * fx) * (1 - fy) + (at(row + 1, column) * (1 - fx) + at(row + 1, column + 1) * fx) * fy;
      const index = y * width + x;
      data[index] = Math.min(255, Math.round((data[index]! * 255) / ground));
    }
  }
}

/**
 * How unevenly the ground is lit: the page cut into a grid, each cell's ground taken as its
 * bright end (text is dark and sparse), compared across cells. 0 = even, 1 = black to white.
 */
export function groundUnevenness(data: Uint8Array, width: number, height: number): number {
  const grounds = groundGrid(data, width, height, 6).sort((a, b) => a - b);
  // The middle cells only: a table or a border around a photo is not uneven light.
  const low = grounds[Math.floor(grounds.length * 0.2)]!;
  const high = grounds[Math.floor(grounds.length * 0.8)]!;
  return (high - low) / 255;
}

/**
 * The typical height of a line of text. The page is cut into narrow upright strips (so a photo
 * turned a few degrees still has level lines within each); in each strip the rows of pixels
 * holding ink form runs, one per line of text, and the median run over all strips is the line
 * height. Ink is what is much darker than the strip's ground. Null when no lines are found.
 */
export function measureLineHeight(data: Uint8Array, width: number, height: number): number | null {
  const strip = Math.max(24, Math.floor(width / 24));
  const runs: number[] = [];
  for (let start = 0; start + strip / 2 <= width; start += strip) {
    const end = Math.min(width, start + strip);
    let ground = 0;
    for (let y = 0; y < height; y += 3) for (let x = start; x < end; x += 3) ground = Math.max(ground, data[y * width + x]!);
    if (ground < 60) continue;
    const threshold = ground * 0.6;
    let run = 0;
    for (let y = 0; y <= height; y += 1) {
      let dark = 0;
      if (y < height) for (let x = start; x < end; x += 1) if (data[y * width + x]! < threshold) dark += 1;
      // A row of the strip that is mostly dark is a rule or a border, not text.
      if (dark > 0 && dark < (end - start) * 0.85) run += 1;
      else {
        if (run >= 4 && run < height / 4) runs.push(run);
        run = 0;
      }
    }
  }
  if (runs.length < 3) return null;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)]!;
}
