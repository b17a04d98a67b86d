import useSWR, { type SWRConfiguration } from 'swr';
import type { RouteId } from 'shared/routes';
import { api, type ApiError } from './client';

/** SWR over a GET route of shared/routes.ts; pass null to skip. Key = [route id, params]. */
export function useApi<T>(id: RouteId | null, params: Record<string, string> = {}, config?: SWRConfiguration<T, ApiError>) {
  return useSWR<T, ApiError, readonly [RouteId, Record<string, string>] | null>(
    id ? ([id, params] as const) : null,
    ([routeId, routeParams]) => api<T>(routeId, { params: routeParams }),
    config,
  );
}
