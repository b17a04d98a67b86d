/**
 * Least privilege per route: the small explicit map of what each handler may touch beyond
 * reading the table. Everything not listed gets the default of its method (GET reads the
 * table, other methods read and write it) and nothing else: no mail, no Cognito admin
 * actions, no S3. When a handler starts needing more, add it here (and the infra test that
 * samples these grants will show the change).
 */
import type { RouteDef, RouteId } from '../shared/routes';

export type TableAccess = 'read' | 'read-write';
export type FeedBucketAccess = 'put' | 'get';

/** Cognito admin API actions (IAM-signed). Public flows (InitiateAuth, RespondToAuthChallenge, RevokeToken) need no IAM. */
export type CognitoAdminAction =
  | 'cognito-idp:AdminCreateUser'
  | 'cognito-idp:AdminDeleteUser'
  | 'cognito-idp:AdminGetUser'
  | 'cognito-idp:AdminUpdateUserAttributes'
  | 'cognito-idp:AdminSetUserPassword'
  | 'cognito-idp:AdminAddUserToGroup'
  | 'cognito-idp:AdminRemoveUserFromGroup'
  | 'cognito-idp:AdminListGroupsForUser'
  | 'cognito-idp:AdminUserGlobalSignOut';

export interface RouteGrants {
  readonly table: TableAccess;
  /** ses:SendEmail from the configured sender with the stage's templates. */
  readonly sendsMail: boolean;
  readonly cognito: readonly CognitoAdminAction[];
  readonly feedBucket: readonly FeedBucketAccess[];
}

type Extra = Partial<RouteGrants>;

/** Routes that complete an integration step send the notification e-mail (spec: "after each completion"). */
const completesSteps: Extra = { sendsMail: true };

const extras: Partial<Record<RouteId, Extra>> = {
  // Logout is a GET (the spec's link) but stores the user's signedOutAt time.
  'security-logout': { table: 'read-write' },
  'password-reset-request': { sendsMail: true },
  // New permanent password, then every session of the user ends (functions/core/security/password-reset.ts).
  'password-reset-complete': { cognito: ['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUserGlobalSignOut'] },

  // Welcome mail with the temporary password; the user's group follows the role.
  'users-create': {
    sendsMail: true,
    cognito: [
      // functions/platform/users-admin.ts: look up, create, put in the role's group.
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminAddUserToGroup',
      // Undo the Cognito user when the table transaction fails.
      'cognito-idp:AdminDeleteUser',
    ],
  },
  'users-update': {
    cognito: [
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminListGroupsForUser',
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminRemoveUserFromGroup',
    ],
  },
  'users-delete': { cognito: ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminUserGlobalSignOut'] },

  // Allow-listed templates and recipients only (enforced in the handler).
  'email-send': { sendsMail: true },
  'integration-status-update': completesSteps,
  'traffic-rules-create': completesSteps,
  'traffic-rules-apply': completesSteps,
  'analytics-access': completesSteps,
  'analytics-dimension': completesSteps,
  'analytics-events': completesSteps,

  // A presigned POST is signed with the function's credentials: the upload needs PutObject.
  'order-feed-upload': { feedBucket: ['put'] },
  'order-feed-check': { ...completesSteps, feedBucket: ['get'] },
};

export function grantsFor(route: RouteDef): RouteGrants {
  const extra = extras[route.id as RouteId] ?? {};
  return {
    table: extra.table ?? (route.method === 'GET' ? 'read' : 'read-write'),
    sendsMail: extra.sendsMail ?? false,
    cognito: [...(extra.cognito ?? [])].sort(),
    feedBucket: [...(extra.feedBucket ?? [])].sort(),
  };
}

/** Stable key of a grant set: routes with the same key share one IAM role. */
export function grantsKey(grants: RouteGrants): string {
  return [
    `table=${grants.table}`,
    grants.sendsMail ? 'mail' : '',
    grants.feedBucket.length ? `s3=${grants.feedBucket.join('+')}` : '',
    grants.cognito.length ? `cognito=${grants.cognito.map((a) => a.replace('cognito-idp:Admin', '')).join('+')}` : '',
  ]
    .filter(Boolean)
    .join(';');
}

/** DynamoDB actions per access level. No Scan: request paths use Query only (ARCHITECTURE §4). */
export const tableActions: Record<TableAccess, readonly string[]> = {
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
};
