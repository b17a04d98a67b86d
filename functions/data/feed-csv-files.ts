import { AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import type { FeedCsvFileKind } from '../../shared/domain/order-feed';
import { s3Client } from '../platform/clients/s3';
import { env } from '../platform/env';
import { keys } from './keys';

/**
 * The CSV files of a feed check (every failing row, the tested day's missing order ids), each
 * written as one S3 multipart upload while the check reads the feed
 * (functions/core/order-feed/failing-rows.ts): parts go up as they fill, so the job holds one part
 * at a time whatever the feed's size. Under the company's prefix: deleting the company deletes
 * them, and the bucket's lifecycle rule expires them with the uploads.
 */

export const feedCsvFileKey = (companyId: string, file: FeedCsvFileKind, checkId: string): string => keys.feedCsvFile(companyId, file, checkId);

export interface MultipartTarget {
  start(): Promise<string>;
  part(uploadId: string, partNumber: number, body: Uint8Array): Promise<string>;
  complete(uploadId: string, parts: readonly { PartNumber: number; ETag: string }[]): Promise<void>;
  abort(uploadId: string): Promise<void>;
}

export function feedCsvFileUpload(file: FeedCsvFileKind, companyId: string, checkId: string, fileName: string): MultipartTarget {
  const Bucket = env.bucketName;
  const Key = feedCsvFileKey(companyId, file, checkId);
  return {
    start: async () => {
      const answer = await s3Client().send(
        new CreateMultipartUploadCommand({
          Bucket,
          Key,
          ContentType: 'text/csv; charset=utf-8',
          // The browser saves the signed link's answer as a file of this name.
          ContentDisposition: `attachment; filename="${fileName}"`,
        }),
      );
      if (!answer.UploadId) throw new Error('S3 answered no UploadId');
      return answer.UploadId;
    },
    part: async (UploadId, PartNumber, Body) => {
      const answer = await s3Client().send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body, ContentLength: Body.byteLength }));
      if (!answer.ETag) throw new Error('S3 answered no ETag');
      return answer.ETag;
    },
    complete: async (UploadId, parts) => {
      await s3Client().send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: [...parts] } }));
    },
    abort: async (UploadId) => {
      await s3Client().send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
    },
  };
}
