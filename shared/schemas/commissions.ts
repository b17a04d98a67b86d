import { mixed, object, string, type InferType } from 'yup';
import { versionOnlySchema } from './common';
import { schema } from './define';

/**
 * Request schemas of the affiliate commissions calls (POST /api/affiliate-commissions, DELETE
 * /api/affiliate-commissions/{id}); the create form uses the same object. That the source exists
 * in the company and is a CPO source is checked by the server (core/commissions).
 */

export const COMMISSION_TYPES = ['fixed', 'percent'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];
/** A fixed commission is an amount per order: anything above this is a typo. */
const MAX_FIXED_COMMISSION = 1_000_000;
/** The smallest commission, fixed or percent: a cent (or 0.01%). Also keeps 1e-300 out of DynamoDB, whose numbers stop at 1e-130. */
export const MIN_COMMISSION = 0.01;

export const commissionCreateSchema = /* @__PURE__ */ schema(() =>
  object({
    sourceName: string().nonNullable('validation.required').trim().required('validation.required').max(120, 'validation.source.nameTooLong'),
    type: mixed<CommissionType>().transform((value: unknown) => (value === '' ? undefined : value)).nonNullable('validation.required').required('validation.required').oneOf(COMMISSION_TYPES, 'validation.commission.type'),
    // A JSON number (the form's number input gives one); text such as "ten" or "12" is refused with
    // the commission's own message, not the platform's generic type error (hence mixed, not number).
    commission: mixed<number>()
      .meta({ jsonSchema: { type: 'number' } }) // for docs/openapi.json: the tests below say it
      .transform((value: unknown) => (value === '' ? undefined : value))
      .nonNullable('validation.required')
      .required('validation.required')
      // Number.isFinite is false for anything but a finite number (no coercion): text, NaN, Infinity.
      .test('commission-number', 'validation.commission.number', (value) => Number.isFinite(value))
      .test('commission-range', 'validation.commission.fixed', function check(value) {
        const { type } = this.parent as { type?: CommissionType };
        if (typeof value !== 'number') return true; // the test above says so
        // Percent: 0.01 to 100; fixed: 0.01 to MAX_FIXED_COMMISSION.
        if (type === 'percent') return (value >= MIN_COMMISSION && value <= 100) || this.createError({ message: 'validation.commission.percent' });
        // Refused with the test's own message, validation.commission.fixed.
        return value >= MIN_COMMISSION && value <= MAX_FIXED_COMMISSION;
      }),
  }),
);
export type CommissionCreateRequest = InferType<typeof commissionCreateSchema>;

/** DELETE /api/affiliate-commissions/{id}: the version read. */
export const commissionDeleteSchema = versionOnlySchema;
