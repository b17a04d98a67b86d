import { describe, expect, it } from 'vitest';
import * as routes from 'shared/routes';
import { companiesUpdate, securityLogin, usersCreate } from 'shared/routes';

/**
 * The browser's route table (web/build/browser-route-table.ts, applied to the web tests as to
 * the build): what the client reads, without the server's schemas, grants and settings, which
 * would bring yup and every schema into the entry chunk.
 */
describe("the browser's route table", () => {
  const all = Object.values(routes).filter((value): value is typeof securityLogin => typeof value === 'object' && value !== null && 'path' in value && 'method' in value);

  it('keeps what the client reads of every route', () => {
    expect(all.length).toBeGreaterThan(50);
    for (const route of all) {
      expect(Object.keys(route).filter((key) => !['id', 'method', 'path', 'access', 'companyScoped', 'stale', 'answers'].includes(key)), route.id).toEqual([]);
    }
    // `stale: []` and a signed-in or admin access are left out (read as absent); route() fills companyScoped.
    expect(securityLogin).toEqual({ access: 'public', companyScoped: false, id: 'security-login', method: 'POST', path: '/api/security/login' });
    expect(companiesUpdate).toMatchObject({ method: 'PUT', path: '/api/companies/{id}' });
    expect(usersCreate.stale).toContain('users-list');
  });

  it('leaves out the request schemas and the IAM grants', () => {
    expect('schema' in securityLogin).toBe(false);
    expect('grants' in usersCreate).toBe(false);
    // Only "public" matters to the client (no Idempotency-Key, never resent): other levels are left out.
    expect(usersCreate.access).toBeUndefined();
    expect(companiesUpdate.companyScoped).toBe(false);
  });
});
