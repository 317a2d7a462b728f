import type { Sharp } from 'sharp';
import { skewAngle } from './deskew.js';
import { rowField, straightenRows } from './dewarp.js';
import { findPage } from './find-page.js';
import { wipeLeaders } from './leaders.js';
import { flatField, groundUnevenness, lightOnDark } from './light.js';
import { wipeRules } from './rules.js';
import { sensorNoise } from './noise.js';
import { warpGrey, type Point } from './perspective.js';

/**
 * A photo or scan made ready for OCR, with sharp (libvips, prebuilt in @img/*) for decoding and
 * resizing and plain loops for the rest. Every step is decided from the picture itself, never from
 * what a given price list says:
 * 1. decoded the right way up (EXIF), flattened on white, in grey, at most MAX_SIDE across, and
 *    turned dark on light where it is printed light on dark (light.ts);
 * 2. the page found (find-page.ts) and drawn flat by the perspective its four corners give, so a
 *    page photographed at a slant or from below becomes a rectangle and its lines run level;
 *    when no page stands out (a scan, a screenshot), or its lines still slant once drawn flat
 *    (its corners were wrong), the picture is kept whole;
 * 3. whatever slant is left measured by projection profile (deskew.ts), on a copy with the light
 *    evened so a shadow's edge does not pass for a line, and turned away; rows that still fan out
 *    or bend (a page not found, a curl) drawn level by the slant measured in tiles (dewarp.ts);
 * 4. the light evened (light.ts) and the contrast stretched;
 * 5. enlarged or shrunk so a line of text is about TARGET_LINE_HEIGHT pixels, which tesseract
 *    reads best (and no larger: time grows with pixels);
 * 6. ruled lines (rules.ts) and dot leaders (leaders.ts) wiped, which tesseract reads as letters.
 * Quarter turns (a photo saved sideways) are found by tesseract's orientation detection in
 * readers/image.ts.
 */
export interface PreparedImage {
  png: Buffer;
  /** The same page as `png`, one byte a pixel, for steps that cut from it after OCR (reread-prices.ts). */
  grey: Grey;
  width: number;
  height: number;
  /** The page's corners in the decoded picture, or null when no page stood out. */
  page: Point[] | null;
  /** Degrees the text was turned back by after the page was drawn flat. */
  angle: number;
  /** Rows that still fanned out or bent were drawn level (dewarp.ts). */
  straightened: boolean;
  /** How much the flattened page was enlarged (>1) or shrunk (<1). */
  scale: number;
  /** The measured height of a line of text before scaling (null when none was found). */
  lineHeight: number | null;
  /** The ground's brightness varied this much (0..1) across the page before it was evened. */
  unevenLight: number;
  /** The picture was printed light on dark, and was turned dark on light. */
  inverted: boolean;
  /** Ruled lines wiped (rules.ts). */
  rules: number;
  /** Dot leaders wiped (leaders.ts). */
  leaders: number;
  /** The flattened page's sensor noise (noise.ts); from GRAINY on it was softened more. */
  noise: number;
  /** The blur's σ (px) it was softened by against that noise. */
  softening: number;
}

/** Height (px) of a line of ink that tesseract reads well: capitals about 20 px. */
const TARGET_LINE_HEIGHT = 30;
const MAX_SCALE = 3.5;
/** Long side kept from the photo: more only costs time. */
const MAX_SIDE = 3000;
/** Pixels given to OCR at most. */
const MAX_PIXELS = 6_000_000;
/** Long side of the copy the page is looked for in. */
const FINDING_SIDE = 480;
const SKEW_SIDE = 1000;
/**
 * Sensor noise (noise.ts, grey levels on the flattened page) from which a photo is grainy:
 * generated photos taken with noise σ over 10 measure about 1 here, those under 9 about
 * 0.5–0.75 (the hard band of tuning seeds 470–472, and of two fresh seeds then used for tuning).
 */
const GRAINY = 0.95;
/** Degrees of slant left after drawing the page flat beyond which its corners were wrong. */
const MAX_SLANT_AFTER_FLATTENING = 2;

export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

type SharpModule = (typeof import('sharp'))['default'];

async function raw(pipeline: Sharp): Promise<Grey> {
  const { data, info } = await pipeline.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

const fromGrey = (sharp: SharpModule, grey: Grey) => sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } });

