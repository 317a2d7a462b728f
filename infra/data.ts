import { Duration } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { tableKeys } from '../functions/store/table-definition.js';
import type { StageConfig } from './stage-config.js';

export interface DataProps {
  readonly config: StageConfig;
}

/**
 * Stateful storage: the single DynamoDB table (same keys as the local stand-in), the private
 * uploads bucket, and the bucket that receives S3 server access logs and CloudFront logs.
 */
export class Data extends Construct {
  readonly table: dynamodb.Table;
  readonly uploads: s3.Bucket;
  readonly logs: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { config } = props;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: tableKeys.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: tableKeys.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableKeys.ttl,
      // Carries outbox items to the bus (infra/event-outbox-pipe.ts).
      stream: dynamodb.StreamViewType[tableKeys.streamViewType],
      deletionProtection: config.deletionProtection,
      removalPolicy: config.removalPolicy,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: tableKeys.gsi1.name,
      partitionKey: { name: tableKeys.gsi1.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: tableKeys.gsi1.sortKey, type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.ALL,
    });

    // CloudFront standard logging writes with ACLs, so this one bucket allows the bucket owner
    // to own log objects (BUCKET_OWNER_PREFERRED). SSE-S3: CloudFront cannot log to SSE-KMS.
    this.logs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: config.accessLogExpiration }],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.autoDeleteObjects,
    });
    NagSuppressions.addResourceSuppressions(this.logs, [
      {
        id: 'AwsSolutions-S1',
        reason: 'This is the access-log destination bucket itself; logging it into itself would loop.',
      },
    ]);

    this.uploads = new s3.Bucket(this, 'Uploads', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: false,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 'uploads/',
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.autoDeleteObjects,
    });
  }

  /** Browsers upload with presigned requests straight to the bucket, from the site only. */
  allowBrowserUploadsFrom(siteUrl: string): void {
    this.uploads.addCorsRule({
      allowedOrigins: [siteUrl],
      allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.POST, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
      allowedHeaders: ['*'],
      exposedHeaders: ['ETag'],
      maxAge: 3000,
    });
  }
}
