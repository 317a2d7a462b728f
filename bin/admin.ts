import '../local/server/quiet-sdk-notices.js';
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
const usage = `Usage (locally while npm start runs; add --function <AdminFunctionName output> for AWS):
  npm run admin -- stock-numbers <count> [--area-code <1|21|91…>]   (buy Irish numbers into the pool; waiting salons get theirs at once)
  npm run admin -- add-number <phoneNumber>                          (a number the Twilio account already owns joins the pool)
  npm run admin -- pool-status                                       (free and quarantined numbers, and salons waiting)
  npm run admin -- list-numbers                                      (every number: free, assigned to a salon, or in quarantine)
  npm run admin -- assign-number <salonId> <phoneNumber>             (by hand, for special cases; salons get a pool number at setup)
  npm run admin -- release-number <salonId>                          (30 days in quarantine telling callers whose it was, then back to the pool)
  npm run admin -- quarantine-number <phoneNumber> [--days <n>]      (hold a free number out of use)
  npm run admin -- free-number <phoneNumber>                         (a held number back into the pool)
  npm run admin -- retire-number <phoneNumber>                       (give a number no salon holds back to Twilio)
  npm run admin -- agent-secret <salonId> [--rotate]                 (the voice agent's secret, shown once)
  npm run admin -- preflight [--stage <name>] [--site-url <url>] [--email-from <address>] [--voice-ids <json>]
                                                                     (read-only checks of every provider; exit 1 when something must be fixed)
  npm run admin -- stripe-setup [--stage <name>]                     (make the Irish VAT rate and the customer portal configuration in Stripe; again changes nothing)
With a Twilio account, every number is pointed at the stage's voice webhook as it is bought, added or assigned.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    function: { type: 'string' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR || '.local' },
    rotate: { type: 'boolean', default: false },
    'area-code': { type: 'string' },
    days: { type: 'string' },
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
if (command === 'stripe-setup') {
  const { stripeSetupCommand } = await import('./stripe-setup.js');
  process.exit(await stripeSetupCommand({ dataDir: values['data-dir']!, ...(values.stage ? { stage: values.stage } : {}) }));
}
// A number written the way people write it (01 234 5678) reaches us as words when unquoted.
const phoneNumber = numberWords.join(' ');
const numberArgument = [salonId, ...numberWords].filter(Boolean).join(' ');
const wholeNumber = (text: string | undefined) => (text && /^\d+$/.test(text) ? Number(text) : undefined);
const requests: Record<string, () => Record<string, unknown> | undefined> = {
  'assign-number': () => (salonId && phoneNumber ? { action: 'assign-number', salonId, phoneNumber } : undefined),
  'agent-secret': () => (salonId ? { action: 'agent-secret', salonId, rotate: values.rotate } : undefined),
  'list-numbers': () => ({ action: 'list-numbers' }),
  'pool-status': () => ({ action: 'pool-status' }),
  'release-number': () => (salonId ? { action: 'release-number', salonId } : undefined),
  'stock-numbers': () =>
    wholeNumber(salonId)
      ? { action: 'stock-numbers', count: wholeNumber(salonId), ...(values['area-code'] ? { areaCode: values['area-code'] } : {}) }
      : undefined,
  'add-number': () => (numberArgument ? { action: 'add-number', phoneNumber: numberArgument } : undefined),
  'quarantine-number': () =>
    numberArgument
      ? { action: 'quarantine-number', phoneNumber: numberArgument, ...(wholeNumber(values.days) ? { days: wholeNumber(values.days) } : {}) }
      : undefined,
  'free-number': () => (numberArgument ? { action: 'free-number', phoneNumber: numberArgument } : undefined),
  'retire-number': () => (numberArgument ? { action: 'retire-number', phoneNumber: numberArgument } : undefined),
};
const request = command ? requests[command]?.() : undefined;
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
  // The running product is on the stand-ins, as npm start gave them: so is this handler.
  (await import('../local/sandboxes/stand-ins.js')).useLocalStandIns();
  const { handler } = await import('../functions/admin/assign-phone-number.js');
  return handler(request);
}

const result = values.function ? await invokeDeployed(values.function) : await invokeLocal(values['data-dir']!);
console.log(JSON.stringify(result, null, 2));
process.exit(result.ok ? 0 : 1);
