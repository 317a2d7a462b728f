import { Stack, type CfnResource } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions, type NagPackSuppression } from 'cdk-nag';
import type { Grant } from '../functions/routes.js';
import { BEDROCK_PROFILE_WILDCARD, type BedrockModel } from './bedrock.js';
import type { IConstruct } from 'constructs';
import type { AppFunction } from './function.js';
import { TOKEN_ENCRYPTION_CONTEXT_KEY } from './secrets.js';

/** The resources a grant can name. */
export interface GrantTargets {
  readonly table: dynamodb.ITable;
  readonly uploads: s3.IBucket;
  readonly bus: events.IEventBus;
  /** Absent while the user pool's own triggers are being built (they get no pool grants). */
  readonly userPool?: cognito.IUserPool;
  /** `tokens:crypt`: the key that encrypts calendar refresh tokens. */
  readonly tokenKey?: kms.IKey;
  /** `secrets:providers`: the provider credentials secret. */
  readonly providerSecrets?: secretsmanager.ISecret;
  /** `bedrock:invoke`: absent when the stage runs without Bedrock (context bedrockModelId=none). */
  readonly bedrockModel?: BedrockModel;
  /** `email:send`: the verified SES sender; absent until context `emailFrom` is given. */
  readonly emailFrom?: string;
}

/** Token encryption and decryption only, and only with a `salonId` encryption context. */
export const TOKEN_KEY_ACTIONS = ['kms:Encrypt', 'kms:Decrypt'] as const;

/** The Cognito admin calls an owner route may make on its own pool (account deletion, password re-check). */
export const USER_POOL_ADMIN_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminUserGlobalSignOut',
] as const;

/**
 * Least-privilege grants from a route's or rule's `grants` list. Object-level S3 actions are
 * written out rather than using the CDK `grant*` helpers, whose wildcard actions (`s3:GetObject*`,
 * `s3:Abort*`, …) grant more than a handler needs.
 */
export function applyGrants(fn: AppFunction, grants: readonly Grant[], targets: GrantTargets): void {
  const wanted = new Set(grants);
  const role = fn.role;
  const reasons: NagPackSuppression[] = [];

  if (wanted.has('table:write')) {
    targets.table.grantReadWriteData(role);
  } else if (wanted.has('table:read')) {
    targets.table.grantReadData(role);
  }
  if (wanted.has('table:write') || wanted.has('table:read')) {
    reasons.push({
      id: 'AwsSolutions-IAM5',
      reason: "Queries on the single table's global secondary indexes (gsi1) need its index ARNs; the wildcard covers only <table>/index/* of this one table.",
      appliesTo: [`Resource::<${logicalIdOf(targets.table)}.Arn>/index/*`],
    });
  }

  const uploadsObjects = targets.uploads.arnForObjects('*');
  const objectActions: string[] = [];
  if (wanted.has('uploads:read')) objectActions.push('s3:GetObject');
  if (wanted.has('uploads:write')) objectActions.push('s3:PutObject', 's3:DeleteObject');
  if (objectActions.length > 0) {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: objectActions, resources: [uploadsObjects] }));
    // Reading a salon's files and erasing its prefix (account deletion) both need to list keys.
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [targets.uploads.bucketArn] }));
    reasons.push({
      id: 'AwsSolutions-IAM5',
      reason:
        'Object keys are per salon and created at run time (<salonId>/…), so object actions name <uploads bucket>/*; the salon prefix is enforced in code and tested (RELIABILITY 30).',
      appliesTo: [`Resource::<${logicalIdOf(targets.uploads)}.Arn>/*`],
    });
  }

  if (wanted.has('events:put')) {
    targets.bus.grantPutEventsTo(role);
  }

  if (wanted.has('userpool:admin')) {
    if (!targets.userPool) throw new Error(`${fn.node.path}: userpool:admin is not available to user pool triggers`);
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [...USER_POOL_ADMIN_ACTIONS], resources: [targets.userPool.userPoolArn] }));
  }

  if (wanted.has('tokens:crypt')) {
    if (!targets.tokenKey) throw new Error(`${fn.node.path}: tokens:crypt needs the token key`);
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: [...TOKEN_KEY_ACTIONS],
        resources: [targets.tokenKey.keyArn],
        // KMS refuses a request without the salon as encryption context (RELIABILITY 31).
        conditions: { 'ForAnyValue:StringEquals': { 'kms:EncryptionContextKeys': [TOKEN_ENCRYPTION_CONTEXT_KEY] } },
      }),
    );
    fn.function.addEnvironment('TOKEN_KEY_ARN', targets.tokenKey.keyArn);
  }

  if (wanted.has('secrets:providers')) {
    if (!targets.providerSecrets) throw new Error(`${fn.node.path}: secrets:providers needs the provider secret`);
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [targets.providerSecrets.secretArn] }));
    fn.function.addEnvironment('PROVIDER_SECRETS_ARN', targets.providerSecrets.secretArn);
  }

  // Without a model (bedrockModelId=none) the route keeps its offline parser: no grant, no env.
  if (wanted.has('bedrock:invoke') && targets.bedrockModel) {
    for (const statement of targets.bedrockModel.statements()) role.addToPrincipalPolicy(statement);
    fn.function.addEnvironment('BEDROCK_MODEL_ID', targets.bedrockModel.modelId);
    if (targets.bedrockModel.crossRegion) {
      reasons.push({
        id: 'AwsSolutions-IAM5',
        reason:
          'An EU cross-region inference profile serves the model from any EU region: the foundation model is allowed in eu-* only, and only through that one profile (bedrock:InferenceProfileArn condition).',
        appliesTo: [BEDROCK_PROFILE_WILDCARD],
      });
    }
  }

  // Without a sender (no context emailFrom) the consumers have nothing to send from: no grant, no env.
  if (wanted.has('email:send') && targets.emailFrom) {
    const stack = Stack.of(fn);
    const domain = targets.emailFrom.split('@')[1]!;
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          `arn:${stack.partition}:ses:${stack.region}:${stack.account}:identity/${domain}`,
          `arn:${stack.partition}:ses:${stack.region}:${stack.account}:identity/${targets.emailFrom}`,
        ],
      }),
    );
    fn.function.addEnvironment('EMAIL_FROM', targets.emailFrom);
  }

  if (reasons.length > 0) NagSuppressions.addResourceSuppressions(role, reasons, true);
}

/** The CloudFormation logical id of a resource defined in this app, as cdk-nag names it in `appliesTo`. */
export function logicalIdOf(resource: IConstruct): string {
  const cfn = resource.node.defaultChild as CfnResource | undefined;
  if (!cfn) throw new Error(`${resource.node.path} is not defined in this app`);
  return Stack.of(resource).resolve(cfn.logicalId) as string;
}
