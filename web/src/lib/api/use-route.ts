import useSWR, { type KeyedMutator, type SWRConfiguration, type SWRResponse } from 'swr';
import type { ParamsOf, ResponseOf, RouteDef } from 'shared/routes';
import { callRoute, refreshRoutes, setRouteAnswer, type ApiError, type AuthMode, type CallOptions, type OptionalIfEmpty } from './client';

/** SWR key of a GET route: `[route id, params]` (a write's `stale` routes are found by the id). */
export const routeKey = <R extends RouteDef>(route: R, params?: ParamsOf<R>) => [route.id, params ?? {}] as const;

type GetRoute = RouteDef & { readonly method: 'GET' };

/**
 * SWR over a GET route of shared/routes.ts: `data` has the route's response type. Pass
 * `null` as the route to skip the request (a conditional fetch). `query`: the query parameters
 * (a list's page, sort and search), part of the SWR key; a write's `stale` reads every query of
 * the route again.
 */
export function useRoute<R extends GetRoute>(
  route: R | null,
  params?: ParamsOf<R>,
  config?: SWRConfiguration<ResponseOf<R>, ApiError> & { auth?: AuthMode; query?: Record<string, string | undefined> },
): SWRResponse<ResponseOf<R>, ApiError> {
  const { auth, query, ...swr } = config ?? {};
  const cleanQuery = query && Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]));
  return useSWR<ResponseOf<R>, ApiError, readonly [string, object] | readonly [string, object, object] | null>(
    route ? (cleanQuery ? [...routeKey(route, params), cleanQuery] : routeKey(route, params)) : null,
    () => callRoute(route!, ...([{ params, auth, query: cleanQuery }] as unknown as OptionalIfEmpty<CallOptions<R>>)),
    swr,
  );
}

/**
 * A state-changing call (POST, PUT, DELETE) of shared/routes.ts: `body` is the route's request
 * type (the form's schema), the answer its response type. Once it succeeds, the GET routes the
 * route declares `stale` are read again (awaited, so a page that navigates next shows fresh data);
 * pages do not refresh by hand. A failed write changed nothing and refreshes nothing.
 */
export async function mutateRoute<R extends RouteDef>(route: R, ...options: OptionalIfEmpty<CallOptions<R>>): Promise<ResponseOf<R>> {
  const answer = await callRoute(route, ...options);
  if (route.answers) await setRouteAnswer(route.answers, answer);
  if (route.stale?.length) await refreshRoutes(route.stale);
  return answer;
}

/**
 * Optimistic save of one row of a list read with `useRoute` (spec: "a failed update rolls back the
 * edited row"): the row shows `optimistic` at once, the server's answer then replaces it; on a
 * failure the list goes back to what it was and is read again (someone else may have changed it).
 */
export async function saveRowOptimistically<T extends { id: string }>(
  mutate: KeyedMutator<T[]>,
  current: readonly T[] | undefined,
  optimistic: T,
  send: () => Promise<T>,
): Promise<{ ok: true; saved: T } | { ok: false; failure: unknown }> {
  const previous = [...(current ?? [])];
  await mutate(
    previous.map((row) => (row.id === optimistic.id ? optimistic : row)),
    { revalidate: false },
  );
  try {
    const saved = await send();
    await mutate((rows) => (rows ?? []).map((row) => (row.id === saved.id ? saved : row)), { revalidate: false });
    return { ok: true, saved };
  } catch (failure) {
    await mutate(previous, { revalidate: false });
    void mutate();
    return { ok: false, failure };
  }
}

/**
 * The `mutate` of a list's rows (useRowEdit) over the `mutate` of a page the server answered, whose
 * rows sit in the answer's `field` beside its cursor. A row added that the page holds already (a
 * copy the create's `stale` read brought in) is kept once, where the page has it.
 */
export function pageRowsMutator<Page extends { next: string | null }, F extends keyof Page, Row extends { id: string }>(mutatePage: KeyedMutator<Page>, field: F): KeyedMutator<Row[]> {
  const once = (rows: Row[]) => rows.filter((row, index) => rows.findIndex((other) => other.id === row.id) === index);
  return ((update?: (rows: Row[] | undefined) => Row[], opts?: boolean) =>
    (update ? mutatePage((current) => current && { ...current, [field]: once(update(current[field] as Row[])) }, opts) : mutatePage()).then((answer) => answer?.[field])) as KeyedMutator<Row[]>;
}
