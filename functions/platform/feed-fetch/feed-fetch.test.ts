/**
 * The SSRF guard against real servers on loopback (generous test timeouts for a busy machine; the
 * short idle/total caps below are what is tested, not speed). Internal listeners (127.0.0.1 and 127.0.0.2,
 * never allow-listed) count every connection: after each refused form they must still be at 0.
 * Feed servers are allow-listed by host:port, as the local test stack does.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FeedFetchError, openFeedWith, type FeedFetchOptions, type FetchedFeed } from './index';
import { MAX_REDIRECTS } from './http';
import { TEST_CERT, feedHttpServer, ftpServer, internalListener, opensshFingerprint, sftpServer } from './test-fixtures/servers';

type Await<T> = T extends Promise<infer U> ? U : T;
let internal1: Await<ReturnType<typeof internalListener>>;
let internal2: Await<ReturnType<typeof internalListener>>;
let web: Await<ReturnType<typeof feedHttpServer>>;
let secure: Await<ReturnType<typeof feedHttpServer>>;
let ftp: Await<ReturnType<typeof ftpServer>>;
let sftp: Await<ReturnType<typeof sftpServer>>;

const FEED = Buffer.from('<?xml version="1.0"?>\n<orders><order><id>A1</id></order></orders>\n');
const BIG = Buffer.alloc(300_000, 'x');

/** Name table instead of DNS; counts lookups per name. */
const lookups = new Map<string, number>();
const NAMES: Record<string, string[]> = {
  'feed.test': ['127.0.0.1'],
  'evil.test': ['127.0.0.1'],
  'internal2.test': ['127.0.0.2'],
  'mixed.test': ['93.184.216.34', '127.0.0.2'],
  'mapped.test': ['::ffff:127.0.0.2'],
  'nat64.test': ['64:ff9b::7f00:2'],
  'meta.test': ['169.254.169.254'],
  'meta6.test': ['fd00:ec2::254'],
  'private.test': ['10.1.2.3'],
  localhost: ['127.0.0.1', '::1'],
};
const resolve = async (host: string) => {
  lookups.set(host, (lookups.get(host) ?? 0) + 1);
  const found = NAMES[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

let allow: FeedFetchOptions['allow'] = [];
const open = (url: string, options: Partial<FeedFetchOptions> = {}) =>
  openFeedWith(url, { maxBytes: 100_000, timeoutMs: 10_000, idleTimeoutMs: 5_000, allow, ...options }, { resolve, ca: TEST_CERT });

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function failure(promise: Promise<unknown>): Promise<FeedFetchError> {
  try {
    const result = await promise;
    if (result && typeof result === 'object' && 'body' in result) await read((result as FetchedFeed).body);
  } catch (error) {
    expect(error).toBeInstanceOf(FeedFetchError);
    return error as FeedFetchError;
  }
  throw new Error('expected a refusal, the feed was fetched');
}

beforeAll(async () => {
  internal1 = await internalListener('127.0.0.1');
  internal2 = await internalListener('127.0.0.2');
  const i1 = () => `127.0.0.1:${internal1.port}`;
  web = await feedHttpServer({
    '/feed.xml': (_req, res) => res.writeHead(200, { 'content-type': 'application/xml' }).end(FEED),
    '/big': (_req, res) => res.writeHead(200, { 'content-length': String(BIG.length) }).end(BIG),
    '/big-chunked': (_req, res) => {
      res.writeHead(200);
      res.write(BIG.subarray(0, 150_000));
      res.end(BIG.subarray(150_000));
    },
    '/gzip': (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(FEED)),
    '/gzip-bomb': (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(20_000_000))),
    '/zstd': (_req, res) => res.writeHead(200, { 'content-encoding': 'zstd' }).end('xx'),
    '/stall': () => undefined,
    '/slow': (_req, res) => {
      res.writeHead(200);
      res.write('<orders>');
    },
    '/drip': (_req, res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write('<'), 50);
      res.once('close', () => clearInterval(timer));
    },
    '/missing': (_req, res) => res.writeHead(404).end(),
    '/cut': (req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('<orders>', () => setTimeout(() => req.socket.destroy(), 50));
    },
    '/to': (_req, res, url) => res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('loc') ?? '' }).end(),
    '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
    '/chain': (_req, res, url) => {
      const n = Number(url.searchParams.get('n'));
      res.writeHead(301, { location: n > 1 ? `/chain?n=${n - 1}` : '/feed.xml' }).end();
    },
    '/to-internal': (_req, res) => res.writeHead(302, { location: `http://${i1()}/latest/meta-data/` }).end(),
  });
  secure = await feedHttpServer({ '/feed.xml': (_req, res) => res.writeHead(200, { 'content-length': String(FEED.length) }).end(FEED) }, true);
  ftp = await ftpServer({
    files: { '/feed.xml': FEED, '/big.xml': BIG, '/dir/space name.xml': FEED, '/drip.xml': FEED },
    users: { anonymous: '', shop: 'p@ss:word/1', pasv: 'x', bounce: 'x', far: 'x', nosize: 'x', lowepsv: 'x', lowpasv: 'x' },
    passive: { pasv: 'pasv', bounce: '127,0,0,2', far: '10,0,0,1', lowepsv: 'epsv-low', lowpasv: 'pasv-low' },
    drip: ['/drip.xml'],
    elsewherePort: internal2.port,
  });
  sftp = await sftpServer({ '/feed.xml': FEED, '/big.xml': BIG, 'feed.xml': FEED }, 'shop', 's3cr:et@');
  allow = [web, secure, ftp, sftp].map((s) => ({ host: '127.0.0.1', port: s.port }));
}, 30_000);

