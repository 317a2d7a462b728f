import { VOICES } from '../../contracts/voice-settings.js';
import { ELEVENLABS_EU_API_ROOT, isEuApiRoot } from '../../providers/elevenlabs-residency.js';
import { AT_THE_LIMIT } from '../../providers/elevenlabs-agent-requests.js';
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

/** The agents read one by one (each a request): enough to see whether ours were made or updated as they should be. */
export const AGENTS_SAMPLED = 10;

interface AgentSettings {
  platform_settings?: {
    queueing_config?: { enabled?: boolean } | null;
    call_limits?: { agent_concurrency_limit?: number; bursting_enabled?: boolean } | null;
  } | null;
}

/**
 * Our agents (tagged `salondesk`) refuse a call at the workspace's limit rather than queue it, with
 * no cap of their own and no bursting (AT_THE_LIMIT): a queued caller hears a hold tone instead of
 * being forwarded to the salon. Read from the agents list and each agent
 * (https://elevenlabs.io/docs/api-reference/agents/list, /get), the first AGENTS_SAMPLED of them.
 */
async function agentChecks(get: (path: string) => ReturnType<VendorHttp>): Promise<Check[]> {
  const list = await get('/v1/convai/agents?page_size=100&tags=salondesk');
  if (list.status !== 200) return [unexpected(PROVIDER, 'the agents', list)];
  const ids = ((list.body as { agents?: { agent_id?: string }[] }).agents ?? []).map((agent) => agent.agent_id).filter((id): id is string => Boolean(id));
  if (!ids.length) return [{ provider: PROVIDER, status: 'info', detail: 'no salon agents yet: each is made refusing calls at the limit (not queueing them)' }];
  const queueing: string[] = [];
  for (const id of ids.slice(0, AGENTS_SAMPLED)) {
    const answer = await get(`/v1/convai/agents/${encodeURIComponent(id)}`);
    if (answer.status !== 200) return [unexpected(PROVIDER, `agent ${id}`, answer)];
    const settings = (answer.body as AgentSettings).platform_settings;
    const limits = settings?.call_limits;
    const right =
      settings?.queueing_config?.enabled === AT_THE_LIMIT.queueingConfig.enabled &&
      limits?.agent_concurrency_limit === AT_THE_LIMIT.callLimits.agentConcurrencyLimit &&
      limits?.bursting_enabled === AT_THE_LIMIT.callLimits.burstingEnabled;
    if (!right) queueing.push(id);
  }
  const checked = Math.min(ids.length, AGENTS_SAMPLED);
  return queueing.length
    ? [
        {
          provider: PROVIDER,
          status: 'fail',
          detail: `${queueing.length} of ${checked} salon agents checked (${queueing.join(', ')}) queue callers at the limit, cap themselves or burst: a queued caller hears a hold tone instead of the salon`,
          fix: "re-save the salon's voice settings (the update sets queueing off, no agent cap, no bursting) or set them in the agent's Advanced settings",
        },
      ]
    : [
        {
          provider: PROVIDER,
          status: 'ok',
          detail: `${checked} of ${ids.length} salon agents checked: each refuses a call at the limit (forwarded to the salon), with no cap of its own and no bursting`,
        },
      ];
}

/**
 * The key works in the workspace the stage uses (the EU residency one unless the secret says
 * otherwise; prod only that one), every voice we offer exists there, and the plan, whose
 * concurrent conversations cap the calls the agent can take at once.
 */
export function elevenlabsChecks(http: VendorHttp, settings: ElevenLabsSettings): Promise<Check[]> {
  if (!settings.apiKey)
    return Promise.resolve([sandboxCheck(PROVIDER, settings.prod, 'voice agent', 'put elevenlabsApiKey (a key of the EU workspace) in the provider secret')]);
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
      return [
        ...checks,
        {
          provider: PROVIDER,
          status: 'fail',
          detail: `the key is refused by ${root}`,
          fix: 'the EU workspace has its own keys: make one at https://eu.residency.elevenlabs.io and put it in the provider secret',
        },
      ];
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
        checks.push({
          provider: PROVIDER,
          status: 'fail',
          detail: `no ElevenLabs voice for "${voice.voiceId}": an agent with it cannot be made`,
          fix: 'give its id in -c elevenlabsVoiceIds (and ELEVENLABS_VOICE_IDS locally)',
        });
        continue;
      }
      const answer = await get(`/v1/voices/${encodeURIComponent(id)}`);
      if (answer.status === 200) checks.push({ provider: PROVIDER, status: 'ok', detail: `voice "${voice.voiceId}" (${id}) is in the workspace` });
      else if (answer.status === 400 || answer.status === 404) {
        checks.push({
          provider: PROVIDER,
          status: 'fail',
          detail: `voice "${voice.voiceId}" (${id}) is not in this workspace`,
          fix: 'add it in the EU workspace (Voices → add from the library, or share a professional clone) and use its id there',
        });
      } else checks.push(unexpected(PROVIDER, `voice "${voice.voiceId}"`, answer));
    }
    checks.push(...(await agentChecks(get)));
    if (!settings.webhookSecret) {
      checks.push({
        provider: PROVIDER,
        status: 'warn',
        detail: 'no post-call webhook secret: calls get no summary or transcript',
        fix: 'point the workspace post-call webhook at <SiteUrl>/api/elevenlabs/post-call and put its secret in elevenlabsWebhookSecret',
      });
    }
    return checks;
  });
}
