import * as z from 'zod';
import { FREE_TEST_MINUTES } from '../core/plans.js';

/** `POST /api/receptionist`: the browser's side of a sandbox test call. No conversation id starts one. */
export const receptionistTurnRequest = z.strictObject({
  conversationId: z
    .string()
    .regex(/^sbx_[0-9a-f-]{36}$/, 'conversationId is not a test call')
    .optional(),
  text: z.string().trim().min(1, 'Say something first').max(500, 'That is a lot to say at once: keep it under 500 characters').optional(),
});

export interface ReceptionistTurn {
  conversationId: string;
  say: string;
  ended: boolean;
  transferTo?: string;
}

/** Why a sandbox test call cannot start, or why it ended: one at a time, within the free test minutes. */
export const testCallLimits = {
  alreadyOpen: 'A test call is already in progress. End it before starting another (one left open ends by itself once its free minutes are up).',
  minutesUsed: `You've used all ${FREE_TEST_MINUTES} free test minutes for this billing period, so there are no test calls left until the next one.`,
  /** Spoken when a running test call reaches the end of the free test minutes. */
  timeUp: "That's the end of your free test minutes, so I'll have to leave it there. Thanks for trying me out!",
} as const;
