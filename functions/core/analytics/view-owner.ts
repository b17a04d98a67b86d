import { ViewIdTakenError, type CompanyRecord } from '../../data/companies';
import { ValidationError } from '../../platform/errors';

/**
 * One service account reads every customer's property, so Google's access rule does not say
 * whose property a View ID is: a View ID belongs to the one company that stored it. The data
 * layer refuses to store one another company holds (data/companies.ts, ViewIdTakenError: a guard
 * item per View ID, claimed in the company's transaction), so a company's stored View ID is its
 * own; any other View ID a company sends is refused when another company holds it (400 on the
 * View ID field, nothing read), or any company could read another's traffic and orders by
 * typing its number. Moving a View ID between companies: docs/analytics.md, "Whose View ID".
 */
export async function ensureOwnView(
  company: Pick<CompanyRecord, 'id' | 'viewId'>,
  viewId: string,
  /** Ids of the companies that hold a View ID (the callers' deps: data/companies companiesWithViewId). */
  owners: (viewId: string) => Promise<string[]>,
): Promise<void> {
  if (company.viewId === viewId) return;
  if ((await owners(viewId)).some((id) => id !== company.id)) throw viewIdTaken('view_id');
}

/** The answer to a View ID another company holds, on the request's field (`view_id`; the companies forms' `viewId`). */
const viewIdTaken = (field: 'view_id' | 'viewId'): ValidationError =>
  new ValidationError({ [field]: 'validation.analytics.viewIdTaken' }, 'This View ID is stored for another company');

/** Runs a write that may store a View ID; the data layer's refusal becomes the 400 on `field`. */
export async function storingViewId<T>(field: 'view_id' | 'viewId', write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ViewIdTakenError) throw viewIdTaken(field);
    throw error;
  }
}
