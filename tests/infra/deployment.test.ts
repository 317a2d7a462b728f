import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { routes, type RouteDefinition } from '../../functions/routes.js';
import { buildApp } from '../../infra/app.js';
import { AppFunction } from '../../infra/function.js';
import { stageConfig } from '../../infra/stage-config.js';
import { PAGE_FILES } from '../../web/site-files.js';
import { fakeWebDist, nagFindings, refId, synthStage, TEST_FUNCTION_ENVIRONMENT, type Resource, type SynthesizedStage } from './synth-stage.js';

/** Routes another change may add: several methods on a parameterised path, an entry not written yet. */
const extraRoutes: RouteDefinition[] = [
  {
    id: 'infra-test-bookings',
    summary: 'A route another change may add',
    path: '/api/infra-test/bookings/{id}',
    methods: ['GET', 'PUT', 'DELETE'],
    entry: 'functions/api/infra-test-not-written-yet.ts',
    auth: 'owner',
    maxBodyBytes: 1024,
    memoryMb: 1024,
    timeoutSeconds: 20,
    grants: ['table:read'],
  },
  {
    id: 'infra-test-webhook',
    summary: 'A webhook another change may add',
    path: '/api/infra-test/webhook',
    methods: ['POST'],
    entry: 'functions/api/infra-test-webhook-not-written-yet.ts',
    auth: 'public',
    maxBodyBytes: 1024,
    grants: ['events:put'],
  },
];

let web: { dir: string; dispose(): void };
let withSite: SynthesizedStage;

beforeAll(() => {
  web = fakeWebDist();
  withSite = synthStage({
    stage: 'dev',
    webDistDir: web.dir,
    routes: [...routes, ...extraRoutes],
    siteUrl: 'https://app.example.ie/',
  });
});

afterAll(() => {
  withSite?.dispose();
  web?.dispose();
});

function resources(type: string): Record<string, Resource> {
  return withSite.template.findResources(type) as Record<string, Resource>;
}

