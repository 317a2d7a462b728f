import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseConfig, resetConfig } from '../../../functions/config.js';
import { ELEVENLABS_EU_API_ROOT } from '../../../functions/providers/elevenlabs-residency.js';
import { elevenlabsCredentials } from '../../../functions/providers/provider-secrets.js';
import { deps, resetDeps } from '../../../functions/composition-root.js';
import { useConfigEnv } from '../../support/config-env.js';
import { startFakeElevenLabs, type FakeElevenLabs } from '../../support/fake-elevenlabs.js';
import { useLocalStandIns } from '../../../local/sandboxes/stand-ins.js';

/**
 * Which voice-agent adapter the composition root picks, and where the ElevenLabs SDK (5 MB, most
 * of a second to load) is loaded: only where an agent is provisioned, never on the routes a
 * caller waits on (the tools, the voice webhook, the post-call webhook).
 */
const sdk = vi.hoisted(() => ({ loaded: false }));
vi.mock('@elevenlabs/elevenlabs-js', async (importOriginal) => {
  sdk.loaded = true;
  return importOriginal();
});

const BASE = {
  TABLE_NAME: 't',
  UPLOADS_BUCKET: 'b',
  EVENT_BUS_NAME: 'e',
  USER_POOL_ID: 'local_pool',
  USER_POOL_CLIENT_ID: 'c',
  SITE_URL: 'http://localhost:3000',
};
const saved = { ...process.env };
// As npm start runs it (this project has no stand-ins setup: vitest.config.ts).
useLocalStandIns();

let fake: FakeElevenLabs;
beforeAll(async () => {
  fake = await startFakeElevenLabs();
});
afterAll(() => fake.close());
afterEach(() => {
  process.env = { ...saved };
  resetConfig();
  resetDeps();
});

describe('voice agent provider choice', () => {
  it('uses the labelled sandbox without an ElevenLabs key, and never in prod', async () => {
    useConfigEnv(BASE);
    expect(await deps().voiceAgents.provider()).toBe('sandbox');
    useConfigEnv({ ...BASE, STAGE: 'prod', USER_POOL_ID: 'eu-west-1_abc', SITE_URL: 'https://salondesk.ie' });
    await expect(deps().voiceAgents.provider()).rejects.toThrow(/prod never uses the voice agent sandbox/);
  });

  it('uses ElevenLabs at the configured API root when a key is set; calls are connected without loading the SDK, which only provisioning loads', async () => {
    useConfigEnv({
      ...BASE,
      ELEVENLABS_API_KEY: fake.apiKey,
      ELEVENLABS_API_ROOT: fake.url,
      ELEVENLABS_VOICE_IDS: JSON.stringify({ labhaoise: 'el_labhaoise' }),
    });
    await import('../../../functions/api/agent-tools.js');
    await import('../../../functions/api/twilio-voice.js');
    await import('../../../functions/api/elevenlabs-post-call.js');
    expect(await deps().voiceAgents.provider()).toBe('elevenlabs');
    fake.agents.set('agent_existing', { name: 'Existing', conversation_config: {} });
    const twiml = await deps().voiceAgents.registerCall({
      agentId: 'agent_existing',
      from: '+353871234567',
      to: '+35315551234',
      callSid: 'CA1',
      dynamicVariables: { test_call: 'false' },
    });
    expect(twiml).toContain('<Connect><Stream url="wss://');
    expect(sdk.loaded).toBe(false);

    await deps().voiceAgents.remove({ agentId: 'agent_existing', secretId: null, tools: {} });
    expect(sdk.loaded).toBe(true);
    expect(fake.agents.has('agent_existing')).toBe(false);
  });

  it("uses the EU residency workspace unless the stage's provider secret names another, and prod refuses any other (data stays in the EU)", async () => {
    const secret = (fields: Record<string, string>) => ({ get: async () => fields });
    expect(await elevenlabsCredentials({ STAGE: 'dev' }, secret({ elevenlabsApiKey: 'k' }))).toEqual({ apiKey: 'k', apiRoot: ELEVENLABS_EU_API_ROOT });
    expect(await elevenlabsCredentials({ STAGE: 'dev', ELEVENLABS_API_KEY: 'local' }, undefined)).toEqual({ apiKey: 'local', apiRoot: ELEVENLABS_EU_API_ROOT });
    expect(await elevenlabsCredentials({ STAGE: 'dev' }, secret({ elevenlabsApiKey: 'k', elevenlabsApiRoot: 'https://api.elevenlabs.io' }))).toEqual({
      apiKey: 'k',
      apiRoot: 'https://api.elevenlabs.io',
    });
    expect(await elevenlabsCredentials({ STAGE: 'prod' }, secret({ elevenlabsApiKey: 'k', elevenlabsApiRoot: `${ELEVENLABS_EU_API_ROOT}/` }))).toMatchObject({
      apiKey: 'k',
    });
    await expect(elevenlabsCredentials({ STAGE: 'prod' }, secret({ elevenlabsApiKey: 'k', elevenlabsApiRoot: 'https://api.elevenlabs.io' }))).rejects.toThrow(
      /outside the EU/,
    );
    await expect(
      elevenlabsCredentials({ STAGE: 'prod', ELEVENLABS_API_KEY: 'k', ELEVENLABS_API_ROOT: 'https://api.us.elevenlabs.io' }, undefined),
    ).rejects.toThrow(/outside the EU/);
    expect(await elevenlabsCredentials({ STAGE: 'prod' }, secret({}))).toBeNull();
    const prod = { ...BASE, STAGE: 'prod', USER_POOL_ID: 'eu-west-1_abc', SITE_URL: 'https://salondesk.ie' };
    expect(() => parseConfig({ ...prod, ELEVENLABS_API_ROOT: 'https://api.elevenlabs.io' })).toThrow(/ELEVENLABS_API_ROOT: prod keeps voice data in the EU/);
    expect(parseConfig({ ...prod, ELEVENLABS_API_ROOT: ELEVENLABS_EU_API_ROOT }).ELEVENLABS_API_ROOT).toBe(ELEVENLABS_EU_API_ROOT);
  });
});
