import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Uploads } from '../core/ports/uploads.js';

const salonPrefix = (salonId: string) => `salons/${salonId}/`;

export function createS3Uploads(client: S3Client, bucket: string): Uploads {
  return {
    async deleteSalonObjects(salonId) {
      let deleted = 0;
      let continuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: salonPrefix(salonId), ContinuationToken: continuationToken }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length) {
          await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
          deleted += keys.length;
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
      return deleted;
    },
    async putSalonObject(salonId, key, body, contentType) {
      if (!/^[\w][\w./-]*$/.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
        throw new Error('Object key must stay inside the salon prefix');
      }
      const fullKey = salonPrefix(salonId) + key;
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: fullKey,
          Body: body,
          ContentType: contentType,
          // Never rendered inline if it is ever served back.
          ContentDisposition: 'attachment',
        }),
      );
      return fullKey;
    },
  };
}
