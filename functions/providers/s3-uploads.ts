import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';

/** Uploaded files live under `salons/<salonId>/`, so one salon's objects are one prefix. */
export interface Uploads {
  salonPrefix(salonId: string): string;
  deleteSalonObjects(salonId: string): Promise<number>;
}

export function createS3Uploads(client: S3Client, bucket: string): Uploads {
  const salonPrefix = (salonId: string) => `salons/${salonId}/`;
  return {
    salonPrefix,
    async deleteSalonObjects(salonId) {
      let deleted = 0;
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: salonPrefix(salonId), ContinuationToken: continuationToken }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length) {
          await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
          deleted += keys.length;
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
      return deleted;
    },
  };
}
