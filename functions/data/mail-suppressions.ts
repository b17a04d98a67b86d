import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { MailSuppression } from '../../shared/domain/types';
import { asTransactItem, auditedWrite } from './audit';
import { keys } from './keys';
import { db, isConditionFailure, stripKeys, tableName } from './table';

/** Suppressed addresses (docs/deploy.md, "Bounces and complaints"): one item per address, written by the mail-events job. */

export async function getMailSuppression(address: string): Promise<MailSuppression | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.mailSuppression(address) }));
  return Item ? stripKeys<MailSuppression>(Item) : null;
}

/** Overwrites: the latest report of an address is the one shown. */
export async function putMailSuppression(suppression: MailSuppression): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.mailSuppression(suppression.address), ...suppression } }));
}

/**
 * Lifts the suppression of a user's address (an administrator's change of the user: recorded in
 * the user's history, in the same transaction). Returns whether there was one.
 */
export async function deleteMailSuppression(address: string, of: { id: string; companyId: string }): Promise<boolean> {
  const current = await getMailSuppression(address);
  if (!current) return false;
  try {
    await auditedWrite([asTransactItem('Delete', { Key: keys.mailSuppression(address), ConditionExpression: 'attribute_exists(pk)' })], {
      kind: 'user',
      action: 'update',
      recordId: of.id,
      companyId: of.companyId,
      before: { mailSuppression: current.type },
      after: {},
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false; // lifted meanwhile
    throw error;
  }
}
