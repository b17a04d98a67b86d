export type FeedFetchErrorCode =
  | 'scheme'
  | 'url'
  | 'credentials'
  | 'dns'
  | 'address'
  | 'redirect'
  | 'status'
  | 'too-large'
  | 'timeout'
  | 'too-slow'
  | 'ftp-passive'
  | 'connection'
  | 'protocol'
  | 'host-key';

/**
 * Why a feed could not be fetched. The message is written for the user who typed the URL: it never
 * holds credentials, and never the text of a library's error (which may quote a server's reply).
 */
export class FeedFetchError extends Error {
  override readonly name = 'FeedFetchError';
  constructor(
    readonly code: FeedFetchErrorCode,
    message: string,
    /** The HTTP status answered (code `status` of an http(s) fetch). */
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

