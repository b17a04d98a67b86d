import { boolean, object, ref, string, type InferType } from 'yup';
import { schema } from './define';
import { isLongEnough, PASSWORD_MIN_LENGTH_FLOOR } from './password-policy';

/**
 * Request schemas of the sign-in and password calls, used by the web forms and the handlers.
 * Messages are i18n message ids (web/src/i18n), so the form shows them in the user's language
 * and the API answers them in `errors` for the client to translate.
 */


// Pragmatic e-mail pattern: one @, no spaces, a dot in the domain part.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const email = () =>
  string()
    .trim()
    .max(254, 'validation.email')
    .required('validation.required')
    .matches(EMAIL_PATTERN, 'validation.email');

/** A new password: the stage's minimum (at least the spec's 8: docs/openapi.json says that floor, `x-checks` the stage's). */
export const newPassword = () =>
  string()
    .required('validation.required')
    .test('passwordMin', 'validation.passwordMin', isLongEnough)
    .max(256, 'validation.passwordMax')
    .meta({ jsonSchema: { minLength: PASSWORD_MIN_LENGTH_FLOOR } });

export const loginSchema = /* @__PURE__ */ schema(() => object({
  username: string().trim().required('validation.required').max(254, 'validation.email'),
  password: string().required('validation.required').max(256, 'validation.passwordMax'),
}));
export type LoginRequest = InferType<typeof loginSchema>;

export const newPasswordChallengeSchema = /* @__PURE__ */ schema(() => object({
  username: string().trim().required('validation.required').max(254, 'validation.email'),
  session: string().required('validation.required').max(4096, 'validation.required'),
  password: newPassword(),
}));
export type NewPasswordChallengeRequest = InferType<typeof newPasswordChallengeSchema>;

/** A TOTP code of an authenticator app: six digits (spaces a user may type are removed). */
const mfaCode = () =>
  string()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s/g, '') : value))
    .required('validation.required')
    .matches(/^\d{6}$/, 'validation.mfaCode');

/** POST /api/security/mfa: the sign-in's second step. */
export const mfaSignInSchema = /* @__PURE__ */ schema(() => object({
  username: string().trim().required('validation.required').max(254, 'validation.email'),
  session: string().required('validation.required').max(4096, 'validation.required'),
  code: mfaCode(),
}));
export type MfaSignInRequest = InferType<typeof mfaSignInSchema>;

/** The code field alone (the form of the sign-in's second step). */
export const mfaCodeSchema = /* @__PURE__ */ schema(() => object({ code: mfaCode() }));

/** The account's current password, asked again before a security change (re-authentication). */
const currentPassword = () => string().required('validation.required').max(256, 'validation.passwordMax');

/** POST /api/security/mfa-setup: a new authenticator secret, only with the current password. */
export const mfaSetupSchema = /* @__PURE__ */ schema(() => object({ password: currentPassword() }));

/** POST /api/security/mfa-setup/verify: the first code of a new authenticator, with the current password. */
export const mfaVerifySchema = /* @__PURE__ */ schema(() => object({ password: currentPassword(), code: mfaCode() }));

/** POST /api/security/mfa-remove: the owner removes the app with the password and a current code. */
export const mfaRemoveSchema = /* @__PURE__ */ schema(() => object({ password: currentPassword(), code: mfaCode() }));

/** The interface languages; mails go out in the one the user works in. */
const LANGUAGES = ['en', 'fr', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** `language`: the portal's current language, so the e-mail matches the page it was asked from. */
export const passwordResetRequestSchema = /* @__PURE__ */ schema(() =>
  object({ login: email(), language: string().oneOf(LANGUAGES, 'validation.invalid').default('en') }),
);
export type PasswordResetRequest = InferType<typeof passwordResetRequestSchema>;

/** `removeMfa`: the owner chose to remove the authenticator app with this reset (off unless asked). */
export const passwordResetCompleteSchema = /* @__PURE__ */ schema(() => object({ password: newPassword(), removeMfa: boolean().default(false) }));

/** The form also asks for the password twice; only `password` is sent. */
export const passwordChangeFormSchema = /* @__PURE__ */ schema(() => object({
  password: newPassword(),
  repeat: string()
    .required('validation.required')
    .oneOf([ref('password')], 'validation.passwordsDoNotMatch'),
}));

export const changeCurrentCompanySchema = /* @__PURE__ */ schema(() => object({
  company: string().trim().required('validation.required').max(64, 'validation.required'),
}));
