import type * as z from 'zod';
import { InvalidInputError } from '../errors.js';

/**
 * Page cursors of the call log and the messages (RELIABILITY 50). The client is given where a
 * page stopped as base64url JSON and hands it back unread. On the way back it is decoded and
 * checked against the shape of its own kind's position before any key is built from it, so a
 * garbled or forged cursor is a 400 and a page can only ever move among the items of its kind.
 */
export interface PageCursor<T> {
  encode(position: T): string;
  decode(cursor: string): T;
}

const refused = () => new InvalidInputError('after is not a page cursor', { after: 'after is not a page cursor' });

export function pageCursor<T>(position: z.ZodType<T>): PageCursor<T> {
  const encode = (value: T) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return {
    encode,
    decode(cursor) {
      let read: unknown;
      try {
        read = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      } catch {
        throw refused();
      }
      const parsed = position.safeParse(read);
      // base64url decoding skips stray characters: only the exact text we gave out is taken back.
      if (!parsed.success || encode(parsed.data) !== cursor) throw refused();
      return parsed.data;
    },
  };
}
