import { useState, type ReactNode } from 'react';
import { SEARCH_MAX_LENGTH } from 'shared/schemas/security';
import { T, useT, type MessageId } from '../i18n/t';

/** Sorting, search and the empty row of the portal's list tables (spec: search max 128, a second click on a column reverses it). */

export interface Sort<K extends string> {
  key: K;
  dir: 'asc' | 'desc';
}

/** First click on a column sorts ascending; the same column again reverses the order. */
export function useSort<K extends string>(initial: Sort<K>) {
  const [sort, setSort] = useState(initial);
  const toggle = (key: K) => setSort((now) => (now.key === key ? { key, dir: now.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));
  return { sort, toggle };
}

/** Locale-aware comparison, empty values last whatever the direction. */
export function compareValues(a: string | null | undefined, b: string | null | undefined, dir: 'asc' | 'desc', locale: string): number {
  const empty = (v: string | null | undefined) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? 1 : -1;
  const order = a!.localeCompare(b!, locale, { numeric: true, sensitivity: 'base' });
  return dir === 'asc' ? order : -order;
}

/**
 * Case and accents ignored: a French admin types "integration" or "societe" without the accents, a
 * Russian one "е" for "ё". Every search box of the app (the lists and the header search) goes through it.
 */
const searchable = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

export const includesText = (values: Array<string | null | undefined>, query: string): boolean => {
  const q = searchable(query.trim());
  return !q || values.some((value) => value != null && searchable(value).includes(q));
};

/** A column header that sorts: a button with the state in aria-sort on the <th>. */
export function SortHeader<K extends string>({ column, label, sort, onSort }: { column: K; label: MessageId; sort: Sort<K>; onSort: (key: K) => void }) {
  const active = sort.key === column;
  return (
    <th scope="col" role="columnheader" aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        <T id={label} />
        <span className="sort-mark" aria-hidden="true">
          {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

export function SearchBox({ value, onChange, label, placeholder }: { value: string; onChange: (value: string) => void; label: MessageId; placeholder: MessageId }) {
  const t = useT();
  return (
    <input
      type="search"
      className="input table-search"
      aria-label={t(label)}
      placeholder={t(placeholder)}
      maxLength={SEARCH_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value.slice(0, SEARCH_MAX_LENGTH))}
    />
  );
}

export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr role="row">
      <td colSpan={colSpan} className="table-empty" role="status">
        {children}
      </td>
    </tr>
  );
}
