import { AsyncLocalStorage } from 'node:async_hooks';
import type { RouteDef, TableAccess } from '../../shared/routes';
import { tableAccessOf } from './config/table-access';
import { logger } from './log';

/**
 * IAM's table grant of the running route, applied by the DynamoDB client itself
 * (functions/platform/clients/dynamodb.ts): on AWS a GET route's role has no dynamodb:PutItem, and
 * the write fails there with AccessDeniedException. The local stack has no IAM, so without this a
 * GET that writes (a counter, a last use) passed every test and failed only once deployed. Outside
 * a route (jobs, CLI, tests' own set-up) nothing is checked here: IAM alone decides.
 */
const store = new AsyncLocalStorage<{ access: TableAccess; routeId: string }>();

export const withTableAccess = <T>(route: Pick<RouteDef, 'id' | 'method' | 'grants' | 'apiToken'>, work: () => T): T => store.run({ access: tableAccessOf(route), routeId: route.id }, work);

const WRITE = /^(Put|Update|Delete|BatchWrite|TransactWrite)(Item|Items)?Command$/;

class TableAccessDenied extends Error {
  override readonly name = 'AccessDeniedException';
}

/** Throws as IAM would when the running route's grant does not cover the command. */
export function checkTableAccess(commandName: string): void {
  const running = store.getStore();
  if (!running) return;
  const denied = running.access === 'none' || (running.access === 'read' && WRITE.test(commandName));
  if (!denied) return;
  const message = `route ${running.routeId} may ${running.access === 'none' ? 'not touch' : 'only read'} the table, not send ${commandName}: declare grants.table in shared/routes.ts (functions/platform/config/table-access.ts)`;
  logger().error('table access beyond the route grant', { routeId: running.routeId, command: commandName });
  throw new TableAccessDenied(message);
}
