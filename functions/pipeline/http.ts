import type { RouteDef } from '../../shared/routes';
import { authenticate } from './auth';
import { createHandler, type HandlerBuilder, type HandlerOptions } from './handler';

/**
 * The handler factory of every /api route: `httpHandler(route, { refuseCrossSite? }).handle(fn)`,
 * with `route` one export of shared/routes.ts (its schema validates the body, its response type
 * checks what `handle` returns).
 * Non-public routes authenticate first (pipeline/auth.ts) and hand `auth` ({ user, company, role })
 * to `handle`. Public handlers that need no session may use `publicHandler` instead, which keeps
 * the auth code out of their bundle (cold start).
 */
export function httpHandler<R extends RouteDef>(route: R, options: HandlerOptions = {}): HandlerBuilder<R> {
  return { handle: (handle) => createHandler(route, { ...options, handle }, authenticate) };
}

export { type HandlerOptions } from './handler';
