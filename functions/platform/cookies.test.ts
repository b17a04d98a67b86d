import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSessionCookies, readCookie, sessionCookies } from './cookies';

const http = { headers: { 'x-forwarded-proto': 'http' } };
const https = { headers: { 'x-forwarded-proto': 'https' } };

// The stage decides Secure on its own: each test sets it, and the original value comes back.
let savedStage: string | undefined;
beforeEach(() => {
  savedStage = process.env.STAGE;
});
afterEach(() => {
  if (savedStage === undefined) delete process.env.STAGE;
  else process.env.STAGE = savedStage;
});

describe('session cookies', () => {
  it('are HttpOnly, SameSite=Lax, Path=/ and not Secure over plain http (local stage)', () => {
    process.env.STAGE = 'local';
    const [access, refresh] = sessionCookies(http, { accessToken: 'A', refreshToken: 'R' });
    expect(access).toMatch(/^access=A; /);
    expect(refresh).toMatch(/^refresh=R; /);
    for (const cookie of [access!, refresh!]) {
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/');
      expect(cookie).not.toContain('Secure');
      expect(cookie).not.toContain('Domain');
    }
  });

  it('are Secure with the __Host- prefix over https, or on a deployed stage', () => {
    process.env.STAGE = 'local';
    expect(sessionCookies(https, { accessToken: 'A' })[0]).toMatch(/^__Host-access=A; .*Secure/);
    process.env.STAGE = 'prod';
    expect(sessionCookies(http, { accessToken: 'A' })[0]).toMatch(/^__Host-access=A; .*Secure/);
  });

  it('a refresh answer sets the access cookie only', () => {
    expect(sessionCookies(http, { accessToken: 'A' })).toHaveLength(1);
  });

  it('are cleared with Max-Age=0 under the same names', () => {
    process.env.STAGE = 'local';
    expect(clearSessionCookies(https).map((c) => c.split('=')[0])).toEqual(['__Host-access', '__Host-refresh']);
    expect(clearSessionCookies(http)[0]).toMatch(/^access=; .*Max-Age=0/);
  });

  it('are read from API Gateway v2 cookies under the name matching the scheme only', () => {
    process.env.STAGE = 'local';
    const request = { ...https, cookies: ['access=plain', '__Host-access=hosted'] };
    expect(readCookie(request, 'access')).toBe('hosted');
    expect(readCookie({ ...http, cookies: ['access=plain'] }, 'access')).toBe('plain');
    expect(readCookie({ headers: { 'x-forwarded-proto': 'http', cookie: 'a=1; refresh=R' } }, 'refresh')).toBe('R');
    expect(readCookie(http, 'access')).toBeUndefined();
  });
});
