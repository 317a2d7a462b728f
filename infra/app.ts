import { twilioLocation, twilioRegionSchema, type TwilioLocation } from '../functions/providers/twilio-region.js';
import path from 'node:path';
import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { eventRules as defaultEventRules, type EventRule } from '../events/rules.js';
import { VOICES } from '../functions/contracts/voice-settings.js';
import { routes as defaultRoutes, type RouteDefinition } from '../functions/routes.js';
import { parseBedrockModelId } from './bedrock.js';
import { REPO_ROOT } from './lambda-bundle.js';
import { SalonReceptionistStack } from './stack.js';
import { REGION, stageConfig } from './stage-config.js';

export interface BuildStackOptions {
  /** Default: context `stage` (`-c stage=prod`), else `dev`. */
  readonly stage?: string;
  /** Default: context `siteUrl`, else the CloudFront domain. */
  readonly siteUrl?: string;
  /** Default: CDK_DEFAULT_ACCOUNT (the CLI's credentials), else environment-agnostic. */
  readonly account?: string;
  /** Default: `<repo>/web/dist`. */
  readonly webDistDir?: string;
  /** Default: functions/routes.ts. */
  readonly routes?: readonly RouteDefinition[];
  /** Default: events/rules.ts. */
  readonly eventRules?: readonly EventRule[];
  /**
   * Default: context `bedrockModelId`, else DEFAULT_BEDROCK_MODEL_ID (bedrock.ts). `none`: no
   * Bedrock permission and no BEDROCK_MODEL_ID, so price lists are read by the offline parser.
   */
  readonly bedrockModelId?: string;
  /**
   * Our voice id → ElevenLabs voice id, as JSON text or an object. Default: context
   * `elevenlabsVoiceIds`; absent: ELEVENLABS_VOICE_IDS is not set.
   */
  readonly elevenlabsVoiceIds?: string | Readonly<Record<string, string>>;
  /** Default: context `emailFrom`: the SES-verified sender of booking emails; absent: no email grant. */
  readonly emailFrom?: string;
  /** Default: context `supportEmail`, else the stage's (infra/stage-config.ts): where salons reach us. */
  readonly supportEmail?: string;
  /** Default: context `twilioRegion` / `twilioEdge`: the Twilio Region and edge (functions/providers/twilio-region.ts); absent: US1. */
  readonly twilio?: TwilioLocation;
  /** Apply cdk-nag AwsSolutions checks (default true). */
  readonly nag?: boolean;
}

export interface BuildAppOptions extends BuildStackOptions {
  readonly outdir?: string;
  readonly context?: Record<string, unknown>;
}

export function stackName(stage: string): string {
  return `SalonReceptionist-${stage}`;
}

/** The stage's Twilio region and edge from the deploy context (also what the preflight of a stage asks). */
export function twilioLocationFromContext(region: string | undefined, edge: string | undefined): TwilioLocation {
  return twilioLocation({ ...(region ? { TWILIO_REGION: twilioRegionSchema.parse(region) } : {}), ...(edge ? { TWILIO_EDGE: edge } : {}) });
}

/** Adds one stage's stack to `app` (no synth, no side effects): what bin/app.ts and the tests use. */
export function buildStack(app: App, options: BuildStackOptions = {}): SalonReceptionistStack {
  const stage = options.stage ?? contextString(app, 'stage') ?? 'dev';
  const config = stageConfig(stage);
  const siteUrl = normaliseSiteUrl(options.siteUrl ?? contextString(app, 'siteUrl'));

  const stack = new SalonReceptionistStack(app, stackName(stage), {
    env: { account: options.account ?? process.env.CDK_DEFAULT_ACCOUNT, region: REGION },
    description: `AI phone receptionist for Irish hair salons (${stage})`,
    terminationProtection: config.isProduction,
    config,
    routes: options.routes ?? defaultRoutes,
    eventRules: options.eventRules ?? defaultEventRules,
    webDistDir: options.webDistDir ?? path.join(REPO_ROOT, 'web', 'dist'),
    siteUrl,
    bedrockModelId: parseBedrockModelId(options.bedrockModelId ?? contextString(app, 'bedrockModelId')),
    elevenlabsVoiceIds: parseVoiceIds(options.elevenlabsVoiceIds ?? contextValue(app, 'elevenlabsVoiceIds')),
    emailFrom: parseEmailFrom(options.emailFrom ?? contextString(app, 'emailFrom')),
    supportEmail: parseEmailAddress('supportEmail', options.supportEmail ?? contextString(app, 'supportEmail')) ?? config.supportEmail,
    twilio: options.twilio ?? twilioLocationFromContext(contextString(app, 'twilioRegion'), contextString(app, 'twilioEdge')),
  });
  if (options.nag ?? true) Aspects.of(stack).add(new AwsSolutionsChecks({ verbose: true }));
  return stack;
}

function parseEmailFrom(value: string | undefined): string | undefined {
  return parseEmailAddress('emailFrom', value);
}

function parseEmailAddress(key: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw new Error(`${key} must be an email address, not "${value}"`);
  return value;
}

export function buildApp(options: BuildAppOptions = {}): { app: App; stack: SalonReceptionistStack } {
  const app = new App({ outdir: options.outdir, context: options.context });
  return { app, stack: buildStack(app, options) };
}

function contextValue(app: App, key: string): unknown {
  const value: unknown = app.node.tryGetContext(key);
  return value === undefined || value === null || value === '' ? undefined : value;
}

function contextString(app: App, key: string): string | undefined {
  const value = contextValue(app, key);
  if (value !== undefined && typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
  return value;
}

/**
 * `{"labhaoise":"<ElevenLabs voice id>",…}`: JSON text (`-c elevenlabsVoiceIds='{…}'`) or an
 * object (cdk.json). Keys must be voices the product offers (functions/contracts/voice-settings.ts).
 */
export function parseVoiceIds(value: unknown): Readonly<Record<string, string>> | undefined {
  if (value === undefined) return undefined;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Error('elevenlabsVoiceIds must be a JSON object of voice id → ElevenLabs voice id');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('elevenlabsVoiceIds must be a JSON object of voice id → ElevenLabs voice id');
  }
  const known = new Set<string>(VOICES.map((voice) => voice.voiceId));
  const entries = Object.entries(parsed);
  for (const [voiceId, providerId] of entries) {
    if (!known.has(voiceId)) throw new Error(`elevenlabsVoiceIds: unknown voice "${voiceId}" (known: ${[...known].join(', ')})`);
    if (typeof providerId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(providerId)) {
      throw new Error(`elevenlabsVoiceIds: the ElevenLabs voice id of "${voiceId}" must be a short id string`);
    }
  }
  return entries.length > 0 ? (Object.fromEntries(entries) as Record<string, string>) : undefined;
}

function normaliseSiteUrl(siteUrl: string | undefined): string | undefined {
  if (siteUrl === undefined) return undefined;
  const url = new URL(siteUrl);
  if (url.protocol !== 'https:' || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`siteUrl must be an https origin like https://app.example.ie, got ${siteUrl}`);
  }
  return url.origin;
}
