import type { Readable } from 'node:stream';
import { keys } from './keys';

/** Loaded on the first object call (feed-upload-objects.ts says why). */
const objects = () => import('./feed-upload-objects');

/** Uploaded feed files in the feed bucket, under the company's prefix (keys.feedUploadPrefix). */

const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(xml|csv)$/;

export const feedUploadKey = (companyId: string, id: string, extension: 'xml' | 'csv'): string => keys.feedUpload(companyId, id, extension);

/** Exactly the shape the upload ticket hands out, under THIS company's prefix (no `..`, no other folder). */
export function isFeedUploadKeyOf(companyId: string, key: string): boolean {
  const prefix = keys.feedUploadPrefix(companyId);
  return key.startsWith(prefix) && UPLOAD_NAME.test(key.slice(prefix.length));
}

const isMissing = (error: unknown): boolean => {
  const name = (error as { name?: string }).name;
  return name === 'NotFound' || name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
};

/** Size and original file name (x-amz-meta-filename, URI-encoded) of an upload; null when there is none. */
export async function headFeedUpload(key: string): Promise<{ size: number; fileName: string | null } | null> {
  try {
    const answer = await (await objects()).headObject(key);
    let fileName: string | null = null;
    try {
      fileName = answer.Metadata?.filename ? decodeURIComponent(answer.Metadata.filename) : null;
    } catch {
      fileName = null; // not ours: a malformed escape
    }
    return { size: answer.ContentLength ?? 0, fileName };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The upload's bytes as a stream (never buffered whole). */
export async function openFeedUpload(key: string, signal?: AbortSignal): Promise<{ body: Readable; contentLength: number | null } | null> {
  try {
    const answer = await (await objects()).getObject(key, signal);
    if (!answer.Body) return null;
    return { body: answer.Body as Readable, contentLength: answer.ContentLength ?? null };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}
