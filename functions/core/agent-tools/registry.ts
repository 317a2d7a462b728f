import { createHash } from 'node:crypto';
import type * as z from 'zod';
import { toolSay, toolSchemas, ZONED_TIME, type AgentTool, type ToolAnswer, type ToolInput } from '../../contracts/agent-tools.js';
import type { CallAction } from '../../contracts/calls.js';
import { logger } from '../../logger.js';
import type { SecretCheck } from '../agent-secret.js';
import type { Ports } from '../ports.js';
import { describeIssues } from '../errors.js';
import { ToolError } from '../booking/errors.js';
import { book } from '../booking/book.js';
import { cancel, type CallScope } from '../booking/cancel.js';
import { checkAvailability } from '../booking/check-availability.js';
import { reschedule } from '../booking/reschedule.js';
import { listServices, salonInfo, takeMessage, transfer } from '../booking/salon-tools.js';
import { joinWaitlist } from '../waitlist/waitlist.js';

/**
 * The one list of the receptionist's tools: each tool's contract (the zod schema its arguments
 * must satisfy) and what it does. The tools route validates with the contract and runs the tool;
 * the hosted agent's tool definitions are generated from the same contracts; the sandbox
 * receptionist calls the same `run`. A tool added here is added everywhere.
 *
 * Next hop of a call (docs/architecture.md, "One call, end to end"): `book` runs
 * functions/core/booking/book.ts, `check-availability`
 * functions/core/booking/check-availability.ts (which finds the free times with slots.ts).
 */
export type ToolDeps = Pick<Ports, 'salons' | 'setup' | 'googleStore' | 'calendar' | 'tokenCipher' | 'events' | 'now' | 'bookings' | 'rateLimits'> &
  // Only `transfer` uses them, and only for a call with a SID at the telephony provider (a real
  // call): it redirects the call once the salon's call records show it is the salon's, noting the
  // number it rings (a call back through it is refused as a loop).
  Partial<Pick<Ports, 'telephony' | 'calls' | 'dialling'>>;

/** One call of a tool, as the route or the sandbox receptionist received it. */
export interface ToolCall<T extends AgentTool> {
  salonId: string;
  input: ToolInput<T>;
  /**
   * Makes a retried `book` answer the first answer instead of booking twice: the caller's
   * `Idempotency-Key`, or one derived from the conversation and the request (see `conversationKey`).
   */
  idempotencyKey?: string;
  /**
   * A test call from the owner's browser: bookings it makes are marked as test bookings, and it
   * finds, moves and cancels test bookings only (RELIABILITY 43).
   */
  test?: boolean;
  /**
   * The call's id, where there is one: a live phone call's at the telephony provider (`transfer`
   * redirects it) or the sandbox test call's. What the tools did is noted on its record, for the
   * call log.
   */
  callSid?: string;
  /**
   * The caller's right still to be confirmed (agent-secret.ts, `AgentCaller`). `book` reads the
   * agent item in its own first read and decides it there, before its commit; a tool that only
   * reads runs beside its confirming read and answers once it holds; every other tool waits for
   * it before it starts.
   */
  confirmation?: SecretCheck;
}

export interface ToolDefinition<T extends AgentTool> {
  contract: (typeof toolSchemas)[T];
  /** One line for the agent's tool list: when to call it. */
  description: string;
  run(deps: ToolDeps, call: ToolCall<T>): Promise<ToolAnswer>;
}

export type ToolRegistry = { [T in AgentTool]: ToolDefinition<T> };

export const toolRegistry: ToolRegistry = {
  'salon-info': {
    get contract() {
      return toolSchemas['salon-info'];
    },
    description: "The salon's name, address, directions and opening hours. Call it before answering where the salon is or when it is open.",
    run: (deps, call) => salonInfo(deps, call.salonId),
  },
  'list-services': {
    get contract() {
      return toolSchemas['list-services'];
    },
    description: 'Every service with its duration and price. Call it before quoting a price or a duration.',
    run: (deps, call) => listServices(deps, call.salonId),
  },
  'check-availability': {
    get contract() {
      return toolSchemas['check-availability'];
    },
    description:
      'Free start times for a service, optionally with a stylist, on a date, near a time or in a part of the day. Call it before offering or booking a time.',
    run: (deps, call) => checkAvailability(deps, call.salonId, call.input),
  },
  book: {
    get contract() {
      return toolSchemas.book;
    },
    description:
      "Books a service at a start time check-availability offered, for the caller's name and phone. Read the details back and get a yes first. A service with a deposit is held until the caller pays by the link it texts them. Refuses (already_booked) a time overlapping a booking the caller already has: offer to move that one (reschedule); pass additional: true only when the caller says the new one is for another person or another service as well.",
    run: (deps, call) =>
      book(deps, call.salonId, call.input, {
        ...(call.idempotencyKey ? { idempotencyKey: call.idempotencyKey } : {}),
        ...(call.confirmation ? { confirmation: call.confirmation } : {}),
        source: call.test ? 'test-call' : 'phone-agent',
      }),
  },
  cancel: {
    get contract() {
      return toolSchemas.cancel;
    },
    description: "Cancels the caller's booking, found by their phone and the date (or the booking id).",
    run: (deps, call) => cancel(deps, call.salonId, call.input, scopeOf(call)),
  },
  reschedule: {
    get contract() {
      return toolSchemas.reschedule;
    },
    description: "Moves the caller's booking to a new start time, found by their phone and the date (or the booking id).",
    run: (deps, call) => reschedule(deps, call.salonId, call.input, scopeOf(call)),
  },
  'take-message': {
    get contract() {
      return toolSchemas['take-message'];
    },
    description: "Leaves a message for the salon with the caller's name and phone, when the caller asks or you cannot help.",
    run: (deps, call) => takeMessage(deps, call.salonId, call.input),
  },
  transfer: {
    get contract() {
      return toolSchemas.transfer;
    },
    description: 'Puts the caller through to a person at the salon, when they ask for one or you cannot help.',
    run: (deps, call) => transfer(deps, call.salonId, call.callSid),
  },
  'join-waitlist': {
    get contract() {
      return toolSchemas['join-waitlist'];
    },
    description:
      'Puts the caller on the waiting list for a day that is full (check-availability says when one is), with their name, mobile and service: if a time comes free that day they are texted, and the first to reply gets it. Offer it, and call it only after a yes.',
    run: (deps, call) => joinWaitlist(deps, call.salonId, call.input, { test: Boolean(call.test) }),
  },
};

