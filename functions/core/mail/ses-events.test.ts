import { describe, expect, it, vi } from 'vitest';
import { logger } from '../../platform/log';
import { recordSesEvent, suppressionsOf, type SesEvent } from './ses-events';

const now = new Date('2026-11-26T12:00:00Z');
const bounce = (bounceType: string, key: 'eventType' | 'notificationType' = 'eventType'): SesEvent => ({
  [key]: 'Bounce',
  bounce: { bounceType, bounceSubType: 'General', timestamp: '2026-11-26T11:59:00Z', bouncedRecipients: [{ emailAddress: 'a@x.test', diagnosticCode: 'smtp; 550 5.1.1' }, { emailAddress: 'b@x.test' }] },
});

describe('suppressionsOf', () => {
  it('a permanent bounce suppresses every bounced recipient, in both SES formats', () => {
    for (const key of ['eventType', 'notificationType'] as const) {
      expect(suppressionsOf(bounce('Permanent', key), now)).toEqual([
        { address: 'a@x.test', type: 'bounce', reason: 'General: smtp; 550 5.1.1', at: '2026-11-26T11:59:00Z' },
        { address: 'b@x.test', type: 'bounce', reason: 'General', at: '2026-11-26T11:59:00Z' },
      ]);
    }
  });

  it('a transient or undetermined bounce, a delivery or a reject suppresses nothing', () => {
    expect(suppressionsOf(bounce('Transient'), now)).toEqual([]);
    expect(suppressionsOf(bounce('Undetermined'), now)).toEqual([]);
    expect(suppressionsOf({ eventType: 'Delivery' }, now)).toEqual([]);
    expect(suppressionsOf({ eventType: 'Reject' }, now)).toEqual([]);
  });

  it('a complaint suppresses the complaining recipient, dated now when SES gives no time', () => {
    expect(suppressionsOf({ eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'c@x.test' }, { emailAddress: 'not-an-address' }] } }, now)).toEqual([
      { address: 'c@x.test', type: 'complaint', reason: 'complaint', at: now.toISOString() },
    ]);
  });
});

describe('suppressionsOf at its edges', () => {
  it('trims addresses, keeps the complaint\'s type and time, cuts reasons at 500 characters', () => {
    const long = 'x'.repeat(600);
    expect(
      suppressionsOf({ notificationType: 'Complaint', complaint: { complaintFeedbackType: 'abuse', timestamp: '2026-11-26T10:00:00Z', complainedRecipients: [{ emailAddress: ' c@x.test ' }] } }, now),
    ).toEqual([{ address: 'c@x.test', type: 'complaint', reason: 'abuse', at: '2026-11-26T10:00:00Z' }]);
    const [cut] = suppressionsOf({ eventType: 'Complaint', complaint: { complaintFeedbackType: long, complainedRecipients: [{ emailAddress: 'c@x.test' }] } }, now);
    expect(cut!.reason).toHaveLength(500);
    const [bounced] = suppressionsOf({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bounceSubType: long, bouncedRecipients: [{ emailAddress: ' b@x.test ' }] } }, now);
    expect(bounced).toEqual({ address: 'b@x.test', type: 'bounce', reason: 'x'.repeat(500), at: now.toISOString() });
  });

  it('a permanent bounce without details says Permanent; events without recipients or a bounce suppress nothing', () => {
    expect(suppressionsOf({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'b@x.test' }, {}] } }, now)).toEqual([
      { address: 'b@x.test', type: 'bounce', reason: 'Permanent', at: now.toISOString() },
    ]);
    expect(suppressionsOf({ eventType: 'Bounce' }, now)).toEqual([]);
    expect(suppressionsOf({ eventType: 'Bounce', bounce: { bounceType: 'Permanent' } }, now)).toEqual([]);
    expect(suppressionsOf({ eventType: 'Complaint' }, now)).toEqual([]);
    expect(suppressionsOf({ bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'b@x.test' }] } }, now)).toEqual([]);
  });
});

describe('recordSesEvent', () => {
  it('stores each suppression and logs only the domains', async () => {
    const stored: string[] = [];
    const warn = vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    const addresses = await recordSesEvent(bounce('Permanent'), { suppress: async (s) => void stored.push(s.address), now: () => now });
    expect(addresses).toEqual(['a@x.test', 'b@x.test']);
    expect(stored).toEqual(['a@x.test', 'b@x.test']);
    expect(warn).toHaveBeenCalledWith('addresses suppressed', { type: 'bounce', domains: ['x.test', 'x.test'] });
    warn.mockRestore();
  });

  it('logs an event it ignores with its kind, and stores nothing', async () => {
    const suppress = vi.fn(async () => undefined);
    const info = vi.spyOn(logger(), 'info').mockImplementation(() => undefined);
    expect(await recordSesEvent(bounce('Transient', 'notificationType'), { suppress, now: () => now })).toEqual([]);
    expect(info).toHaveBeenCalledWith('event ignored', { kind: 'Bounce', bounceType: 'Transient' });
    await recordSesEvent({}, { suppress, now: () => now });
    expect(info).toHaveBeenLastCalledWith('event ignored', { kind: 'unknown', bounceType: undefined });
    info.mockRestore();
    expect(suppress).not.toHaveBeenCalled();
  });
});
