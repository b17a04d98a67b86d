import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanRecords, csvChunks, feedText, xmlChunks, type FeedRecord } from '../../shared/feed/testing/generate';
import { CORPUS_VARIANTS, corpusFeed } from '../../shared/feed/testing/realistic';
import { createFeedChecker } from '../../shared/feed/checker';
import type { FeedResult } from '../../shared/feed/types';
import { ftpServer, opensshFingerprint, sftpServer } from '../platform/feed-fetch/test-fixtures/servers';
import { parseArgs, run } from './feed-check';
import { FILE_CHUNK_BYTES } from './file-bytes';

const dir = mkdtempSync(join(tmpdir(), 'feed-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** In-process run with a fixed day. */
const NOW = new Date('2026-11-21T10:00:00Z');
async function runHere(args: string[], now = NOW) {
  let stdout = '';
  let stderr = '';
  const code = await run(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), now });
  return { code, stdout, stderr };
}
const clean = (now: Date, orders = 200): FeedRecord[] => [...cleanRecords({ now, seed: 3, orders, days: 30 })];

/** The merchant's export of issue 32 (every value quoted, CRLF, Cyrillic coupons and categories), 3 MB. */
const merchantCsv = Buffer.from(corpusFeed(CORPUS_VARIANTS['csv-quoted-cyrillic'], { orders: 8000, now: NOW }));
/** Its report when the engine is handed the whole file at once (JSON, as --json prints it). */
const merchantReport = () => {
  const whole = createFeedChecker({ format: 'csv', product: '360', now: NOW });
  whole.pushBytes(new Uint8Array(merchantCsv));
  return JSON.parse(JSON.stringify(whole.end())) as FeedResult;
};

describe('arguments', () => {
  it('takes the type from the extension (xml otherwise) and 360 as product', () => {
    expect(parseArgs(['feed.CSV'])).toEqual({ source: 'feed.CSV', format: 'csv', product: '360', json: false });
    expect(parseArgs(['https://shop.example/export.csv?key=1']).format).toBe('csv');
    expect(parseArgs(['feed.txt']).format).toBe('xml');
    expect(parseArgs(['feed.csv', '--type', 'xml', '--product', 'lead', '--json', '--analytics-orders', 'ids.txt'])).toEqual({
      source: 'feed.csv',
      format: 'xml',
      product: 'lead',
      json: true,
      analyticsOrders: 'ids.txt',
    });
  });
  it('refuses what it does not understand, with exit code 2 and the usage', async () => {
    const pin = `SHA256:${'A'.repeat(43)}`;
    for (const args of [
      [],
      ['a.xml', '--type', 'json'],
      ['a.xml', '--product', 'crm'],
      ['a.xml', '--type'],
      ['a.xml', '--verbose'],
      ['a.xml', 'b.xml'],
      // A pin is a fingerprint, and only for an sftp:// feed.
      ['sftp://h.example/a.xml', '--sftp-host-key', 'ssh-rsa AAAA'],
      ['a.xml', '--sftp-host-key', pin],
      ['https://h.example/a.xml', '--sftp-host-key', pin],
    ]) {
      const { code, stdout, stderr } = await runHere(args);
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^feed-check: /);
    }
  });
});

