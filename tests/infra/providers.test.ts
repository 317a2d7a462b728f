import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CfnElement } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { routes, findRouteById, VOICE_AGENT_SDK, type Grant } from '../../functions/routes.js';
import { parseVoiceIds } from '../../infra/app.js';
import { DEFAULT_BEDROCK_MODEL_ID, parseBedrockModelId } from '../../infra/bedrock.js';
import { LAMBDA_ARCHITECTURE, OPTIONAL_ENVIRONMENT, type OptionalEnvironmentName } from '../../infra/function.js';
import { KEPT_APART_FROM_CALLER_WAITS, LAMBDA_INSTALL_ENVIRONMENT, lambdaBuildOptions, lambdaBundleSpec, REPO_ROOT } from '../../infra/lambda-bundle.js';
import { TOKEN_KEY_ACTIONS } from '../../infra/grants.js';
import { VOICE_AGENT_ROUTE_IDS, VOICE_PREVIEW_ROUTE_ID } from '../../infra/stack.js';
import {
  functionsWithGrants,
  nagFindings,
  refId,
  statementsOfRole,
  sharedStage,
  synthStage,
  type PolicyStatementJson,
  type Resource,
  type SynthesizedStage,
} from './synth-stage.js';

const VOICE_IDS = { labhaoise: 'AbCdEf123456', niamh: 'zyx987' };
/** A model invoked in the stack's own region, without a profile (an operator's -c bedrockModelId). */
const IN_REGION = 'amazon.nova-lite-v1:0';

let dev: SynthesizedStage;
let prod: SynthesizedStage;
/** Context as operators pass it on the command line: no Bedrock, voice ids as JSON text. */
let offline: SynthesizedStage;
let inRegion: SynthesizedStage;

beforeAll(() => {
  dev = sharedStage('dev');
  prod = sharedStage('prod');
  offline = synthStage({ stage: 'dev', context: { bedrockModelId: 'none', elevenlabsVoiceIds: JSON.stringify(VOICE_IDS) } });
  inRegion = synthStage({ stage: 'dev', bedrockModelId: IN_REGION });
});

afterAll(() => {
  for (const s of [offline, inRegion]) s?.dispose();
});

function resources(s: SynthesizedStage, type: string): Record<string, Resource> {
  return s.template.findResources(type) as Record<string, Resource>;
}

function only(s: SynthesizedStage, type: string): [string, Resource] {
  const all = Object.entries(resources(s, type));
  expect(all, type).toHaveLength(1);
  return all[0]!;
}

function roleStatements(s: SynthesizedStage, role: CfnElement): PolicyStatementJson[] {
  return statementsOfRole(s.template, s.stack.getLogicalId(role));
}

function environmentOf(s: SynthesizedStage, fn: { function: { node: { defaultChild?: unknown } } }): Record<string, unknown> {
  const id = s.stack.getLogicalId(fn.function.node.defaultChild as CfnElement);
  return resources(s, 'AWS::Lambda::Function')[id]!.Properties.Environment.Variables as Record<string, unknown>;
}

const actionsOf = (statement: PolicyStatementJson) => (Array.isArray(statement.Action) ? statement.Action : [statement.Action]);
const mentions = (value: unknown, logicalId: string) => JSON.stringify(value).includes(`"${logicalId}"`);

/** Which optional variables a function must have, from its grants (and the stage's context). */
function expectedOptionalEnvironment(grants: readonly Grant[], options: { bedrock: boolean }): OptionalEnvironmentName[] {
  const names: OptionalEnvironmentName[] = [];
  if (grants.includes('tokens:crypt')) names.push('TOKEN_KEY_ARN');
  if (grants.includes('secrets:providers')) names.push('PROVIDER_SECRETS_ARN');
  if (grants.includes('bedrock:invoke') && options.bedrock) names.push('BEDROCK_MODEL_ID');
  return names;
}

describe('route table grants used by the new routes', () => {
  it('name every new kind at least once (else these tests would prove nothing)', () => {
    const used = new Set(routes.flatMap((route) => route.grants));
    expect([...used]).toEqual(expect.arrayContaining(['tokens:crypt', 'secrets:providers', 'bedrock:invoke']));
  });
});

