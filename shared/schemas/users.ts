import { array, boolean, mixed, object, string, type InferType, type ValidationError } from 'yup';
import { ROLES, type Role } from '../domain/types';
import { lineText, version, versionOnlySchema } from './common';
import { COMPANY_NAME_MAX_LENGTH } from './companies';
import { schema } from './define';
import { passwordMinLength } from './password-policy';
import { email, newPassword } from './security';

/**
 * Request schemas of the users admin (POST /api/users, PUT and DELETE /api/users/{id}), used by
 * the create and edit forms and by the handlers. Companies travel by NAME, as the spec's User
 * entity has them (names are unique); the server resolves them to ids, which it stores.
 */

const USER_NAME_MAX_LENGTH = 100;
/** More managed companies than a manager could sensibly oversee is a wrong request. */
const MANAGED_COMPANIES_MAX = 500;

const personName = () => string().trim().max(USER_NAME_MAX_LENGTH, 'adminUsers.validation.nameTooLong').default('').test(lineText);
const companyName = () => string().trim().required('validation.required').max(COMPANY_NAME_MAX_LENGTH, 'adminUsers.validation.companyTooLong');
const role = () => mixed<Role>().required('validation.required').oneOf(ROLES, 'validation.invalid');

/** POST /api/users. `managedCompanies` only counts for managers (the server keeps just the main company otherwise). */
export const userCreateSchema = /* @__PURE__ */ schema(() =>
  object({
    login: email(),
    password: newPassword(),
    firstName: personName(),
    lastName: personName(),
    role: role(),
    company: companyName(),
    managedCompanies: array(string().trim().required('validation.required').max(COMPANY_NAME_MAX_LENGTH, 'adminUsers.validation.companyTooLong'))
      .max(MANAGED_COMPANIES_MAX, 'validation.invalid')
      .default([]),
  }),
);
export type UserCreateRequest = InferType<typeof userCreateSchema>;

/** Fields a PUT may change (spec: role travels as `roles`, managedCompanies as JSON text of names). */
const USER_UPDATE_FIELDS = ['login', 'firstName', 'lastName', 'roles', 'company', 'managedCompanies', 'password'] as const;
export type UserUpdateField = (typeof USER_UPDATE_FIELDS)[number];

/** The first message the create schema gives `value` as its `field`, or null when it passes. */
function problemOf(field: 'login' | 'password' | 'firstName' | 'lastName' | 'company', value: string | null): string | null {
  try {
    userCreateSchema.validateSyncAt(field, { [field]: value });
    return null;
  } catch (error) {
    return (error as ValidationError).message;
  }
}

/**
 * The message id of a bad `value` for `field`, or null when it is fine. Shared by the schema and
 * the edit form; a text field is judged by the create schema's own rule for it, so an edit cannot
 * store what a create refuses (a name with a bidi override, say).
 */
export function userFieldProblem(field: UserUpdateField, value: unknown): string | null {
  const text = typeof value === 'string' ? value : null;
  switch (field) {
    case 'login':
    case 'password':
      // Anything but a text is no value: the rule's own 'validation.required'.
      return problemOf(field, text);
    case 'firstName':
    case 'lastName':
    case 'company':
      return text === null ? 'validation.invalid' : problemOf(field, text);
    case 'roles':
      return Array.isArray(value) && value.length >= 1 && value.length <= ROLES.length && value.every((r) => (ROLES as readonly unknown[]).includes(r))
        ? null
        : 'validation.required';
    case 'managedCompanies':
      return parseManagedCompanies(value) ? null : 'validation.invalid';
  }
}

/** `managedCompanies` of a PUT: JSON text of a list of company names (at most MANAGED_COMPANIES_MAX). */
export function parseManagedCompanies(value: unknown): string[] | null {
  if (typeof value !== 'string' || value.length > 100_000) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed) || parsed.length > MANAGED_COMPANIES_MAX) return null;
    const isName = (name: unknown) =>
      // Stryker disable next-line ConditionalExpression: a name that is no text throws at trim(), which the catch below reads as null too
      typeof name === 'string' &&
      name.trim() !== '' &&
      name.length <= COMPANY_NAME_MAX_LENGTH;
    if (!parsed.every(isName)) return null;
    return parsed.map((name: string) => name.trim());
  } catch {
    return null;
  }
}

/** PUT /api/users/{id}: the changed fields only, and the version the editor read. */
export const userUpdateSchema = /* @__PURE__ */ schema(() =>
  object({
    version: version(),
    data: array(
      object({
        field: mixed<UserUpdateField>().required('validation.required').oneOf(USER_UPDATE_FIELDS, 'validation.invalid'),
        value: mixed<string | string[]>()
          .meta({ jsonSchema: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } }) // for docs/openapi.json
          .defined('validation.required')
          .test('user-field', 'validation.invalid', function check(value) {
            const field = (this.parent as { field?: unknown }).field;
            if (!(USER_UPDATE_FIELDS as readonly unknown[]).includes(field)) return true; // reported on `field`
            const problem = userFieldProblem(field as UserUpdateField, value);
            return problem === null || this.createError({ message: problem });
          }),
      }),
    )
      .required('validation.required')
      .min(1, 'adminUsers.validation.nothingChanged')
      .max(USER_UPDATE_FIELDS.length, 'validation.invalid')
      .test('unique-fields', 'validation.invalid', (items) => !items || new Set(items.map((item) => item.field)).size === items.length),
  }),
);
export type UserUpdateRequest = InferType<typeof userUpdateSchema>;

/** DELETE /api/users/{id}: the version the list showed (deleting a user someone just changed is refused too). */
/** DELETE /api/users/{id}: the version read. */
export const userDeleteSchema = versionOnlySchema;

/** Letters and digits without look-alikes (0/O, 1/l/I): the password is read from an e-mail. */
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';

/** Length of a generated password: the spec's 10, or the minimum in force when a stage raises it above 10. */
export const generatedPasswordLength = (): number => Math.max(10, passwordMinLength());

/**
 * The create form's 'generate' action (and the welcome mail's new temporary password): generatedPasswordLength() letters and digits, at least one upper, one lower and one digit, from crypto.getRandomValues
 * (rejection sampling: no modulo bias). shared/ uses no platform global: the caller passes
 * `(buffer) => crypto.getRandomValues(buffer)`.
 */
export type RandomFill = (buffer: Uint32Array) => Uint32Array;

export function generatePassword(random: RandomFill): string {
  const below = (n: number): number => {
    const limit = Math.floor(0x1_0000_0000 / n) * n;
    for (;;) {
      const value = random(new Uint32Array(1))[0]!;
      if (value < limit) return value % n;
    }
  };
  const pick = (alphabet: string): string => alphabet[below(alphabet.length)]!;
  const all = UPPER + LOWER + DIGITS;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS)];
  const length = generatedPasswordLength();
  while (chars.length < length) chars.push(pick(all));
  // Fisher-Yates, so the guaranteed classes are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** POST /api/users/current/preferences: the data-health alert mails on or off (docs/product.md, "Data health"). */
export const userPreferencesSchema = /* @__PURE__ */ schema(() =>
  object({
    healthAlerts: boolean().strict().typeError('validation.invalid').required('validation.required'),
  }),
);
export type UserPreferencesRequest = InferType<typeof userPreferencesSchema>;
