import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * A DynamoDB client that lets N writes through and then fails every call, as a process killed
 * (or a Lambda timed out) after its Nth write would: crash injection with no fault flag in
 * product code; with `answerLost`, the Nth write itself is made and the process dies as it
 * answers. `endpoint` is a table's (tests/unit/booking/harness.ts).
 */
const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);

export function dyingClient(table: { endpoint: string }, writesBeforeDeath: number, options: { answerLost?: boolean } = {}) {
  const state = { writes: 0, dead: false };
  const base = new DynamoDBClient({
    endpoint: table.endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' },
    maxAttempts: 1,
  });
  base.middlewareStack.add(
    (next, context) => async (args) => {
      if (state.dead) throw Object.assign(new Error('process killed'), { name: 'InjectedCrash' });
      if (WRITES.has(String(context.commandName))) {
        if (state.writes >= writesBeforeDeath) {
          state.dead = true;
          // `answerLost`: the write reaches the table, and the process dies before its answer does.
          if (options.answerLost) await next(args);
          throw Object.assign(new Error('process killed'), { name: 'InjectedCrash' });
        }
        state.writes += 1;
      }
      return next(args);
    },
    { step: 'initialize', name: 'injectCrash' },
  );
  return { client: DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } }), state };
}
