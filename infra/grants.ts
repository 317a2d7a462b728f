import { Stack, type CfnResource } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import type { Grant } from '../functions/routes.js';
import type { AppFunction } from './function.js';

/** The resources a grant can name. */
export interface GrantTargets {
  readonly table: dynamodb.ITable;
  readonly uploads: s3.IBucket;
  readonly bus: events.IEventBus;
  /** Absent while the user pool's own triggers are being built (they get no pool grants). */
  readonly userPool?: cognito.IUserPool;
}

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
  const reasons: { id: string; reason: string; appliesTo: string[] }[] = [];

  if (wanted.has('table:write')) {
    targets.table.grantReadWriteData(role);
  } else if (wanted.has('table:read')) {
    targets.table.grantReadData(role);
  }
  if (wanted.has('table:write') || wanted.has('table:read')) {
    reasons.push({
      id: 'AwsSolutions-IAM5',
      reason: 'Queries on the single table\'s global secondary indexes (gsi1) need its index ARNs; the wildcard covers only <table>/index/* of this one table.',
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
      reason: 'Object keys are per salon and created at run time (<salonId>/…), so object actions name <uploads bucket>/*; the salon prefix is enforced in code and tested (RELIABILITY 30).',
      appliesTo: [`Resource::<${logicalIdOf(targets.uploads)}.Arn>/*`],
    });
  }

  if (wanted.has('events:put')) {
    targets.bus.grantPutEventsTo(role);
  }

  if (wanted.has('userpool:admin')) {
    if (!targets.userPool) throw new Error(`${fn.node.path}: userpool:admin is not available to user pool triggers`);
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: [...USER_POOL_ADMIN_ACTIONS], resources: [targets.userPool.userPoolArn] }),
    );
  }

  if (reasons.length > 0) NagSuppressions.addResourceSuppressions(role, reasons, true);
}

function logicalIdOf(resource: dynamodb.ITable | s3.IBucket): string {
  const cfn = resource.node.defaultChild as CfnResource | undefined;
  if (!cfn) throw new Error(`${resource.node.path} is not defined in this app`);
  return Stack.of(resource).resolve(cfn.logicalId) as string;
}
