import { GetObjectCommand, HeadObjectCommand, type GetObjectCommandOutput, type HeadObjectCommandOutput } from '@aws-sdk/client-s3';
import { s3Client } from '../platform/clients/s3';
import { env } from '../platform/env';

/**
 * The S3 calls of feed-uploads.ts, in a module of their own so that it can load them on first use:
 * the S3 client is ~100 KB to compile and evaluate, and a URL check never needs it (docs/deploy.md,
 * "Cold start").
 */

export const headObject = (key: string): Promise<HeadObjectCommandOutput> => s3Client().send(new HeadObjectCommand({ Bucket: env.bucketName, Key: key }));

export const getObject = (key: string, signal?: AbortSignal): Promise<GetObjectCommandOutput> =>
  s3Client().send(new GetObjectCommand({ Bucket: env.bucketName, Key: key }), { abortSignal: signal });
