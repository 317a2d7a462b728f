import { Duration } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { APP_NAME, physicalName, type StageConfig } from './stage-config.js';

/** `alias/salon-receptionist-<stage>-tokens`. */
export function tokenKeyAlias(config: StageConfig): string {
  return `alias/${physicalName(config, 'tokens')}`;
}

/** `salon-receptionist/<stage>/providers`. */
export function providerSecretName(config: StageConfig): string {
  return `${APP_NAME}/${config.stage}/providers`;
}

/** The encryption context key every token ciphertext carries (functions/providers/kms-token-cipher.ts). */
export const TOKEN_ENCRYPTION_CONTEXT_KEY = 'salonId';

export interface SecretsProps {
  readonly config: StageConfig;
}

/**
 * Key material and credentials, one per stage:
 * - the customer-managed KMS key that encrypts calendar refresh tokens, with the salon id as
 *   encryption context (RELIABILITY 31);
 * - the Secrets Manager secret holding third-party credentials as JSON. The stack creates it with
 *   `{}`; operators put the real values in (`aws secretsmanager put-secret-value`). CloudFormation
 *   never rewrites a value it did not change, so deploys keep what operators stored, as long as
 *   the placeholder below stays exactly as it is.
 */
export class Secrets extends Construct {
  readonly tokenKey: kms.Key;
  readonly providers: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: SecretsProps) {
    super(scope, id);
    const { config } = props;

    this.tokenKey = new kms.Key(this, 'TokenKey', {
      alias: tokenKeyAlias(config),
      description: `Calendar refresh tokens of ${physicalName(config)} (encryption context: ${TOKEN_ENCRYPTION_CONTEXT_KEY})`,
      enableKeyRotation: true,
      // Prod keeps the key (and so every stored token readable) even if the stack goes.
      removalPolicy: config.removalPolicy,
      pendingWindow: config.isProduction ? Duration.days(30) : Duration.days(7),
    });

    this.providers = new secretsmanager.Secret(this, 'Providers', {
      secretName: providerSecretName(config),
      description: `Provider credentials of ${physicalName(config)} (JSON: googleClientId, googleClientSecret, elevenlabsApiKey); set by operators`,
      // Never change this placeholder: a changed template value would overwrite the operators' credentials.
      secretObjectValue: {},
      removalPolicy: config.removalPolicy,
    });
    NagSuppressions.addResourceSuppressions(this.providers, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          "Third-party API credentials (Google OAuth client, ElevenLabs key): they are issued and rotated in each vendor's console, then stored here by operators; no Lambda can rotate them.",
      },
    ]);
  }
}
