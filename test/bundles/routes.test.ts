import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes, type RouteDef } from '../../shared/routes';
import { makeCompany, makeUser, signedIn } from '../integration/helpers/accounts';
import { Browser } from '../integration/helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/**
 * Every route's bundle answers through the local gateway, once: the stack of this project serves
 * the CDK's bundles only (test/support/global-setup.ts), each function in a process of its own, so
 * an answer of the handler (whatever its status) is an answer of the bundle. Public routes are
 * called signed out, the others as an administrator with an empty body: a bundle that cannot run
 * its route (a missing chunk, a module that throws when first called) answers 5xx, one the
 * gateway cannot find 501. What each route does is the source suites' business.
 */

let anonymous: Browser;
let admin: Browser;

beforeAll(async () => {
  useLocalEnv();
  const { url } = localStack();
  const company = await makeCompany('Bundles');
  anonymous = new Browser(url);
  admin = await signedIn(url, await makeUser('ROLE_ADMIN', company));
});

/** Signing out ends the administrator's session: last. */
const ordered = [...(routes as readonly RouteDef[])].sort((a, b) => Number(a.id === 'security-logout') - Number(b.id === 'security-logout'));

describe('the Lambda bundles, through the gateway', () => {
  it('are what the stack serves', () => {
    expect(inject('lambdaCode')).toBe('bundled');
  });

  it.each(ordered.map((route) => [route.id, route] as const))('%s answers from its bundle', async (_id, route) => {
    const client = route.access === 'public' ? anonymous : admin;
    const path = route.path.replace(/\{\w+\}/g, 'bundle-probe');
    const answer = await client.request(route.method, path, route.method === 'GET' ? {} : { json: {} });
    const served = `${route.method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`;
    expect(answer.status, served).toBeLessThan(500);
    // The gateway's own answers for a request no handler saw (localstack/gateway.ts dispatch).
    expect(answer.status, served).not.toBe(501);
    expect(answer.text, served).not.toMatch(/No API route for|is not allowed on/);
    // A route for signed-in callers answers an administrator past its access check.
    if (route.access !== 'public') expect(answer.status, served).not.toBe(401);
  });
});
