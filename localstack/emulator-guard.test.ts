import { describe, expect, it } from 'vitest';
import { refusal } from './emulator-guard.mjs';

const portal = 'http://127.0.0.1:3000';
const ask = (headers: Record<string, string>) => refusal({ headers }, 8005, [portal])?.status ?? null;

describe('emulator guard', () => {
  it('passes an SDK call on either loopback name of its own port', () => {
    expect(ask({ host: '127.0.0.1:8005' })).toBeNull();
    expect(ask({ host: 'LOCALHOST:8005', 'sec-fetch-site': 'none' })).toBeNull();
  });

  it('refuses any other Host with 421: another name, another port, none', () => {
    expect(ask({ host: 'evil.example:8005' })).toBe(421);
    expect(ask({ host: '127.0.0.1:8006' })).toBe(421);
    expect(ask({ host: '127.0.0.1' })).toBe(421);
    expect(ask({})).toBe(421);
  });

  it('takes its own origins and the allowed ones, refuses every other origin with 403', () => {
    expect(ask({ host: '127.0.0.1:8005', origin: 'http://127.0.0.1:8005' })).toBeNull();
    expect(ask({ host: '127.0.0.1:8005', origin: 'http://localhost:8005' })).toBeNull();
    expect(ask({ host: '127.0.0.1:8005', origin: portal })).toBeNull();
    expect(ask({ host: '127.0.0.1:8005', origin: 'http://127.0.0.1:3001' })).toBe(403);
    expect(ask({ host: '127.0.0.1:8005', origin: 'null' })).toBe(403);
    expect(ask({ host: '127.0.0.1:8005', origin: 'https://127.0.0.1:8005' })).toBe(403);
  });

  it('refuses a page of another site that sends no Origin (a form, an image) by its Sec-Fetch-Site', () => {
    expect(ask({ host: '127.0.0.1:8005', 'sec-fetch-site': 'cross-site' })).toBe(403);
    // Every loopback port is one site: the portal's link to the mail page.
    expect(ask({ host: '127.0.0.1:8005', 'sec-fetch-site': 'same-site' })).toBeNull();
    expect(ask({ host: '127.0.0.1:8005', 'sec-fetch-site': 'same-origin' })).toBeNull();
  });
});
