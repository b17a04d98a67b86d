import { describe, expect, it } from 'vitest';
import { frenchTypographyFaults, textsOf } from '../../../shared/testing/french';
import { alertHeadline, alertLines, MAIL_TEXTS, mailLanguage } from './mail-text';
import type { AlertEvent } from './status';

const broken: AlertEvent = { kind: 'utm-linking', change: 'broken', status: 'warning', reason: { key: 'health.utm.unlinked', values: { percent: 12.5, utms: 4 } } };
const recovered: AlertEvent = { kind: 'feed', change: 'recovered', status: 'healthy', reason: { key: 'health.feed.ok', values: { orders: 40 } } };
const still: AlertEvent = { kind: 'analytics-access', change: 'still', status: 'failing', reason: { key: 'health.access.denied' } };

describe('the health alert mail text', () => {
  it('keeps French punctuation with its word (no-break spaces)', () => {
    expect(frenchTypographyFaults(textsOf(MAIL_TEXTS.fr, 'mail'))).toEqual([]);
  });

  it.each([
    ['FR', 'fr'],
    ['fr', 'fr'],
    ['RU', 'ru'],
    ['ru', 'ru'],
    ['GB', 'en'],
    ['DE', 'en'],
    [undefined, 'en'],
  ] as const)('a company of %s reads %s', (country, language) => {
    expect(mailLanguage(country)).toBe(language);
  });

  it('one line per change, with its reason and values, in each language', () => {
    expect(alertLines('en', [broken, still, recovered])).toBe(
      [
        'UTM linking: now warning — 12.5 % of sessions come from UTMs no rule links (4 UTMs)',
        'Analytics access: still failing — the service account no longer has access to the analytics property',
        'Order feed: healthy again — the feed was read (40 orders)',
      ].join('\n'),
    );
    // French puts a space before the colon.
    expect(alertLines('fr', [still])).toBe('Accès à Analytics\u00a0: toujours\u00a0: en échec — le compte de service n’a plus accès à la propriété Analytics');
    expect(alertLines('ru', [broken])).toBe('Привязка UTM: сейчас: предупреждение — 12,5 % сеансов приходят с UTM, которые не привязаны ни одним правилом (UTM: 4)');
  });

  it('volume: the figures grouped and the weekday named for the language', () => {
    const drop: AlertEvent = { kind: 'volume', change: 'broken', status: 'warning', reason: { key: 'health.volume.ordersDrop', values: { count: 312, usual: 1240, weekday: 'tue' } } };
    expect(alertLines('en', [drop])).toBe('Orders and sessions volume: now warning — only 312 orders on Tuesday; usually about 1,240');
    expect(alertLines('fr', [drop])).toBe('Volume des commandes et des sessions\u00a0: désormais\u00a0: avertissement — seulement 312 commandes mardi\u00a0; habituellement environ 1\u202f240');
    const none: AlertEvent = { kind: 'volume', change: 'broken', status: 'failing', reason: { key: 'health.volume.sessionsNone', values: { count: 0, usual: 4000, weekday: 'sun' } } };
    expect(alertLines('ru', [none])).toBe('Объём заказов и сеансов: сейчас: сбой — в воскресенье нет сеансов; обычно около 4\u00a0000');
  });

  it('a reason it has no sentence for is shown as its key, a missing value as its placeholder', () => {
    const odd: AlertEvent = { kind: 'feed', change: 'broken', status: 'failing', reason: { key: 'health.feed.brandNew' } };
    expect(alertLines('en', [odd])).toBe('Order feed: now failing — health.feed.brandNew');
    const noValues: AlertEvent = { ...broken, reason: { key: 'health.utm.unlinked', values: { percent: 40 } } };
    expect(alertLines('en', [noValues])).toBe('UTM linking: now warning — 40 % of sessions come from UTMs no rule links ({utms} UTMs)');
    const noReason = { ...still, reason: undefined } as unknown as AlertEvent;
    expect(alertLines('en', [noReason])).toBe('Analytics access: still failing — ');
  });

  it('the headline is the worst change: a problem if anything broke or is still bad', () => {
    expect(alertHeadline('en', [recovered])).toBe('data flowing again');
    expect(alertHeadline('en', [recovered, still])).toBe('a data problem');
    expect(alertHeadline('en', [broken])).toBe('a data problem');
    expect(alertHeadline('fr', [recovered])).toBe('les données circulent de nouveau');
    expect(alertHeadline('fr', [broken])).toBe('un problème de données');
    expect(alertHeadline('ru', [recovered])).toBe('данные снова поступают');
    expect(alertHeadline('ru', [still])).toBe('проблема с данными');
  });
});
