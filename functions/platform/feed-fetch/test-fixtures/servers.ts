/** Loopback servers for the feed-fetch tests: counted "internal" listeners, and HTTP(S), FTP, SFTP feed servers. */
import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import ssh2 from 'ssh2';

const here = new URL('.', import.meta.url);
export const TEST_CERT = readFileSync(new URL('feed-test.crt', here));
const TEST_KEY = readFileSync(new URL('feed-test.key', here));

export interface Closable {
  port: number;
  close(): Promise<void>;
}

const portOf = (server: { address(): AddressInfo | string | null }) => (server.address() as AddressInfo).port;

function listen<T extends NetServer>(server: T, host: string): Promise<T> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve(server));
  });
}

function closer(server: NetServer, sockets: Set<Socket>): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

function track(server: NetServer): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  return sockets;
}

/**
 * A service that must never be reached: counts every TCP connection, and answers like a metadata
 * endpoint would (so a bypass would also show as a successful fetch).
 */
export async function internalListener(host: string): Promise<Closable & { connections: () => number }> {
  let connections = 0;
  const server = createNetServer((socket) => {
    connections++;
    socket.on('error', () => undefined);
    socket.end('HTTP/1.1 200 OK\r\nContent-Length: 6\r\nConnection: close\r\n\r\nsecret');
  });
  const sockets = track(server);
  await listen(server, host);
  return { port: portOf(server), connections: () => connections, close: closer(server, sockets) };
}

export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

/** An HTTP or HTTPS server (cert for feed.test) on 127.0.0.1 that records each request's Host header. */
export async function feedHttpServer(routes: Record<string, Route>, tls = false): Promise<Closable & { hosts: string[]; requests: () => number }> {
  const hosts: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    hosts.push(req.headers.host ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    const route = routes[url.pathname];
    if (route) route(req, res, url);
    else res.writeHead(404).end('no');
  };
  const server = tls ? createHttpsServer({ key: TEST_KEY, cert: TEST_CERT }, handler) : createHttpServer(handler);
  const sockets = track(server);
  await listen(server, '127.0.0.1');
  return { port: portOf(server), hosts, requests: () => hosts.length, close: closer(server, sockets) };
}

export interface FtpOptions {
  files: Record<string, Buffer>;
  /** user -> password; "anonymous" accepts any password. */
  users: Record<string, string>;
  /**
   * Per user: 'epsv' (default), 'pasv' (EPSV refused, PASV to itself), 'epsv-low' / 'pasv-low'
   * (a reply naming port 21 of the server itself), or a PASV target "h1,h2,h3,h4" elsewhere.
   */
  passive?: Record<string, string>;
  /** Files sent one byte every 50 ms (a slow-drip server). */
  drip?: string[];
  /** Answer SIZE (default true). */
  size?: boolean;
}

/**
 * A minimal FTP server (the commands basic-ftp sends for a download). Passive data servers are
 * opened on 127.0.0.1; a "PASV elsewhere" user gets a reply naming another host and port.
 */
export async function ftpServer(options: FtpOptions & { elsewherePort?: number }): Promise<Closable & { logins: string[]; retrieved: string[] }> {
  const logins: string[] = [];
  const retrieved: string[] = [];
  const server = createNetServer((control) => {
    control.setEncoding('utf8');
    control.on('error', () => undefined);
    let user = '';
    let loggedIn = false;
    let data: { server: NetServer; socket: Promise<Socket> } | null = null;
    const reply = (text: string) => control.write(`${text}\r\n`);
    const openData = async () => {
      const dataServer = createNetServer();
      const socket = new Promise<Socket>((resolve) => dataServer.once('connection', resolve));
      await listen(dataServer, '127.0.0.1');
      data = { server: dataServer, socket };
      return portOf(dataServer);
    };
    let buffer = '';
    control.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        void handle(line);
      }
    });
    const handle = async (line: string) => {
      const [command = '', ...rest] = line.split(' ');
      const arg = rest.join(' ');
      const mode = options.passive?.[user] ?? 'epsv';
      switch (command.toUpperCase()) {
        case 'USER':
          user = arg;
          return reply('331 Password please');
        case 'PASS':
          if (options.users[user] !== undefined && (user === 'anonymous' || options.users[user] === arg)) {
            loggedIn = true;
            logins.push(`${user}:${arg}`);
            return reply('230 Logged in');
          }
          return reply('530 Login incorrect');
        case 'FEAT':
          return reply('211-Features:\r\n SIZE\r\n EPSV\r\n211 End');
        case 'TYPE':
        case 'STRU':
        case 'OPTS':
          return reply('200 OK');
        case 'PWD':
          return reply('257 "/"');
        case 'QUIT':
          reply('221 Bye');
          return control.end();
      }
      if (!loggedIn) return reply('530 Not logged in');
      switch (command.toUpperCase()) {
        case 'SIZE': {
          if (options.size === false) return reply('502 SIZE not implemented');
          const file = options.files[arg];
          return file ? reply(`213 ${file.length}`) : reply('550 No such file');
        }
        case 'EPSV':
          if (mode === 'epsv-low') return reply('229 Entering Extended Passive Mode (|||21|)');
          if (mode !== 'epsv') return reply('502 EPSV not implemented');
          return reply(`229 Entering Extended Passive Mode (|||${await openData()}|)`);
        case 'PASV': {
          if (mode === 'epsv' || mode === 'pasv') {
            const port = await openData();
            return reply(`227 Entering Passive Mode (127,0,0,1,${port >> 8},${port & 255})`);
          }
          if (mode === 'pasv-low') return reply('227 Entering Passive Mode (127,0,0,1,0,21)');
          const port = options.elsewherePort ?? 21;
          return reply(`227 Entering Passive Mode (${mode},${port >> 8},${port & 255})`);
        }
        case 'RETR': {
          const file = options.files[arg];
          if (!file) return reply('550 No such file');
          if (!data) return reply('425 Use PASV first');
          const { server: dataServer, socket } = data;
          data = null;
          reply('150 Opening data connection');
          retrieved.push(arg);
          const s = await socket;
          s.on('error', () => undefined);
          if (options.drip?.includes(arg)) {
            let sent = 0;
            const timer = setInterval(() => (sent < file.length ? s.write(file.subarray(sent, ++sent)) : clearInterval(timer)), 50);
            s.once('close', () => clearInterval(timer));
            return;
          }
          s.end(file, () => {
            dataServer.close();
            reply('226 Transfer complete');
          });
          return;
        }
        default:
          return reply('502 Not implemented');
      }
    };
    reply('220 Test FTP ready');
  });
  const sockets = track(server);
  await listen(server, '127.0.0.1');
  return { port: portOf(server), logins, retrieved, close: closer(server, sockets) };
}

