/**
 * THE route table: every /api call of the portal, declared once.
 * Read by the CDK api stack (one Lambda + one HTTP API route per entry), by the local
 * gateway (dispatch to the same handler modules) and by the web API client (URLs).
 * A test fails when a route has no handler module or a handler module has no route.
 */

/** public: anyone; signed-in: any valid session; admin: ROLE_ADMIN only. */
export type Access = 'public' | 'signed-in' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  /** Unique, kebab-case; the handler module is functions/http/<area>/<id>.ts. */
  readonly id: string;
  readonly area: string;
  readonly method: Method;
  /** API Gateway syntax: /api/sources/{id} */
  readonly path: string;
  readonly access: Access;
  /** Works on the caller's current company (taken from the auth context, never the request). */
  readonly companyScoped: boolean;
  /** Issue that builds the handler; shown by the placeholder answer until it lands. */
  readonly issue?: string;
}

const r = (
  area: string,
  id: string,
  method: Method,
  path: string,
  access: Access,
  companyScoped = false,
): RouteDef => ({ id, area, method, path, access, companyScoped });

export const routes = [
  // Accounts: security
  r('security', 'security-login', 'POST', '/api/security/login', 'public'),
  r('security', 'security-new-password', 'POST', '/api/security/new-password', 'public'),
  r('security', 'security-refresh', 'POST', '/api/security/refresh', 'public'),
  r('security', 'security-logout', 'GET', '/api/security/logout', 'public'),
  r('security', 'password-reset-request', 'POST', '/api/security/password-reset', 'public'),
  r('security', 'password-reset-check', 'GET', '/api/security/password-reset/{token}', 'public'),
  r('security', 'password-reset-complete', 'POST', '/api/security/password-reset/{token}', 'public'),

  // Accounts: users
  r('users', 'users-current', 'GET', '/api/users/current', 'signed-in'),
  r('users', 'users-find-current-company', 'GET', '/api/users/find-current-company', 'signed-in', true),
  r('users', 'users-change-current-company', 'POST', '/api/users/change-current-company', 'signed-in'),
  r('users', 'users-list', 'GET', '/api/users', 'admin'),
  r('users', 'users-create', 'POST', '/api/users', 'admin'),
  r('users', 'users-update', 'PUT', '/api/users/{id}', 'admin'),
  r('users', 'users-delete', 'DELETE', '/api/users/{id}', 'admin'),

  // Accounts: companies
  r('companies', 'companies-list', 'GET', '/api/companies', 'admin'),
  r('companies', 'companies-managed', 'GET', '/api/companies/managed', 'signed-in'),
  r('companies', 'companies-create', 'POST', '/api/companies', 'admin'),
  r('companies', 'companies-update', 'PUT', '/api/companies/{id}', 'admin'),
  r('companies', 'companies-update-current', 'POST', '/api/companies/update', 'signed-in', true),
  r('companies', 'companies-delete', 'DELETE', '/api/companies/{id}', 'admin'),

  // Integration status (steps)
  r('integration-status', 'integration-status-list', 'GET', '/api/integration-status', 'signed-in', true),
  r('integration-status', 'integration-status-update', 'POST', '/api/integration-status/update', 'signed-in', true),
  r('integration-status', 'integration-status-report', 'GET', '/api/integration-status/report', 'admin'),

  // Translations, e-mail, meetings, default collectors
  r('translations', 'translations-get', 'GET', '/api/translations', 'public'),
  r('translations', 'translations-update', 'POST', '/api/translations', 'admin'),
  r('email', 'email-send', 'POST', '/api/email/send', 'signed-in', true),
  r('meetings', 'meetings-list', 'GET', '/api/meetings', 'signed-in', true),
  r('meetings', 'meetings-create', 'POST', '/api/meetings', 'admin', true),
  r('meetings', 'meetings-update', 'PUT', '/api/meetings/{id}', 'admin', true),
  r('meetings', 'meetings-delete', 'DELETE', '/api/meetings/{id}', 'admin', true),
  r('default-collectors', 'default-collectors-list', 'GET', '/api/default-collectors', 'signed-in'),
  r('default-collectors', 'default-collectors-create', 'POST', '/api/default-collectors', 'admin'),
  r('default-collectors', 'default-collectors-update', 'PUT', '/api/default-collectors/{id}', 'admin'),
  r('default-collectors', 'default-collectors-delete', 'DELETE', '/api/default-collectors/{id}', 'admin'),

  // Integration steps: sources, traffic, UTM rules
  r('sources', 'sources-list', 'GET', '/api/sources', 'signed-in', true),
  r('sources', 'sources-cpo', 'GET', '/api/sources/cpo', 'signed-in', true),
  r('sources', 'sources-create', 'POST', '/api/sources', 'signed-in', true),
  r('sources', 'sources-update', 'PUT', '/api/sources/{id}', 'signed-in', true),
  r('sources', 'sources-delete', 'DELETE', '/api/sources/{id}', 'signed-in', true),
  r('traffic', 'traffic-list', 'GET', '/api/traffic', 'signed-in', true),
  r('traffic', 'traffic-match', 'POST', '/api/traffic/match', 'signed-in', true),
  r('traffic', 'traffic-rules-list', 'GET', '/api/traffic-rules', 'signed-in', true),
  r('traffic', 'traffic-rules-create', 'POST', '/api/traffic-rules', 'signed-in', true),
  r('traffic', 'traffic-rules-apply', 'POST', '/api/traffic-rules/apply', 'signed-in', true),
  r('traffic', 'traffic-rules-delete', 'DELETE', '/api/traffic-rules/{id}', 'signed-in', true),

  // Integration steps: analytics checks
  r('analytics', 'analytics-utms', 'POST', '/api/analytics/utms', 'signed-in', true),
  r('analytics', 'analytics-access', 'POST', '/api/analytics/access', 'signed-in', true),
  r('analytics', 'analytics-dimension', 'POST', '/api/analytics/dimension', 'signed-in', true),
  r('analytics', 'analytics-events', 'POST', '/api/analytics/events', 'signed-in', true),

  // Integration steps: order / lead feed
  r('order-feed', 'order-feed-upload', 'POST', '/api/order-feed/upload', 'signed-in', true),
  r('order-feed', 'order-feed-check', 'POST', '/api/order-feed/check', 'signed-in', true),

  // Integration steps: collectors and affiliate commissions
  r('collectors', 'collectors-list', 'GET', '/api/collectors', 'signed-in', true),
  r('collectors', 'collectors-create', 'POST', '/api/collectors', 'signed-in', true),
  r('collectors', 'collectors-update', 'PUT', '/api/collectors/{id}', 'signed-in', true),
  r('collectors', 'collectors-delete', 'DELETE', '/api/collectors/{id}', 'signed-in', true),
  r('commissions', 'affiliate-commissions-list', 'GET', '/api/affiliate-commissions', 'signed-in', true),
  r('commissions', 'affiliate-commissions-create', 'POST', '/api/affiliate-commissions', 'signed-in', true),
  r('commissions', 'affiliate-commissions-delete', 'DELETE', '/api/affiliate-commissions/{id}', 'signed-in', true),
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof routes)[number]['id'];

