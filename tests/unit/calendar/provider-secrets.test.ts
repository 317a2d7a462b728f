import { describe, expect, it, vi } from 'vitest';
import { createProviderSecrets, googleCredentials } from '../../../functions/providers/provider-secrets.js';

const secretText = (answers: (() => Promise<string | undefined>)[]) => {
  const read = vi.fn(async () => answers.shift()!());
  return { read };
};

describe('provider secrets', () => {
  it('reads the JSON secret once per cold start', async () => {
    const { read } = secretText([async () => JSON.stringify({ googleClientId: 'id', googleClientSecret: 'secret', elevenLabsApiKey: 'k' })]);
    const secrets = createProviderSecrets(read);
    await Promise.all([secrets.get(), secrets.get()]);
    expect(await secrets.get()).toMatchObject({ googleClientId: 'id', googleClientSecret: 'secret', elevenLabsApiKey: 'k' });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed read, and refuses a secret that is not JSON', async () => {
    const { read } = secretText([
      async () => Promise.reject(Object.assign(new Error('throttled'), { name: 'ThrottlingException' })),
      async () => 'not json',
      async () => '{}',
    ]);
    const secrets = createProviderSecrets(read);
    await expect(secrets.get()).rejects.toThrow('throttled');
    await expect(secrets.get()).rejects.toThrow('not JSON');
    await expect(secrets.get()).resolves.toEqual({});
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('picks Google credentials from the environment first, then the secret; none means sandbox', async () => {
    const fromSecret = { get: async () => ({ googleClientId: 'sid', googleClientSecret: 'ssecret' }) };
    expect(await googleCredentials({ GOOGLE_CLIENT_ID: 'eid', GOOGLE_CLIENT_SECRET: 'esecret' }, fromSecret)).toEqual({
      clientId: 'eid',
      clientSecret: 'esecret',
    });
    expect(await googleCredentials({}, fromSecret)).toEqual({ clientId: 'sid', clientSecret: 'ssecret' });
    expect(await googleCredentials({ GOOGLE_CLIENT_ID: 'only-id' }, undefined)).toBeNull();
    expect(await googleCredentials({}, { get: async () => ({ googleClientId: 'sid' }) })).toBeNull();
  });
});
