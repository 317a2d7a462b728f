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
  airtouch foilyage sunkissed face framing contour money piece peekaboo vivid vivids fashion pastel`.split(/\s+/).filter(Boolean),
);
