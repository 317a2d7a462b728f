import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { AGENT_TOOLS, BOOKING_RULES } from '../../../functions/contracts/agent-tools.js';
import { toolRegistry } from '../../../functions/core/agent-tools/registry.js';
import { speakOpeningHours } from '../../../functions/core/booking/speak.js';
import { buildAgentDefinition, CALL_LIMITS, greeting } from '../../../functions/core/voice-agent/agent-config.js';
import { CALL_VARIABLES } from '../../../functions/core/voice-agent/call-variables.js';
import { toElevenLabsBody } from '../../../functions/providers/elevenlabs-agent-requests.js';
import { FIXTURE_SALONS } from './fixture-salons.js';

/** The agent's configuration per fixture salon: what it knows, how it greets, its limits, and tools from the same contracts. */
const SITE = 'https://app.salondesk.ie';

describe.each(Object.entries(FIXTURE_SALONS))('the voice agent configuration of %s', (_name, fixture) => {
  const definition = buildAgentDefinition(fixture.salon, fixture.setup, SITE);

  it('knows the business, address, directions, hours, services with spoken prices and durations, stylists and booking rules', () => {
    for (const fact of fixture.facts) expect(definition.systemPrompt).toContain(fact);
    expect(definition.systemPrompt).toContain(`Opening hours: ${speakOpeningHours(fixture.salon.hours!)}`);
    expect(definition.systemPrompt).toContain(`${BOOKING_RULES.minNoticeMinutes} minutes from now up to ${BOOKING_RULES.horizonDays} days ahead`);
    // Tools are named as the agent's model sees them.
    for (const tool of ['check_availability', 'book', 'cancel', 'reschedule', 'list_services', 'transfer', 'take_message'])
      expect(definition.systemPrompt).toContain(tool);
    expect(definition.systemPrompt).not.toMatch(/check-availability|list-services|take-message/);
  });

  it('says a move is a reschedule, and a booking refused as already_booked is offered as a move, booked again only with additional for another person or service (RELIABILITY 96)', () => {
    const rules = definition.systemPrompt.slice(definition.systemPrompt.indexOf('# Booking rules'));
    expect(rules).toContain('A move is always reschedule, never a new booking');
    expect(rules).toMatch(
      /book refuses \(already_booked\) a time that overlaps a booking the caller already has.*If they want it moved, use reschedule with its id \(`existing.id`\)\. Only if they say the new one is for another person, or another service they want as well, call book again with `additional: true`/,
    );
    expect(toolRegistry.book.description).toContain('already_booked');
    expect(definition.tools.find((tool) => tool.name === 'book')!.bodySchema).toMatchObject({ properties: { additional: { type: 'boolean' } } });
    // Today's weekday: asked once, as a choice the caller can answer.
    expect(rules).toContain('"Today, or next Saturday the 5th?"');
  });

  it("keeps today's date a per-call variable, and sets the voice, language and call limits", () => {
    expect(definition.systemPrompt).toContain(`Today is {{${CALL_VARIABLES.today}}} (Europe/Dublin)`);
    expect(definition.systemPrompt).not.toMatch(/\b20\d\d-\d\d-\d\d\b/);
    expect(definition).toMatchObject({ voice: fixture.voice, language: fixture.language, timezone: 'Europe/Dublin', limits: CALL_LIMITS });
    expect(definition.limits.maxDurationSeconds).toBeGreaterThan(0);
    expect(definition.limits.silenceEndCallSeconds).toBeGreaterThan(0);
    // A conversation not started by our webhook (the provider's console) counts as a test call.
    expect(definition.callVariablePlaceholders).toMatchObject({ [CALL_VARIABLES.testCall]: 'true', [CALL_VARIABLES.salonId]: fixture.salon.id });
  });

  it('tells callers in the first message that they are speaking to an AI assistant (EU AI Act Art. 50)', () => {
    expect(definition.firstMessage).toBe(fixture.firstMessage);
  });

  it('declares every registry tool, its body schema exactly the JSON Schema of the contract the tools route checks', () => {
    expect(definition.tools.map((tool) => tool.name)).toEqual([...AGENT_TOOLS]);
    for (const tool of definition.tools) {
      const { $schema: _ignored, ...expected } = z.toJSONSchema(toolRegistry[tool.name].contract as z.ZodType, {
        io: 'input',
        unrepresentable: 'any',
      }) as Record<string, unknown>;
      expect(tool.bodySchema).toEqual(expected);
      expect(tool.description).toBe(toolRegistry[tool.name].description);
      expect(tool.url).toBe(`${SITE}/api/agent/tools?tool=${tool.name}`);
      // What the Agents Platform receives names the same fields, required ones and choices.
      const body = toElevenLabsBody(tool.bodySchema);
      const properties = (expected.properties ?? {}) as Record<string, { enum?: string[]; description?: string }>;
      expect(Object.keys(body.properties ?? {})).toEqual(Object.keys(properties));
      expect(body.required).toEqual((expected.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries(properties)) {
        if (property.enum) expect(body.properties?.[name]).toMatchObject({ enum: property.enum });
        // Each parameter tells the agent what it is, from the contract.
        expect(property.description, `${tool.name}.${name}`).toBeTruthy();
        expect(body.properties?.[name]).toMatchObject({ description: property.description });
      }
    }
  });
});

describe('owner-typed text', () => {
  it('cannot name a per-call variable (a conversation missing one would not start)', () => {
    const fixture = Object.values(FIXTURE_SALONS)[0]!;
    const salon = { ...fixture.salon, name: 'Cuts {{by}} Ciara', business: { ...fixture.salon.business!, directions: 'Green door {{{secret}}}' } };
    const setup = { ...fixture.setup, voice: { ...fixture.setup.voice!, firstMessage: 'Hi {{caller_phone}}, the AI assistant here.' } };
    const definition = buildAgentDefinition(salon, setup, SITE);
    const variables = [...`${definition.systemPrompt}\n${definition.firstMessage}`.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
    expect(new Set(variables)).toEqual(new Set([CALL_VARIABLES.today, CALL_VARIABLES.callerPhone]));
    expect(definition.systemPrompt).toContain('Cuts {by} Ciara');
    expect(definition.firstMessage).toBe('Hi {caller_phone}, the AI assistant here.');
  });
});

describe('the greeting', () => {
  it('adds the disclosure, in the agent language, only when the owner greeting lacks it', () => {
    expect(greeting("Hi, I'm the AI assistant at Cuts by Ciara.", 'Cuts by Ciara')).toBe("Hi, I'm the AI assistant at Cuts by Ciara.");
    expect(greeting('Hello, you are through to our virtual assistant.', 'X')).toBe('Hello, you are through to our virtual assistant.');
    expect(greeting('Hello!', 'Cuts by Ciara')).toBe("Hello! Just so you know, I'm the salon's AI assistant.");
    expect(greeting('Dzień dobry!', 'Studio Ola', 'pl')).toBe('Dzień dobry! Informuję, że jestem asystentem AI salonu.');
    // "j'ai" is not a disclosure; a language without its own sentence gets the English one.
    expect(greeting("Bonjour, j'ai le plaisir de vous répondre.", 'Salon', 'fr')).toMatch(/assistant IA du salon\.$/);
    expect(greeting('Hej!', 'Salon', 'sv')).toBe("Hej! Just so you know, I'm the salon's AI assistant.");
  });

  it('falls back to the default greeting, which discloses, when the owner left it empty', () => {
    expect(greeting('  ', 'Cuts by Ciara')).toBe("Hi, thanks for calling Cuts by Ciara! I'm the salon's AI assistant. How can I help you today?");
  });
});
