import { describe, expect, it } from 'vitest';
import { passwordMinLength } from './password-policy';
import { generatedPasswordLength, generatePassword, parseManagedCompanies, userCreateSchema, userFieldProblem, userUpdateSchema } from './users';
import { errorsOf } from './testing/errors';

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

describe('userFieldProblem (the edit form and PUT /api/users/{id})', () => {
  it.each([
    ['login', 'a@b.io', null],
    ['login', ' A@B.io ', null], // trimmed, as on create
    ['login', `${'a'.repeat(249)}@b.io`, null], // 254 characters
    ['login', `${'a'.repeat(250)}@b.io`, 'validation.email'],
    ['login', 'nope', 'validation.email'],
    ['login', 'a b@c.io', 'validation.email'],
    ['login', '   ', 'validation.required'],
    ['login', '', 'validation.required'],
    ['login', ['a@b.io'], 'validation.required'],
    ['firstName', 'Anne', null],
    ['firstName', '', null], // a name may be cleared
    ['firstName', ` ${'n'.repeat(100)} `, null],
    ['firstName', 'n'.repeat(101), 'adminUsers.validation.nameTooLong'],
    ['firstName', 'Anne\u202e', 'validation.invalidCharacters'], // as the create refuses it
    ['lastName', 'two\nlines', 'validation.invalidCharacters'],
    ['lastName', 'n'.repeat(101), 'adminUsers.validation.nameTooLong'],
    ['lastName', null, 'validation.invalid'],
    ['firstName', 7, 'validation.invalid'],
    ['company', 'Acme', null],
    ['company', 'c'.repeat(128), null],
    ['company', 'c'.repeat(129), 'adminUsers.validation.companyTooLong'],
    ['company', '  ', 'validation.required'],
    ['company', ['Acme'], 'validation.invalid'],
    ['roles', ['ROLE_USER'], null],
    ['roles', ['ROLE_USER', 'ROLE_MANAGER', 'ROLE_ADMIN'], null],
    ['roles', [], 'validation.required'],
    ['roles', ['ROLE_USER', 'ROLE_MANAGER', 'ROLE_ADMIN', 'ROLE_USER'], 'validation.required'],
    ['roles', ['ROLE_USER', 'ROLE_ROOT'], 'validation.required'],
    ['roles', 'ROLE_USER', 'validation.required'],
    ['managedCompanies', '["A"]', null],
    ['managedCompanies', '[]', null],
    ['managedCompanies', '["A", ""]', 'validation.invalid'],
    ['managedCompanies', ['A'], 'validation.invalid'],
    ['password', 'p'.repeat(passwordMinLength()), null],
    ['password', 'p'.repeat(256), null],
    ['password', 'p'.repeat(passwordMinLength() - 1), 'validation.passwordMin'],
    ['password', 'p'.repeat(257), 'validation.passwordMax'],
    ['password', '', 'validation.required'],
    ['password', null, 'validation.required'],
  ] as const)('%s %j: %s', (field, value, problem) => {
    expect(userFieldProblem(field, value)).toBe(problem);
  });

  it('answers the field\'s message in a PUT, at the value of that item', () => {
    expect(errorsOf(userUpdateSchema, { version: 1, data: [{ field: 'lastName', value: 'Doe' }, { field: 'firstName', value: 'x\u0000' }] })).toEqual({
      'data[1].value': 'validation.invalidCharacters',
    });
    // An unknown field is reported once, on `field`; its value is not judged.
    expect(errorsOf(userUpdateSchema, { version: 1, data: [{ field: 'salary', value: 'x' }] })).toEqual({ 'data[0].field': 'validation.invalid' });
  });
});

describe('parseManagedCompanies', () => {
  const names = (count: number, length = 4) => Array.from({ length: count }, (_, i) => String(i).padStart(length, 'c'));
  it.each([
    ['two names', '["A","B"]', ['A', 'B']],
    ['a name with spaces around', '[" A "]', ['A']],
    ['no name', '[]', []],
    ['an empty name', '["A",""]', null],
    ['a blank name', '["A","  "]', null],
    ['a number', '["A",1]', null],
    ['an object', '{"0":"A"}', null],
    ['a text', '"A"', null],
    ['no JSON', 'not json', null],
    ['not a text', null, null],
  ])('%s', (_label, text, expected) => {
    expect(parseManagedCompanies(text)).toEqual(expected);
  });

  it('takes 500 names of up to 128 characters, not 501 names nor a longer name', () => {
    // Compared by count and first name: a failure stays a short message.
    const most = parseManagedCompanies(JSON.stringify(names(500)));
    expect([most?.length, most?.[499]]).toEqual([500, names(500)[499]]);
    expect(parseManagedCompanies(JSON.stringify(names(501))) === null).toBe(true);
    expect(parseManagedCompanies(JSON.stringify(['c'.repeat(128)]))?.[0]?.length).toBe(128);
    expect(parseManagedCompanies(JSON.stringify(['c'.repeat(129)])) === null).toBe(true);
  });

  it('reads a text of up to 100,000 characters, not one more', () => {
    const text = JSON.stringify(names(500, 123));
    const padded = `${text}${' '.repeat(100_000 - text.length)}`;
    expect(padded.length).toBe(100_000);
    expect(parseManagedCompanies(padded)?.length).toBe(500);
    expect(parseManagedCompanies(`${padded} `) === null).toBe(true);
  });
});

describe('generatePassword with a known random source', () => {
  /** Hands out `values` in order (then 0s), counting the draws. */
  const source = (values: number[]) => {
    const queue = [...values];
    const draws = { count: 0 };
    const fill = (buffer: Uint32Array) => {
      draws.count++;
      buffer[0] = queue.shift() ?? 0;
      return buffer;
    };
    return { fill, draws };
  };

  it('draws one value per character and one per swap of the shuffle, none wasted', () => {
    // All zeros: the upper, lower and digit are 'A', 'a', '2', the seven others 'A' (the alphabet's
    // first letter); every swap takes position 0, which moves 'a' and '2' to the front.
    const { fill, draws } = source([]);
    expect(generatePassword(fill)).toBe('a2AAAAAAAA');
    expect(draws.count).toBe(generatedPasswordLength() + generatedPasswordLength() - 1);
  });

  it('picks the rest from the three alphabets together: index 24 is the first lower-case letter', () => {
    // 24 upper-case letters (no I, O), then 25 lower-case letters (no l), then the digits 2-9.
    const { fill } = source([0, 0, 0, 24, 24 + 24, 24 + 25 + 7]);
    expect(generatePassword(fill).split('').sort().join('')).toBe(['A', 'A', 'A', 'A', 'A', 'a', 'a', '2', '9', 'z'].sort().join(''));
  });

  it('rejects a value at or above the unbiased limit, keeps the one just below it', () => {
    // Upper case: 24 letters; the limit is the largest multiple of 24 below 2^32.
    const limit = Math.floor(0x1_0000_0000 / 24) * 24;
    const atLimit = source([limit, 5]);
    expect(generatePassword(atLimit.fill)).toContain('F');
    expect(atLimit.draws.count).toBe(2 * generatedPasswordLength());
    const below = source([limit - 1]);
    // (limit - 1) % 24 = 23: 'Z', the last upper-case letter.
    expect(generatePassword(below.fill)).toContain('Z');
    expect(below.draws.count).toBe(2 * generatedPasswordLength() - 1);
  });
});
