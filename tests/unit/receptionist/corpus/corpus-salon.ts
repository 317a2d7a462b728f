import type { Service } from '../../../../functions/contracts/setup.js';
import { runTool } from '../../../../functions/core/agent-tools/registry.js';
import type { ReceptionistDeps } from '../../../../local/receptionist/receptionist.js';
import { createConversationStore } from '../../../../functions/store/conversation-store.js';
import { createRateLimits } from '../../../../functions/store/rate-limits.js';
import { makeSalon, type Table } from '../../booking/harness.js';

/**
 * The salon every corpus script calls: an Irish salon's own price list (services whose names
 * share words, on purpose: "Blow-dry" inside "Cut and blow-dry", "Half head highlights" beside
 * "half ten"), three stylists, the default opening hours (closed on Sunday), on the real booking
 * core over DynamoDB Local. The clock stands still where the run puts it (calendar.ts).
 */

export const CORPUS_SERVICES: Service[] = [
  { name: 'Cut and blow-dry', duration: 60, price: 55 },
  { name: 'Blow-dry', duration: 30, price: 30 },
  { name: 'Gents cut', duration: 30, price: 25 },
  { name: "Kids' cut", duration: 30, price: 15 },
  { name: 'Half head highlights', duration: 120, price: 95 },
  { name: 'Full head highlights', duration: 150, price: 130 },
  { name: 'Balayage', duration: 180, price: 180 },
  { name: 'Fringe trim', duration: 15, price: 10 },
  { name: 'Root colour', duration: 90, price: 65 },
  { name: 'Upstyle', duration: 60, price: 60 },
].map((service, index) => ({ id: `svc_${index}`, price_min: null, price_max: null, isRange: false, comment: '', ...service }));

export const CORPUS_STYLISTS = ['Aoife', 'Siobhán', 'Ciara'];

/**
 * Another salon's layout: Aoife's Hair Studio in Naas, its price list as written
 * (tests/fixtures/price-lists/aoife-hair-studio-naas.txt): "Ladies Cut & Blow Dry" beside "Blow
 * Dry" and "Curly Blow Dry", a Toner, a Balayage priced from €150 to €200.
 */
export const NAAS_SERVICES: Service[] = [
  { name: 'Ladies Cut & Blow Dry', duration: 60, price: 55 },
  { name: 'Ladies Dry Cut', duration: 30, price: 35 },
  { name: 'Gents Cut', duration: 30, price: 25 },
  { name: 'Kids Cut', duration: 20, price: 15, comment: 'under 12' },
  { name: 'Fringe Trim', duration: 15, price: 8 },
  { name: 'Blow Dry', duration: 45, price: 30 },
  { name: 'Curly Blow Dry', duration: 60, price: 40 },
  { name: 'Full Head Colour', duration: 120, price: 75 },
  { name: 'Root Tint', duration: 90, price: 55 },
  { name: 'Toner', duration: 30, price: 25 },
  { name: 'Balayage', duration: 180, price: null, price_min: 150, price_max: 200, isRange: true },
].map((service, index) => ({ id: `svc_n${index}`, price_min: null, price_max: null, isRange: false, comment: '', ...service }));

export const LAYOUTS = {
  corpus: { services: CORPUS_SERVICES, stylists: CORPUS_STYLISTS },
  naas: { services: NAAS_SERVICES, stylists: ['Aoife', 'Niamh', 'Saoirse'] },
} as const;
export type Layout = keyof typeof LAYOUTS;

/** The number corpus callers give unless a script says otherwise. */
export const CALLER_PHONE = '087 123 4567';

export interface ExistingBooking {
  service: string;
  /** Local Dublin wall time, `2026-11-27T10:00`. */
  start: string;
  stylist?: string;
  /** Another caller's booking (it only takes the time) unless false. */
  callerPhone?: string;
}

export async function corpusSalon(table: Table, options: { now: number; test: boolean; existing?: ExistingBooking[]; layout?: Layout }) {
  const layout = LAYOUTS[options.layout ?? 'corpus'];
  const salon = await makeSalon(table, { now: { value: options.now }, stylists: [...layout.stylists] });
  const previous = await salon.deps.setup.load(salon.salonId);
  const stylists = layout.stylists.map((name, index) => ({ id: `sty_${index}`, name }));
  await salon.deps.setup.replaceTeam(salon.salonId, { stylists, mappings: {}, services: layout.services }, previous);
  const deps: ReceptionistDeps = {
    ...salon.deps,
    rateLimits: createRateLimits(table.client, table.tableName),
    conversations: createConversationStore(table.client, table.tableName),
  } as ReceptionistDeps;
  const existingIds: string[] = [];
  for (const [index, booking] of (options.existing ?? []).entries()) {
    const answer = await runTool(deps, 'book', {
      salonId: salon.salonId,
      test: options.test,
      input: {
        service: booking.service,
        start: booking.start,
        ...(booking.stylist ? { stylist: booking.stylist } : {}),
        callerName: booking.callerPhone ? `Other caller ${index}` : 'Regular caller',
        callerPhone: booking.callerPhone ?? CALLER_PHONE,
      },
    });
    existingIds.push((answer.booking as { id: string }).id);
  }
  return { salonId: salon.salonId, deps, existingIds };
}
