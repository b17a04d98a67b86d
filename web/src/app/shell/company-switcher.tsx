import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { CurrentUser } from 'shared/domain/types';
import { T, useT } from '../../i18n/t';
import { companiesList, companiesManaged, usersChangeCurrentCompany } from 'shared/routes';
import { isAdmin } from '../../lib/api/session';
import { mutateRoute, useRoute } from '../../lib/api/use-route';
import { revalidateForCompanyChange } from './company-changed';
import { COMPANY_LIST_CACHE } from './company-list-cache';
import { SearchBox, useDebounced } from '../../ui/table-tools';

/** Companies an administrator's switcher offers for a text typed (a page of the server's search). */
const ADMIN_CHOICES = 20;

/**
 * Managers and admins switch the current company. The server keeps it (every company-scoped
 * call reads it from the session), so after the switch every SWR entry but the company list is
 * revalidated. Managers choose among their managed companies (GET /api/companies/managed);
 * admins type part of a company's name (or product, View ID...) in the filter beside the list,
 * which then offers the first 20 the server finds (GET /api/companies?q=, never every company).
 */
export function CompanySwitcher({ user }: { user: CurrentUser }) {
  const t = useT();
  const { mutate } = useSWRConfig();
  const admin = isAdmin(user);
  const [filter, setFilter] = useState('');
  const asked = useDebounced(filter.trim());
  const all = useRoute(admin ? companiesList : null, undefined, { query: { q: asked, limit: String(ADMIN_CHOICES) }, shouldRetryOnError: false, keepPreviousData: true, ...COMPANY_LIST_CACHE });
  const managed = useRoute(admin ? null : companiesManaged, undefined, { shouldRetryOnError: false });
  const data = admin ? all.data?.companies : managed.data;
  const error = admin ? all.error : managed.error;
  const id = useId();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const current = user.currentCompany;
  // Until the list arrives (or when it cannot be read) the current company is the only choice.
  const companies = data?.length ? data : current ? [current] : [];
  // A current company missing from the list (just created elsewhere): still shown as selected.
  const options = current && !companies.some((c) => c.id === current.id) ? [current, ...companies] : companies;

  const change = async (companyId: string) => {
    if (companyId === current?.id) return;
    setPending(true);
    setFailed(false);
    try {
      // The id comes from the server's own list; the server validates it with changeCurrentCompanySchema.
      await mutateRoute(usersChangeCurrentCompany, { body: { company: companyId } });
      await revalidateForCompanyChange(mutate);
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="company-switcher">
      <label className="visually-hidden" htmlFor={id}>
        <T id="company.label" />
      </label>
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 20V6l8-3v17M12 9l8 3v8M2 20h20M7 9h2M7 13h2M7 17h2" />
      </svg>
      {admin && (
        <SearchBox value={filter} onChange={setFilter} label="company.filter" className="switcher-filter" />
      )}
      <select
        id={id}
        className="select"
        value={current?.id ?? ''}
        disabled={pending || (!data && !error) || (options.length < 2 && !filter)}
        onChange={(event) => void change(event.target.value)}
        aria-describedby={failed ? `${id}-error` : undefined}
        title={t('company.label')}
      >
        {options.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </select>
      {pending && (
        <span className="visually-hidden" role="status">
          <T id="company.switching" />
        </span>
      )}
      {failed && (
        <p id={`${id}-error`} className="switcher-error" role="alert">
          <T id="company.switchFailed" />
        </p>
      )}
    </div>
  );
}
