import { describe, expect, it } from 'vitest';
import { addressProblem, isAllowed } from './address';
import { FeedFetchError } from './errors';
import { allowFromEnv, redactUrl } from './index';
import { parseTarget } from './target';

describe('addressProblem', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.9.8.7', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['192.0.0.192', 'reserved'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['64:ff9b:1::5db8:d822', 'rfc8215'],
    ['2002:5db8:d822::1', '6to4'],
    ['2001::1', 'teredo'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['2001:db8::1', 'reserved'],
    ['ff02::1', 'multicast'],
    ['fe80::1%eth0', 'zone'],
    ['not-an-ip', 'invalid'],
  ])('%s is %s', (address, problem) => expect(addressProblem(address)).toBe(problem));
  it.each(['93.184.216.34', '::ffff:93.184.216.34', '64:ff9b::5db8:d822', '2606:4700:4700::1111', '8.8.8.8'])('%s is public', (address) =>
    expect(addressProblem(address)).toBeNull(),
  );
});

describe('parseTarget', () => {
  it('normalises every IPv4 spelling and IPv6 brackets, for special and opaque schemes alike', () => {
    for (const url of ['http://2130706433/', 'http://0x7f.1/', 'http://017700000001/', 'http://127.1/', 'sftp://u@0x7f.0.0.1/f', 'ftp://0177.0.0.1/f']) {
      expect(parseTarget(url)).toMatchObject({ host: '127.0.0.1', literal: true });
    }
    expect(parseTarget('http://[::FFFF:7f00:1]:8080/')).toMatchObject({ host: '::ffff:7f00:1', literal: true, port: 8080 });
    expect(parseTarget('https://Shop.Example/feed.xml')).toMatchObject({ host: 'shop.example', literal: false, port: 443 });
    expect(parseTarget('sftp://u:p%40ss@h.example/f')).toMatchObject({ port: 22, username: 'u', password: 'p@ss' });
    expect(parseTarget('ftp://h.example/f')).toMatchObject({ port: 21 });
  });
  it.each([
    ['file:///etc/passwd', 'scheme'],
    ['HTTP://user:pw@h.example/', 'credentials'],
    ['https://:pw@h.example/', 'credentials'],
    ['no scheme', 'url'],
    ['http://', 'url'],
    ['sftp:///f', 'url'],
    ['ftp://u:%E0%A4@h.example/f', 'url'],
  ])('%s -> %s', (url, code) => {
    let error: unknown;
    try {
      parseTarget(url);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FeedFetchError);
    expect((error as FeedFetchError).code).toBe(code);
  });
});

describe('redactUrl', () => {
  it('removes user and password, whatever the scheme, even from text that is not a URL', () => {
    expect(redactUrl('ftp://shop:secret@h.example:2121/a.xml?x=1#f')).toBe('ftp://h.example:2121/a.xml?x=1');
    expect(redactUrl('sftp://shop:secret@h.example/a.xml')).toBe('sftp://h.example/a.xml');
    expect(redactUrl('https://h.example/a.xml')).toBe('https://h.example/a.xml');
    expect(redactUrl('ftp://sh op:sec ret@ bad host/x')).not.toContain('secret');
  });
});

describe('allow-list', () => {
  it('reads FEED_FETCH_ALLOW (loopback host:port pairs only)', () => {
    expect(allowFromEnv({})).toBeUndefined();
    expect(allowFromEnv({ FEED_FETCH_ALLOW: '127.0.0.1:5555, [::1]:6000' })).toEqual([
      { host: '127.0.0.1', port: 5555 },
      { host: '::1', port: 6000 },
    ]);
    expect(() => allowFromEnv({ FEED_FETCH_ALLOW: '10.0.0.1:80' })).toThrow(/not a loopback/);
    expect(() => allowFromEnv({ FEED_FETCH_ALLOW: 'localhost:80' })).toThrow(/not a loopback/);
    expect(() => allowFromEnv({ FEED_FETCH_ALLOW: '127.0.0.1' })).toThrow(/not a loopback/);
  });
  it('matches the exact loopback address and port, never another range', () => {
    const allow = [{ host: '127.0.0.1', port: 5555 }, { host: '10.0.0.1', port: 80 }];
    expect(isAllowed('127.0.0.1', 5555, allow)).toBe(true);
    expect(isAllowed('::ffff:127.0.0.1', 5555, allow)).toBe(true);
    expect(isAllowed('127.0.0.1', 5556, allow)).toBe(false);
    expect(isAllowed('127.0.0.2', 5555, allow)).toBe(false);
    expect(isAllowed('10.0.0.1', 80, allow)).toBe(false);
    expect(isAllowed('127.0.0.1', 5555, undefined)).toBe(false);
  });
});