export interface SftpOptions {
  /** Default: any free port. */
  port?: number;
  /** PEM private key (default: a new RSA key); another key = the server "reinstalled". */
  hostKey?: string;
}

/** A new RSA host key: the PEM private key for the server, the SPKI PEM public key to fingerprint it. */
function newHostKey(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
}

/**
 * An SFTP server (ssh2's Server) serving `files` read-only to one user/password. `authAttempts`
 * records every authentication request as "method:user" (never the password); `publicKey` is the
 * host key's public half (SPKI PEM).
 */
export async function sftpServer(
  files: Record<string, Buffer>,
  user: string,
  password: string,
  options: SftpOptions = {},
): Promise<Closable & { opened: string[]; authAttempts: string[]; publicKey: string }> {
  const { STATUS_CODE, OPEN_MODE } = ssh2.utils.sftp;
  const hostKey = options.hostKey ?? newHostKey().privateKey;
  const authAttempts: string[] = [];
  const opened: string[] = [];
  const attrs = (size: number, dir = false) => ({ mode: (dir ? 0o040755 : 0o100644), uid: 0, gid: 0, size, atime: 0, mtime: 0 });
  const server = new ssh2.Server({ hostKeys: [hostKey] }, (client) => {
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      authAttempts.push(`${ctx.method}:${ctx.username}`);
      if (ctx.method === 'password' && ctx.username === user && ctx.password === password) ctx.accept();
      else ctx.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const handles = new Map<string, string>();
          let next = 0;
          sftp.on('OPEN', (id, filename, flags) => {
            const file = files[filename];
            if (!file || flags & OPEN_MODE.WRITE) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
            opened.push(filename);
            const handle = Buffer.from(String(next++));
            handles.set(handle.toString(), filename);
            sftp.handle(id, handle);
          });
          sftp.on('READ', (id, handle, offset, length) => {
            const file = files[handles.get(handle.toString()) ?? ''];
            if (!file) return sftp.status(id, STATUS_CODE.FAILURE);
            if (offset >= file.length) return sftp.status(id, STATUS_CODE.EOF);
            sftp.data(id, file.subarray(offset, offset + length));
          });
          sftp.on('FSTAT', (id, handle) => {
            const file = files[handles.get(handle.toString()) ?? ''];
            return file ? sftp.attrs(id, attrs(file.length)) : sftp.status(id, STATUS_CODE.FAILURE);
          });
          const stat = (id: number, path: string) => {
            const file = files[path];
            if (file) return sftp.attrs(id, attrs(file.length));
            if (path === '/') return sftp.attrs(id, attrs(0, true));
            return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
          };
          sftp.on('STAT', stat);
          sftp.on('LSTAT', stat);
          sftp.on('CLOSE', (id, handle) => {
            handles.delete(handle.toString());
            sftp.status(id, STATUS_CODE.OK);
          });
          sftp.on('REALPATH', (id, path) => sftp.name(id, [{ filename: path.startsWith('/') ? path : `/${path}`, longname: '', attrs: attrs(0, true) }]));
        });
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    opened,
    authAttempts,
    publicKey: createPublicKey(hostKey).export({ type: 'spki', format: 'pem' }).toString(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * OpenSSH's SHA256 fingerprint of an RSA public key, computed here without ssh2: the wire blob is
 * string "ssh-rsa", mpint e, mpint n (RFC 4253 6.6), hashed, base64 without padding.
 */
export function opensshFingerprint(spkiPem: string): string {
  const jwk = createPublicKey(spkiPem).export({ format: 'jwk' });
  const field = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const mpint = (b64url: string) => {
    const raw = Buffer.from(b64url, 'base64url');
    return raw[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), raw]) : raw;
  };
  const blob = Buffer.concat([field(Buffer.from('ssh-rsa')), field(mpint(jwk.e!)), field(mpint(jwk.n!))]);
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

