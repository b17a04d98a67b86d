import { listRows, type Key, type ListRef } from './keys';
import { prefixRange, queryPage, tableName, type TransactItem } from './table';
import { searchText } from '../../shared/domain/search-text';
import { ValidationError } from '../platform/errors';

/**
 * The sort-index rows of the admin lists (docs/architecture.md, "Admin lists"). A record of a
 * list (a user, a company) holds one small row per sort order, written in the SAME transaction as
 * the record: a page of a list is one Query of one row partition in the order asked, and the
 * records of the page are then read by key. A row carries the record's id, its search text and
 * the flags a list filters on; what is shown is always read from the record itself.
 */

/** What the rows of one record say: its sort values (one row each) and the text a search looks in. */
export interface Listing {
  id: string;
  sort: Record<string, string>;
  /** The searchable fields (joined as shared/domain/search-text.ts folds them: the search ignores case and accents). */
  words: ReadonlyArray<string | null | undefined>;
  /**
   * Flags a list's toggle leaves out (`ListQuery.hide`): `team`, the user belongs to the platform
   * team's company (the users list's Team toggle); `done`, a completed step (the status report's
   * Completed toggle).
   */
  flags?: readonly ListFlag[];
  /** Values a list's filters compare for equality (`ListQuery.where`: the status report's step and status). */
  fields?: Readonly<Record<string, string>>;
}

type ListFlag = 'team' | 'done';

/** A search text at most this long is kept per row (a manager of thousands of companies). */
const WORDS_MAX = 4000;

/** Reads of one filtered page: at most READS x PER_READ rows are looked at per request, whatever the list's size. */
const READS = 4;
const PER_READ = 500;

const wordsOf = (listing: Listing): string =>
  listing.words
    .filter((word): word is string => !!word)
    .map(searchText)
    .join('\n')
    .slice(0, WORDS_MAX);

/** The row items of a record, one per sort order. */
export function rowItems(list: ListRef, listing: Listing): Record<string, unknown>[] {
  const words = wordsOf(listing);
  return Object.entries(listing.sort).map(([sort, value]) => ({
    ...listRows.row(list, sort, value, listing.id),
    id: listing.id,
    words,
    ...Object.fromEntries((listing.flags ?? []).map((flag) => [flag, true])),
    ...listing.fields,
  }));
}

const same = (a: Key, b: Key): boolean => a.pk === b.pk && a.sk === b.sk;

/**
 * The transaction items that move a record's rows from `before` (the keys it held: none for a new
 * record) to `after` (null: the record is deleted): rows that moved are deleted, the others put
 * again. A transaction may not touch an item twice, so a kept key is only put.
 */
export function rowWrites(list: ListRef, before: readonly Key[], after: Listing | null): { items: TransactItem[]; keys: Key[] } {
  const rows = after ? rowItems(list, after) : [];
  const keys = rows.map(({ pk, sk }) => ({ pk: pk as string, sk: sk as string }));
  return {
    items: [
      ...before.filter((key) => !keys.some((kept) => same(kept, key))).map((Key) => ({ Delete: { TableName: tableName(), Key: { pk: Key.pk, sk: Key.sk } } })),
      ...rows.map((Item) => ({ Put: { TableName: tableName(), Item } })),
    ],
    keys,
  };
}

/** The row keys a listing makes (a record whose rows follow from its own fields: a company). */
export const rowKeys = (list: ListRef, listing: Listing): Key[] => Object.entries(listing.sort).map(([sort, value]) => listRows.row(list, sort, value, listing.id));

export interface ListQuery {
  sort: string;
  dir: 'asc' | 'desc';
  /** A substring of one searchable field, case and accents ignored; empty: every row. */
  search?: string;
  /** Leave out the rows with this flag (the team company's users, the completed steps). */
  hide?: ListFlag;
  /**
   * Sort-key prefixes read one after the other, each in the direction asked (the status report's
   * "failing first": the rows of the failing companies, then warning, unknown, healthy). None: the
   * whole partition in one order.
   */
  buckets?: readonly string[];
  /** Only the rows whose field has this value (`Listing.fields`). */
  where?: Readonly<Record<string, string>>;
}

