import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCognitoStandIn, type CapturedMessage } from '../../local/server/cognito-stand-in.js';
import { handler as preSignUp } from '../../functions/triggers/pre-sign-up.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cognito-messages-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the local Cognito stand-in: messages', () => {
  it("drops the sign-up code of an owner confirmed at once, even when another owner signs in between that owner's message and its sending", async () => {
    const messages: CapturedMessage[] = [];
    /** Run while the next sign-up's message is being written, before it is sent. */
    let meanwhile: (() => Promise<unknown>) | undefined;
    const standIn = await startCognitoStandIn({
      dataDir,
      issuerDomain: 'http://127.0.0.1/cognito',
      triggers: {
        PreSignUp: (event) => preSignUp(event as Parameters<typeof preSignUp>[0]),
        CustomMessage: async (event) => {
          const next = meanwhile;
          meanwhile = undefined;
          await next?.();
          return event;
        },
        PostAuthentication: async (event) => event,
      },
      onMessage: (message) => messages.push(message),
      onError: (message) => {
        throw new Error(message);
      },
    });
    const password = 'correct-horse-9';
    const signUp = (email: string) =>
      standIn.call('SignUp', { ClientId: standIn.userPoolClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] });
    expect((await signUp('first@example.ie')).status).toBe(200);
    meanwhile = async () => {
      const signedIn = await standIn.call('InitiateAuth', {
        ClientId: standIn.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'first@example.ie', PASSWORD: password },
      });
      expect(signedIn.status).toBe(200);
    };
    expect((await signUp('second@example.ie')).status).toBe(200);
    expect(meanwhile).toBeUndefined();
    expect(messages).toEqual([]);
  });
});
