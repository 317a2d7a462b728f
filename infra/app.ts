import path from 'node:path';
import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { eventRules as defaultEventRules, type EventRule } from '../events/rules.js';
import { routes as defaultRoutes, type RouteDefinition } from '../functions/routes.js';
import { REPO_ROOT } from './function.js';
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
  });
  if (options.nag ?? true) Aspects.of(stack).add(new AwsSolutionsChecks({ verbose: true }));
  return stack;
}

export function buildApp(options: BuildAppOptions = {}): { app: App; stack: SalonReceptionistStack } {
  const app = new App({ outdir: options.outdir, context: options.context });
  return { app, stack: buildStack(app, options) };
}

function contextString(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
  return value;
}

function normaliseSiteUrl(siteUrl: string | undefined): string | undefined {
  if (siteUrl === undefined) return undefined;
  const url = new URL(siteUrl);
  if (url.protocol !== 'https:' || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`siteUrl must be an https origin like https://app.example.ie, got ${siteUrl}`);
  }
  return url.origin;
}
