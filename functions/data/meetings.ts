import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Meeting, MeetingDuration } from '../../shared/domain/types';
import { keys } from './keys';
import { db, isConditionFailure, stripKeys, tableName } from './table';

/**
 * The agenda's meetings: items of the company's partition (`keys.meeting`), so the agenda is
 * one Query and a meeting can never be reached through another company's id.
 */

export interface MeetingRecord extends Meeting {
  companyId: string;
  created: string;
  updated: string;
}

export type MeetingChanges = Partial<{ name: string; duration: MeetingDuration; datetime: string }>;

/** What a conditional write found when its condition failed. */
export type WriteOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'missing' | 'stale' };

/** Every meeting of the company (one Query of its partition, page by page). */
export async function listMeetings(companyId: string): Promise<MeetingRecord[]> {
  const found: MeetingRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':prefix': keys.meetingPrefix },
        // The agenda re-reads right after an add, a new date or a delete: it must see that write.
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) found.push(stripKeys<MeetingRecord>(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

export async function getMeeting(companyId: string, id: string): Promise<MeetingRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.meeting(companyId, id), ConsistentRead: true }));
  return Item ? stripKeys<MeetingRecord>(Item) : null;
}

/** Writes a new meeting; an id already taken in the partition is refused (never overwritten). */
export async function putNewMeeting(meeting: MeetingRecord): Promise<MeetingRecord> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.meeting(meeting.companyId, meeting.id), ...meeting },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return meeting;
}

/** Why a condition failed: the item is gone, or it moved past the version the editor read. */
async function failure(companyId: string, id: string): Promise<{ ok: false; reason: 'missing' | 'stale' }> {
  return { ok: false, reason: (await getMeeting(companyId, id)) ? 'stale' : 'missing' };
}

/** Applies the changes only on the version the editor read; the version goes up by one. */
export async function updateMeeting(
  companyId: string,
  id: string,
  expectedVersion: number,
  changes: MeetingChanges,
  at: string,
): Promise<WriteOutcome<MeetingRecord>> {
  const names: Record<string, string> = { '#version': 'version', '#updated': 'updated' };
  const values: Record<string, unknown> = { ':expected': expectedVersion, ':one': 1, ':at': at };
  const sets = ['#updated = :at'];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.meeting(companyId, id),
        UpdateExpression: `SET ${sets.join(', ')} ADD #version :one`,
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { ok: true, value: stripKeys<MeetingRecord>(Attributes!) };
  } catch (error) {
    if (isConditionFailure(error)) return failure(companyId, id);
    throw error;
  }
}

/** Deletes the meeting only on the version the editor read. */
export async function deleteMeeting(companyId: string, id: string, expectedVersion: number): Promise<WriteOutcome<null>> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.meeting(companyId, id),
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': expectedVersion },
      }),
    );
    return { ok: true, value: null };
  } catch (error) {
    if (isConditionFailure(error)) return failure(companyId, id);
    throw error;
  }
}
