import type { Readable } from 'node:stream';
import type { AllowList, Resolver } from './address';

/** What every transport (http, ftp, sftp) is given. */
export interface TransportContext {
  resolve: Resolver;
  allow?: AllowList;
  /** Aborts on the whole-transfer timeout or the caller's signal. */
  signal: AbortSignal;
  maxBytes: number;
  idleTimeoutMs?: number;
  /** sftp: the host key fingerprint the server must present (FeedFetchOptions.sftpHostKey). */
  sftpHostKey?: string;
  /** Tests only: extra trusted certificate for https. */
  ca?: string | Buffer;
}

/** An open transfer: `stream.destroy()` must close the connection. */
export interface Opened {
  stream: Readable;
  contentLength: number | null;
  url: string;
  /** sftp: the fingerprint of the server's host key. */
  hostKey?: string;
}
