import { PassThrough } from 'node:stream';
import { Client, FTPError, type FTPContext, type FTPResponse } from 'basic-ftp';
// Not re-exported by the package's index; the data socket is opened the library's own way.
import { connectForPassiveTransfer } from 'basic-ftp/dist/transfer.js';
import ipaddr from 'ipaddr.js';
import { checkedAddress } from './address';
import { tooLarge } from './body';
import { FeedFetchError } from './errors';
import { filePath, redactUrl, type FeedTarget } from './target';
import type { Opened, TransportContext } from './transport';

/** Ports below 1024 are services (ssh, smtp, the FTP control port...), never a passive data port. */
const MIN_PASSIVE_PORT = 1024;
const reservedPort = () =>
  new FeedFetchError('ftp-passive', 'The FTP server asked for the data to be fetched from a reserved port (below 1024): refused.');

const passiveRefused = () =>
  new FeedFetchError('ftp-passive', "The FTP server asked for the data to be fetched from another host; only the server's own address is used.");

/**
 * The data connection strategy: EPSV (the port only, on the control connection's address), else
 * PASV whose address must be the checked control address itself. basic-ftp's own PASV check lets
 * any loopback address stand for another and its default tries strategies silently; this one
 * refuses (FTP bounce / SSRF through a passive reply), and refuses ports below 1024 (a passive
 * reply must not send the fetcher to the server's other services).
 */
export function guardedPassive(controlAddress: string) {
  return async (ftp: FTPContext): Promise<FTPResponse> => {
    let epsv: FTPResponse | undefined;
    try {
      epsv = await ftp.request('EPSV');
    } catch (error) {
      if (!(error instanceof FTPError)) throw error;
    }
    if (epsv) {
      const port = Number(/[|!]{3}(\d{1,5})[|!]/.exec(epsv.message)?.[1]);
      if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new FeedFetchError('protocol', 'The FTP server gave an unreadable passive mode answer.');
      if (port < MIN_PASSIVE_PORT) throw reservedPort();
      await connectForPassiveTransfer(controlAddress, port, ftp);
      return epsv;
    }
    const pasv = await ftp.request('PASV');
    const match = /(?<![-\d])(\d{1,3}),(\d{1,3}),(\d{1,3}),(\d{1,3}),(\d{1,3}),(\d{1,3})/.exec(pasv.message);
    if (!match) throw new FeedFetchError('protocol', 'The FTP server gave an unreadable passive mode answer.');
    const host = match.slice(1, 5).join('.');
    const port = Number(match[5]) * 256 + Number(match[6]);
    if (!ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.process(host).toString() !== ipaddr.process(controlAddress).toString()) throw passiveRefused();
    if (port < MIN_PASSIVE_PORT) throw reservedPort();
    await connectForPassiveTransfer(controlAddress, port, ftp);
    return pasv;
  };
}

/** RETR over plain FTP (credentials from the URL, else anonymous), the size checked first when the server tells it. */
export async function openFtp(target: FeedTarget, ctx: TransportContext): Promise<Opened> {
  const address = await checkedAddress(target.host, target.literal, target.port, ctx);
  const path = filePath(target);
  if (!path || path.endsWith('/')) throw new FeedFetchError('url', 'The ftp address must name a file.');
  // basic-ftp's timeout is per socket inactivity (control and data): the idle cap.
  const client = new Client(ctx.idleTimeoutMs ?? 0);
  const onAbort = () => client.close();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  let handedOver = false;
  try {
    try {
      await client.access({ host: address, port: target.port, user: target.username ?? 'anonymous', password: target.password ?? 'anonymous@', secure: false });
    } catch (error) {
      throw ftpError(error, ctx, 'login');
    }
    client.prepareTransfer = guardedPassive(address);
    let size: number | null = null;
    try {
      size = await client.size(path);
    } catch (error) {
      // 550: no such file. Other refusals: the server does not tell sizes; the stream cap still holds.
      if (error instanceof FTPError && error.code === 550) throw new FeedFetchError('status', 'The FTP server has no such file.');
      if (!(error instanceof FTPError)) throw ftpError(error, ctx, 'size');
    }
    if (size !== null && size > ctx.maxBytes) throw tooLarge(ctx.maxBytes);

    const stream = new PassThrough();
    let started!: () => void;
    const start = new Promise<void>((resolve) => (started = resolve));
    client.trackProgress(() => started());
    const transfer = client.downloadTo(stream, path).then(
      () => {
        started();
        client.close();
      },
      (error: unknown) => {
        const mapped = ftpError(error, ctx, 'transfer');
        // Before the hand-over nobody listens on the stream: openFeed rejects instead.
        if (handedOver) stream.destroy(mapped);
        else stream.destroy();
        client.close();
        throw mapped;
      },
    );
    // The caller's destroy() ends the transfer (the PassThrough's destruction stops basic-ftp's pipeline).
    stream.once('close', () => client.close());
    // Answer once bytes flow (or the file turned out empty), so "no such file" and a refused
    // passive reply are errors of openFeed, not of the body.
    await Promise.race([start, transfer]);
    transfer.catch(() => undefined);
    handedOver = true;
    return { stream, contentLength: size, url: redactUrl(target.url) };
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    if (!handedOver) client.close();
  }
}

function ftpError(error: unknown, ctx: TransportContext, stage: 'login' | 'size' | 'transfer'): Error {
  if (ctx.signal.aborted) return ctx.signal.reason instanceof Error ? ctx.signal.reason : new FeedFetchError('timeout', 'The feed transfer was stopped.');
  if (error instanceof FeedFetchError) return error;
  if (error instanceof FTPError) {
    if (error.code === 530) return new FeedFetchError('status', 'The FTP server refused the user name or password.');
    if (error.code === 550) return new FeedFetchError('status', 'The FTP server has no such file.');
    return new FeedFetchError('status', `The FTP server refused the ${stage === 'login' ? 'connection' : 'download'} (${error.code}).`);
  }
  const message = error instanceof Error ? error.message : '';
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (/timeout/i.test(message)) return new FeedFetchError('timeout', "The FTP server sent nothing for too long.");
  if (code === 'ECONNREFUSED') return new FeedFetchError('connection', 'The FTP server refused the connection.');
  return new FeedFetchError('connection', 'The FTP server cannot be reached or closed the connection.');
}
