import { describe, expect, it } from 'vitest';
import { auditIndexes, gsi1, keys, listRows, normalizeUnique } from './keys';

/**
 * The key formats are the table's contract with every item already stored: a changed format
 * loses data silently (old items no longer found). Each one is spelled out here literally.
 */

describe('key formats (docs/architecture.md, "Data")', () => {
  it('users, logins, companies, names and View IDs', () => {
    expect(keys.user('u1')).toEqual({ pk: 'USER#u1', sk: 'USER' });
    expect(keys.loginGuard('  Ana@Example.COM ')).toEqual({ pk: 'LOGIN#ana@example.com', sk: 'LOGIN' });
    expect(keys.company('c1')).toEqual({ pk: 'COMPANY#c1', sk: 'META' });
    expect(keys.companyPartition('c1')).toBe('COMPANY#c1');
    expect(keys.companyNameGuard(' Shop ONE ')).toEqual({ pk: 'COMPANY_NAME#shop one', sk: 'COMPANY_NAME' });
    // A View ID is compared as typed, spaces aside (ids are digits; no case to fold).
    expect(keys.viewIdGuard(' 123456789 ')).toEqual({ pk: 'VIEWID#123456789', sk: 'VIEWID' });
    expect(keys.viewIdGuard('AbC')).toEqual({ pk: 'VIEWID#AbC', sk: 'VIEWID' });
  });

  it("a company's partition: steps, sources and their guards, and every child kind", () => {
    expect(keys.step('c1', 'sources')).toEqual({ pk: 'COMPANY#c1', sk: 'STEP#sources' });
    expect(keys.source('c1', 'S1')).toEqual({ pk: 'COMPANY#c1', sk: 'SOURCE#S1' });
    expect(keys.sourceIdGuard('AB-Cd')).toEqual({ pk: 'SOURCE_ID#ab-cd', sk: 'SOURCE_ID' });
    expect(keys.sourceNameGuard('c1', '  Google ADS ')).toEqual({ pk: 'COMPANY#c1', sk: 'SOURCE_NAME#google ads' });
    expect(keys.rule('c1', 'r')).toEqual({ pk: 'COMPANY#c1', sk: 'RULE#r' });
    expect(keys.traffic('c1', 't')).toEqual({ pk: 'COMPANY#c1', sk: 'TRAFFIC#t' });
    expect(keys.collector('c1', 'k')).toEqual({ pk: 'COMPANY#c1', sk: 'COLLECTOR#k' });
    expect(keys.commission('c1', 'm')).toEqual({ pk: 'COMPANY#c1', sk: 'COMMISSION#m' });
    expect(keys.meeting('c1', 'g')).toEqual({ pk: 'COMPANY#c1', sk: 'MEETING#g' });
    expect(keys.feedCheck('c1', 'f')).toEqual({ pk: 'COMPANY#c1', sk: 'FEEDCHECK#f' });
    expect(keys.feedHistory('c1', '2026-01-01#f')).toEqual({ pk: 'COMPANY#c1', sk: 'FEEDHIST#2026-01-01#f' });
    expect(keys.feedAlert('c1', 'f')).toEqual({ pk: 'COMPANY#c1', sk: 'FEEDALERT#f' });
    expect(keys.feedCheckRunning('c1')).toEqual({ pk: 'COMPANY#c1', sk: 'FEEDRUN' });
    expect(keys.lastAnalyticsCheck('c1', 'access')).toEqual({ pk: 'COMPANY#c1', sk: 'GACHECK#access' });
    expect(keys.healthDay('c1', '2026-03-01', 'feed')).toEqual({ pk: 'COMPANY#c1', sk: 'HEALTH#2026-03-01#feed' });
    expect(keys.healthState('c1')).toEqual({ pk: 'COMPANY#c1', sk: 'HEALTHSTATE' });
    expect(keys.healthVolume('c1')).toEqual({ pk: 'COMPANY#c1', sk: 'HEALTHVOLUME' });
    // Each child key starts with its prefix: the partition's Queries read the keys from the prefix on (`prefixRange`).
    for (const [make, prefix] of [
      [keys.source, keys.sourcePrefix],
      [keys.rule, keys.rulePrefix],
      [keys.traffic, keys.trafficPrefix],
      [keys.collector, keys.collectorPrefix],
      [keys.commission, keys.commissionPrefix],
      [keys.meeting, keys.meetingPrefix],
      [keys.feedCheck, keys.feedCheckPrefix],
      [keys.feedHistory, keys.feedHistoryPrefix],
      [keys.feedAlert, keys.feedAlertPrefix],
    ] as const) {
      expect(make('c1', 'x').sk).toBe(`${prefix}x`);
    }
    expect(keys.step('c1', 'sources').sk.startsWith(keys.stepPrefix)).toBe(true);
    expect(keys.lastAnalyticsCheck('c1', 'dimension').sk.startsWith(keys.lastAnalyticsCheckPrefix)).toBe(true);
    expect(keys.healthDay('c1', '2026-03-01', 'feed').sk.startsWith(keys.healthDayPrefix)).toBe(true);
  });

  it('feed uploads in S3, under the company prefix', () => {
    expect(keys.feedUploadPrefix('c1')).toBe('feeds/c1/');
    expect(keys.feedUpload('c1', 'abc', 'csv')).toBe('feeds/c1/abc.csv');
    expect(keys.feedCsvFile('c1', 'failing-rows', 'k1')).toBe('feeds/c1/failing-rows/k1.csv');
    expect(keys.feedCsvFile('c1', 'missing-ids', 'k1')).toBe('feeds/c1/missing-ids/k1.csv');
  });

  it('tokens, throttles, challenges, platform items, audit records, suppressions and translations', () => {
    expect(keys.passwordReset('h')).toEqual({ pk: 'RESET#h', sk: 'RESET' });
    expect(keys.throttle('sign-in', 'h', 42)).toEqual({ pk: 'THROTTLE#sign-in#h', sk: 'W#42' });
    expect(keys.signInChallenge('h')).toEqual({ pk: 'CHALLENGE#h', sk: 'CHALLENGE' });
    expect(keys.defaultCollector('AbC')).toEqual({ pk: 'DEFAULT_COLLECTOR#abc', sk: 'DEFAULT_COLLECTOR' });
    expect(keys.audit('user', 'u1', 'V000000000002')).toEqual({ pk: 'AUDIT#user#u1', sk: 'V000000000002' });
    expect(keys.mailSuppression(' Bob@X.org ')).toEqual({ pk: 'SUPPRESSED#bob@x.org', sk: 'SUPPRESSED' });
    expect(keys.translations()).toEqual({ pk: 'TRANSLATIONS', sk: 'OVERRIDES' });
    expect(keys.idempotencyKey('u1', 'c1', 'k')).toEqual({ pk: 'IDEMPOTENCY#u1', sk: 'KEY#c1#k' });
    expect(keys.outbox('o1')).toEqual({ pk: 'OUTBOX#o1', sk: 'OUTBOX' });
    expect([gsi1.outbox.pk('pending'), gsi1.outbox.sk('2026-01-01T00:00:00.000Z', 'o1')]).toEqual(['OUTBOX#pending', '2026-01-01T00:00:00.000Z#o1']);
  });

  it("a company's jobs, webhook log lines and UTM rule guards", () => {
    expect(keys.trafficRelink('c1')).toEqual({ pk: 'COMPANY#c1', sk: 'TRAFFICRELINK' });
    // The attempt is zero-padded: a webhook's log reads in order of time, then of try.
    expect(keys.webhookAttempt('c1', 'w1', '2026-01-01T00:00:00.000Z', 'd1', 3)).toEqual({ pk: 'COMPANY#c1', sk: 'WEBHOOKLOG#w1#2026-01-01T00:00:00.000Z#d1#03' });
    expect(keys.webhookAttemptPrefix('w1')).toBe('WEBHOOKLOG#w1#');
    // A rule's conditions hashed to 32 hex digits: the same conditions meet the same guard.
    const rule = [{ type: 'equal', utm: 'utmSource', value: 'Гугл' }, { type: 'any', utm: 'utmMedium', value: '' }, { type: 'any', utm: 'utmCampaign', value: '' }] as const;
    const guard = keys.ruleGuard('c1', [...rule]);
    expect(guard.pk).toBe('COMPANY#c1');
    expect(guard.sk).toMatch(/^RULE_KEY#[0-9a-f]{32}$/);
    expect(keys.ruleGuard('c1', [...rule]).sk).toBe(guard.sk);
    expect(keys.ruleGuard('c1', [{ ...rule[0], value: 'other' }, rule[1], rule[2]]).sk).not.toBe(guard.sk);
  });

  it("a list row's sort value: an empty one sorts last, a character is never cut in two", () => {
    expect(listRows.row('users', 'login', '', 'i1').sk.endsWith('\uffff\u0001i1')).toBe(true);
    expect(listRows.row('users', 'login', ' A😀B ', 'i1').sk.endsWith('a😀b\u0001i1')).toBe(true);
    // Cut at 200 UTF-16 units: an emoji astride the cut loses both halves, not one.
    const cut = listRows.row('users', 'login', `${'x'.repeat(199)}😀`, 'i1').sk;
    expect(cut.endsWith(`${'x'.repeat(199)}\u0001i1`)).toBe(true);
  });

  it('index keys: admin lists sorted case-insensitively, audit reads by time', () => {
    expect(gsi1.indexName).toBe('gsi1');
    expect([gsi1.users.pk, gsi1.users.sk(' Ana@X.com ')]).toEqual(['USERS', 'ana@x.com']);
    expect([gsi1.companies.pk, gsi1.companies.sk(' Shop ')]).toEqual(['COMPANIES', 'shop']);
    expect([gsi1.defaultCollectors.pk, gsi1.defaultCollectors.sk(' Awin ', 'ID-1')]).toEqual(['DEFAULT_COLLECTORS', 'awin#id-1']);
    expect(auditIndexes.sk('2026-01-01T00:00:00.000Z', 'user', 'u1')).toBe('2026-01-01T00:00:00.000Z#user#u1');
    expect(auditIndexes.of.pk('user#u1')).toBe('AUDIT_OF#user#u1');
    expect(auditIndexes.by.pk('u1')).toBe('AUDIT_BY#u1');
    expect([auditIndexes.of.indexName, auditIndexes.by.indexName, auditIndexes.all.indexName, auditIndexes.all.pk]).toEqual(['gsi1', 'gsi2', 'gsi3', 'AUDIT']);
    expect(normalizeUnique('  MiXed ')).toBe('mixed');
  });
});