describe('token key (tokens:crypt)', () => {
  it('is a customer-managed key with rotation and the stage alias', () => {
    for (const [s, stage] of [
      [dev, 'dev'],
      [prod, 'prod'],
    ] as const) {
      const [keyId, key] = only(s, 'AWS::KMS::Key');
      expect(key.Properties.EnableKeyRotation).toBe(true);
      expect(key.Properties.KeySpec ?? 'SYMMETRIC_DEFAULT').toBe('SYMMETRIC_DEFAULT');
      const [, alias] = only(s, 'AWS::KMS::Alias');
      expect(alias.Properties.AliasName).toBe(`alias/salon-receptionist-${stage}-tokens`);
      expect(refId(alias.Properties.TargetKeyId)).toBe(keyId);
    }
  });

  it('prod retains the key (stored tokens stay readable); dev may delete it', () => {
    const [, prodKey] = only(prod, 'AWS::KMS::Key');
    expect(prodKey.DeletionPolicy).toBe('Retain');
    expect(prodKey.UpdateReplacePolicy).toBe('Retain');
    const [, devKey] = only(dev, 'AWS::KMS::Key');
    expect(devKey.DeletionPolicy).toBe('Delete');
  });

  it('key policy trusts only the account (roles get access through their own policies)', () => {
    const [, key] = only(dev, 'AWS::KMS::Key');
    for (const statement of key.Properties.KeyPolicy.Statement as Record<string, any>[]) {
      expect(statement.Effect).toBe('Allow');
      expect(JSON.stringify(statement.Principal)).toMatch(/:root"/);
    }
  });

  it('only functions granted tokens:crypt can use it: Encrypt/Decrypt with a salonId context, TOKEN_KEY_ARN set', () => {
    for (const s of [dev, prod]) {
      const [keyId] = only(s, 'AWS::KMS::Key');
      for (const { name, fn, grants } of functionsWithGrants(s)) {
        const onKey = roleStatements(s, fn.role.node.defaultChild as CfnElement).filter((st) => mentions(st.Resource, keyId));
        const environment = environmentOf(s, fn);
        if (grants.includes('tokens:crypt')) {
          expect(onKey, name).toHaveLength(1);
          const [statement] = onKey;
          expect(statement!.Effect, name).toBe('Allow');
          expect(actionsOf(statement!).sort(), name).toEqual([...TOKEN_KEY_ACTIONS].sort());
          expect(statement!.Resource, name).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
          expect(statement!.Condition, name).toEqual({ 'ForAnyValue:StringEquals': { 'kms:EncryptionContextKeys': ['salonId'] } });
          expect(environment.TOKEN_KEY_ARN, name).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
        } else {
          expect(onKey, name).toEqual([]);
          expect(environment.TOKEN_KEY_ARN, name).toBeUndefined();
        }
      }
    }
  });
});

describe('provider secret (secrets:providers)', () => {
  it('one secret per stage, salon-receptionist/<stage>/providers, created as {} for operators to fill', () => {
    for (const [s, stage] of [
      [dev, 'dev'],
      [prod, 'prod'],
    ] as const) {
      const [, secret] = only(s, 'AWS::SecretsManager::Secret');
      expect(secret.Properties.Name).toBe(`salon-receptionist/${stage}/providers`);
      // A placeholder, never a credential: the template holds nothing secret.
      expect(secret.Properties.SecretString).toBe('{}');
      expect(secret.Properties.GenerateSecretString).toBeUndefined();
      expect(Object.keys(s.template.findResources('AWS::SecretsManager::ResourcePolicy'))).toHaveLength(0);
      expect(Object.keys(s.template.findResources('AWS::SecretsManager::RotationSchedule'))).toHaveLength(0);
    }
    expect(only(prod, 'AWS::SecretsManager::Secret')[1].DeletionPolicy).toBe('Retain');
    expect(only(dev, 'AWS::SecretsManager::Secret')[1].DeletionPolicy).toBe('Delete');
  });

  it('no rotation by Lambda: SMG4 is suppressed with the reason', () => {
    const [, secret] = only(dev, 'AWS::SecretsManager::Secret');
    const suppressions = secret.Metadata?.cdk_nag?.rules_to_suppress as { id: string; reason: string }[];
    const smg4 = suppressions.find((rule) => rule.id === 'AwsSolutions-SMG4');
    expect(smg4?.reason).toMatch(/vendor/);
  });

  it('only functions granted secrets:providers can read it (GetSecretValue on that secret), PROVIDER_SECRETS_ARN set', () => {
    for (const s of [dev, prod]) {
      const [secretId] = only(s, 'AWS::SecretsManager::Secret');
      for (const { name, fn, grants } of functionsWithGrants(s)) {
        const statements = roleStatements(s, fn.role.node.defaultChild as CfnElement);
        const secretStatements = statements.filter((st) => actionsOf(st).some((a) => a.startsWith('secretsmanager:')));
        const environment = environmentOf(s, fn);
        if (grants.includes('secrets:providers')) {
          expect(secretStatements, name).toHaveLength(1);
          expect(actionsOf(secretStatements[0]!), name).toEqual(['secretsmanager:GetSecretValue']);
          expect(secretStatements[0]!.Resource, name).toEqual({ Ref: secretId });
          expect(environment.PROVIDER_SECRETS_ARN, name).toEqual({ Ref: secretId });
        } else {
          expect(secretStatements, name).toEqual([]);
          expect(
            statements.filter((st) => mentions(st.Resource, secretId)),
            name,
          ).toEqual([]);
          expect(environment.PROVIDER_SECRETS_ARN, name).toBeUndefined();
        }
      }
    }
  });

  it('is an output for operators', () => {
    const [secretId] = only(dev, 'AWS::SecretsManager::Secret');
    expect(dev.template.findOutputs('ProviderSecretArn').ProviderSecretArn?.Value).toEqual({ Ref: secretId });
  });
});

describe('Bedrock (bedrock:invoke)', () => {
  const modelArn = `arn:aws:bedrock:eu-west-1::foundation-model/${IN_REGION}`;

  it('a model in the region: services-extract may invoke it and nothing else; BEDROCK_MODEL_ID set', () => {
    const fn = inRegion.stack.api.functions.get('services-extract')!;
    const bedrock = roleStatements(inRegion, fn.role.node.defaultChild as CfnElement).filter((st) => actionsOf(st).some((a) => a.startsWith('bedrock:')));
    expect(bedrock).toHaveLength(1);
    expect(actionsOf(bedrock[0]!)).toEqual(['bedrock:InvokeModel']);
    expect(bedrock[0]!.Resource).toBe(modelArn);
    expect(environmentOf(inRegion, fn).BEDROCK_MODEL_ID).toBe(IN_REGION);
    expect(nagFindings(inRegion.annotations, 'error')).toEqual([]);
  });

  it('only functions granted bedrock:invoke get it', () => {
    for (const { name, fn, grants } of functionsWithGrants(dev)) {
      const bedrock = roleStatements(dev, fn.role.node.defaultChild as CfnElement).filter((st) => actionsOf(st).some((a) => a.startsWith('bedrock:')));
      expect(bedrock.length > 0, name).toBe(grants.includes('bedrock:invoke'));
      expect(environmentOf(dev, fn).BEDROCK_MODEL_ID !== undefined, name).toBe(grants.includes('bedrock:invoke'));
    }
  });

  it('bedrockModelId=none: no Bedrock permission or BEDROCK_MODEL_ID anywhere, the route still deployed', () => {
    const policies = Object.values(resources(offline, 'AWS::IAM::Policy'));
    expect(JSON.stringify(policies)).not.toContain('bedrock');
    for (const { name, fn } of functionsWithGrants(offline)) {
      expect(environmentOf(offline, fn).BEDROCK_MODEL_ID, name).toBeUndefined();
    }
    const fn = offline.stack.api.functions.get('services-extract')!;
    const functionId = offline.stack.getLogicalId(fn.function.node.defaultChild as CfnElement);
    const integrations = Object.values(resources(offline, 'AWS::ApiGatewayV2::Integration'));
    expect(integrations.filter((i) => refId(i.Properties.IntegrationUri) === functionId)).toHaveLength(1);
    expect(nagFindings(offline.annotations, 'error')).toEqual([]);
    expect(nagFindings(offline.annotations, 'warning')).toEqual([]);
  });

  it('the default, a current model through its EU inference profile: the profile, and the model in EU regions only through it (cdk-nag clean)', () => {
    // Claude 3 Haiku, the default before, reached its end of life on 10 September 2026.
    expect(DEFAULT_BEDROCK_MODEL_ID).toBe('eu.anthropic.claude-haiku-4-5-20251001-v1:0');
    const fn = dev.stack.api.functions.get('services-extract')!;
    const bedrock = roleStatements(dev, fn.role.node.defaultChild as CfnElement).filter((st) => actionsOf(st).some((a) => a.startsWith('bedrock:')));
    expect(bedrock).toHaveLength(2);
    const profile = bedrock.find((st) => JSON.stringify(st.Resource).includes(':inference-profile/'))!;
    expect(JSON.stringify(profile.Resource)).toContain(`arn:aws:bedrock:eu-west-1:`);
    expect(JSON.stringify(profile.Resource)).toContain(`:inference-profile/${DEFAULT_BEDROCK_MODEL_ID}`);
    const model = bedrock.find((st) => st !== profile)!;
    expect(model.Resource).toBe('arn:aws:bedrock:eu-*::foundation-model/anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(model.Condition?.StringEquals?.['bedrock:InferenceProfileArn']).toEqual(profile.Resource);
    expect(environmentOf(dev, fn).BEDROCK_MODEL_ID).toBe(DEFAULT_BEDROCK_MODEL_ID);
    expect(nagFindings(dev.annotations, 'error')).toEqual([]);
    expect(nagFindings(dev.annotations, 'warning')).toEqual([]);
  });

  it('refuses model ids that are malformed or would leave Europe', () => {
    expect(parseBedrockModelId(undefined)).toBe(DEFAULT_BEDROCK_MODEL_ID);
    expect(parseBedrockModelId('none')).toBeUndefined();
    expect(parseBedrockModelId('amazon.nova-lite-v1:0')).toBe('amazon.nova-lite-v1:0');
    expect(() => parseBedrockModelId('us.anthropic.claude-haiku-4-5-20251001-v1:0')).toThrow(/EU inference profiles/);
    expect(() => parseBedrockModelId('global.anthropic.claude-sonnet-4-v1:0')).toThrow(/EU inference profiles/);
    expect(() => parseBedrockModelId('arn:aws:bedrock:eu-west-1::foundation-model/x')).toThrow(/not a Bedrock model id/);
    expect(() => parseBedrockModelId('claude')).toThrow(/not a Bedrock model id/);
  });
});

describe('ElevenLabs voice ids (context elevenlabsVoiceIds)', () => {
  it('reach the voice-preview route and the routes that make the voice agent only, as JSON', () => {
    const voiceRoutes = [VOICE_PREVIEW_ROUTE_ID, ...VOICE_AGENT_ROUTE_IDS].map((id) => `route ${id}`);
    const seen: string[] = [];
    for (const { name, fn } of functionsWithGrants(offline)) {
      const value = environmentOf(offline, fn).ELEVENLABS_VOICE_IDS;
      if (voiceRoutes.includes(name)) {
        expect(JSON.parse(value as string), name).toEqual(VOICE_IDS);
        seen.push(name);
      } else expect(value, name).toBeUndefined();
    }
    expect(seen.sort()).toEqual(voiceRoutes.sort());
  });

  it('are not set when not given', () => {
    for (const { name, fn } of functionsWithGrants(dev)) {
      expect(environmentOf(dev, fn).ELEVENLABS_VOICE_IDS, name).toBeUndefined();
    }
  });

  it('must be an object of known voices to provider ids', () => {
    expect(parseVoiceIds(undefined)).toBeUndefined();
    expect(parseVoiceIds('{}')).toBeUndefined();
    expect(parseVoiceIds({ emily: 'abc' })).toEqual({ emily: 'abc' });
    expect(() => parseVoiceIds('{nope')).toThrow(/JSON object/);
    expect(() => parseVoiceIds('["abc"]')).toThrow(/JSON object/);
    expect(() => parseVoiceIds('{"siobhan":"abc"}')).toThrow(/unknown voice "siobhan"/);
    expect(() => parseVoiceIds('{"emily":""}')).toThrow(/short id/);
    expect(() => parseVoiceIds('{"emily":{"id":"x"}}')).toThrow(/short id/);
  });
});

describe('optional environment', () => {
  it('each function has exactly the provider variables its grants call for', () => {
    for (const [s, bedrock] of [
      [dev, true],
      [prod, true],
      [offline, false],
    ] as const) {
      for (const { name, fn, grants } of functionsWithGrants(s)) {
        const present = Object.keys(environmentOf(s, fn)).filter((key) => (OPTIONAL_ENVIRONMENT as readonly string[]).includes(key));
        const expected: string[] = expectedOptionalEnvironment(grants, { bedrock });
        if (s === offline && [VOICE_PREVIEW_ROUTE_ID, ...VOICE_AGENT_ROUTE_IDS].some((id) => name === `route ${id}`)) expected.push('ELEVENLABS_VOICE_IDS');
        expect(present.sort(), name).toEqual(expected.sort());
      }
    }
  });
});

describe('heavier Lambdas (nodeModules)', () => {
  it('every route passes its nodeModules to the bundler (installed, not bundled) and keeps them out of the bundle', () => {
    for (const route of routes) {
      const fn = dev.stack.api.functions.get(route.id)!;
      if (!fn.bundle) continue; // entry not written yet: placeholder code, nothing bundled
      expect(fn.bundle.entry, route.id).toBe(route.entry);
      expect(fn.bundle.nodeModules, route.id).toEqual([...(route.nodeModules ?? [])]);
      for (const name of route.nodeModules ?? []) expect(fn.bundle.external, route.id).toContain(name);
      const lambda = resources(dev, 'AWS::Lambda::Function')[dev.stack.getLogicalId(fn.function.node.defaultChild as CfnElement)]!;
      expect(lambda.Properties.Handler, route.id).toBe('index.handler');
      expect(lambda.Properties.Runtime, route.id).toBe('nodejs22.x');
    }
    const extract = dev.stack.api.functions.get('services-extract')!;
    expect(extract.bundle?.nodeModules).toEqual(
      expect.arrayContaining(['pdfjs-dist', 'tesseract.js', 'tesseract.js-core', '@tesseract.js-data/eng', 'mammoth', 'word-extractor']),
    );
    expect(LAMBDA_INSTALL_ENVIRONMENT).toEqual({ npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' });
    // Native packages are installed for the architecture the Lambdas run on.
    expect(LAMBDA_INSTALL_ENVIRONMENT.npm_config_cpu).toBe(LAMBDA_ARCHITECTURE.name);
  });

  it('only the Lambdas that manage voice agents carry the voice-agent SDK, bundled; none a caller waits on does', () => {
    const withSdk = routes.filter((route) => route.optIn?.includes(VOICE_AGENT_SDK)).map((route) => route.id);
    expect(withSdk.sort()).toEqual(['delete-account', 'go-live', 'setup-step', 'twilio']);
    for (const id of withSdk) expect(dev.stack.api.functions.get(id)!.bundle?.external, id).toEqual([]);
    expect(dev.stack.api.functions.get('elevenlabs-post-call')!.bundle?.external).toEqual([VOICE_AGENT_SDK]);
    // The caller-wait Lambdas also leave out the AWS clients bundled apart beside them.
    for (const id of ['agent-tools', 'twilio-voice']) {
      expect(dev.stack.api.functions.get(id)!.bundle?.external, id).toEqual([...KEPT_APART_FROM_CALLER_WAITS, VOICE_AGENT_SDK]);
    }
    expect(dev.stack.admin.assignPhoneNumber.bundle?.external).toEqual([]);
    // Bundled, not installed: no route installs what it could bundle.
    for (const route of routes) expect(route.nodeModules ?? [], route.id).not.toContain(VOICE_AGENT_SDK);
  });

  it('bundles are ES modules split into chunks (what a handler imports lazily loads on first use), with require defined in every file', () => {
    const options = lambdaBuildOptions(lambdaBundleSpec('functions/api/get-health.ts'), '/tmp/out');
    expect(options).toMatchObject({ bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node22', minify: true, sourcemap: 'external' });
    expect(options.banner?.js).toContain('createRequire');
    expect(options.external).toEqual([VOICE_AGENT_SDK]);
    expect(lambdaBundleSpec('functions/api/go-live.ts', { optIn: [VOICE_AGENT_SDK] }).external).toEqual([]);
    expect(lambdaBundleSpec('functions/api/services-extract.ts', { nodeModules: ['mammoth'] }).external).toEqual(['mammoth', VOICE_AGENT_SDK]);
  });

  it('every nodeModules package has a version the install can find (package.json, else its installed package.json)', () => {
    for (const route of routes) {
      for (const name of route.nodeModules ?? []) {
        // Read from disk: a package's `exports` may not list its package.json (sharp's does not).
        const version = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version?: string }).version;
        expect(version, `${route.id}: ${name}`).toMatch(/^\d+\.\d+\.\d+/);
      }
    }
  });

  it('services-extract keeps its memory, timeout and a body that fits a synchronous Lambda payload', () => {
    const route = findRouteById('services-extract');
    const fn = dev.stack.api.functions.get(route.id)!;
    const lambda = resources(dev, 'AWS::Lambda::Function')[dev.stack.getLogicalId(fn.function.node.defaultChild as CfnElement)]!;
    expect(lambda.Properties.MemorySize).toBe(2048);
    expect(lambda.Properties.Timeout).toBe(29);
    // base64 inflates by 4/3; Lambda's synchronous payload is 6 MB, API Gateway's 10 MB.
    expect(Math.ceil((route.maxBodyBytes * 4) / 3)).toBeLessThan(6 * 1024 * 1024);
  });
});

describe('public routes through CloudFront (OAuth callback, sandbox consent, voice preview)', () => {
  const publicRoutes = routes.filter((route) => route.auth === 'public');

  it('have no authorizer and carry an APIG4 suppression with a reason', () => {
    const apiRoutes = Object.values(resources(dev, 'AWS::ApiGatewayV2::Route'));
    for (const route of publicRoutes) {
      for (const method of route.methods) {
        const apiRoute = apiRoutes.find((r) => r.Properties.RouteKey === `${method} ${route.path}`)!;
        expect(apiRoute.Properties.AuthorizationType, route.id).toBe('NONE');
        const rules = (apiRoute.Metadata?.cdk_nag?.rules_to_suppress ?? []) as { id: string; reason: string }[];
        expect(rules.find((rule) => rule.id === 'AwsSolutions-APIG4')?.reason, route.id).toContain(route.path);
      }
    }
    for (const route of routes.filter((r) => r.auth === 'owner')) {
      const apiRoute = apiRoutes.find((r) => r.Properties.RouteKey === `${route.methods[0]} ${route.path}`)!;
      expect(JSON.stringify(apiRoute.Metadata ?? {}), route.id).not.toContain('APIG4');
    }
  });

  it('/api/* forwards query strings and cookies (?code&state, the state cookie, ?action&voiceId), caches nothing and passes redirects through', () => {
    expect(publicRoutes.map((route) => route.id)).toEqual(expect.arrayContaining(['google-oauth-callback', VOICE_PREVIEW_ROUTE_ID]));
    const config = Object.values(resources(dev, 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    const api = (config.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === '/api/*')!;
    // Managed policies: CachingDisabled; AllViewerExceptHostHeader = every query string, cookie and
    // header except Host (API Gateway needs its own Host).
    expect(api.CachePolicyId).toBe(cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
    expect(api.ForwardedValues).toBeUndefined();
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD']));
    // Nothing at the edge rewrites an API answer: no functions and no error-page substitution
    // (a 302 with its location header, or a 4xx, reaches the browser as the Lambda sent it).
    expect(api.FunctionAssociations).toBeUndefined();
    expect(api.LambdaFunctionAssociations).toBeUndefined();
    expect(config.CustomErrorResponses).toBeUndefined();
  });
});
