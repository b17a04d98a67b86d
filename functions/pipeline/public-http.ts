import type { RouteDef } from '../../shared/routes';
import { createHandler, type HandlerBuilder, type HandlerOptions } from './handler';

/**
 * `httpHandler` for public routes (sign-in, password reset): the same pipeline without the auth
 * step, so jose and the user/company lookups stay out of these bundles. Building a non-public
 * route with it throws at load.
 */
export function publicHandler<R extends RouteDef & { readonly access: 'public' }>(route: R, options: HandlerOptions = {}): HandlerBuilder<R> {
  return { handle: (handle) => createHandler(route, { ...options, handle }, null) };
}
