import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceSchema, type Service } from '../../../functions/contracts/setup.js';
import { setupMessages } from '../../../functions/contracts/setup-fields.js';
import { listServices } from '../../../functions/core/booking/salon-tools.js';
import { startConversation, takeTurn } from '../../../local/receptionist/receptionist.js';
import { buildAgentDefinition } from '../../../functions/core/voice-agent/agent-config.js';
import { setLogSink } from '../../../functions/logger.js';
import { createConversationStore } from '../../../functions/store/conversation-store.js';
import { createRateLimits } from '../../../functions/store/rate-limits.js';
import { FIXTURE_SALONS } from '../voice-agent/fixture-salons.js';
import { at, makeSalon, startTable, type Table } from './harness.js';

/**
 * Prices in euro and cent, and "price on consultation" (issue 45, RELIABILITY 162): through the
 * contract, the store (whole cents), the tools' words and the hosted agent's prompt.
 */
let table: Table;
beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(() => table.close());

const FRINGE: Service = { id: 'svc_fringe', name: 'Fringe trim', duration: 15, price: 7.5, price_min: null, price_max: null, isRange: false, comment: '' };
const CORRECTION: Service = {
  id: 'svc_fix',
  name: 'Colour correction',
  duration: 180,
  price: null,
  price_min: null,
  price_max: null,
  isRange: false,
  consultation: true,
  comment: '',
};

describe('prices in euro and cent, and on consultation', () => {
  it('the contract takes €7.50 and a price on consultation with no number, and refuses a third decimal', () => {
    expect(serviceSchema.safeParse(FRINGE).success).toBe(true);
    expect(serviceSchema.safeParse({ ...FRINGE, isRange: true, price: null, price_min: 7.5, price_max: 12.25 }).success).toBe(true);
    expect(serviceSchema.safeParse(CORRECTION).success).toBe(true);
    const third = serviceSchema.safeParse({ ...FRINGE, price: 7.505 });
    expect(third.success ? null : third.error.issues[0]?.message).toBe(setupMessages.euroAndCent);
    // Without "on consultation" a service still needs its price.
    const none = serviceSchema.safeParse({ ...CORRECTION, consultation: false });
    expect(none.success ? null : none.error.issues[0]?.message).toBe(setupMessages.pricePositive);
  });

  it('the store keeps the cents and the flag; the receptionist says €7.50, and "priced on consultation" with no number', async () => {
    const now = { value: at('2026-11-23T10:00') };
    const salon = await makeSalon(table, { now });
    const previous = await salon.deps.setup.load(salon.salonId);
    await salon.deps.setup.replaceTeam(salon.salonId, { stylists: previous.stylists, mappings: previous.mappings, services: [FRINGE, CORRECTION] }, previous);
    now.value += 10_000;
    const loaded = await salon.deps.setup.load(salon.salonId);
    expect(loaded.services).toEqual([
      expect.objectContaining({ name: 'Fringe trim', price: 7.5 }),
      expect.objectContaining({ name: 'Colour correction', price: null, consultation: true }),
    ]);
    const listed = await listServices(salon.deps, salon.salonId);
    expect(listed.say).toBe('We do Fringe trim €7.50 and Colour correction (price on consultation). Would you like to book one?');
    expect(listed.services).toEqual([
      expect.objectContaining({ priceCents: 750, spokenPrice: '€7.50', consultation: false }),
      expect.objectContaining({ priceCents: null, spokenPrice: null, consultation: true }),
    ]);

    const deps = {
      ...salon.deps,
      rateLimits: createRateLimits(table.client, table.tableName),
      conversations: createConversationStore(table.client, table.tableName),
    };
    const { conversationId } = await startConversation(deps, { salonId: salon.salonId, test: false, callerPhone: '+353871000002' });
    const say = async (text: string) => (await takeTurn(deps, { salonId: salon.salonId, conversationId, text })).say;
    expect(await say('How much is a fringe trim?')).toBe('Fringe trim is €7.50 and takes about 15 minutes. Would you like to book it?');
    expect(await say('How much is a colour correction?')).toBe(
      'Colour correction is priced on consultation: your stylist will tell you the price when they see your hair. It takes about 3 hours. Would you like to book it?',
    );
  });

  it("the hosted agent's prompt quotes €7.50 and says a price on consultation is not quoted", () => {
    const fixture = Object.values(FIXTURE_SALONS)[0]!;
    const prompt = buildAgentDefinition(fixture.salon, { ...fixture.setup, services: [FRINGE, CORRECTION] }, 'https://app.salondesk.ie').systemPrompt;
    expect(prompt).toContain('- Fringe trim: 15 minutes, €7.50');
    expect(prompt).toContain('- Colour correction: 3 hours, price on consultation (no price is quoted: the stylist prices it on the day)');
  });
});
