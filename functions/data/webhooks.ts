import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Webhook, WebhookAttempt } from '../../shared/domain/webhooks';
import { companyItems, countPartition } from './company-items';
import { keys } from './keys';
import { db, prefixRange, stripKeys, tableName } from './table';

/**
 * A company's webhook endpoints: items of its partition (`keys.webhook`), audited on every write
 * (audit.ts leaves the secrets out). The secrets are kept as they are, not hashed: signing needs
 * them. Each try of a delivery leaves a log line under `keys.webhookAttempt`, which expires.
 */

export interface WebhookRecord extends Webhook {
  companyId: string;
  secret: string;
  /** The secret before the last rotation, still signing until `previousSecretUntil`. */
  previousSecret: string | null;
}

const webhooks = companyItems<WebhookRecord>(keys.webhook, keys.webhookPrefix, 'webhook');

export const getWebhook = webhooks.get;
export const listWebhooks = webhooks.list;
export const putNewWebhook = webhooks.putNew;
export const updateWebhook = webhooks.update;
export const deleteWebhook = webhooks.remove;
export const countWebhooks = (companyId: string): Promise<number> => countPartition(companyId, keys.webhookPrefix);

/** Log lines are kept this long. */
const ATTEMPT_RETENTION_DAYS = 30;

type StoredAttempt = Omit<WebhookAttempt, 'state'>;

export async function putWebhookAttempt(companyId: string, webhookId: string, attempt: StoredAttempt): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.webhookAttempt(companyId, webhookId, attempt.at, attempt.deliveryId, attempt.attempt),
        companyId,
        webhookId,
        ...attempt,
        expiresAt: Math.floor(Date.parse(attempt.at) / 1000) + ATTEMPT_RETENTION_DAYS * 86_400,
      },
    }),
  );
}

/** The endpoint's last `limit` tries, newest first. */
export async function listWebhookAttempts(companyId: string, webhookId: string, limit: number): Promise<StoredAttempt[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...prefixRange(keys.companyPartition(companyId), keys.webhookAttemptPrefix(webhookId)),
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => {
    const { companyId: _c, webhookId: _w, expiresAt: _e, ...attempt } = stripKeys<StoredAttempt & { companyId: string; webhookId: string; expiresAt: number }>(item);
    return attempt;
  });
}
