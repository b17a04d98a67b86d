import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { HEALTH_SEVERITY, worstStatus, type HealthStatus } from '../../shared/domain/data-health';
import { STEP_STATUSES } from '../../shared/domain/integration';
import { STEP_TYPES, type StepStatus, type StepType } from '../../shared/domain/types';
import { REPORT_SORTS, type ReportSort } from '../../shared/schemas/lists';
import { getHealthState } from './data-health';
import { keys, type Key } from './keys';
import { listPage, rowWrites, type ListQuery, type Listing } from './list-rows';
import { batchGetItems, db, isConditionFailure, prefixRange, tableName, transactWrite } from './table';

/**
 * The integration status report's rows (docs/architecture.md, "Admin lists: the status report"):
 * each step holds one row per order in the list `report` (functions/data/list-rows.ts), keyed by
 * what it mirrors from three records: its company's name, its own status and its company's data
 * health. The step item keeps the keys of its rows (`listRows`); `reindexStep` writes them again
 * from the records of now after every write that changes one of the three, conditional on the
 * step's version and on the rows it held, so concurrent re-writes converge on the last state.
 */

/** The orders of the report: the column sorts (shared/schemas/lists.ts), and the same under "failing first" (the health's severity first). */
const REPORT_ORDERS = REPORT_SORTS;
type ReportOrder = ReportSort;

/** The partition of an order under "failing first". */
export const failingFirst = (order: ReportOrder): string => `failing-${order}`;

/** The sort-key prefix of one health's rows under "failing first", most severe first (HEALTH_SEVERITY). */
const HEALTH_BUCKETS: readonly string[] = Object.values(HEALTH_SEVERITY)
  .sort((a, b) => a - b)
  .map((rank) => `${rank}\u0002`);

const at = (list: readonly string[], value: string): string => String(Math.max(list.indexOf(value), 0)).padStart(2, '0');

export interface ReportEntry {
  companyId: string;
  companyName: string;
  stepType: StepType;
  status: StepStatus;
  health: HealthStatus;
}

/** A row's id: the step's company and type. */
const reportRowId = (companyId: string, stepType: string): string => `${companyId}#${stepType}`;

/**
 * The rows of one step: by company (then the product's step order), by step type (STEP_TYPES'
 * order, then company), by status (STEP_STATUSES' order, then company and step), each also under
 * "failing first". Searched over the company's name, the step type and the status, by their codes
 * ("google analytics" and "google_analytics" both find the step).
 */
export function reportListing(entry: ReportEntry): Listing {
  const step = at(STEP_TYPES, entry.stepType);
  const status = at(STEP_STATUSES, entry.status);
  const name = entry.companyName;
  const sort: Record<ReportOrder, string> = { company: `${name}\u0002${step}`, step: `${step}\u0002${name}`, status: `${status}\u0002${name}\u0002${step}` };
  const severity = HEALTH_SEVERITY[entry.health];
  return {
    id: reportRowId(entry.companyId, entry.stepType),
    sort: { ...sort, ...Object.fromEntries(REPORT_ORDERS.map((order) => [failingFirst(order), `${severity}\u0002${sort[order]}`])) },
    words: [name, entry.stepType, entry.stepType.replace(/_/g, ' '), entry.status, entry.status.replace(/_/g, ' ')],
    flags: entry.status === 'done' ? ['done'] : [],
    fields: { stepType: entry.stepType, status: entry.status },
  };
}

/** A company's data health as the report shows it: the worst current status of its kinds. */
export const healthOf = (kinds: Partial<Record<string, { status: HealthStatus }>>): HealthStatus => worstStatus(Object.values(kinds).flatMap((kind) => (kind ? [kind.status] : [])));

/**
 * Writes one step's rows from its record, its company's name and its company's health of now (the
 * rows of a step gone or of a company being deleted are deleted). On the step's version and the
 * row keys it holds: another write meanwhile makes it read again (a few times), so of two
 * concurrent re-writes the last one read wins. False when the step is gone.
 */
export async function reindexStep(companyId: string, stepType: string, attempts = 4): Promise<boolean> {
  const [{ Item: step }, { Item: company }, health] = await Promise.all([
    db().send(new GetCommand({ TableName: tableName(), Key: keys.step(companyId, stepType), ConsistentRead: true })),
    db().send(new GetCommand({ TableName: tableName(), Key: keys.company(companyId), ConsistentRead: true, ProjectionExpression: '#name, deletingAt', ExpressionAttributeNames: { '#name': 'name' } })),
    getHealthState(companyId),
  ]);
  if (!step) return false;
  const before = (step.listRows as Key[] | undefined) ?? [];
  const shown = company && !company.deletingAt;
  const entry: ReportEntry | null = shown
    ? { companyId, companyName: company.name as string, stepType: step.stepType as StepType, status: step.status as StepStatus, health: healthOf(health.kinds) }
    : null;
  const rows = rowWrites('report', before, entry && reportListing(entry));
  try {
    await transactWrite([
      ...rows.items,
      {
        Update: {
          TableName: tableName(),
          Key: keys.step(companyId, stepType),
          UpdateExpression: 'SET listRows = :rows',
          ConditionExpression: before.length ? '#version = :version AND listRows = :before' : '#version = :version AND attribute_not_exists(listRows)',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':rows': rows.keys, ':version': step.version, ...(before.length ? { ':before': before } : {}) },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error) && attempts > 1) return reindexStep(companyId, stepType, attempts - 1);
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Re-writes the rows of every step of a company (a rename, a change of its health, `npm run reindex-lists`): one Query of its steps. */
export async function reindexCompanySteps(companyId: string): Promise<number> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...prefixRange(keys.companyPartition(companyId), keys.stepPrefix),
      ProjectionExpression: 'stepType',
    }),
  );
  // Stryker disable next-line ArrayDeclaration: a Query answers Items (an empty list when none match)
  const steps = (Items ?? []).map((item) => item.stepType as string);
  let written = 0;
  for (const stepType of steps) if (await reindexStep(companyId, stepType)) written++;
  return written;
}

/** The keys of the report rows these steps of a company hold (their rows go when the steps go). */
export async function reportRowsOf(companyId: string, stepTypes: readonly string[]): Promise<Key[]> {
  const items = await batchGetItems(stepTypes.map((stepType) => keys.step(companyId, stepType)));
  return items.flatMap((item) => (item.listRows as Key[] | undefined) ?? []);
}

export interface ReportQuery extends Omit<ListQuery, 'sort' | 'buckets'> {
  sort: ReportOrder;
  failingFirst: boolean;
}

/** One page of the report's row ids (companyId, stepType), in the order asked, and the next page's cursor. */
export async function reportPage(query: ReportQuery, cursor: string | null, limit: number): Promise<{ steps: Array<{ companyId: string; stepType: StepType }>; next: string | null }> {
  const { failingFirst: healthFirst, sort, ...rest } = query;
  const { ids, next } = await listPage('report', { ...rest, sort: healthFirst ? failingFirst(sort) : sort, ...(healthFirst ? { buckets: HEALTH_BUCKETS } : {}) }, cursor, limit);
  return {
    steps: ids.map((id) => {
      const split = id.lastIndexOf('#');
      return { companyId: id.slice(0, split), stepType: id.slice(split + 1) as StepType };
    }),
    next,
  };
}
