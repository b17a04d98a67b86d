import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type GetObjectCommandOutput, type HeadObjectCommandOutput } from '@aws-sdk/client-s3';
import { s3Client } from '../platform/clients/s3';
import { env } from '../platform/env';

/**
 * The S3 calls of feed-uploads.ts and company-partition.ts, in a module of their own so that they
 * load them on first use: the S3 client is ~100 KB to compile and evaluate, a URL check never needs
 * it and a company deletion only at its last step (docs/deploy.md, "Cold start").
 */

export const headObject = (key: string): Promise<HeadObjectCommandOutput> => s3Client().send(new HeadObjectCommand({ Bucket: env.bucketName, Key: key }));

export const getObject = (key: string, signal?: AbortSignal): Promise<GetObjectCommandOutput> =>
  s3Client().send(new GetObjectCommand({ Bucket: env.bucketName, Key: key }), { abortSignal: signal });

/** Deletes every object under `prefix`; returns how many. */
export async function deleteObjectsUnder(prefix: string): Promise<number> {
  const bucket = env.bucketName;
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    // One by one: uploads are few (they expire after two days) and s3rver's multi-delete is unreliable.
    for (const object of page.Contents ?? []) {
      if (!object.Key?.startsWith(prefix)) continue;
      await s3Client().send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
      deleted++;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}
