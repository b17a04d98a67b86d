import { listRows, type Key, type ListName } from './keys';
import { queryPage, tableName, type TransactItem } from './table';
import { searchText } from '../../shared/domain/search-text';

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
  /** The user belongs to the platform team's company (the users list's Team toggle). */
  team?: boolean;
}

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
export function rowItems(list: ListName, listing: Listing): Record<string, unknown>[] {
  const words = wordsOf(listing);
  return Object.entries(listing.sort).map(([sort, value]) => ({
    ...listRows.row(list, sort, value, listing.id),
    id: listing.id,
    words,
    ...(listing.team ? { team: true } : {}),
  }));
}

const same = (a: Key, b: Key): boolean => a.pk === b.pk && a.sk === b.sk;

/**
 * The transaction items that move a record's rows from `before` (the keys it held: none for a new
 * record) to `after` (null: the record is deleted): rows that moved are deleted, the others put
 * again. A transaction may not touch an item twice, so a kept key is only put.
 */
export function rowWrites(list: ListName, before: readonly Key[], after: Listing | null): { items: TransactItem[]; keys: Key[] } {
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
export const rowKeys = (list: ListName, listing: Listing): Key[] => Object.entries(listing.sort).map(([sort, value]) => listRows.row(list, sort, value, listing.id));

export interface ListQuery {
  sort: string;
  dir: 'asc' | 'desc';
  /** A substring of one searchable field, case and accents ignored; empty: every row. */
  search?: string;
  /** Leave out the team company's users. */
  hideTeam?: boolean;
}

/**
 * One page of a list: the ids of up to `limit` records in the order asked, and the cursor of the
 * next page (null at the end). Without a search, one Query of `limit` rows. With one, the rows are
 * filtered as they are read and at most READS x PER_READ of them are looked at: a rare match in a
 * long list answers what was found so far with its cursor (the page may be short, even empty),
 * so no request reads the whole list. The cursor is bound to the list, sort, order and search.
 */
export async function listPage(list: ListName, query: ListQuery, cursor: string | null, limit: number): Promise<{ ids: string[]; next: string | null }> {
  const search = searchText(query.search?.trim() ?? '');
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': listRows.partition(list, query.sort) };
  if (search) {
    filters.push('contains(#words, :search)');
    values[':search'] = search;
  }
  if (query.hideTeam) filters.push('attribute_not_exists(team)');
  const filtered = filters.length > 0;
  const { items, next } = await queryPage(
    {
      KeyConditionExpression: 'pk = :pk',
      ...(filtered ? { FilterExpression: filters.join(' AND ') } : {}),
      ...(search ? { ExpressionAttributeNames: { '#words': 'words' } } : {}),
      ExpressionAttributeValues: values,
      ProjectionExpression: 'pk, sk, id',
      ScanIndexForward: query.dir === 'asc',
    },
    cursor,
    limit,
    { scope: `list:${list}:${query.sort}:${query.dir}:${search}:${query.hideTeam ? 'noteam' : 'all'}`, ...(filtered ? { maxReads: READS, perRead: PER_READ } : {}) },
  );
  return { ids: items.map((item) => item.id as string), next };
}
