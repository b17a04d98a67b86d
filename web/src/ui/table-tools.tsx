import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { T, useT, type MessageId } from '../i18n/t';
import { LIST_VIEW } from '../lib/use-unsaved-changes';
import { Button } from './button';
import { SEARCH_MAX_LENGTH, searchText } from 'shared/domain/search-text';

/** Sorting, search and the empty row of the portal's list tables (spec: search max 128, a second click on a column reverses it). */

export interface Sort<K extends string> {
  key: K;
  dir: 'asc' | 'desc';
}

/**
 * Case and accents ignored: a French admin types "integration" or "societe" without the accents, a
 * Russian one "е" for "ё". Every search box of the app (the lists and the header search) goes through it.
 */

export const includesText = (values: Array<string | null | undefined>, query: string): boolean => {
  const q = searchText(query.trim());
  return !q || values.some((value) => value != null && searchText(value).includes(q));
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

/** A search field of at most 128 characters (lists, type-ahead filters); its placeholder is its label unless said. */
export function SearchBox({ value, onChange, label, placeholder = label, disabled, className = 'table-search' }: { value: string; onChange: (value: string) => void; label: MessageId; placeholder?: MessageId; disabled?: boolean; className?: string }) {
  const t = useT();
  return (
    <input
      type="search"
      className={`input ${className}`}
      disabled={disabled}
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
      {/* A row holds cells (axe: aria-required-children): the status, announced when a search empties the list, is inside. */}
      <td colSpan={colSpan} className="table-empty" role="cell">
        <span role="status">{children}</span>
      </td>
    </tr>
  );
}

/** How long typing pauses before a search goes to the server. */
const SEARCH_PAUSE_MS = 300;

/** `value`, once it has stayed the same for `ms` (a search box's text sent when typing pauses). */
export function useDebounced<V>(value: V, ms = SEARCH_PAUSE_MS): V {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The state of a list the server pages, sorts and searches (docs/web.md, "Lists paged by the
 * server"), kept in the URL: `q` (sent when typing pauses), `sort`, `dir` and `page` (the cursor of
 * the page shown). Next page pushes a history entry, so Back and "Previous page" return to the
 * page before; a new search or sort starts again at the first page.
 */
export function useListUrl<K extends string>(initial: Sort<K>, keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const urlQuery = params.get('q') ?? '';
  const [text, setText] = useState(urlQuery);
  const settled = useDebounced(text);
  const sortParam = params.get('sort') as K | null;
  const sort: Sort<K> = {
    key: sortParam && keys.includes(sortParam) ? sortParam : initial.key,
    dir: params.get('dir') === 'desc' ? 'desc' : params.get('dir') === 'asc' ? 'asc' : initial.dir,
  };
  const cursor = params.get('page');
  /** Pages moved forward from where the user came in (Previous goes back in history while there are some). */
  const depth = (location.state as { listDepth?: number } | null)?.listDepth ?? 0;

  const update = (changes: Record<string, string | null>, push = false, state?: object) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    // flushSync: a navigation is applied in a transition, which a page still loading would hold back (the header's order would lag the click).
    // LIST_VIEW: the same page shows another view of its list, not a page left (no unsaved-changes question).
    setParams(next, { replace: !push, state: { ...state, ...LIST_VIEW }, flushSync: true });
  };

  // The search this box last sent to the URL: the URL's other changes (Back) set the box's text.
  const sent = useRef(urlQuery);
  useEffect(() => {
    const q = settled.trim();
    if (q === urlQuery.trim()) return;
    sent.current = q;
    update({ q: q || null, page: null });
    // Only the settled text moves the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  useEffect(() => {
    // The box's own search coming back through the URL leaves what is typed since alone.
    if (urlQuery === sent.current) return;
    sent.current = urlQuery;
    setText(urlQuery);
  }, [urlQuery]);

  return {
    text,
    setText,
    search: urlQuery.trim(),
    sort,
    toggleSort: (key: K) => update({ sort: key, dir: sort.key === key && sort.dir === 'asc' ? 'desc' : 'asc', page: null }),
    cursor,
    setParam: (name: string, value: string | null) => update({ [name]: value, page: null }),
    param: (name: string) => params.get(name),
    nextPage: (next: string) => update({ page: next }, true, { listDepth: depth + 1 }),
    previousPage: depth > 0 ? () => navigate(-1) : null,
    firstPage: cursor ? () => update({ page: null }, true, { listDepth: 0 }) : null,
  };
}

/**
 * The pager under a list the server pages: Previous (history back), First page, Next. A search
 * that found nothing more in the part of the list it read still offers Next ("go on searching").
 */
export function Pager({ list, next, shown, label }: { list: Pick<ReturnType<typeof useListUrl>, 'cursor' | 'previousPage' | 'firstPage' | 'nextPage'>; next: string | null | undefined; shown: number; label: MessageId }) {
  const t = useT();
  if (!next && !list.cursor) return null;
  return (
    <nav className="pager" aria-label={t(label)}>
      {list.previousPage ? (
        <Button variant="secondary" onClick={list.previousPage}>
          <T id="table.pager.previous" />
        </Button>
      ) : (
        list.firstPage && (
          <Button variant="secondary" onClick={list.firstPage}>
            <T id="table.pager.first" />
          </Button>
        )
      )}
      {next && shown === 0 && (
        <span className="muted" role="status">
          <T id="table.pager.searching" />
        </span>
      )}
      {next && (
        <Button variant="secondary" onClick={() => list.nextPage(next)}>
          <T id="table.pager.next" />
        </Button>
      )}
    </nav>
  );
}
