import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync, type Metafile } from 'esbuild';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_AGENT_SDK } from '../../functions/routes.js';
import { AppFunction } from '../../infra/function.js';
import {
  BUNDLE_ENTRY_FILE,
  bundleLambda,
  coldStartFiles,
  KEPT_APART_FROM_CALLER_WAITS,
  lambdaBuildOptions,
  lambdaBundleSpec,
  packageOfInput,
  REPO_ROOT,
} from '../../infra/lambda-bundle.js';
import { stageConfig } from '../../infra/stage-config.js';
import { sharedStage, TEST_FUNCTION_ENVIRONMENT } from './synth-stage.js';
import { localRoutes } from '../../local/routes.js';

/**
 * The two Lambdas a caller waits on, bundled exactly as `cdk deploy` bundles them: the bundle
 * loads and answers in a fresh Node, and a cold start loads none of the code those handlers
 * never call (docs/architecture.md, "Cold starts"). Sizes and times are bench/cold-starts.ts's
 * business; this holds what a cold start pulls in.
 */
const NEVER_CALLED_BY_A_CALLER_WAIT = [
  '@aws-sdk/client-s3',
  '@aws-sdk/client-cognito-identity-provider',
  '@aws-sdk/client-sesv2',
  '@aws-sdk/client-bedrock-runtime',
  '@elevenlabs/elevenlabs-js',
  'tesseract.js',
  'sharp',
  'pdfjs-dist',
  'mammoth',
  'ics',
  // Powertools' Logger and Tracer, and the X-Ray SDK the Tracer loads: consumers, jobs, triggers and
  // the admin Lambda only (functions/observability/traced-handler.ts); Metrics waits for a 5xx.
  '@aws-lambda-powertools/logger',
  '@aws-lambda-powertools/metrics',
  '@aws-lambda-powertools/tracer',
  'aws-xray-sdk-core',
];
/**
 * Loaded on first use only: the vendor SDKs behind ports (axios is Twilio's REST client's), which the sandbox never needs,
 * and the event bus's client, which a call's answer and a first check-availability never publish to.
 */
const ON_FIRST_USE = [
  'stripe',
  '@googleapis/calendar',
  'google-auth-library',
  'axios',
  '@aws-sdk/client-kms',
  '@aws-sdk/client-secrets-manager',
  '@aws-sdk/client-eventbridge',
];

/** What a Lambda's environment holds, for a bundle loaded in a fresh Node. */
const BUNDLE_ENV = {
  PATH: process.env.PATH,
  STAGE: 'dev',
  AWS_REGION: 'eu-west-1',
  TABLE_NAME: 'bundle-test',
  UPLOADS_BUCKET: 'bundle-test',
  EVENT_BUS_NAME: 'bundle-test',
  USER_POOL_ID: 'eu-west-1_bundle',
  USER_POOL_CLIENT_ID: 'bundle',
  SITE_URL: 'https://app.example.ie',
  LOG_LEVEL: 'error',
};

const packagesIn = (metafile: Metafile, files: readonly string[]) =>
  new Set(files.flatMap((file) => Object.keys(metafile.outputs[file]!.inputs).map(packageOfInput)));
const inputsIn = (metafile: Metafile, files: readonly string[]) => files.flatMap((file) => Object.keys(metafile.outputs[file]!.inputs));

const bundles = new Map<string, { dir: string; metafile: Metafile }>();
let root: string;

