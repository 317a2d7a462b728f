import type { TwilioLocation } from '../functions/providers/twilio-region.js';
import { CfnOutput, Stack, Tags, type NestedStack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { EventRule } from '../events/rules.js';
import type { RouteDefinition } from '../functions/routes.js';
import { Admin } from './admin.js';
import { Api } from './api.js';
import { Auth } from './auth.js';
import { bedrockModel } from './bedrock.js';
import { Data } from './data.js';
import { EventBus } from './events.js';
import { EventOutboxPipe } from './event-outbox-pipe.js';
import { Jobs } from './jobs.js';
import type { FunctionEnvironment } from './function.js';
import { suppressCdkInternals } from './nag.js';
import { Operations } from './operations.js';
import { Secrets } from './secrets.js';
import { APP_NAME, type StageConfig } from './stage-config.js';
import { Web } from './web.js';

export interface SalonReceptionistStackProps extends StackProps {
  readonly config: StageConfig;
  readonly routes: readonly RouteDefinition[];
  readonly eventRules: readonly EventRule[];
  /** The built web app (`web/dist`); when it has no index.html the site is not deployed. */
  readonly webDistDir: string;
  /** `https://…` of a custom domain; default: the CloudFront distribution's own domain. */
  readonly siteUrl?: string;
  /** Bedrock model for price-list extraction; undefined: no Bedrock grant or env (offline parser). */
  readonly bedrockModelId?: string;
  /** Our voice id → ElevenLabs voice id, for the voice-preview route (ELEVENLABS_VOICE_IDS). */
  readonly elevenlabsVoiceIds?: Readonly<Record<string, string>>;
  /** The SES-verified address booking emails are sent from (context `emailFrom`). */
  readonly emailFrom?: string;
  /** Where salons reach us (context `supportEmail`, else the stage's). */
  readonly supportEmail: string;
  /** The Twilio Region and edge (context `twilioRegion`, `twilioEdge`); the provider secret's Twilio credentials are that region's. */
  readonly twilio?: TwilioLocation;
}

/** The route that plays voice previews and needs the ElevenLabs voice ids. */
export const VOICE_PREVIEW_ROUTE_ID = 'voice-preview';
/** The routes that make or update the salon's voice agent (functions/core/voice-agent/provision.ts), whose voice needs the ElevenLabs ids too. */
export const VOICE_AGENT_ROUTE_IDS = ['go-live', 'setup-step', 'twilio'] as const;

/** Everything one stage needs, in one stack. */
export class SalonReceptionistStack extends Stack {
  readonly data: Data;
  readonly secrets: Secrets;
  readonly auth: Auth;
  readonly api: Api;
  readonly events: EventBus;
  readonly eventConsumers: NestedStack;
  readonly eventOutbox: EventOutboxPipe;
  readonly web: Web;
  readonly admin: Admin;
  readonly jobs: Jobs;
  readonly operations: Operations;
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: SalonReceptionistStackProps) {
    super(scope, id, props);
    const { config } = props;
    Tags.of(this).add('app', APP_NAME);
    Tags.of(this).add('stage', config.stage);

    this.data = new Data(this, 'Data', { config });
    this.secrets = new Secrets(this, 'Secrets', { config });
    this.events = new EventBus(this, 'Events', { config });
    // The API exists before its routes: CloudFront needs its endpoint, and the routes' Lambdas
    // need the site URL, which is CloudFront's domain.
    this.api = new Api(this, 'Api', { config });
    this.web = new Web(this, 'Web', { config, apiDomainName: this.api.domainName, logsBucket: this.data.logs });
    this.siteUrl = props.siteUrl ?? this.web.siteUrl;
    this.data.allowBrowserUploadsFrom(this.siteUrl);

    const baseEnvironment = {
      STAGE: config.stage,
      TABLE_NAME: this.data.table.tableName,
      UPLOADS_BUCKET: this.data.uploads.bucketName,
      EVENT_BUS_NAME: this.events.bus.eventBusName,
      SITE_URL: this.siteUrl,
      SUPPORT_EMAIL: props.supportEmail,
      NUMBER_POOL_LOW: String(config.numberPoolLow),
      // Which Twilio Region every client asks: a name, like the stage's; the secret's credentials must be that region's.
      TWILIO_REGION: props.twilio?.region ?? 'us1',
      ...(props.twilio?.edge ? { TWILIO_EDGE: props.twilio.edge } : {}),
    };
    const poolGrants = {
      table: this.data.table,
      uploads: this.data.uploads,
      bus: this.events.bus,
      tokenKey: this.secrets.tokenKey,
      providerSecrets: this.secrets.providers,
      bedrockModel: props.bedrockModelId ? bedrockModel(this, props.bedrockModelId) : undefined,
      emailFrom: props.emailFrom,
    };
    this.auth = new Auth(this, 'Auth', { config, environment: baseEnvironment, grants: poolGrants, emailFrom: props.emailFrom });
    const environment: FunctionEnvironment = {
      ...baseEnvironment,
      USER_POOL_ID: this.auth.userPool.userPoolId,
      USER_POOL_CLIENT_ID: this.auth.webClient.userPoolClientId,
    };
    const grants = { ...poolGrants, userPool: this.auth.userPool };

    this.api.addRoutes({
      routes: props.routes,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.webClient,
      environment,
      grants,
      routeEnvironment: props.elevenlabsVoiceIds
        ? Object.fromEntries(
            [VOICE_PREVIEW_ROUTE_ID, ...VOICE_AGENT_ROUTE_IDS].map((id) => [id, { ELEVENLABS_VOICE_IDS: JSON.stringify(props.elevenlabsVoiceIds) }]),
          )
        : {},
    });
    this.eventConsumers = this.events.addConsumers({ rules: props.eventRules, environment, grants });
    this.eventOutbox = new EventOutboxPipe(this, 'EventOutbox', { config, table: this.data.table, bus: this.events.bus, environment });
    this.admin = new Admin(this, 'Admin', { config, environment, grants });
    this.jobs = new Jobs(this, 'Jobs', { config, environment, grants });
    this.operations = new Operations(this, 'Operations', { config, api: this.api, numberJob: this.jobs.watchNumbers });

    this.web.deploy(props.webDistDir, {
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.webClient.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
      stage: config.stage,
      supportEmail: props.supportEmail,
    });

    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl, description: 'The web app' });
    new CfnOutput(this, 'ApiUrl', { value: `${this.siteUrl}/api`, description: 'The API as the browser calls it (same origin, through CloudFront)' });
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.stage.url, description: 'The HTTP API default stage (direct, behind CloudFront in normal use)' });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.webClient.userPoolClientId });
    new CfnOutput(this, 'AdminFunctionName', {
      value: this.admin.assignPhoneNumber.function.functionName,
      description: 'Invoke with IAM credentials: npm run admin',
    });
    new CfnOutput(this, 'AdminFunctionArn', { value: this.admin.assignPhoneNumber.function.functionArn });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'UploadsBucketName', { value: this.data.uploads.bucketName });
    new CfnOutput(this, 'EventBusName', { value: this.events.bus.eventBusName });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'ProviderSecretArn', {
      value: this.secrets.providers.secretArn,
      description: 'Provider credentials (JSON): aws secretsmanager put-secret-value --secret-id <this> --secret-string file://providers.json',
    });
    new CfnOutput(this, 'TokenKeyArn', { value: this.secrets.tokenKey.keyArn, description: 'KMS key of calendar refresh tokens' });

    suppressCdkInternals(this);
  }
}
