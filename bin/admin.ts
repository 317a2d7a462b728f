import './local/quiet-sdk-notices.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';

/**
 * Support staff's CLI. Locally it runs the admin handler against the running `npm start`
 * (its stand-in endpoints are in local-state.json in its data folder: --data-dir, else DATA_DIR
 * as `npm start` reads it, else .local); with --function it invokes the deployed admin Lambda
 * with your AWS credentials (IAM is the only way in).
 */
const usage = `Usage:
  npm run admin -- assign-number <salonId> <phoneNumber>                      (local, while npm start runs)
  npm run admin -- assign-number <salonId> <phoneNumber> --function <name>    (AWS: the AdminFunctionName output)
  npm run admin -- list-numbers [--function <name>]                           (every assigned number and its salon)
  npm run admin -- release-number <salonId> [--function <name>]              (calls to it then hear the unassigned message)
  npm run admin -- agent-secret <salonId> [--rotate] [--function <name>]      (the voice agent's secret, shown once)
  npm run admin -- preflight [--stage <name>] [--site-url <url>] [--email-from <address>] [--voice-ids <json>]
                                                                              (read-only checks of every provider; exit 1 when something must be fixed)
With a Twilio account configured, assign-number also points the number's voice URL at the stage's webhook.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    function: { type: 'string' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR || '.local' },
    rotate: { type: 'boolean', default: false },
    stage: { type: 'string' },
    'site-url': { type: 'string' },
    'email-from': { type: 'string' },
    'voice-ids': { type: 'string' },
  },
});
const [command, salonId, ...numberWords] = positionals;
if (command === 'preflight') {
  // On the operator's machine, with their credentials: never through the admin Lambda.
  const { preflightCommand } = await import('./preflight.js');
  process.exit(
    await preflightCommand({
      dataDir: values['data-dir']!,
      ...(values.stage ? { stage: values.stage } : {}),
      ...(values['site-url'] ? { siteUrl: values['site-url'] } : {}),
      ...(values['email-from'] ? { emailFrom: values['email-from'] } : {}),
      ...(values['voice-ids'] ? { voiceIds: values['voice-ids'] } : {}),
    }),
  );
}
// A number written the way people write it (01 234 5678) reaches us as words when unquoted.
const phoneNumber = numberWords.join(' ');
const request =
  command === 'assign-number' && salonId && phoneNumber
    ? { action: 'assign-number', salonId, phoneNumber }
    : command === 'agent-secret' && salonId
      ? { action: 'agent-secret', salonId, rotate: values.rotate }
      : command === 'list-numbers'
        ? { action: 'list-numbers' }
        : command === 'release-number' && salonId
          ? { action: 'release-number', salonId }
          : undefined;
if (!request) {
  console.error(usage);
  process.exit(2);
}

async function invokeDeployed(functionName: string) {
  const client = new LambdaClient({ region: process.env.AWS_REGION ?? 'eu-west-1' });
  const result = await client.send(new InvokeCommand({ FunctionName: functionName, Payload: Buffer.from(JSON.stringify(request)) }));
  return JSON.parse(Buffer.from(result.Payload ?? new Uint8Array()).toString() || '{}');
}

async function invokeLocal(dataDir: string) {
  const stateFile = join(dataDir, 'local-state.json');
  if (!existsSync(stateFile)) throw new Error(`No local product state at ${stateFile}: run npm start first.`);
  const { env } = JSON.parse(readFileSync(stateFile, 'utf8')) as { env: Record<string, string> };
  Object.assign(process.env, env);
  const { handler } = await import('../functions/admin/assign-phone-number.js');
  return handler(request);
}

const result = values.function ? await invokeDeployed(values.function) : await invokeLocal(values['data-dir']!);
console.log(JSON.stringify(result, null, 2));
process.exit(result.ok ? 0 : 1);
