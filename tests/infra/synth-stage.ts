import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, NestedStack, type CfnElement, type Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { eventRules } from '../../events/rules.js';
import type { Grant, RouteDefinition } from '../../functions/routes.js';
import { routes as defaultRoutes } from '../../functions/routes.js';
import { buildStack, type BuildStackOptions } from '../../infra/app.js';
import type { AppFunction, FunctionEnvironment } from '../../infra/function.js';
import { REPO_ROOT } from '../../infra/lambda-bundle.js';
import { SEND_REMINDERS_GRANTS, SWEEP_BOOKINGS_GRANTS, SWEEP_CALLS_GRANTS } from '../../infra/jobs.js';
import type { SalonReceptionistStack } from '../../infra/stack.js';
import { PAGE_FILES } from '../../web/site-files.js';

export interface SynthesizedStage {
  app: App;
  stack: SalonReceptionistStack;
  /** The stage as one template: the main stack's resources with its nested stacks' (flattened). */
  template: Template;
  /** The main stack's own template, which CloudFormation's 500-resource limit applies to. */
  mainTemplate: Template;
  annotations: Annotations;
  outdir: string;
  /** Removes the temporary cloud assembly. */
  dispose(): void;
}

/** The feature flags the CLI would pass from cdk.json, so tests see the same template as `cdk synth`. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return cdkJson.context ?? {};
}

/**
 * Builds one stage's stack into a temporary outdir, with bundling skipped (no esbuild, fast) and
 * by default without a web build (tests must not depend on web/dist).
 */
export function synthStage(options: BuildStackOptions & { stage: string; context?: Record<string, unknown> }): SynthesizedStage {
  const { context, ...stackOptions } = options;
  const outdir = mkdtempSync(path.join(tmpdir(), `cdk-test-${options.stage}-`));
  const app = new App({
    outdir,
    context: { ...cdkJsonContext(), ...context, 'aws:cdk:bundling-stacks': [] },
  });
  const dispose = () => rmSync(outdir, { recursive: true, force: true });
  try {
    const stack = buildStack(app, {
      webDistDir: path.join(outdir, 'no-web-build'),
      ...stackOptions,
    });
    const mainTemplate = Template.fromStack(stack);
    const template = flattened(stack, mainTemplate);
    const annotations = annotationsOfLastSynth(app, stack);
    return { app, stack, template, mainTemplate, annotations, outdir, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}

type TemplateJson = { Resources: Record<string, Resource>; Outputs?: Record<string, { Value: unknown }>; [section: string]: unknown };

/**
 * The main template with every nested stack's resources merged in, each nested reference to the
 * main stack (a parameter) replaced by what the main stack passes, and each main reference to a
 * nested output by the output's value. A resource keeps the logical id its own stack gives it
 * (`stack.getLogicalId` answers that id for a nested construct too), so a test reads a consumer's
 * Lambda as it reads a route's, wherever the resource limit put it.
 */
function flattened(stack: Stack, main: Template): Template {
  const json = structuredClone(main.toJSON()) as TemplateJson;
  const nestedStacks = stack.node
    .findAll()
    .filter((construct): construct is NestedStack => NestedStack.isNestedStack(construct) && construct.nestedStackParent === stack);
  for (const nested of nestedStacks) {
    const stackId = stack.getLogicalId(nested.nestedStackResource as CfnElement);
    const parameters = (json.Resources[stackId]!.Properties.Parameters ?? {}) as Record<string, unknown>;
    const inner = Template.fromStack(nested).toJSON() as TemplateJson;
    const fromMain = (value: unknown): unknown => replaced(value, (node) => (isRef(node) && node.Ref in parameters ? parameters[node.Ref] : undefined));
    for (const [id, resource] of Object.entries(inner.Resources)) {
      if (id in json.Resources) throw new Error(`Logical id ${id} is in the main stack and in ${nested.node.path}`);
      json.Resources[id] = fromMain(resource) as Resource;
    }
    const outputs = Object.fromEntries(Object.entries(inner.Outputs ?? {}).map(([name, output]) => [name, fromMain(output.Value)]));
    json.Resources = replaced(json.Resources, (node) => {
      const getAtt = (node as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
      return getAtt?.[0] === stackId && getAtt[1].startsWith('Outputs.') ? outputs[getAtt[1].slice('Outputs.'.length)] : undefined;
    }) as TemplateJson['Resources'];
  }
  return Template.fromJSON(json);
}

const isRef = (node: unknown): node is { Ref: string } => typeof (node as { Ref?: unknown })?.Ref === 'string' && Object.keys(node as object).length === 1;

/** A deep copy of `value` with each node `swap` answers for replaced by its answer. */
function replaced(value: unknown, swap: (node: unknown) => unknown): unknown {
  const swapped = swap(value);
  if (swapped !== undefined) return swapped;
  if (Array.isArray(value)) return value.map((item) => replaced(item, swap));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaced(item, swap)]));
  return value;
}

