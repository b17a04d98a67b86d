import { describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '../../shared/routes';
import { NO_MATRIX_BODY, VALID_BODIES } from '../support/matrix-bodies';

/**
 * The authorization matrix only proves "a write never reaches another company" for a write whose
 * probe gets past validation. Every signed-in write route with a body schema therefore needs a body
 * in test/support/matrix-bodies.ts that its own schema accepts (the probe adds foreign ids on top).
 */
const writes = (routes as readonly RouteDef[]).filter((route) => route.method !== 'GET' && route.access !== 'public' && route.schema);
const probed = writes.filter((route) => !Object.hasOwn(NO_MATRIX_BODY, route.id));

describe('the authorization matrix bodies', () => {
  it.each(probed.map((route) => [route.id, route] as const))('%s has a body its schema accepts', async (id, route) => {
    const body = VALID_BODIES[id];
    expect(body, `${id}: add a valid request body to VALID_BODIES in test/support/matrix-bodies.ts (or, with the reason, to NO_MATRIX_BODY)`).toBeDefined();
    await expect(route.schema!.validate(body, { abortEarly: false }), `${id}: its body in test/support/matrix-bodies.ts must pass the route's schema`).resolves.toBeDefined();
  });

  it('names only write routes that exist', () => {
    const known = new Set(probed.map((route) => route.id));
    expect(Object.keys(VALID_BODIES).filter((id) => !known.has(id)), 'bodies for no probed write route: remove them from test/support/matrix-bodies.ts').toEqual([]);
    const writeIds = new Set(writes.map((route) => route.id));
    expect(Object.keys(NO_MATRIX_BODY).filter((id) => !writeIds.has(id) || Object.hasOwn(VALID_BODIES, id)), 'NO_MATRIX_BODY names a route that is no signed-in write or has a body').toEqual([]);
  });
});
