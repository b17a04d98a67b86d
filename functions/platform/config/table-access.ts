import type { RouteDef, TableAccess } from '../../../shared/routes';

/**
 * A route's access to the table: what it declares (`grants.table`), else its method's default (GET
 * reads, other methods read and write); a route that takes API tokens writes on every call, GET or
 * not (the token's rate counter and last use: functions/core/security/api-token-auth.ts). THE rule
 * of both sides: the CDK grants it as IAM actions (lib/permissions.ts) and the runtime refuses a
 * call beyond it before DynamoDB would (functions/platform/table-access.ts), so a GET that writes
 * fails the tests, not only on AWS.
 */
export const tableAccessOf = (route: Pick<RouteDef, 'method' | 'grants' | 'apiToken'>): TableAccess =>
  route.grants?.table ?? (route.method === 'GET' && !route.apiToken ? 'read' : 'read-write');
