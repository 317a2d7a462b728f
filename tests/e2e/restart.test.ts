import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CognitoIdentityProviderClient, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import '../../bin/local/quiet-sdk-notices.js';
import { startLocal, type LocalProduct } from '../../bin/local/start.js';
import { setLogSink } from '../../functions/http/logger.js';
import { connectBrowser } from '../support/browser.js';
import { uniqueEmail } from '../support/owners.js';

/** Data lives on disk under the data folder: a stopped and restarted product keeps every account. */
const dataDir = mkdtempSync(join(tmpdir(), 'salondesk-restart-'));
let product: LocalProduct | undefined;

afterAll(async () => {
  await product?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(env: Record<string, string>, email: string, password: string) {
  const client = new CognitoIdentityProviderClient({ endpoint: env.COGNITO_ENDPOINT, region: 'eu-west-1', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
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
    const client = new CognitoIdentityProviderClient({ endpoint: before.COGNITO_ENDPOINT, region: 'eu-west-1', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    await client.send(new SignUpCommand({ ClientId: before.USER_POOL_CLIENT_ID, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }));
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