beforeAll(() => {
  // Inside the repository, so an external package resolves from its node_modules as it would beside the bundle.
  mkdirSync(path.join(REPO_ROOT, 'node_modules/.cache'), { recursive: true });
  root = mkdtempSync(path.join(REPO_ROOT, 'node_modules/.cache/lambda-bundle-test-'));
  for (const entry of ['functions/api/agent-tools.ts', 'functions/api/twilio-voice.ts']) {
    const dir = path.join(root, path.basename(entry, '.ts'));
    bundles.set(entry, { dir, metafile: bundleLambda(lambdaBundleSpec(entry), dir) });
  }
  const goLive = path.join(root, 'go-live');
  bundles.set('functions/api/go-live.ts', {
    dir: goLive,
    metafile: bundleLambda(lambdaBundleSpec('functions/api/go-live.ts', { optIn: [VOICE_AGENT_SDK] }), goLive),
  });
}, 120_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('Lambda bundles a caller waits on', () => {
  it.each(['functions/api/agent-tools.ts', 'functions/api/twilio-voice.ts'])(
    '%s cold-starts without the code it never calls; the vendor SDKs are chunks for first use',
    (entry) => {
      const { dir, metafile } = bundles.get(entry)!;
      const cold = packagesIn(metafile, coldStartFiles(metafile, dir));
      const all = packagesIn(metafile, Object.keys(metafile.outputs));
      for (const name of [...NEVER_CALLED_BY_A_CALLER_WAIT, ...ON_FIRST_USE]) expect(cold.has(name), `${entry} loads ${name} on a cold start`).toBe(false);
      expect(cold.has('@aws-sdk/client-dynamodb')).toBe(true);
      // Split off, not dropped: the real adapters are there for the paths that use them.
      expect(all.has('stripe') && all.has('@googleapis/calendar')).toBe(true);
    },
  );

  it("a cold start parses the accepted countries' phone plans only, and neither TwiML for the tools nor the tools for the voice webhook", () => {
    const cold = (entry: string) => {
      const { dir, metafile } = bundles.get(entry)!;
      return inputsIn(metafile, coldStartFiles(metafile, dir));
    };
    const tools = cold('functions/api/agent-tools.ts');
    const voice = cold('functions/api/twilio-voice.ts');
    for (const inputs of [tools, voice]) {
      expect(inputs.filter((input) => /libphonenumber-js\/metadata\./.test(input))).toEqual([]);
      expect(inputs).toContain('functions/contracts/phone-metadata.json');
      // The complete plans that tell a mobile (the waiting list's texts) load on first use only.
      expect(inputs).not.toContain('functions/contracts/phone-types-metadata.json');
    }
    const { metafile } = bundles.get('functions/api/agent-tools.ts')!;
    expect(inputsIn(metafile, Object.keys(metafile.outputs))).toContain('functions/contracts/phone-types-metadata.json');
    // The setup wizard's schemas are built at import where they are used (contracts/setup.ts marks them pure): these Lambdas take only DAYS from that file.
    for (const entry of ['functions/api/agent-tools.ts', 'functions/api/twilio-voice.ts']) {
      const { dir, metafile } = bundles.get(entry)!;
      const code = coldStartFiles(metafile, dir)
        .map((file) => readFileSync(path.join(REPO_ROOT, file), 'utf8'))
        .join('\n');
      expect(code, entry).not.toContain('Each stylist needs its own key');
      expect(code, entry).not.toContain('A calendar is mapped to an unknown stylist');
    }
    // TwiML (twilio's VoiceResponse, xmlbuilder) only for the transfer tool, on first use.
    expect(tools.filter((input) => input.includes('node_modules/twilio/'))).toEqual([]);
    // The webhook fills the call's variables and asks whether the salon takes calls: no agent definition, no tools.
    expect(voice.filter((input) => /functions\/core\/(agent-tools|voice-agent\/agent-config|booking\/book)/.test(input))).toEqual([]);
  });

  it.each(['functions/api/agent-tools.ts', 'functions/api/twilio-voice.ts'])(
    '%s builds no Intl formatter while it loads (the first one loads ICU, ~25 ms of CPU)',
    (entry) => {
      const { dir } = bundles.get(entry)!;
      const script = `const built = [];
      for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'DisplayNames', 'Segmenter']) {
        Intl[name] = new Proxy(Intl[name], { construct: (target, args, newTarget) => (built.push(name), Reflect.construct(target, args, newTarget)), apply: (target, self, args) => (built.push(name), Reflect.apply(target, self, args)) });
      }
      await import(${JSON.stringify(pathToFileURL(path.join(dir, BUNDLE_ENTRY_FILE)).href)});
      console.log(JSON.stringify(built));`;
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, env: BUNDLE_ENV, encoding: 'utf8' });
      expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual([]);
    },
  );

  it.each(['functions/api/agent-tools.ts', 'functions/api/twilio-voice.ts'])(
    '%s loads no module only the AWS clients kept apart use on a cold start; those clients load from beside the bundle on first use',
    (entry) => {
      const { dir, metafile } = bundles.get(entry)!;
      // Reached through the SDK's barrel files, they were in the table client's chunk: S3's REST-XML protocol, Bedrock's HTTP/2 handler.
      const cold = inputsIn(metafile, coldStartFiles(metafile, dir));
      expect(cold.filter((input) => /AwsRestXmlProtocol|XmlShapeSerializer|node-http2/.test(input))).toEqual([]);
      const script = `await import(${JSON.stringify(pathToFileURL(path.join(dir, BUNDLE_ENTRY_FILE)).href)});
        const cold = process.moduleLoadList.includes('NativeModule http2');
        const clients = [];
        for (const name of ${JSON.stringify(KEPT_APART_FROM_CALLER_WAITS)}) clients.push(import.meta.resolve(name).replace(${JSON.stringify(pathToFileURL(realpathSync(dir)).href)}, '.'), Object.keys(await import(name)).some((key) => key.endsWith('Client')));
        console.log(JSON.stringify({ cold, clients }));`;
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, env: BUNDLE_ENV, encoding: 'utf8' });
      const { cold: http2, clients } = JSON.parse(output.trim().split('\n').at(-1)!) as { cold: boolean; clients: unknown[] };
      expect(http2).toBe(false);
      expect(clients).toEqual(KEPT_APART_FROM_CALLER_WAITS.flatMap((name) => [`./node_modules/${name}/index.mjs`, true]));
    },
  );

  it.each(['functions/api/agent-tools.ts', 'functions/api/twilio-voice.ts'])(
    '%s loads its cold-start code from a handful of files, not one per set of modules esbuild split',
    (entry) => {
      const { dir, metafile } = bundles.get(entry)!;
      // esbuild alone: 27 files for the voice webhook, 24 for the tools (infra/join-chunks.mjs). The
      // count is a proxy for CPU: joining the last few into the entry too (rolldown's '$initial'
      // group, tried once issues 39-43 had brought the tools to 11 files and the voice webhook to 12)
      // made the tools' cold start slower, 165 → 182 ms of CPU, for 5 ms off the webhook's 195
      // (bench/cold-starts.ts --caller-waits, medians of two runs each, quiet machine). With issue 42's
      // outbox and issue 43's texts the voice webhook loads 14 (the tools 11): measured on 2026-12-01
      // against the commit before (679c96e), same machine, load 2: tools 94 → 96 ms of CPU, voice
      // webhook 111 → 103 ms, both under the 150 ms target.
      const loaded = coldStartFiles(metafile, dir);
      expect(loaded.length).toBeLessThanOrEqual(14);
      // The metafile tells what is on disk: every file it names exists and every chunk on disk is named.
      const named = new Set(Object.keys(metafile.outputs));
      const onDisk = readdirSync(path.join(dir, 'chunks')).map((file) => path.relative(REPO_ROOT, path.join(dir, 'chunks', file)));
      expect(onDisk.filter((file) => !named.has(file))).toEqual([]);
      for (const file of named) expect(existsSync(path.join(REPO_ROOT, file)), file).toBe(true);
      // Each module is in one file only: its one instance is shared by the lazy chunks that use it.
      const inputs = Object.keys(metafile.outputs).flatMap((file) => Object.keys(metafile.outputs[file]!.inputs));
      expect(inputs.length).toBe(new Set(inputs).size);
    },
  );

  it('the split bundle loads in a fresh Node and its handler answers (the chunks and require banner work)', () => {
    const { dir } = bundles.get('functions/api/agent-tools.ts')!;
    const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(path.join(dir, BUNDLE_ENTRY_FILE)).href)});
      const answer = await handler({ rawPath: '/api/agent/tools', rawQueryString: 'tool=check-availability', queryStringParameters: { tool: 'check-availability' }, headers: {}, body: '{}', isBase64Encoded: false,
        requestContext: { http: { method: 'POST', sourceIp: '203.0.113.9', path: '/api/agent/tools' }, domainName: 'api.example.ie' } }, {});
      console.log(JSON.stringify({ status: answer.statusCode, code: JSON.parse(answer.body).code }));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, env: BUNDLE_ENV, encoding: 'utf8' });
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual({ status: 401, code: 'unauthorized' });
  });

  it.each(['functions/api/agent-tools.ts', 'functions/api/twilio-voice.ts'])(
    '%s does no source-map work while it loads, and a stack formatted later names our source',
    (entry) => {
      const { dir, metafile } = bundles.get(entry)!;
      // Node reads and parses a file's map at import when the file names it (and runs with --enable-source-maps).
      for (const file of Object.keys(metafile.outputs).filter((output) => output.endsWith('.mjs'))) {
        expect(readFileSync(path.join(REPO_ROOT, file), 'utf8'), file).not.toMatch(/sourceMappingURL/);
        expect(existsSync(path.join(REPO_ROOT, `${file}.map`)), `${file}.map`).toBe(true);
      }
      // An error made inside the handler (reading the request's headers), its stack formatted after the import.
      const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(path.join(dir, BUNDLE_ENTRY_FILE)).href)});
      let probe;
      const headers = new Proxy({}, { ownKeys: () => ((probe ??= new Error('probe')), []), get: () => ((probe ??= new Error('probe')), undefined) });
      await handler({ rawPath: '/', rawQueryString: '', queryStringParameters: {}, headers, body: '{}', isBase64Encoded: false,
        requestContext: { http: { method: 'POST', sourceIp: '203.0.113.9', path: '/' }, domainName: 'api.example.ie' } }, {});
      console.log(JSON.stringify(probe.stack.split('\\n')));`;
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, env: BUNDLE_ENV, encoding: 'utf8' });
      const stack = JSON.parse(output.trim().split('\n').at(-1)!) as string[];
      expect(stack[0]).toBe('Error: probe');
      expect(stack.find((line) => line.includes('functions/http/handler.ts:'))).toMatch(/^ {4}at \w+ \(functions\/http\/handler\.ts:\d+:\d+\)$/);
      expect(stack.filter((line) => /index\.mjs|chunks\//.test(line))).toEqual([]);
    },
  );
});

describe('Lambda bundles as CDK stages them', () => {
  it('a Lambda that opts into the voice-agent SDK carries it as a chunk loaded on first use, not on its cold start', () => {
    const { dir, metafile } = bundles.get('functions/api/go-live.ts')!;
    expect(packagesIn(metafile, Object.keys(metafile.outputs)).has(VOICE_AGENT_SDK)).toBe(true);
    expect(packagesIn(metafile, coldStartFiles(metafile, dir)).has(VOICE_AGENT_SDK)).toBe(false);
    // The chunk, and the SDK bundled into it, load as they would on the first agent change.
    const chunk = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]!.entryPoint?.endsWith('providers/elevenlabs-voice-agent.ts'))!;
    const script = `const adapter = await import(${JSON.stringify(pathToFileURL(path.join(REPO_ROOT, chunk)).href)}); console.log(typeof adapter.createElevenLabsVoiceAgent);`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim()).toBe('function');
  });

  it('each Lambda gets its own bundle (CDK caches staged assets by their bundling options)', () => {
    const outdir = path.join(root, 'cdk.out');
    // A stack of two bare functions, made to see how CDK stages their bundles: the dev and prod
    // stacks (stack.test.ts and the rest) have their templates validated; this one would only
    // build CDK's CloudFormation validation engine for itself (about 9 s of CPU in a fresh worker).
    const app = new App({ outdir, builtinCloudFormationValidation: false });
    const stack = new Stack(app, 'BundleCheck', { env: { region: 'eu-west-1' } });
    const entries = ['functions/api/get-health.ts', 'functions/api/list-calls.ts'];
    for (const [index, entry] of entries.entries())
      new AppFunction(stack, `Fn${index}`, { config: stageConfig('dev'), entry, environment: TEST_FUNCTION_ENVIRONMENT });
    const functions = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')) as {
      Properties: { Code: { S3Key: string }; Handler: string; Environment?: { Variables?: Record<string, string> } };
    }[];
    expect(functions.map((fn) => fn.Properties.Handler)).toEqual(['index.handler', 'index.handler']);
    // --enable-source-maps would parse every map at import: the bundles map their stacks when formatted.
    for (const fn of functions) expect(fn.Properties.Environment?.Variables?.NODE_OPTIONS ?? '').not.toMatch(/source-maps/);
    const keys = functions.map((fn) => fn.Properties.Code.S3Key);
    expect(new Set(keys).size).toBe(2);
    for (const key of keys) expect(readdirSync(path.join(outdir, `asset.${key.replace(/\.zip$/, '')}`))).toContain(BUNDLE_ENTRY_FILE);
  }, 60_000);
});

/**
 * Issue 44, point 2: the stand-ins (local/) are no part of what deploys. Every Lambda both stages
 * make (routes, consumers, jobs, triggers, the admin function, the outbox enrichment) is bundled as
 * CDK bundles it, but in one esbuild pass without writing (the metafile's module graph is the
 * point, not the files); each entry's modules are those its graph reaches, lazy imports included,
 * so a stand-in behind an `await import()` would be found too.
 */
describe('no Lambda bundle holds a stand-in', () => {
  const deployedSpecs = () => {
    const specs = new Map<string, ReturnType<typeof lambdaBundleSpec>>();
    for (const stage of ['dev', 'prod'] as const) {
      for (const construct of sharedStage(stage).stack.node.findAll()) {
        if (construct instanceof AppFunction && construct.bundle) specs.set(construct.bundle.entry, construct.bundle);
      }
    }
    return specs;
  };
  /** Each entry's modules (repository paths), from one build of them all. */
  const modulesByEntry = (entries: readonly string[]) => {
    const base = lambdaBuildOptions(lambdaBundleSpec(entries[0]!), path.join(root, 'graph'));
    const { metafile } = buildSync({
      ...base,
      entryPoints: Object.fromEntries(entries.map((entry, index) => [`e${index}`, path.join(REPO_ROOT, entry)])),
      // The opt-in SDK is bundled here for all: what the graph may reach, not what one Lambda leaves out.
      external: [],
      write: false,
      minify: false,
      sourcemap: false,
      logLevel: 'error',
    });
    return new Map(
      entries.map((entry) => {
        const reached = new Set<string>();
        const next = [entry, base.inject![0]!].map((file) => path.relative(REPO_ROOT, file.startsWith('/') ? file : path.join(REPO_ROOT, file)));
        while (next.length > 0) {
          const input = next.pop()!;
          if (reached.has(input) || !metafile.inputs[input]) continue;
          reached.add(input);
          next.push(...metafile.inputs[input].imports.map((imported) => imported.path));
        }
        return [entry, reached];
      }),
    );
  };
  const isStandIn = (input: string) => input === 'local' || input.startsWith('local/');

  it('no deployed entry reaches a module under local/, statically or lazily', () => {
    const specs = deployedSpecs();
    const entries = [...specs.keys()].sort();
    // Every route of functions/routes.ts and every event consumer is among them, and none of the local-only routes.
    expect(entries.length).toBeGreaterThan(50);
    expect(entries).toContain('functions/api/twilio-voice.ts');
    expect(entries.filter((entry) => isStandIn(entry))).toEqual([]);
    for (const route of localRoutes) expect(entries).not.toContain(route.entry);
    const graphs = modulesByEntry(entries);
    const found = entries.flatMap((entry) => [...graphs.get(entry)!].filter(isStandIn).map((input) => `${entry} → ${input}`));
    expect(found, 'a Lambda bundles stand-in code: pass it in from local/ (functions/composition-root.ts StandIns)').toEqual([]);
    // The walk itself: a route reaches the composition root and a lazily loaded vendor adapter.
    const tools = graphs.get('functions/api/agent-tools.ts')!;
    expect(tools).toContain('functions/composition-root.ts');
    expect(tools).toContain('functions/providers/stripe-payments.ts');
  }, 180_000);

  it('would find one: the local-only routes reach the stand-ins', () => {
    const graphs = modulesByEntry(localRoutes.map((route) => route.entry));
    expect([...graphs.get('local/pages/receptionist.ts')!]).toContain('local/receptionist/receptionist.ts');
    expect([...graphs.get('local/pages/stripe-sandbox.ts')!]).toContain('local/sandboxes/stand-ins.ts');
  }, 60_000);
});
