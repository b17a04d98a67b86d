import { randomUUID } from 'node:crypto';
import { FEED_UPLOAD_EXPIRY_SECONDS, FEED_UPLOAD_MAX_BYTES, type FeedUploadTicket } from '../../../shared/domain/order-feed';
import type { FeedFormat } from '../../../shared/feed/types';
import type { FeedUploadRequest } from '../../../shared/schemas/order-feed';
import { feedUploadKey } from '../../data/feed-uploads';
import { awsTargetFromEnv } from '../../platform/aws-credentials';
import { env } from '../../platform/env';
import { presignPost } from '../../platform/s3-post';

/**
 * Feed files go from the browser straight to S3 (API Gateway takes 10 MB at most): the server
 * signs a POST form for ONE key under the company's prefix, with the size range and the content
 * type as policy conditions and a short expiry. The size range ends at the size the page declared
 * (the file's own size): a ticket for 100 bytes must not carry 1 GiB. The check then verifies the
 * object itself (uploaded-feed.ts): a key in a request body is only a claim.
 */

const CONTENT_TYPES: Readonly<Record<FeedFormat, string>> = { xml: 'application/xml', csv: 'text/csv' };

export interface UploadDeps {
  now(): Date;
  newId(): string;
  presign(input: { key: string; contentType: string; fileName: string; maxBytes: number }): Promise<{ url: string; fields: Record<string, string> }>;
}

/** The signed form's policy for one upload: that key, that content type, 1 to `maxBytes` bytes, for a short while. */
export function uploadPolicy({ key, contentType, fileName, maxBytes }: { key: string; contentType: string; fileName: string; maxBytes: number }) {
  return {
    key,
    // Each field is also an exact-match condition of the policy.
    fields: { 'Content-Type': contentType, 'x-amz-meta-filename': encodeURIComponent(fileName) },
    conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    expiresSeconds: FEED_UPLOAD_EXPIRY_SECONDS,
  };
}

const defaults: UploadDeps = {
  now: () => new Date(),
  newId: randomUUID,
  presign: async (upload) =>
    presignPost({
      bucket: env.bucketName,
      ...uploadPolicy(upload),
      now: new Date(),
      // The function's own region and credentials; locally the S3 emulator's endpoint (path-style).
      ...awsTargetFromEnv('S3'),
    }),
};

export async function createUploadTicket(companyId: string, request: FeedUploadRequest, deps: UploadDeps = defaults): Promise<FeedUploadTicket> {
  const key = feedUploadKey(companyId, deps.newId(), request.type);
  const contentType = CONTENT_TYPES[request.type];
  // The schema holds the declared size to 1..FEED_UPLOAD_MAX_BYTES.
  const maxBytes = Math.min(request.size, FEED_UPLOAD_MAX_BYTES);
  const { url, fields } = await deps.presign({ key, contentType, fileName: request.fileName, maxBytes });
  return {
    url,
    fields,
    key,
    maxBytes,
    expiresAt: new Date(deps.now().getTime() + FEED_UPLOAD_EXPIRY_SECONDS * 1000).toISOString(),
  };
}
