import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, AssetHashType, Duration, Stack, type ILocalBundling } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { LAMBDA_RUNTIME_SUPPRESSION } from './nag.js';
import type { StageConfig } from './stage-config.js';
import type { OptInPackage } from '../functions/routes.js';
import { bundleLambda, lambdaBundleSpec, REPO_ROOT, type LambdaBundleSpec } from './lambda-bundle.js';

export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_22_X;
export const LAMBDA_ARCHITECTURE = lambda.Architecture.ARM_64;

/** What every Lambda receives (functions/config.ts). Names and ids only, never secrets. */
export interface FunctionEnvironment {
  readonly STAGE: string;
  readonly TABLE_NAME: string;
  readonly UPLOADS_BUCKET: string;
  readonly EVENT_BUS_NAME: string;
  readonly USER_POOL_ID: string;
  readonly USER_POOL_CLIENT_ID: string;
  readonly SITE_URL: string;
  /** Where salons reach us (context `supportEmail`): the support form sends there and the app shows it. */
  readonly SUPPORT_EMAIL: string;
  /** The number pool's low mark (the stage's config): below it the operators' alarm fires. */
  readonly NUMBER_POOL_LOW: string;
}

/**
 * Set per function by its grants (grants.ts) or by stack context, never for every Lambda: the
 * ids and ARNs a handler needs for one provider. Still names only, never secret values.
 */
export const OPTIONAL_ENVIRONMENT = ['TOKEN_KEY_ARN', 'PROVIDER_SECRETS_ARN', 'BEDROCK_MODEL_ID', 'ELEVENLABS_VOICE_IDS', 'EMAIL_FROM'] as const;
export type OptionalEnvironmentName = (typeof OPTIONAL_ENVIRONMENT)[number];

/**
 * Powertools for AWS Lambda's settings (functions/observability/): metrics per stage, and traces
 * that keep ids and timings only, since a trace is not redacted as a log line is.
 */
export function powertoolsEnvironment(stage: string): Record<string, string> {
  return {
    POWERTOOLS_SERVICE_NAME: 'salondesk',
    POWERTOOLS_METRICS_NAMESPACE: `SalonDesk/${stage}`,
    POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
    POWERTOOLS_TRACER_CAPTURE_ERROR: 'false',
  };
}

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
  /** Heavy packages this Lambda bundles and every other leaves out (see RouteDefinition.optIn). */
  readonly optIn?: readonly OptInPackage[];
}

/**
 * Bundles one Lambda on this machine (infra/lambda-bundle.ts). CDK caches staged assets by their
 * bundling options serialized, functions dropped: the spec is a field so that each Lambda's
 * options, and so its cache entry, differ.
 */
class LocalLambdaBundler implements ILocalBundling {
  constructor(readonly spec: LambdaBundleSpec) {}

  tryBundle(outputDir: string): boolean {
    bundleLambda(this.spec, outputDir);
    return true;
  }
}

/**
 * The Lambda's code: bundled by esbuild (code split, so a cold start loads only what the handler
 * imports statically), the asset hashed from the output. Docker is never used: the image is
 * named only because CDK's bundling options require one.
 */
function bundledCode(spec: LambdaBundleSpec): lambda.Code {
  return lambda.Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: { image: LAMBDA_RUNTIME.bundlingImage, local: new LocalLambdaBundler(spec) },
  });
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
  /** What the asset is bundled from; undefined for placeholder code (entry not written, bundling skipped). */
  readonly bundle?: LambdaBundleSpec;

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
      // No NODE_OPTIONS=--enable-source-maps: it parses every map at import; the bundle maps its stacks when formatted (infra/lambda-bundle.ts).
      environment: { ...props.environment, ...powertoolsEnvironment(config.stage) },
      // Lambda's own segments (init, invocation) for every function; consumers and jobs add Powertools' Tracer.
      tracing: lambda.Tracing.ACTIVE,
    } satisfies Partial<lambda.FunctionProps>;

    const entryPath = path.join(REPO_ROOT, props.entry);
    if (existsSync(entryPath)) {
      this.bundle = lambdaBundleSpec(props.entry, props);
      this.function = new lambda.Function(this, 'Function', {
        ...common,
        handler: 'index.handler',
        code: bundledCode(this.bundle),
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
    NagSuppressions.addResourceSuppressions(
      this.role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason: "Active tracing's xray:PutTraceSegments and xray:PutTelemetryRecords take no resource (X-Ray has no resource-level permissions for them).",
          appliesTo: ['Resource::*'],
        },
      ],
      true,
    );
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
