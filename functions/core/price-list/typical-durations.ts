/**
 * Typical appointment lengths in an Irish hair salon, for services whose price list gives none.
 * Matched on the service name by keywords, the most specific entry first (so "Full Head
 * Highlights" is not taken for a plain "Highlights", nor "Cut & Blow Dry" for a "Blow Dry").
 * Minutes are what a salon would book, not the fastest it could be done.
 */
interface TypicalDuration {
  pattern: RegExp;
  minutes: number;
}

export const TYPICAL_DURATIONS: readonly TypicalDuration[] = [
  // Brows and lashes first: their "tint" is not a hair colour.
  { pattern: /lash lift|brow lamination/, minutes: 45 },
  { pattern: /lash|brow|\bwax/, minutes: 15 },
  // Colour, most specific first.
  { pattern: /colou?r correction|corrective colou?r/, minutes: 240 },
  { pattern: /balayage|ombr[eé]|sombr[eé]|babylights|airtouch|foilyage/, minutes: 180 },
  { pattern: /bleach|lightening|platinum/, minutes: 180 },
  { pattern: /full head.*(highlight|foil|lowlight)|(highlight|foil|lowlight).*full head/, minutes: 150 },
  { pattern: /half head.*(highlight|foil|lowlight)|(highlight|foil|lowlight).*half head/, minutes: 120 },
  { pattern: /t[- ]?(section|bar)|quarter head|partial (highlight|foil)/, minutes: 90 },
  { pattern: /highlight|lowlight|foils?\b|slices?\b/, minutes: 120 },
  { pattern: /full head.*(colou?r|tint)|(colou?r|tint).*full head|global colou?r/, minutes: 120 },
  { pattern: /root|regrowth|re-growth/, minutes: 90 },
  { pattern: /semi[- ]?perm|demi[- ]?perm/, minutes: 60 },
  { pattern: /gloss|glaze|toner|toning|tone\b/, minutes: 45 },
  { pattern: /colou?r|tint|dye/, minutes: 90 },
  // Smoothing, perms, extensions.
  { pattern: /keratin|brazilian|smoothing|straightening|relax/, minutes: 180 },
  { pattern: /extensions?.*(maintenance|refit|move up|removal)/, minutes: 120 },
  { pattern: /extensions?/, minutes: 240 },
  { pattern: /perm\b|perming/, minutes: 120 },
  // Occasions.
  { pattern: /bridal.*trial|trial.*bridal/, minutes: 60 },
  { pattern: /bridal|bride\b|wedding/, minutes: 90 },
  { pattern: /bridesmaid|debs|up[- ]?style|hair up|occasion|formal|plait|braid/, minutes: 60 },
  // Cuts and finishing.
  { pattern: /curly cut|curl(y)? (cut|style)|dry cut.*curl|devacut/, minutes: 90 },
  { pattern: /restyle|re-style|new style/, minutes: 75 },
  { pattern: /\bcut\b.*(blow|finish|style)|(blow|finish|style).*\bcut\b/, minutes: 60 },
  { pattern: /curly blow|curl refresh|blow.*(tong|curl|wave)|(tong|curl|wave).*blow/, minutes: 45 },
  { pattern: /blow[- ]?dry|blowdry|blow[- ]?out|\bblow\b/, minutes: 45 },
  { pattern: /skin fade|fade/, minutes: 40 },
  { pattern: /beard.*(cut|hair)|(cut|hair).*beard|combo/, minutes: 45 },
  { pattern: /hot towel|shave/, minutes: 30 },
  { pattern: /beard|moustache|mustache/, minutes: 15 },
  { pattern: /fringe|neck trim|bang|hair design|line[- ]?up|shape[- ]?up/, minutes: 15 },
  { pattern: /(child|kid|junior|boy|girl|teen|student|oap|senior|pensioner).*cut|cut.*(child|kid|junior)/, minutes: 30 },
  { pattern: /gent|men'?s|male|barber|buzz|clipper|scissor cut/, minutes: 30 },
  { pattern: /dry cut|dry trim|trim/, minutes: 30 },
  { pattern: /cut|haircut|restyle/, minutes: 45 },
  { pattern: /straighten|tong|curl|wave|style|styling|set\b/, minutes: 45 },
  { pattern: /wash|shampoo/, minutes: 15 },
  // Care and beauty.
  { pattern: /olaplex|k18|bond|treatment|mask|condition|hydration|scalp|head massage|ritual/, minutes: 30 },
  { pattern: /consultation|patch test|skin test|strand test/, minutes: 15 },
  { pattern: /make[- ]?up/, minutes: 60 },
];

/** The typical minutes for a service name, or null when nothing in the table fits. */
export function typicalDuration(name: string): number | null {
  const text = name.toLowerCase().replace(/&/g, ' and ').replace(/\s+/g, ' ');
  return TYPICAL_DURATIONS.find((entry) => entry.pattern.test(text))?.minutes ?? null;
}