const byId = new Map<string, RouteDef>(routes.map((route) => [route.id, route]));

export function routeById(id: RouteId): RouteDef {
  const route = byId.get(id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route;
}

/** Relative module path of a route's handler, from the repo root, without extension. */
export const handlerModule = (route: RouteDef): string => `functions/http/${route.area}/${route.id}`;

/** Fills {param} placeholders; used by the web client. Values are URI-encoded. */
export function routePath(id: RouteId, params: Record<string, string> = {}): string {
  return routeById(id).path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${id}`);
    return encodeURIComponent(value);
  });
}

/** Matches a concrete path against a route path; returns its parameters or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    const seg = a[i]!;
    const m = /^\{(\w+)\}$/.exec(seg);
    if (m) {
      if (!b[i]) return null;
      try {
        params[m[1]!] = decodeURIComponent(b[i]!);
      } catch {
        return null;
      }
    } else if (seg !== b[i]) return null;
  }
  return params;
}

/** Finds the route for a method and path; static segments win over parameters. */
export function findRoute(method: string, rawPath: string): { route: RouteDef; params: Record<string, string> } | null {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  let best: { route: RouteDef; params: Record<string, string>; score: number } | null = null;
  for (const route of routes as readonly RouteDef[]) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (!params) continue;
    const score = Object.keys(params).length;
    if (!best || score < best.score) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}
