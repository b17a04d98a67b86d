import { describe, expect, it } from 'vitest';
import { base32Decode, hotp, totp } from '../support/totp';

// The test helper that plays the authenticator app must itself be right: RFC 4226 and 6238 vectors.
describe('TOTP test helper', () => {
  const key = Buffer.from('12345678901234567890', 'ascii');

  it('matches the HOTP values of RFC 4226 (appendix D)', () => {
    expect([0, 1, 2, 3, 9].map((counter) => hotp(key, counter))).toEqual(['755224', '287082', '359152', '969429', '520489']);
  });

  it('matches the SHA-1 TOTP values of RFC 6238 (appendix B)', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // base32 of the RFC key
    expect(base32Decode(secret)).toEqual(key);
    expect(totp(secret, 59_000, 8)).toBe('94287082');
    expect(totp(secret, 1_111_111_109_000, 8)).toBe('07081804');
    expect(totp(secret, 2_000_000_000_000, 8)).toBe('69279037');
  });
});
