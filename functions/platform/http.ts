import type { AnyObjectSchema } from 'yup';
import type { RouteId } from '../../shared/routes';
import { authenticate } from './auth';
import { NotImplementedError } from './errors';
import { createHandler, type ApiHandler, type HandlerOptions } from './handler';

/**
 * The handler factory of every /api route: `httpHandler(routeId, { schema?, refuseCrossSite?, handle })`.
 * Non-public routes authenticate first (platform/auth.ts) and hand `auth` ({ user, company, role })
 * to `handle`. Public handlers that need no session may use `publicHandler` instead, which keeps
 * the auth code out of their bundle (cold start).
 */
export function httpHandler<Id extends RouteId, S extends AnyObjectSchema | undefined = undefined>(
  routeId: Id,
  options: HandlerOptions<S>,
): ApiHandler {
  return createHandler(routeId, options, authenticate);
}

/** The answer of a route whose issue has not landed. It still runs auth, so the access matrix holds. */
export function notBuiltYet<Id extends RouteId>(routeId: Id): ApiHandler {
  return httpHandler(routeId, {
    handle: () => {
      throw new NotImplementedError(routeId);
    },
  });
}

export { json, toResult, type ApiHandler, type HandlerOptions, type HttpRequest, type Reply } from './handler';