/**
 * The stack's annotations from the synth Template.fromStack just made. Annotations.fromStack
 * synthesizes the whole app again (force: true), CloudFormation template validation included:
 * about a second of CPU per stage for the same messages (compared for the dev, prod and every
 * variant stage these tests build). Its constructor takes the stack artifact's messages; it is
 * not public in the typings, only in the class.
 */
function annotationsOfLastSynth(app: App, stack: SalonReceptionistStack): Annotations {
  const messages = app.synth().getStackArtifact(stack.artifactId).messages;
  const FromMessages = Annotations as unknown as new (fromSynth: typeof messages) => Annotations;
  return new FromMessages(messages);
}

const shared = new Map<string, SynthesizedStage>();

/**
 * The plain dev or prod stage, synthesized once per worker and shared by every infra test file
 * that only reads it (the infra project runs its files without isolation, so the synth is paid
 * once per worker, not once per file). Never dispose it: it goes when the worker exits.
 */
export function sharedStage(stage: 'dev' | 'prod'): SynthesizedStage {
  let synthesized = shared.get(stage);
  if (!synthesized) {
    const made = synthStage({ stage });
    process.once('exit', () => made.dispose());
    shared.set(stage, made);
    synthesized = made;
  }
  return synthesized;
}

/** A minimal Vite-like build: index.html, a hashed asset and a stale config.json that must be replaced. */
/** What a lone AppFunction is given in tests that build one outside the stack. */
export const TEST_FUNCTION_ENVIRONMENT: FunctionEnvironment = {
  STAGE: 'dev',
  TABLE_NAME: 't',
  UPLOADS_BUCKET: 'b',
  EVENT_BUS_NAME: 'e',
  USER_POOL_ID: 'p',
  USER_POOL_CLIENT_ID: 'c',
  SITE_URL: 'https://x.example',
  SUPPORT_EMAIL: 'support@x.example',
  NUMBER_POOL_LOW: '2',
};

export function fakeWebDist(): { dir: string; dispose(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Salon</title><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(dir, 'pages/app'), { recursive: true });
  for (const [pathname, file] of Object.entries(PAGE_FILES)) writeFileSync(path.join(dir, file), `<!doctype html><title>${pathname}</title>`);
  writeFileSync(path.join(dir, 'config.json'), '{"stale":true}');
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** cdk-nag findings (errors or warnings) as readable lines. */
export function nagFindings(annotations: Annotations, level: 'error' | 'warning'): string[] {
  const pattern = Match.stringLikeRegexp('AwsSolutions-.*');
  const found = level === 'error' ? annotations.findError('*', pattern) : annotations.findWarning('*', pattern);
  return found.map((message) => `${message.id}: ${String(message.entry.data).split(':')[0]}`);
}

export type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Metadata?: Record<string, any>;
};

/** `{ Ref: id }` or `{ 'Fn::GetAtt': [id, …] }` → id. */
export function refId(value: unknown): string {
  const v = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  if (v?.Ref) return v.Ref;
  if (v?.['Fn::GetAtt']) return v['Fn::GetAtt'][0];
  throw new Error(`Not a reference: ${JSON.stringify(value)}`);
}

/** All policy statements attached to a role (inline AWS::IAM::Policy resources). */
export type PolicyStatementJson = { Action: string | string[]; Resource: unknown; Effect: string; Condition?: Record<string, Record<string, unknown>> };

export function statementsOfRole(template: Template, roleId: string): PolicyStatementJson[] {
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
  return policies
    .filter((policy) => (policy.Properties.Roles as unknown[]).some((role) => refId(role) === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}

export function actionsOfRole(template: Template, roleId: string): string[] {
  return statementsOfRole(template, roleId).flatMap((statement) => (Array.isArray(statement.Action) ? statement.Action : [statement.Action]));
}

/** Every Lambda of a stack with the grants its table entry names (routes, consumers, admin, triggers). */
export function functionsWithGrants(
  s: SynthesizedStage,
  routes: readonly RouteDefinition[] = defaultRoutes,
): { name: string; fn: AppFunction; grants: readonly Grant[] }[] {
  return [
    ...routes.map((route) => ({ name: `route ${route.id}`, fn: s.stack.api.functions.get(route.id)!, grants: route.grants })),
    ...eventRules.map((rule) => ({ name: `rule ${rule.id}`, fn: s.stack.events.consumers.get(rule.id)!, grants: rule.grants })),
    { name: 'admin', fn: s.stack.admin.assignPhoneNumber, grants: ['table:read', 'table:write', 'secrets:providers', 'events:put'] },
    { name: 'booking sweep', fn: s.stack.jobs.sweepBookings, grants: SWEEP_BOOKINGS_GRANTS },
    { name: 'reminder job', fn: s.stack.jobs.sendReminders, grants: SEND_REMINDERS_GRANTS },
    { name: 'call sweep', fn: s.stack.jobs.sweepCalls, grants: SWEEP_CALLS_GRANTS },
    { name: 'pre-sign-up', fn: s.stack.auth.preSignUp, grants: [] },
    { name: 'custom-message', fn: s.stack.auth.customMessage, grants: [] },
    { name: 'post-authentication', fn: s.stack.auth.postAuthentication, grants: ['table:write'] },
  ];
}
