import * as z from 'zod';
import { AGENT_TOOLS, BOOKING_RULES, type AgentTool } from '../../contracts/agent-tools.js';
import { DEFAULT_VOICE_ID, defaultFirstMessage, LANGUAGE_LABELS, voiceById } from '../../contracts/voice-settings.js';
import type { Salon } from '../salon-profile.js';
import type { StoredSetup } from '../ports/setup-store.js';
import { toolRegistry } from '../agent-tools/registry.js';
import { speakDuration, speakList, speakOpeningHours, speakPrice } from '../booking/speak.js';
import { TRANSCRIPT_RETENTION_DAYS } from '../calls/record-post-call.js';
import { addressLine } from '../confirmations/format.js';
import type { AgentDefinition } from './agent-definition.js';
import { servicePriceCents } from '../money.js';
import { CALL_VARIABLES } from './call-variables.js';

/**
 * The salon's voice agent, as a pure function of what the owner saved: who it is, what it
 * knows, how it sounds, its limits and its tools. Provider-neutral: the ElevenLabs adapter maps
 * it onto the Agents Platform, the sandbox receptionist reads the same greeting and language.
 */
export const CALL_LIMITS = {
  /** A call ends after this long whatever happens (no runaway minutes: hold music, a stuck line). */
  maxDurationSeconds: 15 * 60,
  /** Silence this long ends the call. */
  silenceEndCallSeconds: 20,
  /** A tool that has not answered by then is abandoned; the agent says so. */
  toolTimeoutSeconds: 10,
} as const;

/**
 * What the provider keeps of each call: the conversation (transcript) as long as we keep its
 * copy, and no recording of the voices (nothing here uses the audio).
 */
export const PROVIDER_RETENTION = { conversationDays: TRANSCRIPT_RETENTION_DAYS, recordVoice: false } as const;

/** Our tool requests carry these headers: the conversation is the provider's system variable, the rest our call variables. */
export const TOOL_HEADER_VARIABLES = {
  'X-Conversation-Id': 'system__conversation_id',
  'X-Call-Sid': CALL_VARIABLES.callSid,
  'X-Test-Call': CALL_VARIABLES.testCall,
} as const;

/**
 * Says the caller is talking to an AI, in the languages the agent speaks: the acronyms in
 * capitals only ("j'ai" is not a disclosure), the words in any case.
 */
const AI_ACRONYM = /\b(AI|IA|KI)\b/;
const AI_WORDS =
  /\b(artificial intelligence|virtual assistant|automated assistant|sztuczn\w* inteligencj\w*|intelligence artificielle|inteligencia artificial|intelligenza artificiale|künstliche\w* Intelligenz)/i;

/** The disclosure added to a greeting that does not make it, in the agent's language (English where none is written). */
const DISCLOSURE_SENTENCE: Record<string, string> = {
  en: "Just so you know, I'm the salon's AI assistant.",
  pl: 'Informuję, że jestem asystentem AI salonu.',
  es: 'Para que lo sepa, soy el asistente de IA del salón.',
  fr: "Pour information, je suis l'assistant IA du salon.",
  de: 'Zur Info: Ich bin der KI-Assistent des Salons.',
  it: "Per sua informazione, sono l'assistente IA del salone.",
  pt: 'Para sua informação, sou o assistente de IA do salão.',
  nl: 'Ter informatie: ik ben de AI-assistent van de salon.',
};

/**
 * The owner's greeting, with the EU AI Act (Art. 50) disclosure added when the greeting does not
 * make it: a caller knows from the first sentence they are speaking to an AI assistant.
 */
export function greeting(firstMessage: string, salonName: string, language = 'en'): string {
  const message = firstMessage.trim() || defaultFirstMessage(salonName);
  return AI_ACRONYM.test(message) || AI_WORDS.test(message) ? message : `${message} ${DISCLOSURE_SENTENCE[language] ?? DISCLOSURE_SENTENCE.en}`;
}

/** A tool's name as the agent's model sees it (function names: letters, digits and underscores everywhere). */
export const agentToolName = (tool: AgentTool) => tool.replaceAll('-', '_');

/** The body schema the tools route checks, as JSON Schema: one source, no second hand-written copy. */
export function toolBodySchema(tool: AgentTool): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(toolRegistry[tool].contract as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return schema;
}

/**
 * Owner-typed text as it goes into the prompt and greeting: `{{…}}` there would be read by the
 * provider as a per-call variable, and a conversation missing one does not start.
 */
export const literal = (text: string) => text.replace(/\{\{+/g, '{').replace(/\}\}+/g, '}');

function servicesText(setup: StoredSetup): string {
  if (!setup.services.length) return 'No services are listed yet: take a message for anything about prices.';
  return setup.services
    .map((service) => {
      const price = speakPrice(servicePriceCents(service));
      const deposit = service.deposit ? `, €${service.deposit} deposit to book` : '';
      const quoted = price ? `, ${price}` : service.consultation ? ', price on consultation (no price is quoted: the stylist prices it on the day)' : '';
      return `- ${literal(service.name)}: ${speakDuration(service.duration)}${quoted}${deposit}${service.comment ? ` (${literal(service.comment)})` : ''}`;
    })
    .join('\n');
}

