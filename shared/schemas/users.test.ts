import { describe, expect, it } from 'vitest';
import { generatedPasswordLength, generatePassword, parseManagedCompanies, userCreateSchema, userUpdateSchema } from './users';

const fill = (buffer: Uint32Array) => crypto.getRandomValues(buffer);

describe('generatePassword', () => {
  it('gives 10 letters and digits (the spec) with an upper, a lower and a digit', () => {
    expect(generatedPasswordLength()).toBe(10);
    for (let i = 0; i < 200; i++) {
      const password = generatePassword(fill);
      expect(password).toHaveLength(10);
      expect(password).toMatch(/^[A-Za-z0-9]+$/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/\d/);
    }
    expect(new Set(Array.from({ length: 50 }, () => generatePassword(fill))).size).toBe(50);
  });

  it('rejects values above the unbiased limit instead of folding them (no modulo bias)', () => {
    const values = [0xffff_ffff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let calls = 0;
    const password = generatePassword((buffer) => {
      buffer[0] = values[calls++] ?? 0;
      return buffer;
    });
    expect(password).toHaveLength(10);
    expect(calls).toBeGreaterThan(10);
  });
});

describe('the password minimum (spec: at least 8; a stage may raise it: password-policy.test.ts)', () => {
  it('takes 8 characters and refuses 7', () => {
    const create = (password: string) => userCreateSchema.isValidSync({ login: 'a@b.io', password, role: 'ROLE_USER', company: 'Acme' });
    expect(create('abcdefgh')).toBe(true);
    expect(create('abcdefg')).toBe(false);
  });
});

describe('user schemas', () => {
  it('requires login, password, role and company on create', () => {
    expect(() => userCreateSchema.validateSync({}, { abortEarly: false })).toThrow();
    const valid = userCreateSchema.validateSync({ login: 'a@b.io', password: 'x'.repeat(8), role: 'ROLE_USER', company: 'Acme' });
    expect(valid).toMatchObject({ firstName: '', lastName: '', managedCompanies: [] });
  });

  it('checks each changed field of an update by its own rule', () => {
    const ok = { version: 2, data: [{ field: 'roles', value: ['ROLE_MANAGER'] }, { field: 'managedCompanies', value: '["A","B"]' }] };
    expect(userUpdateSchema.isValidSync(ok)).toBe(true);
    const message = (data: unknown) => {
      try {
        userUpdateSchema.validateSync({ version: 1, data });
        return null;
      } catch (error) {
        return (error as { message: string }).message;
      }
    };
    expect(message([{ field: 'password', value: 'short' }])).toBe('validation.passwordMin');
    expect(message([{ field: 'login', value: 'nope' }])).toBe('validation.email');
    expect(message([{ field: 'roles', value: 'ROLE_USER' }])).toBe('validation.required');
    expect(message([{ field: 'firstName', value: 'x' }, { field: 'firstName', value: 'y' }])).toBe('validation.invalid');
    expect(message([])).toBe('adminUsers.validation.nothingChanged');
    expect(parseManagedCompanies('[1]')).toBeNull();
    expect(parseManagedCompanies(' ["A"] ')).toEqual(['A']);
  });
});
