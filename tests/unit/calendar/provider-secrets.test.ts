import { describe, expect, it, vi } from 'vitest';
import { createProviderSecrets, googleCredentials } from '../../../functions/providers/provider-secrets.js';

const secretClient = (answers: (() => Promise<unknown>)[]) => {
  const send = vi.fn(async () => answers.shift()!());
  return { client: { send } as never, send };
};

describe('provider secrets', () => {
  it('reads the JSON secret once per cold start', async () => {
    const { client, send } = secretClient([async () => ({ SecretString: JSON.stringify({ googleClientId: 'id', googleClientSecret: 'secret', elevenLabsApiKey: 'k' }) })]);
    const secrets = createProviderSecrets(client, 'arn:aws:secretsmanager:eu-west-1:1:secret:providers');
    await Promise.all([secrets.get(), secrets.get()]);
    expect(await secrets.get()).toMatchObject({ googleClientId: 'id', googleClientSecret: 'secret', elevenLabsApiKey: 'k' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed read, and refuses a secret that is not JSON', async () => {
    const { client, send } = secretClient([
      async () => Promise.reject(Object.assign(new Error('throttled'), { name: 'ThrottlingException' })),
      async () => ({ SecretString: 'not json' }),
      async () => ({ SecretString: '{}' }),
    ]);
    const secrets = createProviderSecrets(client, 'arn');
    await expect(secrets.get()).rejects.toThrow('throttled');
    await expect(secrets.get()).rejects.toThrow('not JSON');
    await expect(secrets.get()).resolves.toEqual({});
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('picks Google credentials from the environment first, then the secret; none means sandbox', async () => {
    const fromSecret = { get: async () => ({ googleClientId: 'sid', googleClientSecret: 'ssecret' }) };
    expect(await googleCredentials({ GOOGLE_CLIENT_ID: 'eid', GOOGLE_CLIENT_SECRET: 'esecret' }, fromSecret)).toEqual({ clientId: 'eid', clientSecret: 'esecret' });
    expect(await googleCredentials({}, fromSecret)).toEqual({ clientId: 'sid', clientSecret: 'ssecret' });
    expect(await googleCredentials({ GOOGLE_CLIENT_ID: 'only-id' }, undefined)).toBeNull();
    expect(await googleCredentials({}, { get: async () => ({ googleClientId: 'sid' }) })).toBeNull();
  });
});
