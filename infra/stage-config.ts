import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/** Data stays in Ireland (docs/architecture.md): every stage deploys to eu-west-1. */
export const REGION = 'eu-west-1';

/** Prefix of physical names (function names, user pool name, bus name). */
export const APP_NAME = 'salon-receptionist';

export interface StageConfig {
  /** `dev`, `prod` or another short lowercase name (a developer's own stage). */
  readonly stage: string;
  readonly isProduction: boolean;
  /** Stateful resources: table, buckets, user pool, queues, log groups. */
  readonly removalPolicy: RemovalPolicy;
  /** DynamoDB and Cognito deletion protection. */
  readonly deletionProtection: boolean;
  /** Empty buckets on stack deletion (never in prod). */
  readonly autoDeleteObjects: boolean;
  /** Lambda and API access log retention. */
  readonly logRetention: RetentionDays;
  /** How long CloudFront and S3 server access logs are kept (GDPR: minimal retention). */
  readonly accessLogExpiration: Duration;
  /** Default-stage throttling of the HTTP API (requests per second / burst), for a route without its own. */
  readonly apiThrottle: { readonly rateLimit: number; readonly burstLimit: number };
  /** The salons the stage is sized for: every route's throttle comes from the capacity model at this size (infra/capacity.ts). */
  readonly designSalons: number;
  /** Lambda defaults when a route does not say otherwise. */
  readonly lambdaDefaults: { readonly memoryMb: number; readonly timeoutSeconds: number };
  /** Free numbers below which the number pool's alarm fires: a few days of sign-ups, ahead of Ireland's regulatory bundle. */
  readonly numberPoolLow: number;
  /** Where salons reach us, unless context `supportEmail` names another address. */
  readonly supportEmail: string;
}

const STAGE_NAME = /^[a-z][a-z0-9-]{1,15}$/;

export function stageConfig(stage: string): StageConfig {
  if (!STAGE_NAME.test(stage)) {
    throw new Error(`Invalid stage "${stage}": use 2-16 lowercase letters, digits or dashes, starting with a letter`);
  }
  if (stage === 'prod') {
    return {
      stage,
      isProduction: true,
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
      autoDeleteObjects: false,
      logRetention: RetentionDays.THREE_MONTHS,
      accessLogExpiration: Duration.days(90),
      apiThrottle: { rateLimit: 200, burstLimit: 400 },
      designSalons: 10_000,
      lambdaDefaults: { memoryMb: 512, timeoutSeconds: 10 },
      numberPoolLow: 10,
      supportEmail: 'support@salondesk.ie',
    };
  }
  return {
    stage,
    isProduction: false,
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    autoDeleteObjects: true,
    logRetention: RetentionDays.TWO_WEEKS,
    accessLogExpiration: Duration.days(14),
    apiThrottle: { rateLimit: 25, burstLimit: 50 },
    designSalons: 100,
    lambdaDefaults: { memoryMb: 512, timeoutSeconds: 10 },
    numberPoolLow: 2,
    supportEmail: 'support@salondesk.ie',
  };
}

/** `salon-receptionist-<stage>-<suffix>`: stable physical names for things operators look up. */
export function physicalName(config: StageConfig, suffix?: string): string {
  return suffix ? `${APP_NAME}-${config.stage}-${suffix}` : `${APP_NAME}-${config.stage}`;
}