describe('reading', () => {
  it('decodes a UTF-8 character split across two file reads', async () => {
    // Pad with comments so the two bytes of "Д" sit on both sides of the first read's end.
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n<orders>\n';
    const order = (state: string) => `<order><id>A1</id><date>2026-11-10 10:00:00</date><state>${state}</state><price>10</price><newclient>1</newclient><products><product><id>P</id><category>c</category><price>10</price><quantity>1</quantity></product></products></order>\n`;
    const before = Buffer.byteLength(head + order('').split('<state>')[0]! + '<state>');
    let padding = '';
    while (before + Buffer.byteLength(padding) + 1000 < FILE_CHUNK_BYTES - 1) padding += `<!--${'x'.repeat(993)}-->\n`;
    padding += `<!--${'x'.repeat(FILE_CHUNK_BYTES - 1 - before - Buffer.byteLength(padding) - 8)}-->\n`;
    const text = head + padding + order('Доставлен') + '</orders>\n';
    expect(Buffer.byteLength(text.slice(0, text.indexOf('Д')))).toBe(FILE_CHUNK_BYTES - 1);
    const { code, stdout } = await runHere([file('split.xml', text), '--json']);
    expect(code).toBe(1);
    expect((JSON.parse(stdout) as FeedResult).errors.invalidState).toEqual([{ orderId: 'A1', line: expect.any(Number), detail: '"Доставлен"' }]);
  });

  it('reads an all-quoted CRLF CSV whose file reads cut Cyrillic letters in half (issue 32)', async () => {
    // The command reuses one read buffer: the decoder's held bytes must be its own copy.
    const cuts = Array.from({ length: Math.floor(merchantCsv.length / FILE_CHUNK_BYTES) }, (_, i) => (i + 1) * FILE_CHUNK_BYTES);
    // Some reads end between a Cyrillic letter's two bytes (the next read starts with a continuation byte).
    expect(cuts.filter((cut) => (merchantCsv[cut]! & 0xc0) === 0x80).length).toBeGreaterThan(3);
    const { code, stdout, stderr } = await runHere([file('quoted-crlf.csv', merchantCsv), '--json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(merchantReport());
  });

  it('reads a feed in the encoding its XML declaration names (windows-1251 bytes)', async () => {
    const records = clean(NOW, 20);
    // "Доставлен" is no state: the warning's detail shows it decoded.
    records[3]!.fields.state = 'Доставлен';
    const text = feedText(xmlChunks(records)).replace('encoding="UTF-8"', 'encoding="windows-1251"');
    expect(text).toContain('encoding="windows-1251"');
    // Cyrillic letters to windows-1251 bytes (А-я are 0xC0-0xFF there), written by hand.
    const bytes = Buffer.from(Array.from(text, (c) => (c >= 'А' && c <= 'я' ? c.charCodeAt(0) - 0x410 + 0xc0 : c.charCodeAt(0))));
    const { code, stdout } = await runHere([file('cp1251.xml', bytes), '--json']);
    expect(code).toBe(1);
    expect((JSON.parse(stdout) as FeedResult).errors.invalidState).toEqual([{ orderId: records[3]!.fields.id, line: expect.any(Number), detail: '"Доставлен"' }]);
  });

  it('refuses an encoding it cannot read, and control characters in XML, with exit code 2', async () => {
    const unknown = await runHere([file('klingon.xml', '<?xml version="1.0" encoding="x-klingon"?><orders/>')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('feed-check: the feed cannot be read: line 1: the XML declaration names the encoding "x-klingon", which the check cannot read: save the feed as UTF-8 (windows-1251, ISO-8859-1 and windows-1252 are read too)\n');
    const control = await runHere([file('control.xml', `<orders>\n${'<!-- padding -->\n'.repeat(80)}<order><id>1\u0002</id></order></orders>`)]);
    expect(control.code).toBe(2);
    expect(control.stderr).toBe('feed-check: the feed cannot be read: line 82: a control character (U+0002) is not allowed in XML (only tab, line feed and carriage return are)\n');
  });

  describe('over http', () => {
    let server: Server;
    let base = '';
    const feed = feedText(xmlChunks(clean(NOW)));
    beforeAll(async () => {
      server = createServer((req, res) => {
        if (req.url === '/feed.xml') {
          // Two writes that cut "é" in half, to exercise the streaming decoder.
          const bytes = Buffer.from(feed.replace('<state>', '<!-- café --><state>'));
          const cut = bytes.indexOf(Buffer.from('é')) + 1;
          res.writeHead(200, { 'content-type': 'application/xml' });
          res.write(bytes.subarray(0, cut));
          setTimeout(() => res.end(bytes.subarray(cut)), 20);
        } else if (req.url === '/merchant.csv') {
          // Writes of 9,999 bytes: chunk ends fall inside Cyrillic letters, quotes and CRLF pairs.
          res.writeHead(200, { 'content-type': 'text/csv' });
          for (let at = 0; at < merchantCsv.length; at += 9999) res.write(merchantCsv.subarray(at, at + 9999));
          res.end();
        } else {
          res.writeHead(404).end();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      // The URL goes through the SSRF guard: this loopback server is allow-listed as the test stack does.
      process.env.FEED_FETCH_ALLOW = base.slice('http://'.length);
    });
    afterAll(() => {
      delete process.env.FEED_FETCH_ALLOW;
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('streams a URL', async () => {
      const { code, stdout } = await runHere([`${base}/feed.xml`, '--json']);
      expect(code).toBe(0);
      expect((JSON.parse(stdout) as FeedResult).stats.numOrders.total).toBe(200);
    });
    it('streams the merchant\'s Cyrillic CSV to the report of a one-piece read (issue 32)', async () => {
      const { code, stdout, stderr } = await runHere([`${base}/merchant.csv`, '--json']);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual(merchantReport());
    });
    it('an HTTP error is exit code 2', async () => {
      const { code, stderr } = await runHere([`${base}/missing.xml`]);
      expect(code).toBe(2);
      expect(stderr).toContain('answered HTTP 404');
    });
    it('refuses an internal address that is not allow-listed, and never prints URL credentials', async () => {
      const other = `http://127.0.0.2:${new URL(base).port}/feed.xml`;
      const refused = await runHere([other]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/^feed-check: cannot fetch the feed: .*loopback/);
      const withCredentials = await runHere([`ftp://shop:Secret-1@127.0.0.2:${new URL(base).port}/feed.xml`]);
      expect(withCredentials.code).toBe(2);
      expect(withCredentials.stderr).not.toContain('Secret-1');
    });
  });

  describe('over ftp', () => {
    let ftp: Awaited<ReturnType<typeof ftpServer>>;
    beforeAll(async () => {
      ftp = await ftpServer({ files: { '/merchant.csv': merchantCsv }, users: { shop: 'Ftp-pass-1' } });
      process.env.FEED_FETCH_ALLOW = `127.0.0.1:${ftp.port}`;
    });
    afterAll(async () => {
      delete process.env.FEED_FETCH_ALLOW;
      await ftp.close();
    });

    it('reads the merchant\'s Cyrillic CSV as a one-piece read (issue 32)', async () => {
      const { code, stdout, stderr } = await runHere([`ftp://shop:Ftp-pass-1@127.0.0.1:${ftp.port}/merchant.csv`, '--json']);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual(merchantReport());
    });
  });

  // Safety net, not a speed check: under Node 22 ssh2's native crypto (built by npm ci for the Node
  // running npm) does not load, and its pure JavaScript path (the one the Lambda bundles take, which
  // leave native add-ons out) needs several seconds per transfer on the busy 2-core machine.
  describe('over sftp', { timeout: 60_000 }, () => {
    let sftp: Awaited<ReturnType<typeof sftpServer>>;
    let url = '';
    const feed = Buffer.from(feedText(xmlChunks(clean(NOW))));
    beforeAll(async () => {
      sftp = await sftpServer({ '/feed.xml': feed, '/merchant.csv': merchantCsv }, 'shop', 'Sftp-pass-1');
      url = `sftp://shop:Sftp-pass-1@127.0.0.1:${sftp.port}/feed.xml`;
      process.env.FEED_FETCH_ALLOW = `127.0.0.1:${sftp.port}`;
    });
    afterAll(async () => {
      delete process.env.FEED_FETCH_ALLOW;
      await sftp.close();
    });

    it('prints the host key it was not asked to verify, and how to pin it; a matching pin passes', async () => {
      const key = opensshFingerprint(sftp.publicKey);
      const first = await runHere([url]);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(`SFTP host key: ${key} (not verified; to refuse any other server next time: --sftp-host-key ${key})`);
      expect(first.stdout).not.toContain('Sftp-pass-1');
      const pinned = await runHere([url, '--sftp-host-key', key]);
      expect(pinned.code).toBe(0);
      expect(pinned.stdout).toContain(`SFTP host key: ${key} (as pinned with --sftp-host-key)`);
      // --json keeps stdout to the result object alone.
      const json = await runHere([url, '--sftp-host-key', key, '--json']);
      expect((JSON.parse(json.stdout) as FeedResult).stats.numOrders.total).toBe(200);
    });
    it('reads the merchant\'s Cyrillic CSV (ssh2 hands out views of its read pool) as a one-piece read (issue 32)', async () => {
      const { code, stdout, stderr } = await runHere([url.replace('/feed.xml', '/merchant.csv'), '--json']);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual(merchantReport());
    });
    it('refuses a server presenting another key before sending the password: exit code 2', async () => {
      const attempts = sftp.authAttempts.length;
      const other = `SHA256:${createHash('sha256').update('another server').digest('base64').replace(/=+$/, '')}`;
      const refused = await runHere([url, '--sftp-host-key', other]);
      expect(refused.code).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toBe(
        `feed-check: cannot fetch the feed: The SFTP server presented the host key ${opensshFingerprint(sftp.publicKey)}, not the pinned ${other}: the connection was refused.\n`,
      );
      expect(sftp.authAttempts.length, 'authentication requests the server received').toBe(attempts);
    });
  });

  it('compares with the analytics ids of the day before the check (blank lines ignored)', async () => {
    const records = clean(NOW);
    const yesterday = records.filter((r) => r.fields.date!.startsWith('2026-11-20') && r.fields.iscallcenter !== '1');
    // One unknown id out of 5 or more stays within the 20% that analytics may miss.
    expect(yesterday.length).toBeGreaterThanOrEqual(5);
    const known = yesterday.slice(1).map((r) => r.fields.id);
    const ids = file('ids.txt', `\n${known.join('\r\n')}\n\n   \n`);
    const { code, stdout } = await runHere([file('with-ga.xml', feedText(xmlChunks(records))), '--analytics-orders', ids, '--json']);
    const result = JSON.parse(stdout) as FeedResult;
    expect(result.possibleImported).toEqual({ callCentre: 0, dayTested: '2026-11-20', ordersInFeed: yesterday.length, notInGA: 1 });
    expect(code).toBe(0);
    const none = file('none.txt', '\n');
    const mismatch = await runHere([file('with-ga.xml', feedText(xmlChunks(records))), '--analytics-orders', none, '--json']);
    expect(mismatch.code).toBe(1);
    expect((JSON.parse(mismatch.stdout) as FeedResult).counts).toEqual({ gaOrdersDontMatchXml: yesterday.length });
  });
});

describe('the readable report', () => {
  it('shows stats, titles, counts, examples with lines and the pages', async () => {
    const records = clean(NOW);
    for (const i of [4, 8, 15]) records[i]!.fields.price = '12,50';
    const { code, stdout } = await runHere([file('bad.csv', feedText(csvChunks(records)))]);
    expect(code).toBe(1);
    expect(stdout).toContain('Order feed check: ');
    expect(stdout).toContain('200 orders: ');
    expect(stdout).toMatch(/! Invalid price \[invalidPrice\]: 3 found\n/);
    expect(stdout).toMatch(/ {2}- line \d+, order A100004: "12,50"\n/);
    expect(stdout).toContain('How to fix it: docs/feed-warnings/invalidPrice.md');
  });
  it('says lead for lead feeds', async () => {
    const records = [...cleanRecords({ now: NOW, orders: 50, kind: 'lead' })];
    records[0]!.fields.id = '';
    const { stdout } = await runHere([file('leads.xml', feedText(xmlChunks(records, 'lead'))), '--product', 'affiliate']);
    expect(stdout).toContain('Lead feed check');
    expect(stdout).toContain('! Lead without id [missingId]');
    expect(stdout).not.toMatch(/\border\b/);
  });
});

describe('the real command (npm run --silent feed-check)', () => {
  const npm = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile('npm', ['run', '--silent', 'feed-check', '--', ...args], { cwd: join(import.meta.dirname, '../..') }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });
  // The real command checks against today: the feed is generated relative to now.
  const now = new Date();

  it('exit codes 0, 1, 2; --json prints the result object and nothing else; errors have no stack', async () => {
    const good = file('good.xml', feedText(xmlChunks(clean(now))));
    const spoiled = clean(now);
    spoiled[0]!.fields.state = 'shipped';
    const bad = file('bad.csv', feedText(csvChunks(spoiled)));
    const broken = file('broken.xml', '<orders><order><id>1</id>');
    // One after the other: each run rebuilds dist/cli first (the prefeed-check script).
    const ok = await npm([good, '--json']);
    const warned = await npm([bad, '--json']);
    const missing = await npm([join(dir, 'nope.xml'), '--json']);
    const unreadable = await npm([broken, '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ errors: {}, counts: {}, stats: { numOrders: { total: 200 } } });
    expect(warned.code).toBe(1);
    expect((JSON.parse(warned.stdout) as FeedResult).counts).toEqual({ invalidState: 1 });
    for (const failed of [missing, unreadable]) {
      expect(failed.code).toBe(2);
      expect(failed.stdout).toBe('');
      expect(failed.stderr).not.toMatch(/\n\s+at /);
    }
    expect(missing.stderr).toContain(`feed-check: no such file: ${join(dir, 'nope.xml')}`);
    expect(unreadable.stderr).toContain('feed-check: the feed cannot be read: line 1:');
  }, 60_000);
});
