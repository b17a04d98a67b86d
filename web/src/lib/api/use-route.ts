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
 * The rows inside a page answer (`{ <field>: rows, next, … }` of a list the server pages) as one
 * list, for `useRowEdit` and `saveRowOptimistically`, which work on a list of rows: an update
 * changes the page's rows and keeps the rest of the answer; no update reads the page again. A row
 * added that the page holds already (a copy the create's `stale` read brought in) is kept once.
 */
export function pageRows<Page, Field extends keyof Page>(mutatePage: KeyedMutator<Page>, field: Field): KeyedMutator<Page[Field]> {
  type Rows = Page[Field];
  const once = (rows: Rows): Rows =>
    (Array.isArray(rows) ? rows.filter((row: { id?: unknown }, index) => row?.id === undefined || rows.findIndex((other: { id?: unknown }) => other?.id === row.id) === index) : rows) as Rows;
  return ((update?: Rows | ((rows: Rows | undefined) => Rows), opts?: boolean) =>
    (update
      ? mutatePage((current) => current && { ...current, [field]: once(typeof update === 'function' ? (update as (rows: Rows | undefined) => Rows)(current[field]) : update) }, opts)
      : mutatePage()
    ).then((answer) => answer?.[field])) as KeyedMutator<Rows>;
}

/** A type-ahead's request: the server's first `limit` matches of the text (debounced by the caller), kept while the next are asked. */
export const typeAhead = (q: string, limit: number) => ({ query: { q, limit: String(limit) }, keepPreviousData: true, revalidateOnFocus: false });
