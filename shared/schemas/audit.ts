import { object, string } from 'yup';
import { AUDIT_KINDS, COMPANY_HISTORY_KINDS } from '../domain/types';
import { calendarDay, calendarDayAfter, pageCursor } from './common';
import { schema } from './define';

/** The query parameters of GET /api/audit (the admin page's filters); every one optional. */

const ID = /^[A-Za-z0-9-]{1,64}$/;

export const AUDIT_PAGE_SIZE = 25;

export const auditQuerySchema = /* @__PURE__ */ schema(() =>
  object({
    company: string().matches(ID, 'validation.invalid'),
    user: string().matches(ID, 'validation.invalid'),
    subject: string().matches(ID, 'validation.invalid'),
    kind: string().oneOf([...AUDIT_KINDS], 'validation.invalid'),
    // Days (UTC, inclusive) that exist, the end not before the start: anything else is a 400, not an empty page.
    from: calendarDay(),
    to: calendarDayAfter('from'),
    cursor: pageCursor(),
  }).noUnknown(),
);

/** The query parameters of GET /api/company-history (a company's own history): a kind, days, the next page. */
export const companyHistoryQuerySchema = /* @__PURE__ */ schema(() =>
  object({
    kind: string().oneOf([...COMPANY_HISTORY_KINDS], 'validation.invalid'),
    from: calendarDay(),
    to: calendarDayAfter('from'),
    cursor: pageCursor(),
  }).noUnknown(),
);
