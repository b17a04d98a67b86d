import { createHash } from 'node:crypto';

/**
 * SFTP host key pinning (trust on first use, as OpenSSH's known_hosts). No dependency beyond
 * node:crypto: the companies and order-feed use cases import this, not the transports.
 */

/** OpenSSH's fingerprint of a raw public key blob: "SHA256:" + base64 without padding (`ssh-keygen -l`). */
export const hostKeyFingerprint = (blob: Buffer): string => `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;

/** A text of hostKeyFingerprint's form (a pin typed by hand: the feed-check command's --sftp-host-key). */
export const isHostKeyFingerprint = (text: string): boolean => /^SHA256:[A-Za-z0-9+/]{43}$/.test(text);

/**
 * "host:port" of an sftp URL (host lower case, IP literals in the URL parser's canonical form,
 * port 22 by default); null for any other scheme or an unreadable URL.
 */
function sftpServerOf(input: string): string | null {
  try {
    const url = new URL(input.trim());
    if (url.protocol.toLowerCase() !== 'sftp:') return null;
    // sftp hosts are opaque to the URL parser: re-read as http to normalise (as target.ts does).
    const host = new URL(`http://${url.host}/`).hostname.toLowerCase();
    return host ? `${host}:${url.port || '22'}` : null;
  } catch {
    return null;
  }
}

/** Both URLs name the same SFTP server (a key pinned for one holds for the other). */
export function sameSftpServer(a: string | null | undefined, b: string | null | undefined): boolean {
  const server = a ? sftpServerOf(a) : null;
  return server !== null && !!b && server === sftpServerOf(b);
}
