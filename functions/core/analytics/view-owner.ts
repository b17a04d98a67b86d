import type { CompanyRecord } from '../../data/companies';
import { ValidationError } from '../../platform/errors';

/**
 * One service account reads every customer's property, so Google's access rule does not say
 * whose property a View ID is: a View ID another company stored is refused (400 on view_id,
 * nothing read), or any company could read another's traffic and orders by typing its number.
 * The company's own stored View ID is always its own (an admin may give two companies one
 * property: the companies admin only warns about a duplicate).
 */
export async function ensureOwnView(
  company: Pick<CompanyRecord, 'id' | 'viewId'>,
  viewId: string,
  /** Ids of the companies that stored a View ID (the callers' deps: data/companies companiesWithViewId). */
  owners: (viewId: string) => Promise<string[]>,
): Promise<void> {
  if (company.viewId === viewId) return;
  if ((await owners(viewId)).some((id) => id !== company.id)) {
    throw new ValidationError({ view_id: 'validation.analytics.viewIdTaken' }, 'This View ID is stored for another company');
  }
}