/**
 * One page of a list: the ids of up to `limit` records in the order asked, and the cursor of the
 * next page (null at the end). Without a search, one Query of `limit` rows. With one, the rows are
 * filtered as they are read and at most READS x PER_READ of them are looked at: a rare match in a
 * long list answers what was found so far with its cursor (the page may be short, even empty),
 * so no request reads the whole list. The cursor is bound to the list, sort, order and search.
 * With `buckets`, the cursor starts with the bucket's index (the rest is `queryPage`'s, bound to
 * that bucket too); a bucket read to its end with room left on the page goes on with the next.
 */
export async function listPage(list: ListRef, query: ListQuery, cursor: string | null, limit: number): Promise<{ ids: string[]; next: string | null }> {
  const search = searchText(query.search?.trim() ?? '');
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const place = listRows.place(list, query.sort);
  const values: Record<string, unknown> = { ':pk': place.pk };
  if (search) {
    filters.push('contains(#words, :search)');
    names['#words'] = 'words';
    values[':search'] = search;
  }
  if (query.hide) {
    filters.push('attribute_not_exists(#hide)');
    names['#hide'] = query.hide;
  }
  const where = Object.entries(query.where ?? {}).sort(([a], [b]) => a.localeCompare(b));
  where.forEach(([field, value], i) => {
    filters.push(`#w${i} = :w${i}`);
    names[`#w${i}`] = field;
    values[`:w${i}`] = value;
  });
  const filtered = filters.length > 0;
  const owner = typeof list === 'string' ? list : `${list.name}@${list.companyId}`;
  const scope = `list:${owner}:${query.sort}:${query.dir}:${search}:${query.hide ? `no${query.hide}` : 'all'}${where.map(([field, value]) => `:${field}=${value}`).join('')}`;
  const read = (bucket: string | null, from: string | null, room: number) => {
    // A company's list shares its partition with the company's other items: its rows are those under its prefix.
    const begins = bucket === null && !place.prefix ? null : `${place.prefix}${bucket ?? ''}`;
    const key = begins === null ? { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: {} } : prefixRange(place.pk, begins);
    return queryPage(
      {
        KeyConditionExpression: key.KeyConditionExpression,
        ...(filtered ? { FilterExpression: filters.join(' AND '), ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: { ...values, ...key.ExpressionAttributeValues },
        ProjectionExpression: 'pk, sk, id',
        ScanIndexForward: query.dir === 'asc',
      },
      from,
      room,
      { scope: bucket === null ? scope : `${scope}:${bucket}`, ...(filtered ? { maxReads: READS, perRead: PER_READ } : {}) },
    );
  };
  const ids = (items: Record<string, unknown>[]) => items.map((item) => item.id as string);
  const { buckets } = query;
  if (!buckets) {
    const { items, next } = await read(null, cursor, limit);
    return { ids: ids(items), next };
  }
  // Stryker disable next-line ConditionalExpression: a cursor always starts with its bucket's digit (the schema's cursor pattern lets digits through)
  let index = cursor ? Number.parseInt(cursor.charAt(0), 10) : 0;
  if (!(index >= 0 && index < buckets.length)) throw new ValidationError({ cursor: 'validation.invalid' }, 'The cursor does not belong to this list, its sort or its search: start again from the first page');
  let from = cursor ? cursor.slice(1) || null : null;
  const found: string[] = [];
  for (; index < buckets.length; index++, from = null) {
    const { items, next } = await read(buckets[index]!, from, limit - found.length);
    found.push(...ids(items));
    if (next) return { ids: found, next: `${index}${next}` };
    // The page is full at a bucket's end: the next page starts at the next bucket.
    if (found.length >= limit) return { ids: found, next: index + 1 < buckets.length ? `${index + 1}` : null };
  }
  return { ids: found, next: null };
}