async function shrunk(sharp: SharpModule, grey: Grey, side: number): Promise<{ small: Grey; factor: number }> {
  const factor = Math.min(1, side / Math.max(grey.width, grey.height));
  const small =
    factor < 1
      ? await raw(fromGrey(sharp, grey).resize({ width: Math.max(1, Math.round(grey.width * factor)), height: Math.max(1, Math.round(grey.height * factor)) }))
      : grey;
  return { small, factor: small.width / grey.width };
}

/** A copy of the picture with its light evened (light.ts), for measures a shadow's edge would mislead. */
function evened(grey: Grey, lineHeight: number): Uint8Array {
  const copy = Uint8Array.from(grey.data);
  flatField(copy, grey.width, grey.height, lineHeight);
  return copy;
}

/**
 * The lines' slant, and roughly their height, measured with the light evened: a shadow band's
 * edge or a striped surface around a page not found otherwise outweighs the lines (a photo turned
 * 6.6° measured 0.6°) and is taken for lines 100 px tall.
 */
async function slant(sharp: SharpModule, grey: Grey): Promise<{ angle: number; lineHeight: number | null }> {
  const { small, factor } = await shrunk(sharp, grey, SKEW_SIDE);
  const guess = Math.max(8, small.height / 60);
  const lineHeight = measureLineHeight(evened(small, guess), small.width, small.height);
  const angle = skewAngle(evened(small, lineHeight ?? guess), small.width, small.height, lineHeight);
  return { angle, lineHeight: lineHeight === null ? null : lineHeight / factor };
}

/** The picture with its rows drawn level, measured on a small evened copy; null when they already are. */
async function straightenedRows(sharp: SharpModule, grey: Grey, lineHeight: number): Promise<Grey | null> {
  const { small, factor } = await shrunk(sharp, grey, SKEW_SIDE);
  const field = rowField(evened(small, lineHeight * factor), small.width, small.height, lineHeight * factor);
  return field && { data: straightenRows(grey.data, grey.width, grey.height, field, factor), width: grey.width, height: grey.height };
}

/**
 * The page drawn flat: the quadrilateral's opposite sides averaged give the rectangle's size. Its
 * corners are taken a little inside, so no sliver of the table shows along the edges.
 */
function flatten(grey: Grey, found: Point[]): Grey {
  const middle = { x: found.reduce((sum, { x }) => sum + x / 4, 0), y: found.reduce((sum, { y }) => sum + y / 4, 0) };
  const corners = found.map(({ x, y }) => ({ x: x + (middle.x - x) * 0.008, y: y + (middle.y - y) * 0.008 }));
  const side = (a: number, b: number) => Math.hypot(corners[a]!.x - corners[b]!.x, corners[a]!.y - corners[b]!.y);
  const width = Math.round((side(0, 1) + side(3, 2)) / 2);
  const height = Math.round((side(0, 3) + side(1, 2)) / 2);
  return { data: warpGrey(grey.data, grey.width, grey.height, corners, width, height), width, height };
}

