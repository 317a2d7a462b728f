import { askForMessage } from './answers.js';
import { continueBooking } from './booking-flow.js';
import { continueCancel, continueMove } from './change-flow.js';
import { reply, type Context, type TurnAnswer } from './tool-call.js';
import { continueWaitlist } from './waitlist-flow.js';

/** On with the task the caller is in, once a question about it was answered. */
export function resume(ctx: Context): Promise<TurnAnswer> | TurnAnswer {
  switch (ctx.state.task) {
    case 'book':
      return continueBooking(ctx);
    case 'cancel':
      return continueCancel(ctx);
    case 'move':
      return continueMove(ctx);
    case 'message':
      return askForMessage(ctx);
    case 'waitlist':
      return continueWaitlist(ctx);
    default:
      ctx.state.pending = 'nothing';
      return reply('Thanks. How can I help?');
  }
}
