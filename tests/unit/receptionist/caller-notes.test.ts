import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOURS, type Stylist } from '../../../functions/contracts/setup.js';
import { startConversation, takeTurn } from '../../../local/receptionist/receptionist.js';
import { buildAgentDefinition } from '../../../functions/core/voice-agent/agent-config.js';
import { salonInfo } from '../../../functions/core/booking/salon-tools.js';
import { setLogSink } from '../../../functions/logger.js';
import { createConversationStore } from '../../../functions/store/conversation-store.js';
import { createRateLimits } from '../../../functions/store/rate-limits.js';
import { FIXTURE_SALONS } from '../voice-agent/fixture-salons.js';
import { at, makeSalon, startTable, type Table } from '../booking/harness.js';

/**
 * "Things callers should know" (issue 45, RELIABILITY 159): the owner's box reaches the sandbox
 * receptionist, the salon-info tool and the hosted agent's prompt; without it the receptionist
 * still says it does not know the policy rather than guess.
 */
let table: Table;
beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(() => table.close());

const NOTES = 'A patch test is needed 48 hours before any colour. Cancel at least 24 hours ahead or a €10 fee applies. Senior stylists charge €10 more.';
const BUSINESS = { name: 'Cuts by Ciara', phone: '+35312345678', address_line: '', town_city: 'Galway', county: 'Galway', eircode: '', directions: '' };

async function receptionist(notes: string | undefined) {
  const now = { value: at('2026-11-23T10:00') };
  const salon = await makeSalon(table, { now });
  await salon.deps.setup.saveBusiness(salon.salonId, { ...BUSINESS, ...(notes ? { caller_notes: notes } : {}) }, DEFAULT_HOURS);
  const deps = {
    ...salon.deps,
    rateLimits: createRateLimits(table.client, table.tableName),
    conversations: createConversationStore(table.client, table.tableName),
  };
  const { conversationId } = await startConversation(deps, { salonId: salon.salonId, test: false, callerPhone: '+353871000002' });
  // A new salon context: the profile was saved after makeSalon's first read.
  now.value += 10_000;
  return { salon, say: async (text: string) => (await takeTurn(deps, { salonId: salon.salonId, conversationId, text })).say };
}

describe('things callers should know', () => {
  it('the sandbox receptionist tells a caller asking about a patch test or the cancellation policy', async () => {
    const { say, salon } = await receptionist(NOTES);
    expect(await say('Do I need a patch test before a colour?')).toBe(`The salon asks callers to know this: ${NOTES} Is there anything else I can help with?`);
    expect(await say("What's your cancellation policy?")).toContain('Cancel at least 24 hours ahead or a €10 fee applies.');
    expect(await salonInfo(salon.deps, salon.salonId)).toMatchObject({ callerNotes: NOTES });
  });

  it('without any, it does not guess at the policy', async () => {
    const { say } = await receptionist(undefined);
    expect(await say("What's your cancellation policy?")).toMatch(/^I don't have the salon's cancellation policy to hand, so I won't guess at it/);
  });

  it("the hosted agent's prompt carries them, and who does what", () => {
    const fixture = Object.values(FIXTURE_SALONS)[0]!;
    const salon = { ...fixture.salon, business: { ...fixture.salon.business!, caller_notes: NOTES } };
    const stylists: Stylist[] = [
      { id: 'sty_1', name: 'Ciara', days: ['monday', 'friday'], services: ['svc_2'] },
      { id: 'sty_2', name: 'Aoife' },
    ];
    const prompt = buildAgentDefinition(salon, { ...fixture.setup, stylists }, 'https://app.salondesk.ie').systemPrompt;
    expect(prompt).toContain(`# Things callers should know\n${NOTES}\n`);
    expect(prompt).toContain('before booking a service one of them is about');
    expect(prompt).toContain('- Ciara works Mondays and Fridays and does Cut & blow-dry only.');
    expect(buildAgentDefinition(fixture.salon, fixture.setup, 'https://app.salondesk.ie').systemPrompt).not.toContain('Things callers should know');
  });
});
