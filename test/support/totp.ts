import { createHmac } from 'node:crypto';

/**
 * RFC 6238 TOTP (SHA-1, 6 digits, 30 s), what an authenticator app computes from the secret the
 * portal shows. Checked against the RFC's own vectors in test/unit/totp.test.ts.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').replace(/\s+/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const code = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(code).padStart(digits, '0');
}

/** The code of `secret` (base32) at `atMs`. */
export const totp = (secret: string, atMs = Date.now(), digits = 6): string => hotp(base32Decode(secret), Math.floor(atMs / 1000 / 30), digits);

/**
 * The app's next code never used yet (`used`: the codes of this secret given out so far): Cognito
 * refuses a code twice. It accepts the code of the next 30-second step too (cognito-local: otplib
 * with a 30 s tolerance either way, as an authenticator whose clock runs ahead), so a second code
 * needs no wait; only a third within one step waits for the next.
 */
export async function freshCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const now = Date.now();
    const code = [totp(secret, now), totp(secret, now + 30_000)].find((candidate) => !used.has(candidate));
    if (code) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
