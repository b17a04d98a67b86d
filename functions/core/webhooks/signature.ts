import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The webhook signature (docs/api.md, "Verifying a webhook"): HMAC-SHA256, keyed with the
 * endpoint's secret, over `<unix seconds>.<raw body>`; the header is `t=<seconds>,v1=<hex>`, with
 * one more `v1=` per secret still valid (the previous one during a rotation's overlap).
 */

const hmac = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmac(secret, timestamp, body)}`)].join(',');
}

/**
 * The receiver's check, as the docs show it: one `v1` matches and `t` is within `toleranceSeconds`
 * of `nowSeconds` (a replayed old delivery is refused).
 */
export function verifySignature(header: string, body: string, secret: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}
