/**
 * Least privilege per route. Each route of shared/routes.ts lists what its handler may touch
 * beyond the default of its method (GET reads the table, other methods read and write it) and
 * nothing else: no mail, no Cognito admin actions, no S3. This file turns that into IAM.
 */
import { tableAccessOf } from '../functions/platform/config/table-access';
import type { CognitoAdminAction, FeedBucketAccess, JobName, RouteDef, RouteGrants as DeclaredGrants, TableAccess } from '../shared/routes';

export type { FeedBucketAccess, TableAccess };

/** The complete grants of one route (defaults filled in). */
export interface RouteGrants {
  readonly table: TableAccess;
  /** Records mails in the outbox (functions/core/outbox) and kicks its dispatcher. */
  readonly queuesMail: boolean;
  /**
   * ses:SendEmail: a job, which sends the mails it queued itself (no dispatcher to kick), and the
   * outbox's own functions. Never a route: a route only records and kicks.
   */
  readonly sendsMail: boolean;
  readonly cognito: readonly CognitoAdminAction[];
  readonly feedBucket: readonly FeedBucketAccess[];
  readonly invokes: readonly JobName[];
  readonly googleCredentials: boolean;
}

/** A route's grants, defaults filled in (GET reads the table, other methods read and write it). */
export function grantsFor(route: RouteDef): RouteGrants {
  const declared = route.grants ?? {};
  // A route's mail goes through the outbox (functions/core/outbox): recorded, then the dispatcher kicked.
  const kicks: readonly JobName[] = declared.queuesMail ? ['outbox-dispatch'] : [];
  return { ...complete({ ...declared, invokes: [...new Set([...(declared.invokes ?? []), ...kicks])] }, tableAccessOf(route)), sendsMail: false };
}

/** A job's grants (functions/platform/config/resources.ts `jobs`): nothing beyond what it declares, table read by default. */
export const jobGrants = (declared: DeclaredGrants): RouteGrants => complete(declared, 'read');

function complete(declared: DeclaredGrants, table: TableAccess): RouteGrants {
  return {
    table: declared.table ?? table,
    queuesMail: declared.queuesMail ?? false,
    sendsMail: declared.queuesMail ?? false,
    cognito: [...(declared.cognito ?? [])].sort(),
    feedBucket: [...(declared.feedBucket ?? [])].sort(),
    invokes: [...(declared.invokes ?? [])].sort(),
    googleCredentials: declared.googleCredentials ?? false,
  };
}

/** Stable key of a grant set: routes with the same key share one IAM role. */
export function grantsKey(grants: RouteGrants): string {
  return [
    `table=${grants.table}`,
    grants.queuesMail ? 'mail' : '',
    grants.sendsMail ? 'ses' : '',
    grants.feedBucket.length ? `s3=${grants.feedBucket.join('+')}` : '',
    grants.cognito.length ? `cognito=${grants.cognito.map((a) => a.replace('cognito-idp:Admin', '')).join('+')}` : '',
    grants.invokes.length ? `jobs=${grants.invokes.join('+')}` : '',
    grants.googleCredentials ? 'google' : '',
  ]
    .filter(Boolean)
    .join(';');
}

/** The feed bucket's objects the functions may touch: the uploads, `feeds/<companyId>/…` (functions/data/keys.ts). */
export const FEED_OBJECT_PREFIX = 'feeds/';

/** DynamoDB actions per access level ('none': no table statement at all, e.g. the CSP report route). No Scan: request paths use Query only (docs/architecture.md, "Data"). */
export const tableActions: Record<TableAccess, readonly string[]> = {
  none: [],
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable'],
  'read-write': [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DescribeTable',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
};

export const feedBucketActions: Record<FeedBucketAccess, string> = {
  put: 's3:PutObject',
  get: 's3:GetObject',
  // Listing the company's prefix needs s3:ListBucket on the bucket too (lib/constructs/function-roles.ts).
  delete: 's3:DeleteObject',
  // A failed check drops the CSV files it was writing (functions/data/feed-csv-files.ts).
  'abort-multipart': 's3:AbortMultipartUpload',
};
