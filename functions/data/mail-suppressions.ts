import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { MailSuppression } from '../../shared/domain/types';
import { keys } from './keys';
import { db, stripKeys, tableName } from './table';

/** Suppressed addresses (docs/deploy.md, "Bounces and complaints"): one item per address, written by the mail-events job. */

export async function getMailSuppression(address: string): Promise<MailSuppression | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.mailSuppression(address) }));
  return Item ? stripKeys<MailSuppression>(Item) : null;
}

/** Overwrites: the latest report of an address is the one shown. */
export async function putMailSuppression(suppression: MailSuppression): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.mailSuppression(suppression.address), ...suppression } }));
}

/** Returns whether there was one. */
export async function deleteMailSuppression(address: string): Promise<boolean> {
  const { Attributes } = await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.mailSuppression(address), ReturnValues: 'ALL_OLD' }));
  return Attributes !== undefined;
}
