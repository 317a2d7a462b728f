import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../functions/store/keys.js';
import { scopedPhoneHash } from '../../functions/store/sms-reply-store.js';

/**
 * The SMS sandbox's own record of who opted out, as Twilio keeps its block list apart from ours:
 * what the sandbox refuses with error 21610 (local/sandboxes/sandbox-sms.ts).
 */
export interface SandboxSmsOptOuts {
  block(scope: string, phone: string, at: Date): Promise<void>;
  unblock(scope: string, phone: string): Promise<void>;
  blocked(scope: string, phone: string): Promise<boolean>;
}

export function createSandboxSmsOptOuts(client: DynamoDBDocumentClient, tableName: string): SandboxSmsOptOuts {
  const key = (scope: string, phone: string) => ({ pk: keys.sandboxSmsOptOut(scopedPhoneHash(scope, phone)), sk: keys.sandboxSmsOptOutSk });
  return {
    async block(scope, phone, at) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...key(scope, phone), at: at.toISOString() } }));
    },
    async unblock(scope, phone) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key(scope, phone) }));
    },
    async blocked(scope, phone) {
      return Boolean((await client.send(new GetCommand({ TableName: tableName, Key: key(scope, phone), ConsistentRead: true }))).Item);
    },
  };
}
