import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SEARCH_MAX_LENGTH } from 'shared/domain/search-text';
import { useSWRConfig } from 'swr';
import { T, useT, type MessageId } from '../../i18n/t';
import { companiesList, usersChangeCurrentCompany } from 'shared/routes';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { revalidateForCompanyChange } from './company-changed';
import { COMPANY_LIST_CACHE } from './company-list-cache';
import { useDebounced } from '../../ui/table-tools';
import { pages, pageTitle } from '../pages';
import { includesText } from '../../ui/table-tools';

/** Same limit as the admin lists' search boxes (spec, section 9). */
const MAX_COMPANIES = 6;

interface Option {
  id: string;
  label: string;
  detail?: string;
  to: string;
  /** A company: choosing it makes it the current company. */
  companyId?: string;
}


/**
 * Admin search (combobox): pages flagged searchable, and companies whose name, product, View ID,
 * dimension, feed URL or country holds the text, asked of the server when typing pauses (a few
 * rows of GET /api/companies, never the whole list); choosing a company switches the current
 * company to it.
 */
export function AdminSearch() {
  const t = useT();
  const navigate = useNavigate();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const trimmed = query.trim();
  const { mutate } = useSWRConfig();
  const [switchFailed, setSwitchFailed] = useState(false);
  // The server's search over the companies as the admin types (a few rows), sent when typing pauses.
  const asked = useDebounced(trimmed);
  const companies = useRoute(asked ? companiesList : null, undefined, { query: { q: asked, limit: String(MAX_COMPANIES) }, shouldRetryOnError: false, keepPreviousData: true, ...COMPANY_LIST_CACHE });

  const pageOptions: Option[] = useMemo(
    () =>
      pages
        .filter((page) => page.searchable)
        .map((page) => ({ id: `page-${page.path}`, label: t(pageTitle(page, {}) as MessageId), to: page.path }))
        .filter((option) => includesText([option.label], trimmed)),
    [t, trimmed],
  );
  const companyOptions: Option[] = useMemo(
    () =>
      (companies.data?.companies ?? [])
        .slice(0, MAX_COMPANIES)
        .map((company) => ({
          id: `company-${company.id}`,
          label: company.name,
          detail: t('search.companyProduct', { product: t(`product.${company.product}` satisfies MessageId) }),
          to: '/dashboard',
          companyId: company.id,
        })),
    [companies.data, t],
  );
  const options = [...pageOptions, ...companyOptions];
  const expanded = open && trimmed.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = async (option: Option | undefined) => {
    if (!option) return;
    setSwitchFailed(false);
    if (option.companyId) {
      try {
        await mutateRoute(usersChangeCurrentCompany, { body: { company: option.companyId } });
        // Every company-scoped answer changes; the company list itself does not.
        await revalidateForCompanyChange(mutate);
      } catch {
        setSwitchFailed(true);
        return;
      }
    }
    setQuery('');
    setOpen(false);
    navigate(option.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length) setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : -1) + options.length) % options.length);
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      void choose(options[active]);
    } else if (event.key === 'Escape') {
      if (expanded) setOpen(false);
      else setQuery('');
    }
  };

  const companyNote = companies.error ? 'search.companiesUnavailable' : null;

  const renderOption = (option: Option, index: number) => (
    <div
      key={option.id}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      className={`search-option ${index === active ? 'is-active' : ''}`}
      onMouseDown={(event) => event.preventDefault() /* keep focus in the input */}
      onClick={() => void choose(option)}
      onMouseEnter={() => setActive(index)}
    >
      <span>{option.label}</span>
      {option.detail && <span className="muted small">{option.detail}</span>}
    </div>
  );

  return (
    <div className="admin-search" onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setOpen(false)}>
      <svg className="icon search-icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="11" cy="11" r="6.5" />
        <path d="M20 20l-4.2-4.2" />
      </svg>
      <input
        ref={input}
        type="search"
        className="input search-input"
        role="combobox"
        aria-label={t('search.label')}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && options[active] ? optionId(active) : undefined}
        placeholder={t('search.placeholder')}
        maxLength={SEARCH_MAX_LENGTH}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <div className="search-panel" hidden={!expanded}>
        {/* Options are grouped (Pages, Companies); the list is hidden when empty, as a listbox needs options. */}
        <div id={listId} role="listbox" aria-label={t('search.label')} hidden={options.length === 0}>
          {pageOptions.length > 0 && (
            <div role="group" aria-labelledby={`${listId}-pages`}>
              <div id={`${listId}-pages`} className="search-group">
                <T id="search.pages" />
              </div>
              {pageOptions.map((option, index) => renderOption(option, index))}
            </div>
          )}
          {companyOptions.length > 0 && (
            <div role="group" aria-labelledby={`${listId}-companies`}>
              <div id={`${listId}-companies`} className="search-group">
                <T id="search.companies" />
              </div>
              {companyOptions.map((option, index) => renderOption(option, pageOptions.length + index))}
            </div>
          )}
        </div>
        {options.length === 0 && (
          <p className="search-empty" role="status">
            <T id="search.noResults" values={{ query: trimmed }} />
          </p>
        )}
        {switchFailed && (
          <p className="search-note small" role="alert">
            <T id="company.switchFailed" />
          </p>
        )}
        {companyNote && (
          <p className="search-note muted small">
            <T id={companyNote} />
          </p>
        )}
      </div>
    </div>
  );
}
