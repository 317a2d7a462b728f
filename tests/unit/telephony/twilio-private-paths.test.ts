import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * functions/providers/twilio-sdk.ts and twilio-twiml.ts import twilio's modules one by one: its
 * index is 3.5 MB that every Lambda would parse.
 * Those paths are not the package's public API, so its minor version is pinned (~ in package.json)
 * and this test fails loudly, naming the path, when an upgrade moves or reshapes one.
 */
const require = createRequire(import.meta.url);

const PRIVATE_PATHS: Record<string, (module: Record<string, unknown>) => unknown> = {
  'twilio/lib/base/BaseTwilio.js': (module) => ((module.default ?? module) as { Client?: unknown }).Client,
  'twilio/lib/base/Domain.js': (module) => module.default ?? module,
  'twilio/lib/base/RequestClient.js': (module) => module.default ?? module,
  'twilio/lib/base/Version.js': (module) => module.default ?? module,
  'twilio/lib/rest/api/V2010.js': (module) => module.default ?? module,
  'twilio/lib/rest/api/v2010/account/message.js': (module) => module.MessageListInstance,
  'twilio/lib/twiml/VoiceResponse.js': (module) => module.default ?? module,
};

describe("twilio's private module paths", () => {
  it('the pinned minor version is the one installed', () => {
    const declared = (require('../../../package.json') as { dependencies: Record<string, string> }).dependencies.twilio;
    expect(declared).toMatch(/^~\d+\.\d+\.\d+$/);
    const installed = (require('twilio/package.json') as { version: string }).version;
    expect(installed.split('.').slice(0, 2)).toEqual(declared!.slice(1).split('.').slice(0, 2));
  });

  it.each(Object.entries(PRIVATE_PATHS))('%s still exports what the adapters use', async (path, pick) => {
    const module = (await import(path)) as Record<string, unknown>;
    expect(typeof pick(module), path).toBe('function');
  });
});
