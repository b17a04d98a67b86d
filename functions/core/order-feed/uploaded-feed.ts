import { FEED_UPLOAD_MAX_BYTES } from '../../../shared/domain/order-feed';
import { headFeedUpload, isFeedUploadKeyOf } from '../../data/feed-uploads';
import { NotFoundError, ValidationError } from '../../platform/errors';

export interface UploadedFeed {
  key: string;
  fileName: string;
  size: number;
}

const NO_UPLOAD = 'No such upload: upload the file again';

/**
 * The object a check names: under THIS company's prefix (another company's key is "not found",
 * like a missing one: nothing tells them apart), present, not empty, within the cap.
 */
export async function uploadedFeed(
  companyId: string,
  key: string,
  head: (key: string) => Promise<{ size: number; fileName: string | null } | null> = headFeedUpload,
): Promise<UploadedFeed> {
  if (!isFeedUploadKeyOf(companyId, key)) throw new NotFoundError(NO_UPLOAD);
  const object = await head(key);
  if (!object) throw new NotFoundError(NO_UPLOAD);
  if (object.size < 1) throw new ValidationError({ upload_key: 'validation.feed.emptyFile' });
  if (object.size > FEED_UPLOAD_MAX_BYTES) throw new ValidationError({ upload_key: 'validation.feed.fileTooLarge' });
  return { key, size: object.size, fileName: object.fileName ?? key.slice(key.lastIndexOf('/') + 1) };
}
