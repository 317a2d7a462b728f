import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CognitoIdentityProviderClient, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import '../../local/server/quiet-sdk-notices.js';
import { startLocal, type LocalProduct } from '../../local/server/start.js';
import { setLogSink } from '../../functions/logger.js';
import { resetConfig } from '../../functions/config.js';
import { resetDeps } from '../../functions/composition-root.js';
import { completeCall } from '../../functions/core/calls/complete-call.js';
import { createCallStore } from '../../functions/store/call-store.js';
import { connectBrowser } from '../support/browser.js';
import { uniqueEmail } from '../support/owners.js';
import { eventually } from '../support/stand-ins.js';

/** Data lives on disk under the data folder: a stopped and restarted product keeps every account. */
const dataDir = mkdtempSync(join(tmpdir(), 'salondesk-restart-'));
let product: LocalProduct | undefined;
// startLocal points this worker's environment at the product it starts; the next file in the worker
// (the product project does not isolate files) must see the shared product's again.
const sharedEnv = { ...process.env };

afterAll(async () => {
  await product?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  for (const key of Object.keys(process.env)) if (!(key in sharedEnv)) delete process.env[key];
  Object.assign(process.env, sharedEnv);
  resetConfig();
  resetDeps();
});

async function signIn(env: Record<string, string>, email: string, password: string) {
  const client = new CognitoIdentityProviderClient({
    endpoint: env.COGNITO_ENDPOINT,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
  });
  const result = await client.send(
    new InitiateAuthCommand({ ClientId: env.USER_POOL_CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  return { client, token: result.AuthenticationResult!.AccessToken! };
}

describe('a restart', () => {
  it('keeps the account, its salon and the user pool', async () => {
    setLogSink(() => {}, 'error');
    const email = uniqueEmail('restart');
    const password = 'keeps-my-data-1';
    product = await startLocal({ port: 0, dataDir, buildWeb: false, log: () => {} });
    const before = product.env;
    const client = new CognitoIdentityProviderClient({
      endpoint: before.COGNITO_ENDPOINT,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
    });
    await client.send(
      new SignUpCommand({ ClientId: before.USER_POOL_CLIENT_ID, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
    );
    const { token } = await signIn(before, email, password);
    const salonBefore = await (await fetch(`${product.url}/api/salon`, { headers: { authorization: `Bearer ${token}` } })).json();
    await product.stop();

    product = await startLocal({ port: 0, dataDir, buildWeb: false, log: () => {} });
    expect(product.env.USER_POOL_ID).toBe(before.USER_POOL_ID);
    expect(product.env.USER_POOL_CLIENT_ID).toBe(before.USER_POOL_CLIENT_ID);
    const again = await signIn(product.env, email, password);
    const salonAfter = await (await fetch(`${product.url}/api/salon`, { headers: { authorization: `Bearer ${again.token}` } })).json();
    expect(salonAfter).toEqual(salonBefore);

    // And in the browser: sign in on the restarted product and land on the dashboard.
    const context = await (await connectBrowser()).newContext({ baseURL: product.url });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText(salonBefore.name, { exact: true }).waitFor();
    await context.close();
  });
});

/** A fresh start of the product and an owner signed up on it: what each crash is arranged for. */
async function ownerOnRestartedProduct(label: string, password: string) {
  await product?.stop();
  product = await startLocal({ port: 0, dataDir, buildWeb: false, log: () => {} });
  const env = product.env;
  const email = uniqueEmail(label);
  const client = new CognitoIdentityProviderClient({
    endpoint: env.COGNITO_ENDPOINT,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
  });
  await client.send(
    new SignUpCommand({ ClientId: env.USER_POOL_CLIENT_ID, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
  );
  const { token } = await signIn(env, email, password);
  const salonId = (await (await fetch(`${product.url}/api/salon`, { headers: { authorization: `Bearer ${token}` } })).json()).id as string;
  // The table as a killed run left it, written with the data folder's key.
  const table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.DYNAMODB_ENDPOINT,
      region: 'eu-west-1',
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return { env, token, salonId, table };
}

describe('a restart after a crash', () => {
  it('meters the calls a killed run ended: their call.completed left with the end, through the table’s stream after the restart (RELIABILITY 68, 105)', async () => {
    setLogSink(() => {}, 'error');
    const { env, token, salonId, table } = await ownerOnRestartedProduct('crash-calls', 'crash-proof-2');
    // What the last status callbacks of a killed run leave: each call's end and its event, one transaction each; nothing else ran.
    const calls = createCallStore(table, env.TABLE_NAME!);
    for (let n = 0; n < 4; n += 1) {
      const callSid = `CA${String(n).padStart(32, '7')}`;
      const startedAt = new Date(Date.now() - (10 - n) * 60_000).toISOString();
      await calls.recordStart({ salonId, callSid, callerPhone: '+353871234567', startedAt, route: 'agent', test: false });
      await calls.noteLegs(salonId, callSid, { agentConnected: true });
      await completeCall(
        { calls },
        { salonId, callSid, startedAt, endedAt: new Date(Date.parse(startedAt) + 90_000).toISOString(), durationSeconds: 90, finalStatus: 'completed' },
      );
    }
    table.destroy();
    await product!.stop();

    product = await startLocal({ port: 0, dataDir, buildWeb: false, log: () => {} });
    const url = product.url;
    const usage = async () =>
      ((await (await fetch(`${url}/api/dashboard`, { headers: { authorization: `Bearer ${token}` } })).json()) as { usage: { minutesUsed: number } }).usage;
    expect(await eventually(usage, (figures) => figures.minutesUsed === 8, 10_000)).toMatchObject({ minutesUsed: 8 });
  });
});
