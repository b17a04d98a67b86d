import { array, mixed, number, object, string, type InferType } from 'yup';
import { COUNTRIES, PRODUCTS, STEP_TYPES, type Country, type Product, type StepType } from '../domain/types';
import { dimensionIndexRule, viewIdRule } from './analytics';
import { lineText, version } from './common';
import { schema } from './define';

/**
 * Request schemas of the companies admin (create, edit, legacy update of the current company).
 * The create form and the edit page use the same objects as the handlers. Messages are i18n ids.
 */

export const COMPANY_NAME_MAX_LENGTH = 128;
export const FEED_URL_MAX_LENGTH = 2048;
/** The schemes the feed checker fetches (http, https, ftp, sftp): another one could never be checked. */
export const FEED_URL_PATTERN = /^(?:https?|s?ftp):\/\/\S+$/i;

const name = () =>
  string().trim().required('validation.required').max(COMPANY_NAME_MAX_LENGTH, 'validation.company.nameTooLong').test(lineText);

/** An optional View ID or dimension index typed as text (the analytics checks' own rules): empty means "none" (null once stored). */
const viewId = () => viewIdRule(string().trim().nullable(), 'allowed');
const dimensionIndex = () => dimensionIndexRule(string().trim().nullable());

const feedUrl = () =>
  string()
    .trim()
    .nullable()
    .max(FEED_URL_MAX_LENGTH, 'validation.company.url')
    .matches(FEED_URL_PATTERN, { message: 'validation.company.url', excludeEmptyString: true });

/** A whole percent, 1..100: the company's health thresholds (administrators only: not in the legacy update). */
const percent = (message: string) =>
  number()
    // A number, never text that looks like one ("20" from a script is refused as the form would).
    .strict()
    .typeError(message)
    .nonNullable(message)
    .integer(message)
    .min(1, message)
    .max(100, message);
/** Company.matchThreshold: the share of the tested day's orders missing from analytics above which the feed check warns. */
const matchThreshold = () => percent('validation.company.matchThreshold');
/** Company.volumeDropThreshold: how far below the usual day the orders or sessions fall before the volume kind warns. */
const volumeDropThreshold = () => percent('validation.company.volumeDropThreshold');

const steps = () => array(mixed<StepType>().oneOf(STEP_TYPES, 'validation.invalid').defined()).max(STEP_TYPES.length, 'validation.invalid');

/** POST /api/companies. Defaults of the spec: product 360, country RU (steps: shared/domain/steps.ts). */
export const companyCreateSchema = /* @__PURE__ */ schema(() =>
  object({
    name: name(),
    product: mixed<Product>().oneOf(PRODUCTS, 'validation.invalid').default('360'),
    country: mixed<Country>().oneOf(COUNTRIES, 'validation.invalid').default('RU'),
    viewId: viewId(),
    dimensionIndex: dimensionIndex(),
    orderFeedUrl: feedUrl(),
    integrationSteps: steps().min(1, 'validation.company.noSteps').required('validation.company.noSteps'),
  }),
);
export type CompanyCreateRequest = InferType<typeof companyCreateSchema>;

/**
 * PUT /api/companies/{id}: only the changed fields, plus the `version` the editor read (a stale
 * one gets 409). Changing `integrationSteps` adds or removes the steps in the same transaction.
 */
export const companyUpdateSchema = /* @__PURE__ */ schema(() =>
  object({
    version: version(),
    name: name().optional().default(undefined),
    product: mixed<Product>().oneOf(PRODUCTS, 'validation.invalid').optional(),
    country: mixed<Country>().oneOf(COUNTRIES, 'validation.invalid').optional(),
    viewId: viewId().optional(),
    dimensionIndex: dimensionIndex().optional(),
    orderFeedUrl: feedUrl().optional(),
    matchThreshold: matchThreshold().optional(),
    volumeDropThreshold: volumeDropThreshold().optional(),
    integrationSteps: steps().min(1, 'validation.company.noSteps').optional().default(undefined),
  }),
);
export type CompanyUpdateRequest = InferType<typeof companyUpdateSchema>;

/**
 * POST /api/companies/update (legacy, the analytics checks): the CURRENT company's view id or
 * dimension index. With `version`, a conditional edit; without, it only fills a field that is
 * still empty ("stored the first time"), so it never silently overwrites an admin's value.
 */
export const companyUpdateCurrentSchema = /* @__PURE__ */ schema(() =>
  object({
    viewId: viewId().optional(),
    dimensionIndex: dimensionIndex().optional(),
    version: version().optional(),
  }).test('one-field', 'validation.company.viewIdOrDimension', (value) => value.viewId != null || value.dimensionIndex != null),
);
export type CompanyUpdateCurrentRequest = InferType<typeof companyUpdateCurrentSchema>;

/** The companies table's row editor (name required, the rest as on create). */
export const companyEditFormSchema = /* @__PURE__ */ schema(() =>
  object({
    name: name(),
    product: mixed<Product>().oneOf(PRODUCTS, 'validation.invalid').required('validation.required'),
    country: string().trim().required('validation.required'),
    viewId: viewId(),
    dimensionIndex: dimensionIndex(),
    orderFeedUrl: feedUrl(),
  }),
);

/** The edit page's form: the row's fields and the thresholds (required there: it always shows them). */
export const companyEditPageSchema = /* @__PURE__ */ schema(() =>
  companyEditFormSchema.shape({
    matchThreshold: matchThreshold().required('validation.company.matchThreshold'),
    volumeDropThreshold: volumeDropThreshold().required('validation.company.volumeDropThreshold'),
  }),
);
