import type { Collector } from '../../shared/domain/types';
import { companyItems, type WriteOutcome } from './company-items';
import { keys } from './keys';

/**
 * A company's collectors: items of its partition (`keys.collector`), so the page's list is one
 * Query and a collector can never be reached through another company's id: every read and write
 * names the caller's partition. Edits and deletes are conditional on the version read.
 */

export interface CollectorRecord extends Collector {
  companyId: string;
  created: string;
  updated: string;
}

export type CollectorFields = Pick<Collector, 'source' | 'accessEmail' | 'comment' | 'commentStatus' | 'configStatus' | 'collectStatus'>;

/** What a conditional write found when its condition failed. */
export type CollectorWrite<T> = WriteOutcome<T>;

const collectors = companyItems<CollectorRecord>(keys.collector, keys.collectorPrefix, 'collector');

/** Every collector of the company (one Query of its partition). */
export const listCollectors = collectors.list;
/** Writes a new collector; an id already taken in the partition is refused (never overwritten). */
export const putNewCollector = collectors.putNew;
/** Deletes the collector only on the version the editor read. */
export const deleteCollector = collectors.remove;

/** Replaces the editable fields only on the version the editor read; the version goes up by one. */
export const replaceCollector = (companyId: string, id: string, expectedVersion: number, fields: CollectorFields, at: string): Promise<CollectorWrite<CollectorRecord>> =>
  collectors.update(companyId, id, expectedVersion, { ...fields, updated: at });
