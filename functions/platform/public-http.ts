import type { AnyObjectSchema } from 'yup';
import type { RouteId } from '../../shared/routes';
import { createHandler, type ApiHandler, type HandlerOptions } from './handler';

/**
 * `httpHandler` for public routes (sign-in, password reset): the same pipeline without the auth
 * step, so jose and the user/company lookups stay out of these bundles. Building a non-public
 * route with it throws at load.
 */
export function publicHandler<Id extends RouteId, S extends AnyObjectSchema | undefined = undefined>(
  routeId: Id,
  options: HandlerOptions<S>,
): ApiHandler {
  return createHandler(routeId, options, null);
}