describe('web deployment (with a build)', () => {
  const deployments = () => Object.values(resources('Custom::CDKBucketDeployment'));

  it('uploads hashed assets with a long cache and the entry files with no-cache, then invalidates', () => {
    const siteBucketId = withSite.stack.getLogicalId(withSite.stack.web.bucket.node.defaultChild as CfnElement);
    const all = deployments();
    expect(all).toHaveLength(2);
    for (const deployment of all) {
      expect(refId(deployment.Properties.DestinationBucketName)).toBe(siteBucketId);
      expect(deployment.Properties.Prune).toBe(false);
    }
    const assets = all.find((d) => d.Properties.DestinationBucketKeyPrefix === 'assets/')!;
    expect(assets.Properties.SystemMetadata['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = all.find((d) => d.Properties.DestinationBucketKeyPrefix === undefined)!;
    expect(entry.Properties.SystemMetadata['cache-control']).toBe('no-cache');
    expect(entry.Properties.DistributionPaths).toEqual(['/*']);
    expect(entry.Properties.DistributionId).toBeDefined();
  });

  it('writes config.json with the pool, the client and the SRP flow (and drops a stale one from the build)', () => {
    const entry = deployments().find((d) => d.Properties.DestinationBucketKeyPrefix === undefined)!;
    const keys = entry.Properties.SourceObjectKeys as string[];
    expect(keys).toHaveLength(2);
    const assetDir = (key: string) => path.join(withSite.outdir, `asset.${key.replace(/\.zip$/, '')}`);

    const config = JSON.parse(readFileSync(path.join(assetDir(keys[1]!), 'config.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(config).sort()).toEqual(['authFlowType', 'region', 'stage', 'supportEmail', 'userPoolClientId', 'userPoolId']);
    expect(config.supportEmail).toBe('support@salondesk.ie');
    expect(config.region).toBe('eu-west-1');
    expect(config.stage).toBe('dev');
    expect(config.authFlowType).toBe('USER_SRP_AUTH');
    const markers = (entry.Properties.SourceMarkers as Record<string, unknown>[])[1]!;
    const poolId = withSite.stack.getLogicalId(withSite.stack.auth.userPool.node.defaultChild as CfnElement);
    const clientId = withSite.stack.getLogicalId(withSite.stack.auth.webClient.node.defaultChild as CfnElement);
    expect(markers[config.userPoolId!]).toEqual({ Ref: poolId });
    expect(markers[config.userPoolClientId!]).toEqual({ Ref: clientId });

    const site = assetDir(keys[0]!);
    expect(readFileSync(path.join(site, 'index.html'), 'utf8')).toContain('<title>Salon</title>');
    // The pre-rendered public pages and the signed-in pages' shells go with the app shell, revalidated on every visit like it.
    for (const [pathname, file] of Object.entries(PAGE_FILES)) expect(readFileSync(path.join(site, file), 'utf8')).toContain(`<title>${pathname}</title>`);
    expect(() => readFileSync(path.join(site, 'config.json'))).toThrow();
    expect(() => readFileSync(path.join(site, 'assets', 'index-abc123.js'))).toThrow();
  });

  it('uses the siteUrl context for SITE_URL, the uploads CORS origin and the outputs', () => {
    for (const fn of withSite.stack.api.functions.values()) {
      const lambda = resources('AWS::Lambda::Function')[withSite.stack.getLogicalId(fn.function.node.defaultChild as CfnElement)]!;
      expect(lambda.Properties.Environment.Variables.SITE_URL).toBe('https://app.example.ie');
    }
    const uploads = resources('AWS::S3::Bucket')[withSite.stack.getLogicalId(withSite.stack.data.uploads.node.defaultChild as CfnElement)]!;
    expect(uploads.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual(['https://app.example.ie']);
    expect(withSite.template.findOutputs('SiteUrl').SiteUrl?.Value).toBe('https://app.example.ie');
  });

  it('stays cdk-nag clean with the deployment handler in the stack', () => {
    expect(nagFindings(withSite.annotations, 'error')).toEqual([]);
    expect(nagFindings(withSite.annotations, 'warning')).toEqual([]);
    expect(withSite.annotations.findWarning('*', Match.stringLikeRegexp('web app is NOT deployed'))).toHaveLength(0);
  });
});

describe('derived from the route table', () => {
  it('a new multi-method route gets one Lambda, one integration and an API route per method', () => {
    const route = extraRoutes[0]!;
    const fn = withSite.stack.api.functions.get(route.id)!;
    const functionId = withSite.stack.getLogicalId(fn.function.node.defaultChild as CfnElement);
    const apiRoutes = Object.values(resources('AWS::ApiGatewayV2::Route')).filter((r) => (r.Properties.RouteKey as string).endsWith(` ${route.path}`));
    expect(apiRoutes.map((r) => r.Properties.RouteKey).sort()).toEqual(route.methods.map((m) => `${m} ${route.path}`).sort());
    expect(apiRoutes.every((r) => r.Properties.AuthorizationType === 'JWT')).toBe(true);
    const integrations = new Set(apiRoutes.map((r) => refId(r.Properties.Target['Fn::Join'][1][1])));
    expect(integrations.size).toBe(1);
    const lambda = resources('AWS::Lambda::Function')[functionId]!;
    expect(lambda.Properties.MemorySize).toBe(1024);
    expect(lambda.Properties.Timeout).toBe(20);
    expect(Object.keys(resources('AWS::ApiGatewayV2::Integration'))).toHaveLength(routes.length + extraRoutes.length);
  });

  it('a public route has no authorizer and still passes cdk-nag (APIG4 suppressed with a reason)', () => {
    const route = extraRoutes[1]!;
    const [apiRoute] = Object.values(resources('AWS::ApiGatewayV2::Route')).filter((r) => r.Properties.RouteKey === `POST ${route.path}`);
    expect(apiRoute!.Properties.AuthorizationType).toBe('NONE');
  });

  it('an entry that does not exist yet is a warning while bundling is skipped', () => {
    const warnings = withSite.annotations.findWarning('*', Match.stringLikeRegexp('infra-test-not-written-yet.ts does not exist yet'));
    expect(warnings).toHaveLength(1);
  });

  it('an entry that does not exist fails a real synth (bundling required)', () => {
    const app = new App({ outdir: withSite.outdir });
    const stack = new Stack(app, 'EntryCheck', { env: { region: 'eu-west-1' } });
    expect(
      () =>
        new AppFunction(stack, 'Missing', {
          config: stageConfig('dev'),
          entry: 'functions/api/infra-test-not-written-yet.ts',
          environment: TEST_FUNCTION_ENVIRONMENT,
        }),
    ).toThrow(/infra-test-not-written-yet\.ts does not exist/);
  });
});

describe('stage and context validation', () => {
  it('rejects a bad stage name and a non-https siteUrl', () => {
    expect(() => stageConfig('Prod!')).toThrow(/Invalid stage/);
    expect(() => buildApp({ stage: 'dev', siteUrl: 'http://app.example.ie', nag: false, context: { 'aws:cdk:bundling-stacks': [] } })).toThrow(/https origin/);
  });

  it('prod keeps stateful resources and logs longer than dev', () => {
    const dev = stageConfig('dev');
    const prod = stageConfig('prod');
    expect(prod.deletionProtection).toBe(true);
    expect(prod.autoDeleteObjects).toBe(false);
    expect(dev.deletionProtection).toBe(false);
    expect(prod.logRetention).toBeGreaterThan(dev.logRetention);
  });
});
