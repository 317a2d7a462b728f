import * as z from 'zod';

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
