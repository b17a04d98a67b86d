import { MATCH_THRESHOLD_DEFAULT, VOLUME_DROP_DEFAULT, type Company, type CompanySummary, type CurrentUser } from '../../../shared/domain/types';
import type { CompanyRecord } from '../../data/companies';
import type { UserRecord } from '../../data/users';
import { redactUrl } from '../../platform/feed-fetch/redact';
import { primaryRole } from './company-access';

/** API shapes of docs/conventions.md built from records (no storage-only fields leak out). */

export const toSummary = (company: CompanyRecord): CompanySummary => ({
  id: company.id,
  name: company.name,
  product: company.product,
  country: company.country,
});

export const toCompany = (company: CompanyRecord): Company => ({
  ...toSummary(company),
  viewId: company.viewId ?? null,
  dimensionIndex: company.dimensionIndex ?? null,
  // Without its login and password: customers, managers and the admin lists see the address, never
  // the secret (only the fetcher reads the stored URL). An edit sends the field only when changed.
  orderFeedUrl: company.orderFeedUrl ? redactUrl(company.orderFeedUrl) : null,
  matchThreshold: company.matchThreshold ?? MATCH_THRESHOLD_DEFAULT,
  volumeDropThreshold: company.volumeDropThreshold ?? VOLUME_DROP_DEFAULT,
  integrationSteps: company.integrationSteps ?? [],
  version: company.version,
  isDefault: company.isDefault === true,
});

export const byName = (a: { name: string }, b: { name: string }): number => a.name.localeCompare(b.name);

export function toCurrentUser(
  user: UserRecord,
  main: CompanyRecord,
  current: CompanyRecord,
  selectable: readonly CompanyRecord[],
): CurrentUser {
  const role = primaryRole(user);
  return {
    id: user.id,
    login: user.login,
    firstName: user.firstName,
    lastName: user.lastName,
    role,
    roles: user.roles.length ? user.roles : [role],
    company: toSummary(main),
    currentCompany: toSummary(current),
    managedCompanies: [...selectable].sort(byName).map(toSummary),
    // Only when on: the app page offers its removal.
    ...(user.mfaEnrolled ? { mfaEnrolled: true } : {}),
    healthAlerts: user.healthAlerts !== false,
  };
}
