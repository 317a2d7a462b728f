import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';

/** The run's data folder key (local/server/local-keys.ts): the DynamoDB, EventBridge and Cognito stand-ins take no other. */
export function localAwsCredentials() {
  const env = inject('productEnv');
  return { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! };
}

/** Direct clients to the run's stand-ins, for arranging data and checking what a handler left. */
export function standIns() {
  const env = inject('productEnv');
  const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: env.DYNAMODB_ENDPOINT, region: 'eu-west-1', credentials: localAwsCredentials() }));
  const s3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const s3 = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: 'eu-west-1',
    credentials: s3Credentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  return {
    env,
    async salonItems(salonId: string) {
      const result = await dynamo.send(
        new QueryCommand({ TableName: env.TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `SALON#${salonId}` } }),
      );
      return result.Items ?? [];
    },
    /** Rewrites fields of a salon's profile, as time would have (its sign-up date, say). */
    async updateSalon(salonId: string, fields: Record<string, unknown>) {
      const names = Object.keys(fields);
      await dynamo.send(
        new UpdateCommand({
          TableName: env.TABLE_NAME,
          Key: { pk: `SALON#${salonId}`, sk: 'PROFILE' },
          ConditionExpression: 'attribute_exists(pk)',
          UpdateExpression: `SET ${names.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#f${index}`, name])),
          ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, fields[name]])),
        }),
      );
    },
    async putUpload(key: string, body: string) {
      await s3.send(new PutObjectCommand({ Bucket: env.UPLOADS_BUCKET, Key: key, Body: body }));
    },
    async uploadKeys(prefix: string) {
      const result = await s3.send(new ListObjectsV2Command({ Bucket: env.UPLOADS_BUCKET, Prefix: prefix }));
      return (result.Contents ?? []).map((object) => object.Key);
    },
  };
}

/** Waits until the local event bus has delivered every event put on it so far, consumers' own events included. */
export async function eventsIdle(): Promise<void> {
  const answer = await fetch(`${inject('baseUrl')}/_local/events/idle`);
  if (!answer.ok) throw new Error(`events idle: ${answer.status}`);
}

/** Polls until `check` holds (asynchronous consumers), failing after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T>, predicate: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (predicate(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
