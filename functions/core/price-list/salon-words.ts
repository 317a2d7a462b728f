/**
 * Words of Irish salon service names, for telling a misread word ("Dccasion", "Highlihts") from
 * a real one (review.ts). Written from the trade's vocabulary, never from a test's lists: a name
 * may hold other words (a brand, a stylist's own name) and is then simply not compared.
 */
export const SALON_WORDS: ReadonlySet<string> = new Set(
  `ladies gents mens womens boys girls kids children child childs junior juniors teen teens student students senior seniors oap toddler
  cut cuts haircut trim dry wash blow blowdry blowout finish style styling restyle set curly curls curl wave waves tong tonging straighten straightening
  colour colours color tint tints toner toning gloss glaze root roots regrowth full half head quarter partial section highlights highlight lowlights lowlight
  foils foil slices babylights balayage ombre sombre bleach lightening platinum correction corrective global semi demi permanent
  keratin brazilian smoothing relaxer perm perming treatment treatments olaplex bond conditioning deep mask scalp massage ritual hydration
  occasion occasions upstyle bridal bride bridesmaid wedding trial debs formal plait plaits braid braids hair long short medium length extra
  beard shave towel fade skin clipper clippers scissor buzz fringe neck design line shape
  extensions extension maintenance refit removal consultation patch test strand lash lashes brow brows lamination wax waxing lift makeup
  express quick classic signature luxury deluxe luxe mini taster package packages with without and plus from price prices
  pixie bob crop shampoo wet tone stand alone touch top ups sides back dread dreads locs twist twists natural afro
  airtouch foilyage sunkissed face framing contour money piece peekaboo vivid vivids fashion pastel
  grey blending blend coverage hot combo communion confirmation dye lob bead beads tape weave`
    .split(/\s+/)
    .filter(Boolean),
);

/** Whether a and b differ by exactly one letter changed, added or dropped. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < Math.min(a.length, b.length) && a[i] === b[i]) i += 1;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Letters OCR reads for others on a blurred print: the read form, then what was printed. */
const CONFUSED: readonly [RegExp, string][] = [
  [/n/, 'ri'],
  [/rn/, 'm'],
  [/m/, 'rn'],
  [/m/, 'rr'],
  [/cl/, 'd'],
  [/li/, 'h'],
  [/vv/, 'w'],
];

/** Whether a lower-case word is a salon word or its plural. */
export const isSalonWord = (word: string) => [word, word.replace(/s$/, ''), word.replace(/es$/, ''), `${word}s`].some((form) => SALON_WORDS.has(form));

/**
 * The salon word (lower case) that `word` is one letter off, or null: a word of five letters or
 * more that is not itself a salon word (nor its plural) and is one edit from exactly one of them,
 * or a word of three letters or more that becomes one when a pair OCR confuses is undone ("m"
 * for "rn" or "rr": "Comection").
 * Shorter words have too many neighbours to tell by one edit.
 */
export function nearSalonWord(word: string): string | null {
  const lower = word.toLowerCase();
  if (lower.length < 3 || /[^\p{L}]/u.test(lower) || isSalonWord(lower)) return null;
  // OCR's usual confusions of letter pairs ("Tnm" for "Trim", "Bndal" for "Bridal") tried first.
  for (const [read, meant] of CONFUSED) {
    const mended = lower.replace(read, meant);
    if (mended !== lower && isSalonWord(mended)) return mended;
  }
  if (lower.length < 5) return null;
  const near = [...SALON_WORDS].filter((known) => known.length >= 5 && oneEditApart(lower, known));
  return near.length === 1 ? near[0]! : null;
}

/**
 * Whether a word of three letters or more that is no salon word is one letter off one all the
 * same ("Biow" from blow or brow, "Hall" from half, "Tim" from trim): what OCR makes of a salon
 * word more often than a word of its own, once nearSalonWord cannot tell which was meant.
 */
export function offSalonWord(word: string): boolean {
  const lower = word.toLowerCase();
  if (lower.length < 3 || /[^\p{L}]/u.test(lower) || isSalonWord(lower)) return false;
  return [...SALON_WORDS].some((known) => known.length >= 3 && oneEditApart(lower, known));
}