/** Which sentence a bad argument gets: the first problem decides. */
function sayForField(field: string | undefined): string {
  switch (field) {
    case 'callerPhone':
      return toolSay.badPhone;
    case 'date':
      return toolSay.badDate;
    case 'time':
      return toolSay.badTime;
    case 'start':
    case 'newStart':
      return toolSay.badStart;
    default:
      return toolSay.badInput;
  }
}

/** Untrusted arguments (model output) checked against the tool's contract; a refusal is a 400 the agent can speak. */
export function parseToolInput<T extends AgentTool>(tool: T, args: unknown): ToolInput<T> {
  const result = (toolRegistry[tool].contract as z.ZodType).safeParse(args);
  if (result.success) return result.data as ToolInput<T>;
  const problem = describeIssues(result.error);
  // Unknown fields (a salonId, say) are named first: they are the refusal that matters.
  const unknown = result.error.issues.find((issue) => issue.code === 'unrecognized_keys');
  // A time with a zone has its own sentence: the agent must send the salon's wall-clock time.
  const zoned = result.error.issues.find((issue) => issue.code === 'custom' && issue.params?.refusal === ZONED_TIME);
  if (!unknown && zoned) throw new ToolError('invalid', ZONED_TIME, toolSay.zonedTime, zoned.message);
  const first = unknown ?? result.error.issues[0];
  const field = first?.path[0];
  const message = unknown?.code === 'unrecognized_keys' ? `Unknown field(s): ${unknown.keys.join(', ')}` : problem.message;
  throw new ToolError(
    'invalid',
    'bad_request',
    sayForField(typeof field === 'string' ? field : undefined),
    message,
    problem.details ? { details: problem.details } : {},
  );
}

/**
 * The tools that may run while the caller's right is confirmed: they write nothing before it holds
 * (cancel and reschedule read beside it and wait for it before their transaction: CallScope.beforeWrite).
 */
const RUN_BESIDE_CONFIRMATION: ReadonlySet<AgentTool> = new Set(['salon-info', 'list-services', 'check-availability', 'book', 'cancel', 'reschedule']);

/** Which bookings a call reaches, and what its change waits for before it writes (the caller's right). */
function scopeOf(call: Pick<ToolCall<AgentTool>, 'test' | 'confirmation'>): CallScope {
  const check = call.confirmation;
  return { test: Boolean(call.test), ...(check ? { beforeWrite: () => check.confirmed() } : {}) };
}

/** The tools that read the agent item in their own first read and decide the caller's right there. */
const CONFIRM_IN_OWN_READ: ReadonlySet<AgentTool> = new Set(['book']);

/**
 * Checks the arguments with the tool's contract, runs it, and notes what it did on the call's
 * record. A caller being confirmed is refused before anything else about its call is told: a tool
 * that decides it in its own read but failed before reading (a malformed request) has it confirmed
 * here first.
 */
export async function runTool<T extends AgentTool>(deps: ToolDeps, tool: T, call: Omit<ToolCall<T>, 'input'> & { input: unknown }): Promise<ToolAnswer> {
  const definition = toolRegistry[tool] as unknown as ToolDefinition<T>;
  const check = call.confirmation;
  if (check && !RUN_BESIDE_CONFIRMATION.has(tool)) await check.confirmed();
  const beside = check && !CONFIRM_IN_OWN_READ.has(tool) ? check.confirmed() : undefined;
  const [ran] = await Promise.allSettled([(async () => definition.run(deps, { ...call, input: parseToolInput(tool, call.input) }))(), beside]);
  if (check) await check.confirmed();
  if (ran.status === 'rejected') throw ran.reason;
  await noteOnCall(deps, tool, call, ran.value);
  return ran.value;
}

const ACTION_OF: Partial<Record<AgentTool, CallAction>> = { book: 'booked', reschedule: 'moved', cancel: 'cancelled', 'take-message': 'message' };

/** The call log's record of what a tool did; the caller's answer never waits on a failure to note it. */
async function noteOnCall(deps: ToolDeps, tool: AgentTool, call: { salonId: string; callSid?: string }, answer: ToolAnswer): Promise<void> {
  const action = ACTION_OF[tool];
  if (!action || !call.callSid || !deps.calls || answer.alreadyCancelled === true) return;
  const id = action === 'message' ? answer.messageId : (answer.booking as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') return;
  try {
    await deps.calls.noteAction(call.salonId, call.callSid, action, id);
  } catch (error) {
    logger.warn('what a tool did was not noted on its call', { tool, salonId: call.salonId, name: (error as Error)?.name });
  }
}

/**
 * The idempotency key of a tool call the hosted agent makes without one of its own: the same
 * conversation asking the same thing again (a retry after a timeout) gets the same key, so the
 * first answer; a second, different booking in the same call gets another.
 */
export function conversationKey(conversationId: string, tool: AgentTool, input: unknown): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([conversationId, tool, input]))
    .digest('base64url');
  return `conv-${digest.slice(0, 43)}`;
}
