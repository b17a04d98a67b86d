import { object, string } from 'yup';
import { AUDIT_KINDS } from '../domain/types';
import { schema } from './define';

/** The query parameters of GET /api/audit (the admin page's filters); every one optional. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[A-Za-z0-9-]{1,64}$/;

export const AUDIT_PAGE_SIZE = 25;

export const auditQuerySchema = /* @__PURE__ */ schema(() =>
  object({
    company: string().matches(ID, 'validation.invalid'),
    user: string().matches(ID, 'validation.invalid'),
    subject: string().matches(ID, 'validation.invalid'),
    kind: string().oneOf([...AUDIT_KINDS], 'validation.invalid'),
    from: string().matches(DAY, 'validation.invalid'),
    to: string().matches(DAY, 'validation.invalid'),
    cursor: string().max(2000, 'validation.invalid').matches(/^[A-Za-z0-9_-]*$/, 'validation.invalid'),
  }).noUnknown(),
);
