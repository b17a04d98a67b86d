import { afterEach, describe, expect, it } from 'vitest';
import { parsePasswordMinLength, passwordMinLength, setPasswordMinLength } from './password-policy';
import { newPasswordChallengeSchema, passwordChangeFormSchema, passwordResetCompleteSchema } from './security';
import { generatedPasswordLength, generatePassword, userCreateSchema, userFieldProblem, userUpdateSchema } from './users';

const fill = (buffer: Uint32Array) => crypto.getRandomValues(buffer);

/** The first error message of a schema for `value`, or null when it passes. */
const problem = (check: () => unknown): string | null => {
  try {
    check();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

/** Every schema that takes a new password, with `password` in it. */
const checks = (password: string) => ({
  create: problem(() => userCreateSchema.validateSync({ login: 'a@b.io', password, role: 'ROLE_USER', company: 'Acme' })),
  update: problem(() => userUpdateSchema.validateSync({ version: 1, data: [{ field: 'password', value: password }] })),
  field: userFieldProblem('password', password),
  challenge: problem(() => newPasswordChallengeSchema.validateSync({ username: 'a@b.io', session: 's', password })),
  reset: problem(() => passwordResetCompleteSchema.validateSync({ password })),
  form: problem(() => passwordChangeFormSchema.validateSync({ password, repeat: password })),
});
const all = (message: string | null) => ({ create: message, update: message, field: message, challenge: message, reset: message, form: message });

afterEach(() => setPasswordMinLength(8));

describe('the password minimum, one setting for every schema and the generator', () => {
  it('is the spec’s 8 until the runtime sets its stage’s value', () => {
    expect(passwordMinLength()).toBe(8);
    expect(checks('x'.repeat(8))).toEqual(all(null));
    expect(checks('x'.repeat(7))).toEqual(all('validation.passwordMin'));
    expect(generatedPasswordLength()).toBe(10);
  });

  it('follows a raised setting: 12 refuses 11 characters everywhere, the generator makes 12', () => {
    setPasswordMinLength(12);
    expect(checks('x'.repeat(11))).toEqual(all('validation.passwordMin'));
    expect(checks('x'.repeat(12))).toEqual(all(null));
    expect(generatedPasswordLength()).toBe(12);
    const generated = generatePassword(fill);
    expect(generated).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(checks(generated)).toEqual(all(null));
  });

  it('keeps 10 generated characters (the spec) while the minimum is 10 or less', () => {
    setPasswordMinLength(9);
    expect(generatePassword(fill)).toHaveLength(10);
  });

  it('never goes below 8, nor above Cognito’s 99, nor takes a fraction', () => {
    for (const value of [7, 0, -1, 8.5, 100, Number.NaN]) expect(() => setPasswordMinLength(value), String(value)).toThrow(/password minimum/);
    expect(passwordMinLength()).toBe(8);
  });
});

describe('parsePasswordMinLength (a stage, a build or a start reads its setting with it)', () => {
  it('reads unset as 8, and whole numbers from 8 to 99 given as text or number', () => {
    expect(parsePasswordMinLength(undefined, 'X')).toBe(8);
    expect(parsePasswordMinLength('', 'X')).toBe(8);
    expect(parsePasswordMinLength('12', 'X')).toBe(12);
    expect(parsePasswordMinLength(' 15 ', 'X')).toBe(15);
    expect(parsePasswordMinLength(99, 'X')).toBe(99);
  });

  it('refuses anything else, naming the setting', () => {
    expect(() => parsePasswordMinLength('7', 'PASSWORD_MIN_LENGTH')).toThrow(/^PASSWORD_MIN_LENGTH must be at least 8 \(the spec's minimum\), got 7$/);
    expect(() => parsePasswordMinLength('12.5', 'X')).toThrow(/whole number/);
    expect(() => parsePasswordMinLength('twelve', 'X')).toThrow(/whole number/);
    expect(() => parsePasswordMinLength('100', 'X')).toThrow(/at most 99/);
    expect(() => parsePasswordMinLength(true, 'X')).toThrow(/whole number/);
  });
});
