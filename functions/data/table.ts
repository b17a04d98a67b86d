import { documentClient } from '../platform/clients/dynamodb';
import { env } from '../platform/env';

/** Shared helpers of the repositories. */

export const db = () => documentClient();
export const tableName = () => env.tableName;

export const nowIso = (): string => new Date().toISOString();

/** Name of the error DynamoDB raises when a condition fails (single write or transaction). */
export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/** Reasons of a cancelled transaction, in the order of its items ('None' when that item passed). */
export function cancellationCodes(error: unknown): string[] {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> } | null)?.CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

/** Removes the key and index attributes so callers only ever see entities. */
export function stripKeys<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _g1p, gsi1sk: _g1s, gsi2pk: _g2p, gsi2sk: _g2s, ...rest } = item;
  return rest as T;
}
