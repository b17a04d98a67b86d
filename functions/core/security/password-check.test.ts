import { describe, expect, it, vi } from 'vitest';
import { InvalidCredentialsError } from '../../platform/errors';
import type { Tokens } from '../../platform/identity-provider';
import { assertNewPassword, type PasswordProbe } from './password-check';

/** The password probe: a sign-in nobody gets the session of. */
const tokens = (refreshToken?: string): Tokens => ({ accessToken: 'access', refreshToken, expiresIn: 3600, issuedAt: 1, subject: 'sub-1' });

function probe(signIn: PasswordProbe['signIn']) {
  return { signIn: vi.fn(signIn), revokeRefreshToken: vi.fn(async () => {}) };
}

describe('assertNewPassword', () => {
  it('refuses the current password and revokes the refresh token of the probe’s sign-in', async () => {
    const identity = probe(async () => ({ kind: 'tokens', tokens: tokens('probe-refresh') }));
    await expect(assertNewPassword(identity, 'cog-1', 'Current-pass-1')).rejects.toMatchObject({ errors: { password: 'validation.passwordUnchanged' } });
    expect(identity.revokeRefreshToken).toHaveBeenCalledWith('probe-refresh');
  });

  it('refuses it too when Cognito answers with a further step (only a right password gets one), with nothing to revoke', async () => {
    const identity = probe(async () => ({ kind: 'mfa-required', session: 'M' }));
    await expect(assertNewPassword(identity, 'cog-1', 'Current-pass-1', 'validation.passwordSameAsTemporary')).rejects.toMatchObject({
      errors: { password: 'validation.passwordSameAsTemporary' },
    });
    expect(identity.revokeRefreshToken).not.toHaveBeenCalled();
  });

  it('accepts a password Cognito refuses, and lets an outage through instead of taking it for a new password', async () => {
    await expect(assertNewPassword(probe(async () => Promise.reject(new InvalidCredentialsError())), 'cog-1', 'Brand-new-pass-1')).resolves.toBeUndefined();
    await expect(assertNewPassword(probe(async () => Promise.reject(new Error('Cognito unreachable'))), 'cog-1', 'Brand-new-pass-1')).rejects.toThrow(
      'Cognito unreachable',
    );
  });
});
