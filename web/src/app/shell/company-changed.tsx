import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import type { ScopedMutator } from 'swr';
import { T, useT } from '../../i18n/t';
import { CURRENT_USER_KEY, useCurrentUser } from '../../lib/api/session';
import { Callout } from '../../ui/callout';
import { allButCompanyList } from './company-list-cache';

/**
 * After the current company changed (this tab's switcher, another tab, a deletion): the current
 * user FIRST, since its company is what every company-scoped call names (X-Portal-Company), then
 * every other entry but the company list. Refreshing both at once would send the pages' calls
 * with the old company and have them refused.
 */
export async function revalidateForCompanyChange(mutate: ScopedMutator): Promise<void> {
  await mutate(CURRENT_USER_KEY);
  await mutate(allButCompanyList);
}

// A tiny store outside React: the API client (plain module) raises the notice, the shell shows it.
let shown = false;
const listeners = new Set<() => void>();

function setShown(next: boolean): void {
  shown = next;
  listeners.forEach((listener) => listener());
}

// Several calls of one page may be refused together: one reload serves them all.
let reloading: Promise<void> | null = null;

/**
 * 409 company-changed: nothing was saved. The data is read again with the current company and the
 * notice says why; the page is not reloaded, so what the user typed in a form stays there.
 */
export function companyChanged(mutate: ScopedMutator): void {
  reloading ??= revalidateForCompanyChange(mutate)
    .catch(() => undefined)
    .finally(() => {
      reloading = null;
      setShown(true);
    });
}

/** The notice above the page, with the company now shown; it goes on the next navigation or its button. */
export function CompanyChangedNotice() {
  const t = useT();
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const visible = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
  );
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else setShown(false);
  }, [pathname]);
  if (!visible || !user) return null;
  return (
    <div className="company-changed" data-testid="company-changed">
      <Callout tone="warning" title={<T id="company.changedTitle" />}>
        <p>
          <T id="company.changedNotice" values={{ company: user.currentCompany.name }} />
        </p>
      </Callout>
      <button type="button" className="icon-button company-changed-close" onClick={() => setShown(false)} aria-label={t('company.changedDismiss')}>
        <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  );
}
