import type { AgentTool } from '../../functions/contracts/agent-tools.js';
import type { Hours } from '../../functions/contracts/setup.js';
import type { Ports } from '../../functions/core/ports.js';
import { ToolError } from '../../functions/core/booking/errors.js';
import { conversationKey, runTool, type ToolDeps } from '../../functions/core/agent-tools/registry.js';
import type { ConversationState } from './dialogue.js';
import type { SalonNames } from './hear.js';

/**
 * How the sandbox receptionist acts: only through the tool registry, as a hosted agent's tool
 * calls do, so what it books is booked exactly as a real call would book it (a test call's
 * bookings are marked as test bookings). A refusal comes back as an answer with `ok: false`,
 * its sentence and its data (the alternatives to a taken time, the bookings to choose from).
 */
export type ReceptionistDeps = ToolDeps & Pick<Ports, 'conversations'>;

export interface ToolReply {
  ok: boolean;
  say: string;
  code?: string;
  [data: string]: unknown;
}

export interface Context {
  deps: ReceptionistDeps;
  state: ConversationState;
  names: SalonNames;
  /** The salon's opening hours (null before they are set): whether today still has time. */
  hours: Hours | null;
  now: number;
}

export interface TurnAnswer {
  say: string;
  ended: boolean;
  /** Set when the caller is being put through to the salon. */
  transferTo?: string;
}

/** The sandbox call id of a test conversation: Twilio's shape with the sandbox's prefix. */
export const testCallSid = (conversationId: string) => `SB${conversationId.replace(/^sbx_/, '').replaceAll('-', '')}`;

export const reply = (say: string): TurnAnswer => ({ say, ended: false });

export async function callTool(ctx: Context, name: AgentTool, input: Record<string, unknown>): Promise<ToolReply> {
  const { deps, state } = ctx;
  try {
    return await runTool(deps, name, {
      salonId: state.salonId,
      input,
      test: state.test,
      ...(state.test ? { callSid: testCallSid(state.conversationId) } : {}),
      ...(name === 'book' ? { idempotencyKey: conversationKey(state.conversationId, name, input) } : {}),
    });
  } catch (error) {
    if (error instanceof ToolError) return { ...error.data, ok: false, say: error.say, code: error.code };
    throw error;
  }
}

/** The caller's number for the booking: the one they gave, else the one they are calling from. */
export const phoneOf = (state: ConversationState) => state.slots.phone ?? state.callerPhone;
