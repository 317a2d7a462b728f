import { VOICES } from '../../contracts/voice-settings.js';
import { ELEVENLABS_EU_API_ROOT, isEuApiRoot } from '../../providers/elevenlabs-residency.js';
import { guarded, sandboxCheck, unexpected, type Check, type VendorHttp } from './check.js';

const PROVIDER = 'ElevenLabs';

export interface ElevenLabsSettings {
  prod: boolean;
  apiKey?: string;
  apiRoot: string;
  /** Our voice id → ElevenLabs voice id (context elevenlabsVoiceIds). */
  voiceIds: Readonly<Record<string, string>>;
  webhookSecret: boolean;
}

/**
 * The key works in the workspace the stage uses (the EU residency one unless the secret says
 * otherwise; prod only that one), every voice we offer exists there, and the plan, whose
 * concurrent conversations cap the calls the agent can take at once.
 */
export function elevenlabsChecks(http: VendorHttp, settings: ElevenLabsSettings): Promise<Check[]> {
  if (!settings.apiKey) return Promise.resolve([sandboxCheck(PROVIDER, settings.prod, 'voice agent', 'put elevenlabsApiKey (a key of the EU workspace) in the provider secret')]);
  const apiKey = settings.apiKey;
  return guarded(PROVIDER, async () => {
    const root = settings.apiRoot.replace(/\/+$/, '');
    const get = (path: string) => http({ method: 'GET', url: `${root}${path}`, headers: { 'xi-api-key': apiKey } });
    const checks: Check[] = [];
    if (isEuApiRoot(root)) checks.push({ provider: PROVIDER, status: 'ok', detail: `the EU residency workspace (${ELEVENLABS_EU_API_ROOT})` });
    else {
      checks.push({
        provider: PROVIDER,
        status: settings.prod ? 'fail' : 'warn',
        detail: `${root} keeps voice data outside the EU`,
        fix: `remove elevenlabsApiRoot from the provider secret (the default is ${ELEVENLABS_EU_API_ROOT}) and use a key of the EU workspace`,
      });
    }
    const subscription = await get('/v1/user/subscription');
    if (subscription.status === 401 || subscription.status === 403) {
      return [...checks, { provider: PROVIDER, status: 'fail', detail: `the key is refused by ${root}`, fix: 'the EU workspace has its own keys: make one at https://eu.residency.elevenlabs.io and put it in the provider secret' }];
    }
    if (subscription.status !== 200) return [...checks, unexpected(PROVIDER, 'the subscription', subscription)];
    const plan = subscription.body as { tier?: string; status?: string };
    checks.push({ provider: PROVIDER, status: 'ok', detail: `the key works (plan "${plan.tier ?? 'unknown'}", ${plan.status ?? 'status unknown'})` });
    checks.push({
      provider: PROVIDER,
      status: 'info',
      detail: `concurrent conversations are capped by the "${plan.tier ?? 'unknown'}" plan (the API does not say how many): calls beyond it are forwarded to the salon, and the agent-unavailable alarm counts them`,
      fix: 'compare the plan with docs/operations.md (capacity table) and raise it, or turn on burst pricing, before that many salons are live',
    });
    for (const voice of VOICES) {
      const id = settings.voiceIds[voice.voiceId];
      if (!id) {
        checks.push({ provider: PROVIDER, status: 'fail', detail: `no ElevenLabs voice for "${voice.voiceId}": an agent with it cannot be made`, fix: 'give its id in -c elevenlabsVoiceIds (and ELEVENLABS_VOICE_IDS locally)' });
        continue;
      }
      const answer = await get(`/v1/voices/${encodeURIComponent(id)}`);
      if (answer.status === 200) checks.push({ provider: PROVIDER, status: 'ok', detail: `voice "${voice.voiceId}" (${id}) is in the workspace` });
      else if (answer.status === 400 || answer.status === 404) {
        checks.push({ provider: PROVIDER, status: 'fail', detail: `voice "${voice.voiceId}" (${id}) is not in this workspace`, fix: 'add it in the EU workspace (Voices → add from the library, or share a professional clone) and use its id there' });
      } else checks.push(unexpected(PROVIDER, `voice "${voice.voiceId}"`, answer));
    }
    if (!settings.webhookSecret) {
      checks.push({ provider: PROVIDER, status: 'warn', detail: 'no post-call webhook secret: calls get no summary or transcript', fix: 'point the workspace post-call webhook at <SiteUrl>/api/elevenlabs/post-call and put its secret in elevenlabsWebhookSecret' });
    }
    return checks;
  });
}
