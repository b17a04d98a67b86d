import { describe, expect, it } from 'vitest';
import {
  changeCurrentCompanySchema,
  loginSchema,
  mfaCodeSchema,
  mfaRemoveSchema,
  mfaSetupSchema,
  mfaSignInSchema,
  mfaVerifySchema,
  newPasswordChallengeSchema,
  passwordChangeFormSchema,
  passwordResetCompleteSchema,
  passwordResetRequestSchema,
} from './security';
import { passwordMinLength } from './password-policy';
import { errorsOf } from './testing/errors';

const PASSWORD = 'p'.repeat(passwordMinLength());

describe('sign-in schemas', () => {
  it.each([
    [{ username: 'a@b.io', password: 'x' }, null], // a sign-in does not judge the password, Cognito does
    [{ username: ` ${'u'.repeat(254)} `, password: 'p'.repeat(256) }, null],
    [{ username: 'u'.repeat(255), password: 'x' }, { username: 'validation.email' }],
    [{ username: 'a@b.io', password: 'p'.repeat(257) }, { password: 'validation.passwordMax' }],
    [{ username: '  ', password: '' }, { username: 'validation.required', password: 'validation.required' }],
  ])('login %j: %j', (body, errors) => {
    expect(errorsOf(loginSchema, body)).toEqual(errors ?? {});
  });

  it.each([
    [{ session: 's', password: PASSWORD }, null],
    [{ session: 's'.repeat(4096), password: 'p'.repeat(256) }, null],
    [{ session: 's'.repeat(4097), password: PASSWORD }, { session: 'validation.required' }],
    [{ session: '', password: PASSWORD }, { session: 'validation.required' }],
    [{ session: 's', password: 'p'.repeat(passwordMinLength() - 1) }, { password: 'validation.passwordMin' }],
    [{ session: 's', password: 'p'.repeat(257) }, { password: 'validation.passwordMax' }],
    [{ session: 's', password: '' }, { password: 'validation.required' }],
    [{ session: 's', password: PASSWORD, username: 'u'.repeat(255) }, { username: 'validation.email' }],
  ])('new password challenge %j: %j', (change, errors) => {
    expect(errorsOf(newPasswordChallengeSchema, { username: 'a@b.io', ...change })).toEqual(errors ?? {});
  });

  it.each([
    ['123456', null, '123456'],
    [' 123 456 ', null, '123456'], // the spaces an app shows, or a user types, are removed
    ['12\t34\n56', null, '123456'],
    ['12345', 'validation.mfaCode', null],
    ['1234567', 'validation.mfaCode', null],
    ['12345a', 'validation.mfaCode', null],
    ['a123456', 'validation.mfaCode', null],
    ['', 'validation.required', null],
    ['   ', 'validation.required', null],
    [null, 'validation.required', null],
  ])('an authenticator code %j: %s', (code, message, read) => {
    expect(errorsOf(mfaCodeSchema, { code })).toEqual(message ? { code: message } : {});
    if (read) expect(mfaCodeSchema.validateSync({ code }).code).toBe(read);
    for (const schema of [mfaVerifySchema, mfaRemoveSchema]) expect(errorsOf(schema, { password: 'x', code })).toEqual(message ? { code: message } : {});
    expect(errorsOf(mfaSignInSchema, { username: 'a@b.io', session: 's', code })).toEqual(message ? { code: message } : {});
  });

  it('the second sign-in step needs its username and session', () => {
    expect(errorsOf(mfaSignInSchema, { code: '123456' })).toEqual({ username: 'validation.required', session: 'validation.required' });
    expect(errorsOf(mfaSignInSchema, { username: 'u'.repeat(255), session: 's'.repeat(4097), code: '123456' })).toEqual({
      username: 'validation.email',
      session: 'validation.required',
    });
  });

  it('a security change asks for the current password, whatever its length, up to 256', () => {
    expect(errorsOf(mfaSetupSchema, { password: 'x' })).toEqual({});
    expect(errorsOf(mfaSetupSchema, {})).toEqual({ password: 'validation.required' });
    expect(errorsOf(mfaSetupSchema, { password: 'p'.repeat(257) })).toEqual({ password: 'validation.passwordMax' });
    expect(errorsOf(mfaVerifySchema, { code: '123456' })).toEqual({ password: 'validation.required' });
    expect(errorsOf(mfaRemoveSchema, { password: 'p'.repeat(257), code: '123456' })).toEqual({ password: 'validation.passwordMax' });
  });
});

describe('password reset and change schemas', () => {
  it.each([
    [{ login: 'a@b.io' }, null],
    [{ login: ' a@b.io ', language: 'ru' }, null],
    [{ login: `${'a'.repeat(249)}@b.io` }, null],
    [{ login: `${'a'.repeat(250)}@b.io` }, { login: 'validation.email' }],
    [{ login: 'a@b' }, { login: 'validation.email' }],
    [{ login: 'a@@b.io' }, { login: 'validation.email' }],
    [{ login: 'a b@c.io' }, { login: 'validation.email' }],
    [{ login: 'x a@b.io' }, { login: 'validation.email' }],
    [{ login: 'a@b.io x' }, { login: 'validation.email' }],
    [{ login: '' }, { login: 'validation.required' }],
    [{ login: 'a@b.io', language: 'de' }, { language: 'validation.invalid' }],
  ])('a reset request %j: %j', (body, errors) => {
    expect(errorsOf(passwordResetRequestSchema, body)).toEqual(errors ?? {});
  });

  it('asks in English unless the page says otherwise, and trims the login', () => {
    expect(passwordResetRequestSchema.validateSync({ login: ' a@b.io ' })).toEqual({ login: 'a@b.io', language: 'en' });
    expect(passwordResetRequestSchema.validateSync({ login: 'a@b.io', language: 'fr' }).language).toBe('fr');
  });

  it('a completed reset keeps the authenticator unless asked', () => {
    expect(passwordResetCompleteSchema.validateSync({ password: PASSWORD })).toEqual({ password: PASSWORD, removeMfa: false });
    expect(passwordResetCompleteSchema.validateSync({ password: PASSWORD, removeMfa: true }).removeMfa).toBe(true);
    expect(errorsOf(passwordResetCompleteSchema, { password: 'short' })).toEqual({ password: 'validation.passwordMin' });
  });

  it('the change form needs the same password twice', () => {
    expect(errorsOf(passwordChangeFormSchema, { password: PASSWORD, repeat: PASSWORD })).toEqual({});
    expect(errorsOf(passwordChangeFormSchema, { password: PASSWORD, repeat: `${PASSWORD}!` })).toEqual({ repeat: 'validation.passwordsDoNotMatch' });
    expect(errorsOf(passwordChangeFormSchema, { password: PASSWORD })).toEqual({ repeat: 'validation.required' });
  });

  it('a company switch names one company id', () => {
    expect(changeCurrentCompanySchema.validateSync({ company: ' c1 ' })).toEqual({ company: 'c1' });
    expect(errorsOf(changeCurrentCompanySchema, { company: 'c'.repeat(64) })).toEqual({});
    expect(errorsOf(changeCurrentCompanySchema, { company: 'c'.repeat(65) })).toEqual({ company: 'validation.required' });
    expect(errorsOf(changeCurrentCompanySchema, { company: ' ' })).toEqual({ company: 'validation.required' });
  });
});
