import { randomUUID } from 'node:crypto';
import { listTraffic, putTraffic, recordTrafficImport } from '../functions/data/traffic';
import { defaultRelinkDeps, relinkTraffic } from '../functions/core/traffic/links';
import { requestRelink } from '../functions/data/traffic-relink';
import { listRules, listSourceRefs, putNewRule } from '../functions/data/traffic-rules';
import type { TrafficRow } from '../shared/domain/utm-matching';

/**
 * Demo traffic of the UTM page (the next analytics import replaces it: docs/product.md, "When traffic is imported"): the UTM
 * combinations of the last weeks with their sessions, as Google Analytics reports them (mixed
 * case, empty campaigns, '(direct)' / '(none)'). Written only when the company has none, so a
 * re-run keeps what exists; Acme also gets one rule on its Google Ads source, if that exists.
 */
type Row = Omit<TrafficRow, 'id'>;
const r = (utmSource: string, utmMedium: string, utmCampaign: string, sessions: number): Row => ({ utmSource, utmMedium, utmCampaign, sessions });

export const DEMO_TRAFFIC: Record<'acme' | 'globex', Row[]> = {
  acme: [
    r('google', 'cpc', 'brand', 18420),
    r('google', 'cpc', 'brand_fr', 6210),
    r('google', 'cpc', 'generic', 12870),
    r('google', 'cpc', 'generic_shoes', 4312),
    r('google', 'cpc', 'shopping_all', 9655),
    r('Google', 'CPC', 'Brand', 734),
    r('google', 'organic', '', 25410),
    r('bing', 'cpc', 'brand', 1180),
    r('bing', 'cpc', 'generic', 955),
    r('facebook', 'paid_social', 'prospecting_spring', 7320),
    r('facebook', 'paid_social', 'retargeting_cart', 3104),
    r('facebook', 'paid_social', 'lookalike_buyers', 2288),
    r('instagram', 'paid_social', 'stories_spring', 2876),
    r('instagram', 'social', '', 1420),
    r('newsletter', 'email', 'weekly_2026_45', 5530),
    r('newsletter', 'email', 'weekly_2026_46', 4987),
    r('Newsletter', 'Email', 'black_friday_teaser', 3644),
    r('newsletter', 'email', 'welcome_series', 1210),
    r('criteo', 'retargeting', 'dynamic_all', 6440),
    r('criteo', 'retargeting', 'dynamic_shoes', 1895),
    r('criteo', 'display', 'prospecting', 842),
    r('awin', 'affiliate', '142857', 2411),
    r('awin', 'affiliate', '99120', 640),
    r('(direct)', '(none)', '(not set)', 31204),
    r('youtube', 'video', 'brand_awareness', 1530),
    r('tiktok', 'paid_social', 'spring_launch', 980),
    r('partner_blog', 'referral', '', 412),
    r('sms', 'sms', 'flash_sale', 366),
  ],
  globex: [
    r('admitad', 'cpa', 'offer_1042', 4120),
    r('admitad', 'cpa', 'offer_2210', 1870),
    r('cityads', 'cpa', 'main', 2990),
    r('yandex', 'cpc', 'brand', 5210),
    r('yandex', 'organic', '', 8840),
    r('(direct)', '(none)', '(not set)', 6620),
    r('vk', 'paid_social', 'autumn', 1150),
  ],
};

export async function seedTraffic(companyId: string, rows: Row[], rule?: { sourceName: string; value: string }, viewId?: string | null): Promise<void> {
  if ((await listTraffic(companyId)).length === 0) {
    await putTraffic(companyId, rows);
    // As if imported now from the company's property: a granted access check re-imports it only after a day.
    if (viewId) await recordTrafficImport(companyId, { at: new Date().toISOString(), viewId, rows: rows.length });
  }
  if (!rule || (await listRules(companyId)).length > 0) return;
  const source = (await listSourceRefs(companyId)).find((s) => s.name.toLowerCase() === rule.sourceName.toLowerCase());
  if (!source) return;
  const at = new Date().toISOString();
  const id = randomUUID();
  const written = await putNewRule({
    id,
    companyId,
    sourceId: source.id,
    rule: [
      { type: 'equal', utm: 'utmSource', value: 'google' },
      { type: 'equal', utm: 'utmMedium', value: 'cpc' },
      { type: 'contains', utm: 'utmCampaign', value: rule.value },
    ],
    version: 1,
    created: at,
    updated: at,
  });
  // The traffic it matches is linked by it, as a rule created on the page links it.
  if (written.ok) {
    await requestRelink(companyId, at);
    await relinkTraffic(companyId, defaultRelinkDeps());
  }
}