/** Who works which days and does which services; the tools keep to it whatever is asked (who-does-what.ts). */
function whoDoesWhat(setup: StoredSetup): string[] {
  const names = new Map(setup.services.map((service) => [service.id, literal(service.name)]));
  const lines = setup.stylists
    .filter((stylist) => stylist.days || stylist.services)
    .map((stylist) => {
      const days = stylist.days ? `works ${speakList(stylist.days.map((day) => `${day.charAt(0).toUpperCase()}${day.slice(1)}s`))}` : 'works every day we open';
      const does = stylist.services
        ? `does ${speakList(stylist.services.map((id) => names.get(id)).filter((name) => name !== undefined))} only`
        : 'does every service';
      return `- ${literal(stylist.name)} ${days} and ${does}.`;
    });
  return lines.length ? ['Who does what (the booking tools offer only these):', ...lines] : [];
}

/** The owner's "Things callers should know", and when to say them (issue 45). */
function callerNotesText(salon: Salon): string[] {
  const notes = salon.business?.caller_notes?.trim();
  if (!notes) return [];
  return [
    '',
    '# Things callers should know',
    literal(notes),
    'Tell a caller whichever of these applies to them, in your own words: when they ask, and before booking a service one of them is about (a patch test before colour, say).',
  ];
}

export function buildAgentDefinition(salon: Salon, setup: StoredSetup, siteUrl: string): AgentDefinition {
  const voice = setup.voice;
  const language = voice?.selectedLanguage || 'en';
  const name = literal(salon.name);
  const address = literal(addressLine(salon.business) ?? '');
  const stylists = setup.stylists.map((stylist) => literal(stylist.name));
  const systemPrompt = [
    `You are the receptionist of ${name}, a hair salon in Ireland, answering its phone. You are an AI assistant and say so if asked.`,
    `Speak ${LANGUAGE_LABELS[language] ?? 'English'}, warmly and briefly, like a friendly Irish receptionist. One or two sentences at a time.`,
    `Today is {{${CALL_VARIABLES.today}}} (Europe/Dublin). The caller's number is {{${CALL_VARIABLES.callerPhone}}} (blank on a test call: then ask for it).`,
    '',
    '# The salon',
    address ? `Address: ${address}.` : 'The address is not set: offer to take a message if asked.',
    salon.business?.directions ? `Directions: ${literal(salon.business.directions)}` : '',
    salon.hours ? `Opening hours: ${speakOpeningHours(salon.hours)}` : '',
    stylists.length ? `Stylists: ${speakList(stylists)}.` : '',
    ...whoDoesWhat(setup),
    ...callerNotesText(salon),
    '',
    '# Services',
    servicesText(setup),
    '',
    '# Booking rules',
    `- Always call ${agentToolName('check-availability')} before offering a time, and ${agentToolName('book')} only a time it offered. Times are on the quarter hour, from ${BOOKING_RULES.minNoticeMinutes} minutes from now up to ${BOOKING_RULES.horizonDays} days ahead, inside opening hours.`,
    "- Before booking, read back the service, stylist, day and time, and the caller's name, and get a clear yes. Use the caller's number unless they give another.",
    '- Today\'s weekday said alone ("Saturday", on a Saturday) may mean today or a week on: when today still has times, ask once in words the caller can answer ("Today, or next Saturday the 5th?"); if the answer does not choose, ask it another way once, then offer a time on each. Pass today as `today` or YYYY-MM-DD (a weekday name is the next one after today).',
    `- To cancel or move a booking, use ${agentToolName('cancel')} or ${agentToolName('reschedule')} with the caller's phone number. A move is always ${agentToolName('reschedule')}, never a new booking: when a caller who is moving a booking says another time, check that time and move the same booking.`,
    `- ${agentToolName('book')} refuses (already_booked) a time that overlaps a booking the caller already has, and its \`say\` names that booking and offers to move it: say it and wait. If they want it moved, use ${agentToolName('reschedule')} with its id (\`existing.id\`). Only if they say the new one is for another person, or another service they want as well, call ${agentToolName('book')} again with \`additional: true\` (for another person, their name). Never pass \`additional\` otherwise.`,
    `- Quote prices and durations only from ${agentToolName('list-services')} or the list above. Never take card details.`,
    `- A service with a deposit: mention it when quoting or booking. ${agentToolName('book')} then texts the caller a link to pay it and holds the time until it is paid; say so as its answer does. Deposits are only ever paid by that link.`,
    `- A caller who missed appointments here before (the book answer's pastNoShows; the owner marks no-shows): where the service has a deposit, say kindly that the deposit is needed to keep the booking, as the answer does. Never mention it otherwise.`,
    `- If the caller asks for a person, or you cannot help, use ${agentToolName('transfer')}; if nobody can take the call, ${agentToolName('take-message')}.`,
    '- Every tool answer has a `say` sentence: say it as it is. If a tool fails, apologise and offer to take a message.',
    '- When the caller is done, say goodbye and end the call.',
  ]
    .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
    .join('\n');
  return {
    salonId: salon.id,
    name: `${salon.name} receptionist (${salon.id})`,
    firstMessage: literal(greeting(voice?.firstMessage ?? '', salon.name, language)),
    language,
    voice: voiceById(voice?.selectedVoice ?? '')?.voiceId ?? DEFAULT_VOICE_ID,
    systemPrompt,
    timezone: 'Europe/Dublin',
    limits: CALL_LIMITS,
    retention: PROVIDER_RETENTION,
    callVariablePlaceholders: {
      [CALL_VARIABLES.salonId]: salon.id,
      [CALL_VARIABLES.today]: '',
      [CALL_VARIABLES.callerPhone]: '',
      [CALL_VARIABLES.testCall]: 'true',
      [CALL_VARIABLES.callSid]: '',
    },
    tools: AGENT_TOOLS.map((name) => ({
      name,
      description: toolRegistry[name].description,
      url: new URL(`/api/agent/tools?tool=${name}`, siteUrl).toString(),
      bodySchema: toolBodySchema(name),
    })),
  };
}