export async function prepareImage(bytes: Buffer, options: { rotate?: 0 | 90 | 180 | 270 } = {}): Promise<PreparedImage> {
  const { default: sharp } = await import('sharp');
  let pipeline = sharp(bytes, { limitInputPixels: false, failOn: 'error' }).rotate().flatten({ background: '#ffffff' }).greyscale();
  if (options.rotate) pipeline = sharp(await pipeline.png({ compressionLevel: 0 }).toBuffer()).rotate(options.rotate);
  pipeline = pipeline.resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  const photo = await raw(pipeline);
  // Light print on a dark board is turned dark on light, as every later step expects.
  const inverted = lightOnDark(photo.data, photo.width, photo.height);
  if (inverted) for (let at = 0; at < photo.data.length; at += 1) photo.data[at] = 255 - photo.data[at]!;

  const { small, factor } = await shrunk(sharp, photo, FINDING_SIDE);
  const found = findPage(small.data, small.width, small.height);
  let page = found?.map(({ x, y }) => ({ x: x / factor, y: y / factor })) ?? null;
  let grey = page ? flatten(photo, page) : photo;
  let { angle, lineHeight: rough } = await slant(sharp, grey);
  // A page drawn flat by its right corners has level lines. Lines still this slanted mean a
  // shadow's edge or the table was taken for a side: the photo is read as taken instead.
  if (page && Math.abs(angle) > MAX_SLANT_AFTER_FLATTENING) {
    page = null;
    grey = photo;
    ({ angle, lineHeight: rough } = await slant(sharp, grey));
  }
  if (Math.abs(angle) >= 0.3) grey = await raw(fromGrey(sharp, grey).rotate(-angle, { background: '#ffffff' }));
  // Rows that still fan out or bend (perspective left, a curl) drawn level (dewarp.ts).
  const straightened = rough !== null && (await straightenedRows(sharp, grey, rough));
  if (straightened) grey = straightened;

  // Sensor noise and JPEG blocks softened first, so neither the measures nor the letters take
  // them in: lightly on a clean photo, since a photo blurred already loses the gaps between bold
  // letters to more ("€27" read "«7"), more on a grainy one, whose specks break the letters.
  const side = Math.max(grey.width, grey.height);
  const noise = sensorNoise(grey.data, grey.width, grey.height);
  const softening = noise >= GRAINY ? Math.max(0.6, side / 2500) : Math.max(0.4, side / 4000);
  grey = await raw(fromGrey(sharp, grey).blur(softening));
  const lineHeight = measureLineHeight(evened(grey, rough ?? Math.max(12, grey.height / 60)), grey.width, grey.height);
  const unevenLight = groundUnevenness(grey.data, grey.width, grey.height);

  let scale = lineHeight ? Math.min(MAX_SCALE, TARGET_LINE_HEIGHT / lineHeight) : Math.min(1, 2000 / Math.max(grey.width, grey.height));
  scale = Math.min(scale, Math.sqrt(MAX_PIXELS / (grey.width * grey.height)));
  const width = Math.max(1, Math.round(grey.width * scale));
  const height = Math.max(1, Math.round(grey.height * scale));
  if (Math.abs(scale - 1) > 0.02) grey = await raw(fromGrey(sharp, grey).resize({ width, height, kernel: scale > 1 ? 'lanczos3' : 'lanczos2' }));
  // Evened at the size OCR reads, so the step from paper to ink is drawn from smooth values.
  flatField(grey.data, grey.width, grey.height, (lineHeight ?? Math.max(12, grey.height / 60)) * scale);
  const rules = wipeRules(grey.data, grey.width, grey.height, (lineHeight ?? TARGET_LINE_HEIGHT / scale) * scale);
  const leaders = wipeLeaders(grey.data, grey.width, grey.height, (lineHeight ?? TARGET_LINE_HEIGHT / scale) * scale);
  // 300 dpi stated, so tesseract does not guess the resolution from the file's own (often absent) density.
  const png = await fromGrey(sharp, grey).withDensity(300).toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer();
  return {
    png,
    grey,
    width,
    height,
    page,
    angle,
    straightened: Boolean(straightened),
    scale,
    lineHeight,
    unevenLight,
    inverted,
    rules,
    leaders,
    noise,
    softening,
  };
}

/**
 * The typical height of a line of text. The page is cut into narrow upright strips (so a photo
 * turned a few degrees still has level lines within each); in each strip the rows of pixels
 * holding ink form runs, one per line of text. The lines' pitch (from one run's top to the
 * next's) tells text from the small runs of dot leaders, underlines and specks on the same
 * lines; the median of the runs at least a third of the pitch tall is the line height. Ink is
 * what is much darker than the strip's ground. Null when no lines are found.
 */
export function measureLineHeight(data: Uint8Array, width: number, height: number): number | null {
  const strip = Math.max(24, Math.floor(width / 24));
  const runs: number[] = [];
  const pitches: number[] = [];
  for (let start = 0; start + strip / 2 <= width; start += strip) {
    const end = Math.min(width, start + strip);
    let ground = 0;
    for (let y = 0; y < height; y += 3) for (let x = start; x < end; x += 3) ground = Math.max(ground, data[y * width + x]!);
    if (ground < 60) continue;
    const threshold = ground * 0.6;
    let run = 0;
    let lastTop = -1;
    for (let y = 0; y <= height; y += 1) {
      let dark = 0;
      if (y < height) for (let x = start; x < end; x += 1) if (data[y * width + x]! < threshold) dark += 1;
      // A row of the strip that is mostly dark is a rule or a border, not text; one with a dark
      // pixel or two is noise.
      if (dark >= Math.max(2, (end - start) * 0.02) && dark < (end - start) * 0.85) run += 1;
      else {
        if (run >= 4 && run < height / 4) {
          runs.push(run);
          if (lastTop >= 0) pitches.push(y - run - lastTop);
          lastTop = y - run;
        }
        run = 0;
      }
    }
  }
  if (runs.length < 3) return null;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const pitch = pitches.length ? median(pitches) : 0;
  const lines = runs.filter((each) => each >= pitch / 3);
  return median(lines.length >= 3 ? lines : runs);
}
