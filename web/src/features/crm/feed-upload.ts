import type { FeedUploadTicket } from 'shared/domain/order-feed';

/** The upload to S3 did not succeed (status 0: the network, or the browser refused the request). */
class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Sends the file straight to S3 with the presigned POST of the ticket: the policy fields first,
 * the file last (S3 ignores fields after it). XMLHttpRequest rather than fetch because only it
 * reports upload progress. Resolves when S3 answers 2xx.
 */
export function uploadToTicket(ticket: FeedUploadTicket, file: File, onProgress: (sent: number, total: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', ticket.url);
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new UploadError(request.status, s3Message(request.responseText) ?? `The upload was refused (${request.status})`));
    };
    request.onerror = () => reject(new UploadError(0, 'The file could not be sent: check your connection and try again'));
    request.onabort = () => reject(new UploadError(0, 'The upload was cancelled'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** S3 answers errors as XML: <Error><Code/><Message/></Error>. */
function s3Message(text: string): string | null {
  const match = /<Message>([^<]*)<\/Message>/.exec(text);
  return match?.[1] ?? null;
}
