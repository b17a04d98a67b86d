import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { webhookAllowFromEnv } from '../../platform/webhook-post';
import { healthChangeEvents } from './events';
import { signatureHeader, verifySignature } from './signature';

describe('webhook signature', () => {
  const body = '{"id":"e1"}';
  it('is HMAC-SHA256 of "<t>.<body>" per secret, one v1 each', () => {
    const header = signatureHeader(['new', 'old'], 1_700_000_000, body);
    const hex = (secret: string) => createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(header).toBe(`t=1700000000,v1=${hex('new')},v1=${hex('old')}`);
  });

  it('verifies with any listed secret, refuses another secret, another body, another time, or an old timestamp', () => {
    const header = signatureHeader(['new', 'old'], 1_700_000_000, body);
    expect(verifySignature(header, body, 'new', 1_700_000_010)).toBe(true);
    expect(verifySignature(header, body, 'old', 1_700_000_010)).toBe(true);
    expect(verifySignature(header, body, 'other', 1_700_000_010)).toBe(false);
    expect(verifySignature(header, `${body} `, 'new', 1_700_000_010)).toBe(false);
    expect(verifySignature(header.replace('t=1700000000', 't=1700000001'), body, 'new', 1_700_000_010)).toBe(false);
    expect(verifySignature(header, body, 'new', 1_700_000_000 + 301)).toBe(false);
  });
});

describe('healthChangeEvents', () => {
  it('tells a kind that turned healthy, warning or failing, with the kind as a plain string (a new kind passes through)', () => {
    const before = { feed: { status: 'healthy' }, 'utm-linking': { status: 'warning' }, volume: { status: 'healthy' }, 'analytics-access': { status: 'failing' } };
    const after = { feed: { status: 'failing' }, 'utm-linking': { status: 'warning' }, volume: { status: 'warning' }, 'analytics-access': { status: 'unknown' }, 'analytics-coverage': { status: 'healthy' } };
    expect(healthChangeEvents(before, after)).toEqual([
      { type: 'data-health.changed', data: { kind: 'feed', from: 'healthy', to: 'failing' } },
      { type: 'data-health.changed', data: { kind: 'volume', from: 'healthy', to: 'warning' } },
    ]);
  });
});

describe('WEBHOOK_ALLOW', () => {
  it('reads loopback host:port pairs only (a deployed address is a configuration error)', () => {
    expect(webhookAllowFromEnv({})).toBeUndefined();
    expect(webhookAllowFromEnv({ WEBHOOK_ALLOW: '127.0.0.1:4000' })).toEqual([{ host: '127.0.0.1', port: 4000 }]);
    expect(() => webhookAllowFromEnv({ WEBHOOK_ALLOW: '10.0.0.1:443' })).toThrow(/WEBHOOK_ALLOW: .* not a loopback/);
  });
});
