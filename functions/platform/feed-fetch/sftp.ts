import ssh2, { type SFTPWrapper } from 'ssh2';
import { checkedAddress } from './address';
import { tooLarge } from './body';
import { FeedFetchError } from './errors';
import { hostKeyFingerprint } from './host-key';
import { filePath, redactUrl, type FeedTarget } from './target';
import type { Opened, TransportContext } from './transport';

/** Host key types, most preferred first (see the connect options below). */
const SERVER_HOST_KEY_ORDER: ssh2.ServerHostKeyAlgorithm[] = [
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'rsa-sha2-512',
  'rsa-sha2-256',
  'ssh-rsa',
];

/**
 * A file over SFTP (ssh2), connected to the checked address. The server's host key is checked
 * against `ctx.sftpHostKey` when given (the fingerprint recorded at the first check: trust on
 * first use) during the handshake, before the password is sent; the key seen is reported.
 * "sftp://host/~/file" is relative to the login directory, anything else is an absolute path.
 */
export async function openSftp(target: FeedTarget, ctx: TransportContext): Promise<Opened> {
  if (!target.username) throw new FeedFetchError('credentials', 'An sftp feed address needs a user name (sftp://user:password@host/path).');
  const address = await checkedAddress(target.host, target.literal, target.port, ctx);
  const decoded = filePath(target);
  const path = decoded.startsWith('/~/') ? decoded.slice(3) : decoded;
  if (!path || path.endsWith('/')) throw new FeedFetchError('url', 'The sftp address must name a file.');

  const connection = new ssh2.Client();
  const onAbort = () => connection.end();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  let handedOver = false;
  let hostKey: string | undefined;
  let wrongKey = false;
  try {
    await new Promise<void>((resolve, reject) => {
      connection.once('ready', resolve);
      connection.once('error', reject);
      connection.once('close', () => reject(new FeedFetchError('connection', 'The SFTP server closed the connection.')));
      connection.connect({
        host: address,
        port: target.port,
        username: target.username,
        ...(target.password !== undefined ? { password: target.password } : {}),
        readyTimeout: ctx.idleTimeoutMs ?? 20_000,
        // No key or agent of this machine is ever offered to a customer's server.
        agent: undefined,
        tryKeyboard: false,
        // A server with several host keys shows the first type of this list it has: the order decides
        // which key is pinned, so it is written here (ssh2 1.17's own order), not left to a library upgrade.
        algorithms: { serverHostKey: SERVER_HOST_KEY_ORDER },
        // Runs in the key exchange, before any authentication: a wrong key never sees the password.
        hostVerifier: (key: Buffer) => {
          hostKey = hostKeyFingerprint(key);
          wrongKey = ctx.sftpHostKey !== undefined && hostKey !== ctx.sftpHostKey;
          return !wrongKey;
        },
      });
    }).catch((error: unknown) => {
      if (wrongKey && !ctx.signal.aborted) {
        throw new FeedFetchError(
          'host-key',
          `The SFTP server presented the host key ${hostKey}, not the pinned ${ctx.sftpHostKey}: the connection was refused.`,
        );
      }
      throw sftpError(error, ctx);
    });
    connection.on('error', () => undefined);
    const sftp = await new Promise<SFTPWrapper>((resolve, reject) => connection.sftp((error, channel) => (error ? reject(error) : resolve(channel)))).catch((error: unknown) => {
      throw sftpError(error, ctx);
    });
    const stats = await new Promise<{ size: number; isFile(): boolean }>((resolve, reject) => sftp.stat(path, (error, s) => (error ? reject(error) : resolve(s)))).catch(
      (error: unknown) => {
        throw sftpError(error, ctx, true);
      },
    );
    if (!stats.isFile()) throw new FeedFetchError('status', 'The SFTP address is not a file.');
    if (stats.size > ctx.maxBytes) throw tooLarge(ctx.maxBytes);
    const stream = sftp.createReadStream(path);
    stream.once('close', () => connection.end());
    handedOver = true;
    return { stream, contentLength: stats.size, url: redactUrl(target.url), ...(hostKey ? { hostKey } : {}) };
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    if (!handedOver) connection.end();
  }
}

function sftpError(error: unknown, ctx: TransportContext, file = false): Error {
  if (ctx.signal.aborted) return ctx.signal.reason instanceof Error ? ctx.signal.reason : new FeedFetchError('timeout', 'The feed transfer was stopped.');
  if (error instanceof FeedFetchError) return error;
  const e = error as (Error & { level?: string; code?: string | number }) | undefined;
  if (file) return new FeedFetchError('status', e?.code === 2 ? 'The SFTP server has no such file.' : 'The SFTP server refused to read the file.');
  if (e?.level === 'client-authentication') return new FeedFetchError('status', 'The SFTP server refused the user name or password.');
  if (e?.level === 'client-timeout') return new FeedFetchError('timeout', 'The SFTP server did not answer in time.');
  if (e?.code === 'ECONNREFUSED') return new FeedFetchError('connection', 'The SFTP server refused the connection.');
  if (e?.level === 'protocol' || e?.level === 'handshake') return new FeedFetchError('protocol', 'The SFTP server did not speak the SSH protocol as expected.');
  return new FeedFetchError('connection', 'The SFTP server cannot be reached or closed the connection.');
}