afterAll(async () => {
  await Promise.all([internal1, internal2, web, secure, ftp, sftp].map((s) => s?.close()));
});

let reached = [0, 0];
beforeEach(() => {
  reached = [internal1.connections(), internal2.connections()];
});
afterEach(() => {
  // The point of every test here: nothing reached a service that is not allow-listed.
  expect([internal1.connections(), internal2.connections()], 'connections to the internal listeners').toEqual(reached);
});

describe('refused before any connection to an internal address', { timeout: 30_000 }, () => {
  const i1 = () => internal1.port;
  const i2 = () => internal2.port;
  const forms: Array<[string, () => string, FeedFetchError['code']]> = [
    ['file:', () => 'file:///etc/passwd', 'scheme'],
    ['gopher:', () => `gopher://127.0.0.1:${i1()}/_GET%20/`, 'scheme'],
    ['dict:', () => `dict://127.0.0.1:${i1()}/info`, 'scheme'],
    ['ftps:', () => `ftps://127.0.0.1:${i1()}/x`, 'scheme'],
    ['data:', () => 'data:text/plain,hello', 'scheme'],
    ['javascript:', () => 'javascript:alert(1)', 'scheme'],
    ['not a URL', () => 'feed.xml', 'url'],
    ['http credentials', () => `http://user:pass@127.0.0.1:${web.port}/feed.xml`, 'credentials'],
    ['https user only', () => `https://token@feed.test:${secure.port}/feed.xml`, 'credentials'],
    ['loopback, not allow-listed port', () => `http://127.0.0.1:${i1()}/`, 'address'],
    ['another loopback address', () => `http://127.0.0.2:${i2()}/`, 'address'],
    ['decimal IPv4', () => `http://2130706433:${i1()}/`, 'address'],
    ['hex IPv4', () => `http://0x7f.1:${i1()}/`, 'address'],
    ['octal IPv4', () => `http://017700000001:${i1()}/`, 'address'],
    ['short IPv4', () => `http://127.1:${i1()}/`, 'address'],
    ['hex IPv4 in sftp (opaque host)', () => `sftp://u:p@0x7f.1:${i1()}/x`, 'address'],
    ['percent-encoded IPv4 in sftp', () => `sftp://u:p@%31%32%37.0.0.2:${i2()}/x`, 'address'],
    ['IPv6 loopback', () => `http://[::1]:${i1()}/`, 'address'],
    ['IPv4-mapped IPv6', () => `http://[::ffff:127.0.0.2]:${i2()}/`, 'address'],
    ['IPv4-mapped IPv6, hex', () => `http://[::ffff:7f00:2]:${i2()}/`, 'address'],
    ['IPv4-compatible IPv6', () => `http://[::127.0.0.2]:${i2()}/`, 'address'],
    ['NAT64 of loopback', () => `http://[64:ff9b::7f00:2]:${i2()}/`, 'address'],
    ['NAT64 of private', () => 'http://[64:ff9b::a00:1]/', 'address'],
    ['6to4', () => 'http://[2002:7f00:2::1]/', 'address'],
    ['Teredo', () => 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'address'],
    ['unspecified 0.0.0.0', () => `http://0.0.0.0:${i1()}/`, 'address'],
    ['0.x network', () => `http://0.1.2.3:${i1()}/`, 'address'],
    ['unspecified ::', () => `http://[::]:${i1()}/`, 'address'],
    ['private 10/8', () => 'http://10.0.0.1/', 'address'],
    ['private 172.16/12', () => 'http://172.16.5.4/', 'address'],
    ['private 192.168/16', () => 'http://192.168.1.1/', 'address'],
    ['CGNAT 100.64/10', () => 'http://100.64.0.1/', 'address'],
    ['link-local / AWS metadata', () => 'http://169.254.169.254/latest/meta-data/', 'address'],
    ['AWS IPv6 metadata', () => 'http://[fd00:ec2::254]/latest/meta-data/', 'address'],
    ['IPv6 link-local', () => 'http://[fe80::1]/', 'address'],
    ['IPv6 unique local', () => 'http://[fc00::1]/', 'address'],
    ['multicast', () => 'http://224.0.0.1/', 'address'],
    ['broadcast', () => 'http://255.255.255.255/', 'address'],
    ['reserved 240/4', () => 'http://240.0.0.1/', 'address'],
    ['benchmarking 198.18/15', () => 'http://198.18.0.1/', 'address'],
    ['name -> loopback', () => `http://evil.test:${i1()}/`, 'address'],
    ['localhost', () => `http://localhost:${i1()}/`, 'address'],
    ['name -> public and internal', () => `http://mixed.test:${i2()}/`, 'address'],
    ['name -> IPv4-mapped internal', () => `http://mapped.test:${i2()}/`, 'address'],
    ['name -> NAT64 internal', () => `http://nat64.test:${i2()}/`, 'address'],
    ['name -> metadata', () => 'http://meta.test/', 'address'],
    ['name -> IPv6 metadata', () => 'http://meta6.test/', 'address'],
    ['ftp to a private name', () => 'ftp://private.test/feed.xml', 'address'],
    ['sftp to loopback', () => `sftp://shop:x@127.0.0.1:${i1()}/feed.xml`, 'address'],
    ['unknown name', () => 'http://nowhere.test/', 'dns'],
    ['badly encoded ftp path', () => `ftp://127.0.0.1:${ftp.port}/%E0%A4`, 'url'],
    ['redirect to an internal address', () => `http://127.0.0.1:${web.port}/to-internal`, 'address'],
    ['redirect to a name of an internal address', () => `http://127.0.0.1:${web.port}/to?loc=${encodeURIComponent(`http://internal2.test:${i2()}/`)}`, 'address'],
    ['307 to metadata', () => `http://127.0.0.1:${web.port}/to?status=307&loc=${encodeURIComponent('http://169.254.169.254/')}`, 'address'],
    ['redirect to decimal loopback', () => `http://127.0.0.1:${web.port}/to?loc=${encodeURIComponent(`http://2130706433:${i1()}/`)}`, 'address'],
    ['redirect to file:', () => `http://127.0.0.1:${web.port}/to?loc=${encodeURIComponent('file:///etc/passwd')}`, 'redirect'],
    ['redirect to gopher:', () => `http://127.0.0.1:${web.port}/to?loc=${encodeURIComponent(`gopher://127.0.0.1:${i1()}/_x`)}`, 'redirect'],
    ['redirect to ftp:', () => `http://127.0.0.1:${web.port}/to?loc=${encodeURIComponent(`ftp://127.0.0.1:${ftp.port}/feed.xml`)}`, 'redirect'],
    ['redirect adding credentials', () => `http://127.0.0.1:${web.port}/to?loc=${encodeURIComponent(`http://a:b@127.0.0.1:${web.port}/feed.xml`)}`, 'credentials'],
    ['redirect loop', () => `http://127.0.0.1:${web.port}/loop`, 'redirect'],
    ['6 redirects', () => `http://127.0.0.1:${web.port}/chain?n=${MAX_REDIRECTS + 1}`, 'redirect'],
    ['FTP PASV reply to another loopback host', () => `ftp://bounce:x@127.0.0.1:${ftp.port}/feed.xml`, 'ftp-passive'],
    ['FTP PASV reply to a private host', () => `ftp://far:x@127.0.0.1:${ftp.port}/feed.xml`, 'ftp-passive'],
    // The server's own address, but port 21 (below 1024): refused, not tried (else 'connection').
    ['FTP EPSV reply with a port below 1024', () => `ftp://lowepsv:x@127.0.0.1:${ftp.port}/feed.xml`, 'ftp-passive'],
    ['FTP PASV reply with a port below 1024', () => `ftp://lowpasv:x@127.0.0.1:${ftp.port}/feed.xml`, 'ftp-passive'],
  ];
  it.each(forms)('%s', async (_name, url, code) => {
    const error = await failure(open(url()));
    expect(error.code).toBe(code);
    expect(error.message).not.toMatch(/\bpass\b|p@ss|s3cr/);
  });
  it(`has at least 30 forms (${forms.length})`, () => expect(forms.length).toBeGreaterThanOrEqual(30));
});

describe('caps', { timeout: 30_000 }, () => {
  it('refuses a Content-Length over the cap before reading', async () => {
    const error = await failure(open(`http://127.0.0.1:${web.port}/big`));
    expect(error.code).toBe('too-large');
  });
  it('stops a chunked body at the cap', async () => {
    const feed = await open(`http://127.0.0.1:${web.port}/big-chunked`);
    expect(feed.contentLength).toBeNull();
    expect((await failure(read(feed.body))).code).toBe('too-large');
  });
  it('counts decoded bytes of a gzip body (a 20 MB bomb stops at the cap)', async () => {
    const feed = await open(`http://127.0.0.1:${web.port}/gzip-bomb`);
    expect((await failure(read(feed.body))).code).toBe('too-large');
  });
  it('refuses an encoding it cannot decode', async () => {
    expect((await failure(open(`http://127.0.0.1:${web.port}/zstd`))).code).toBe('protocol');
  });
  it('times out a server that never answers (idle)', async () => {
    expect((await failure(open(`http://127.0.0.1:${web.port}/stall`, { idleTimeoutMs: 300 }))).code).toBe('timeout');
  });
  it('times out a body that stops (idle)', async () => {
    const feed = await open(`http://127.0.0.1:${web.port}/slow`, { idleTimeoutMs: 300 });
    expect((await failure(read(feed.body))).code).toBe('timeout');
  });
  // A small floor so that the test takes a second, not the real 30 s grace; the outcome does not
  // depend on timing (the drip can only be slower than the floor on a busy machine).
  const floor = { minRate: { bytesPerSecond: 64 * 1024, windowMs: 300, graceMs: 300 }, idleTimeoutMs: 10_000, timeoutMs: 25_000 };
  it('stops an HTTP body under the rate floor (a byte every 50 ms never trips the idle timer)', async () => {
    const feed = await open(`http://127.0.0.1:${web.port}/drip`, floor);
    expect((await failure(read(feed.body))).code).toBe('too-slow');
  });
  it('stops an FTP download under the rate floor', async () => {
    const feed = await open(`ftp://127.0.0.1:${ftp.port}/drip.xml`, floor);
    expect((await failure(read(feed.body))).code).toBe('too-slow');
  });
  it('times out a body that drips forever (whole transfer)', async () => {
    const feed = await open(`http://127.0.0.1:${web.port}/drip`, { idleTimeoutMs: 5_000, timeoutMs: 800 });
    expect((await failure(read(feed.body))).code).toBe('timeout');
  });
  it('refuses an FTP file whose SIZE is over the cap, before RETR', async () => {
    const before = ftp.retrieved.length;
    expect((await failure(open(`ftp://127.0.0.1:${ftp.port}/big.xml`))).code).toBe('too-large');
    expect(ftp.retrieved.length).toBe(before);
  });
  it('stops an FTP download at the cap when the server does not tell the size', async () => {
    const feed = await open(`ftp://nosize:x@127.0.0.1:${ftp.port}/big.xml`, { maxBytes: 100_000 }).catch((e: unknown) => e);
    // Either openFeed or the body fails, never a complete read.
    const error = feed instanceof FeedFetchError ? feed : await failure(read((feed as FetchedFeed).body));
    expect(error.code).toBe('too-large');
  });
  it('refuses an SFTP file over the cap from its size', async () => {
    expect((await failure(open(`sftp://shop:${encodeURIComponent('s3cr:et@')}@127.0.0.1:${sftp.port}/big.xml`))).code).toBe('too-large');
  });
  it('a slow reader is not an idle server', async () => {
    const feed = await open(`http://127.0.0.1:${web.port}/big-chunked`, { maxBytes: 1_000_000, idleTimeoutMs: 200 });
    // Read nothing for well over the idle time: the bytes are waiting on our side.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await read(feed.body)).length).toBe(BIG.length);
  });
  it('a connection lost mid-body is a connection error', async () => {
    const feed = await open(`http://127.0.0.1:${web.port}/cut`);
    const error = await failure(read(feed.body));
    expect(error.code).toBe('connection');
  });
  it('an abort signal stops the transfer', async () => {
    const controller = new AbortController();
    const feed = await open(`http://127.0.0.1:${web.port}/drip`, { signal: controller.signal });
    setTimeout(() => controller.abort(new FeedFetchError('timeout', 'stopped by the caller')), 100);
    expect((await failure(read(feed.body))).message).toBe('stopped by the caller');
  });
});

describe('allow-listed test servers are fetched', { timeout: 30_000 }, () => {
  it('HTTP, connecting to the checked address while the Host header keeps the name (one lookup)', async () => {
    lookups.clear();
    const feed = await open(`http://feed.test:${web.port}/feed.xml#part`);
    expect(await read(feed.body)).toEqual(FEED);
    expect(feed.url).toBe(`http://feed.test:${web.port}/feed.xml`);
    expect(web.hosts.at(-1)).toBe(`feed.test:${web.port}`);
    expect(lookups.get('feed.test')).toBe(1);
  });
  it('HTTP with a gzip body, decoded', async () => {
    const feed = await open(`http://127.0.0.1:${web.port}/gzip`);
    expect(feed.contentLength).toBeNull();
    expect(await read(feed.body)).toEqual(FEED);
  });
  it('HTTP through 5 redirects, each one checked, reporting the final URL', async () => {
    const feed = await open(`http://127.0.0.1:${web.port}/chain?n=${MAX_REDIRECTS}`);
    expect(await read(feed.body)).toEqual(FEED);
    expect(feed.url).toBe(`http://127.0.0.1:${web.port}/feed.xml`);
  });
  it('an HTTP error status is refused', async () => {
    const error = await failure(open(`http://127.0.0.1:${web.port}/missing`));
    expect([error.code, error.message]).toEqual(['status', "The feed's server answered HTTP 404."]);
  });
  it('HTTPS with SNI and certificate check against the name (self-signed test certificate)', async () => {
    const feed = await open(`https://feed.test:${secure.port}/feed.xml`);
    expect(feed.contentLength).toBe(FEED.length);
    expect(await read(feed.body)).toEqual(FEED);
    expect(secure.hosts.at(-1)).toBe(`feed.test:${secure.port}`);
    // The same server by address: the certificate is for feed.test, not 127.0.0.1.
    expect((await failure(open(`https://127.0.0.1:${secure.port}/feed.xml`))).code).toBe('connection');
  });
  it('FTP anonymously over EPSV', async () => {
    const feed = await open(`ftp://127.0.0.1:${ftp.port}/feed.xml`);
    expect(feed.contentLength).toBe(FEED.length);
    expect(await read(feed.body)).toEqual(FEED);
  });
  it('FTP with URL credentials (decoded) and a PASV reply naming the server itself; the URL comes back without them', async () => {
    const feed = await open(`ftp://shop:${encodeURIComponent('p@ss:word/1')}@feed.test:${ftp.port}/dir/space%20name.xml`);
    expect(await read(feed.body)).toEqual(FEED);
    expect(ftp.logins.at(-1)).toBe('shop:p@ss:word/1');
    expect(feed.url).toBe(`ftp://feed.test:${ftp.port}/dir/space%20name.xml`);
    const pasv = await open(`ftp://pasv:x@127.0.0.1:${ftp.port}/feed.xml`);
    expect(await read(pasv.body)).toEqual(FEED);
  });
  it('FTP: a wrong password and a missing file are refused without the password in the message', async () => {
    const login = await failure(open(`ftp://shop:wrong-secret@127.0.0.1:${ftp.port}/feed.xml`));
    expect(login.code).toBe('status');
    expect(login.message).not.toContain('wrong-secret');
    expect((await failure(open(`ftp://127.0.0.1:${ftp.port}/nope.xml`))).code).toBe('status');
  });
  it('SFTP with a password, absolute and home-relative paths', async () => {
    const auth = `shop:${encodeURIComponent('s3cr:et@')}`;
    const feed = await open(`sftp://${auth}@feed.test:${sftp.port}/feed.xml`);
    expect(feed.contentLength).toBe(FEED.length);
    expect(await read(feed.body)).toEqual(FEED);
    expect(feed.url).toBe(`sftp://feed.test:${sftp.port}/feed.xml`);
    const home = await open(`sftp://${auth}@127.0.0.1:${sftp.port}/~/feed.xml`);
    expect(await read(home.body)).toEqual(FEED);
  });
  it('SFTP: a wrong password, a missing file, and no user name are refused', async () => {
    const wrong = await failure(open(`sftp://shop:hunter2@127.0.0.1:${sftp.port}/feed.xml`));
    expect(wrong.code).toBe('status');
    expect(wrong.message).not.toContain('hunter2');
    expect((await failure(open(`sftp://shop:${encodeURIComponent('s3cr:et@')}@127.0.0.1:${sftp.port}/nope.xml`))).code).toBe('status');
    expect((await failure(open(`sftp://127.0.0.1:${sftp.port}/feed.xml`))).code).toBe('credentials');
  });
  it('SFTP reports the fingerprint of the host key it saw, and a matching pin is accepted', async () => {
    const auth = `shop:${encodeURIComponent('s3cr:et@')}`;
    const seen = await open(`sftp://${auth}@127.0.0.1:${sftp.port}/feed.xml`);
    await read(seen.body);
    expect(seen.hostKey).toBe(opensshFingerprint(sftp.publicKey));
    const pinned = await open(`sftp://${auth}@127.0.0.1:${sftp.port}/feed.xml`, { sftpHostKey: seen.hostKey! });
    expect(await read(pinned.body)).toEqual(FEED);
    expect(pinned.hostKey).toBe(seen.hostKey);
  });
  it('SFTP with another pinned key: refused in the handshake, before the server sees any authentication', async () => {
    const attempts = sftp.authAttempts.length;
    const opened = sftp.opened.length;
    const wrongPin = `SHA256:${createHash('sha256').update('another server').digest('base64').replace(/=+$/, '')}`;
    const refused = await failure(open(`sftp://shop:${encodeURIComponent('s3cr:et@')}@127.0.0.1:${sftp.port}/feed.xml`, { sftpHostKey: wrongPin }));
    expect(refused.code).toBe('host-key');
    expect(refused.message).toContain(wrongPin);
    expect(refused.message).toContain(opensshFingerprint(sftp.publicKey));
    expect(refused.message).not.toContain('s3cr');
    expect(sftp.authAttempts.length, 'authentication requests the server received').toBe(attempts);
    expect(sftp.opened.length).toBe(opened);
    // A pin is only about sftp: an http fetch ignores it.
    expect(await read((await open(`http://127.0.0.1:${web.port}/feed.xml`, { sftpHostKey: wrongPin })).body)).toEqual(FEED);
  });
  it('without the allow-list the same test servers are refused', async () => {
    for (const url of [`http://127.0.0.1:${web.port}/feed.xml`, `ftp://127.0.0.1:${ftp.port}/feed.xml`, `sftp://shop:x@127.0.0.1:${sftp.port}/feed.xml`]) {
      expect((await failure(openFeedWith(url, { maxBytes: 1000, timeoutMs: 5000 }, { resolve }))).code).toBe('address');
    }
  });
});

