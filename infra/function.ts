import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, LogLevel, Charset, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { LAMBDA_RUNTIME_SUPPRESSION } from './nag.js';
import type { StageConfig } from './stage-config.js';
import { VOICE_AGENT_SDK } from '../functions/routes.js';

/** The repository root: entries in the route and rule tables are relative to it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_22_X;
export const LAMBDA_ARCHITECTURE = lambda.Architecture.ARM_64;

/**
 * Bundles are ES modules; some dependencies still call `require` (CommonJS), so every bundle
 * defines it from `import.meta.url`. The alias avoids clashing with bundled code.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __salonCreateRequire } from 'node:module'; const require = __salonCreateRequire(import.meta.url);";

/** What every Lambda receives (functions/config.ts). Names and ids only, never secrets. */
export interface FunctionEnvironment {
  readonly STAGE: string;
  readonly TABLE_NAME: string;
  readonly UPLOADS_BUCKET: string;
  readonly EVENT_BUS_NAME: string;
  readonly USER_POOL_ID: string;
  readonly USER_POOL_CLIENT_ID: string;
  readonly SITE_URL: string;
}

/**
 * Set per function by its grants (grants.ts) or by stack context, never for every Lambda: the
 * ids and ARNs a handler needs for one provider. Still names only, never secret values.
 */
export const OPTIONAL_ENVIRONMENT = ['TOKEN_KEY_ARN', 'PROVIDER_SECRETS_ARN', 'BEDROCK_MODEL_ID', 'ELEVENLABS_VOICE_IDS', 'EMAIL_FROM'] as const;
export type OptionalEnvironmentName = (typeof OPTIONAL_ENVIRONMENT)[number];

export interface AppFunctionProps {
  readonly config: StageConfig;
  /** Module relative to the repository root, exporting `handler`. */
  readonly entry: string;
  readonly environment: FunctionEnvironment;
  readonly description?: string;
  /** Only where something must find the function by name (Cognito triggers, the admin CLI). */
  readonly functionName?: string;
  readonly memoryMb?: number;
  readonly timeoutSeconds?: number;
  /** Installed into the bundle's node_modules instead of bundled (see RouteDefinition.nodeModules). */
  readonly nodeModules?: readonly string[];
}

/** npm's name for the Lambda architecture: `npm ci --cpu` picks the matching native optional packages. */
const NPM_CPU: Record<string, string> = { arm64: 'arm64', x86_64: 'x64' };

/**
 * esbuild options of every bundle. Modules in `nodeModules` stay external and are installed next
 * to the bundle by `npm ci` from the lock file, for the Lambda's platform (linux, glibc, its CPU),
 * not the machine that synthesizes: optional native packages (pdfjs-dist's @napi-rs/canvas) must
 * be the ones Lambda can load.
 */
export function bundlingOptions(nodeModules: readonly string[] = []): BundlingOptions {
  return {
    format: OutputFormat.ESM,
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: ESM_REQUIRE_BANNER,
    minify: true,
    sourceMap: true,
    sourcesContent: false,
    charset: Charset.UTF8,
    logLevel: LogLevel.WARNING,
    // Bundle the AWS SDK too: the deployed code runs exactly the versions tested locally. The
    // voice-agent SDK is the exception: 5 MB that every Lambda would parse on a cold start (the
    // composition root reaches it), so only the Lambdas that manage agents install it beside
    // their bundle (VOICE_AGENT_SDK in functions/routes.ts).
    externalModules: nodeModules.includes(VOICE_AGENT_SDK) ? [] : [VOICE_AGENT_SDK],
    ...(nodeModules.length > 0
      ? {
          nodeModules: [...nodeModules],
          environment: {
            npm_config_os: 'linux',
            npm_config_cpu: NPM_CPU[LAMBDA_ARCHITECTURE.name] ?? LAMBDA_ARCHITECTURE.name,
            npm_config_libc: 'glibc',
          },
        }
      : {}),
  };
}

/**
 * One Lambda with the project's defaults: Node 22 on arm64, ESM bundle built locally by esbuild
 * (minified, with source maps), its own log group with the stage's retention, and its own role
 * that may only write to that log group. Grants are added by the caller (see grants.ts).
 */
export class AppFunction extends Construct {
  readonly function: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  /** What esbuild was given; undefined for placeholder code (entry not written, bundling skipped). */
  readonly bundling?: BundlingOptions;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { config } = props;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });

    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Lambda ${props.entry} (${config.stage})`,
    });
    this.logGroup.grantWrite(this.role);

    const common = {
      runtime: LAMBDA_RUNTIME,
      architecture: LAMBDA_ARCHITECTURE,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      memorySize: props.memoryMb ?? config.lambdaDefaults.memoryMb,
      timeout: Duration.seconds(props.timeoutSeconds ?? config.lambdaDefaults.timeoutSeconds),
      description: props.description ?? props.entry,
      functionName: props.functionName,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    } satisfies Partial<lambda.FunctionProps>;

    const entryPath = path.join(REPO_ROOT, props.entry);
    if (existsSync(entryPath)) {
      this.bundling = bundlingOptions(props.nodeModules);
      this.function = new NodejsFunction(this, 'Function', {
        ...common,
        entry: entryPath,
        handler: 'handler',
        projectRoot: REPO_ROOT,
        depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
        bundling: this.bundling,
      });
    } else if (!Stack.of(this).bundlingRequired) {
      // Assertion tests skip bundling; an entry another change has not written yet must not
      // stop them. A real synth (bundling required) fails below instead.
      this.function = new lambda.Function(this, 'Function', {
        ...common,
        handler: 'index.handler',
        code: lambda.Code.fromInline('exports.handler = async () => { throw new Error("placeholder"); };'),
      });
      Annotations.of(this).addWarningV2('salon:missing-entry', `Entry ${props.entry} does not exist yet: placeholder code (bundling skipped)`);
    } else {
      throw new Error(`Lambda entry ${props.entry} does not exist (needed by ${this.node.path})`);
    }
    NagSuppressions.addResourceSuppressions(this.function, [LAMBDA_RUNTIME_SUPPRESSION]);
  }
}

/** `get-salon` → `GetSalon`: readable, stable logical ids derived from the route id. */
export function constructId(id: string): string {
  return id
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
