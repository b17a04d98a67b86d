import type { CollectorType } from './types';

/**
 * The cost-data platforms a collector imports from (integration-steps spec, "Collector": over 50
 * platforms in the English text, 70+ in the French one), by category, for the portal's markets
 * (international, France, Russia). One list for two uses: the default-collector seed
 * (localstack/seed-default-collectors.ts, the suggestions of every customer's collector page) and
 * the collector page's description (names by category). Ids are fixed so the seed is idempotent;
 * the first six are the ids the seed's former demo rows had, so existing data stays as it is.
 *
 * Access instructions stay generic where a platform's exact menu or role names are not certain:
 * a wrong menu path costs the customer more time than a plain "read-only access" does.
 */

export const COLLECTOR_PLATFORM_CATEGORIES = [
  'search',
  'social',
  'display',
  'video',
  'native',
  'shopping',
  'marketplaces',
  'affiliate',
  'cpa',
  'mobile',
  'russia',
  'france',
] as const;
export type CollectorPlatformCategory = (typeof COLLECTOR_PLATFORM_CATEGORIES)[number];

interface CollectorAccessText {
  en: string;
  fr: string;
  ru: string;
}

export interface CollectorPlatform {
  id: string;
  name: string;
  type: CollectorType;
  category: CollectorPlatformCategory;
  accessEmail: string;
  access: CollectorAccessText;
}

// The portal's example mailboxes (one per kind of access, as the former demo seed had).
const ADS = 'ads-access@portal.example';
const META = 'meta-access@portal.example';
const CRITEO = 'criteo@portal.example';
const SOCIAL = 'social-access@portal.example';
const DISPLAY = 'display-access@portal.example';
const VIDEO = 'video-access@portal.example';
const NATIVE = 'native-access@portal.example';
const SHOPPING = 'shopping-access@portal.example';
const RETAIL = 'retail-media@portal.example';
const AFFILIATES = 'affiliates@portal.example';
const LEADS = 'leads-access@portal.example';
const APPS = 'app-access@portal.example';
const RU_ADS = 'ru-ads@portal.example';

// Fixed ids: the former demo ids end in 01..06; the others follow in the same series.
const id = (n: number) => `0b7c6c1e-2f0a-4a51-9d1e-6a0f3b1c2d${n.toString(16).padStart(2, '0')}`;

/** A user of the account with read-only (reporting) rights: what most ad platforms offer. */
const reader = (name: string, email: string): CollectorAccessText => ({
  en: `Add ${email} as a user of the ${name} account with read-only (reporting) access.`,
  fr: `Ajoutez ${email} comme utilisateur du compte ${name} avec un accès en lecture seule (rapports).`,
  ru: `Добавьте ${email} пользователем аккаунта ${name} с доступом только на просмотр статистики.`,
});

/** An affiliate or CPA network: a reporting user of the advertiser account, or a reporting API key. */
const network = (name: string, email: string): CollectorAccessText => ({
  en: `Add ${email} as a user of the ${name} advertiser account with reporting access, or send it a reporting API key.`,
  fr: `Ajoutez ${email} comme utilisateur du compte annonceur ${name} avec un accès aux rapports, ou envoyez-lui une clé API de reporting.`,
  ru: `Добавьте ${email} пользователем кабинета рекламодателя ${name} с доступом к статистике или пришлите на этот адрес API-ключ для выгрузки статистики.`,
});

/** A platform whose costs are read through its API: a read-only key sent to the mailbox. */
const apiKey = (name: string, email: string): CollectorAccessText => ({
  en: `Create a read-only API key (statistics) in the ${name} account and send it to ${email}.`,
  fr: `Créez une clé API en lecture seule (statistiques) dans le compte ${name} et envoyez-la à ${email}.`,
  ru: `Создайте в аккаунте ${name} API-ключ только для чтения статистики и пришлите его на ${email}.`,
});

type Row = [n: number, name: string, type: CollectorType, email: string, access?: (name: string, email: string) => CollectorAccessText];

const rows = (category: CollectorPlatformCategory, list: Row[]): CollectorPlatform[] =>
  list.map(([n, name, type, accessEmail, access = reader]) => ({ id: id(n), name, type, category, accessEmail, access: access(name, accessEmail) }));

const text = (access: CollectorAccessText) => () => access;

export const COLLECTOR_PLATFORMS: readonly CollectorPlatform[] = [
  ...rows('search', [
    [
      1,
      'Google Ads',
      'Other',
      ADS,
      text({
        en: 'Give read access to the Google Ads account (MCC link) for the integration mailbox.',
        fr: 'Donnez un accès en lecture au compte Google Ads (liaison MCC) à la boîte d’intégration.',
        ru: 'Предоставьте доступ на чтение к аккаунту Google Ads (связь через MCC) для почты интеграции.',
      }),
    ],
    [
      6,
      'Microsoft Advertising',
      'Other',
      ADS,
      text({
        en: 'Grant the “Viewer” role on the Microsoft Advertising account.',
        fr: 'Attribuez le rôle « Lecteur » sur le compte Microsoft Advertising.',
        ru: 'Выдайте роль «Наблюдатель» в аккаунте Microsoft Advertising.',
      }),
    ],
    [7, 'Search Ads 360', 'Other', ADS],
  ]),
  ...rows('social', [
    [
      2,
      'Meta Ads',
      'Other',
      META,
      text({
        en: 'Add the portal as a partner in Business Manager with the “View performance” role.',
        fr: 'Ajoutez le portail comme partenaire dans Business Manager avec le rôle « Voir les performances ».',
        ru: 'Добавьте портал партнёром в Business Manager с ролью «Просмотр эффективности».',
      }),
    ],
    [
      8,
      'LinkedIn Ads',
      'Other',
      SOCIAL,
      (name, email) => ({
        en: `In Campaign Manager, add ${email} to the ${name} ad account with the Viewer role.`,
        fr: `Dans Campaign Manager, ajoutez ${email} au compte publicitaire ${name} avec le rôle de consultation (Viewer).`,
        ru: `В Campaign Manager добавьте ${email} в рекламный аккаунт ${name} с ролью просмотра (Viewer).`,
      }),
    ],
    [
      9,
      'TikTok Ads',
      'Other',
      SOCIAL,
      (name, email) => ({
        en: `In TikTok Business Center, share the ${name} ad account with ${email} with the Analyst permission.`,
        fr: `Dans TikTok Business Center, partagez le compte publicitaire ${name} avec ${email} avec l’autorisation d’analyste (Analyst).`,
        ru: `В TikTok Business Center откройте ${email} доступ к рекламному аккаунту ${name} с правами аналитика (Analyst).`,
      }),
    ],
    [10, 'Snapchat Ads', 'Other', SOCIAL],
    [11, 'Pinterest Ads', 'Other', SOCIAL],
    [12, 'X Ads', 'Other', SOCIAL],
    [13, 'Reddit Ads', 'Other', SOCIAL],
  ]),
  ...rows('display', [
    [
      3,
      'Criteo',
      'Other',
      CRITEO,
      text({
        en: 'Create an API user in Criteo Management Center with read-only rights.',
        fr: 'Créez un utilisateur API dans Criteo Management Center avec des droits en lecture seule.',
        ru: 'Создайте API-пользователя в Criteo Management Center с правами только на чтение.',
      }),
    ],
    [14, 'RTB House', 'Other', DISPLAY],
    [15, 'Display & Video 360', 'Other', DISPLAY],
    [16, 'The Trade Desk', 'Other', DISPLAY],
    [17, 'Amazon DSP', 'Other', DISPLAY],
    [18, 'Adform', 'Other', DISPLAY],
    [19, 'AdRoll', 'Other', DISPLAY],
    [20, 'StackAdapt', 'Other', DISPLAY],
  ]),
  ...rows('video', [
    [21, 'Teads', 'Other', VIDEO],
    [22, 'Dailymotion Advertising', 'Other', VIDEO],
    [23, 'Spotify Ads', 'Other', VIDEO],
  ]),
  ...rows('native', [
    [24, 'Taboola', 'Other', NATIVE],
    [25, 'Outbrain', 'Other', NATIVE],
    [26, 'MGID', 'Other', NATIVE],
  ]),
  ...rows('shopping', [
    [27, 'PriceRunner', 'Other', SHOPPING],
    [28, 'Lengow', 'Other', SHOPPING],
    [29, 'Shoppingfeed', 'Other', SHOPPING],
  ]),
  ...rows('marketplaces', [
    [30, 'Amazon Ads', 'Other', RETAIL],
    [31, 'eBay Advertising', 'Other', RETAIL],
    [32, 'Zalando Marketing Services', 'Other', RETAIL],
    [33, 'Walmart Connect', 'Other', RETAIL],
  ]),
  ...rows('affiliate', [
    [
      4,
      'Awin',
      'Affiliate',
      AFFILIATES,
      text({
        en: 'Share the advertiser id and an API token of the Awin account.',
        fr: 'Communiquez l’identifiant annonceur et un jeton API du compte Awin.',
        ru: 'Передайте идентификатор рекламодателя и API-токен аккаунта Awin.',
      }),
    ],
    [
      5,
      'Admitad',
      'Affiliate',
      AFFILIATES,
      text({
        en: 'Invite the integration mailbox to the Admitad advertiser account.',
        fr: 'Invitez la boîte d’intégration dans le compte annonceur Admitad.',
        ru: 'Пригласите почту интеграции в рекламный аккаунт Admitad.',
      }),
    ],
    [34, 'CJ Affiliate', 'Affiliate', AFFILIATES, network],
    [35, 'Rakuten Advertising', 'Affiliate', AFFILIATES, network],
    [36, 'Impact.com', 'Affiliate', AFFILIATES, network],
    [37, 'Partnerize', 'Affiliate', AFFILIATES, network],
    [38, 'Webgains', 'Affiliate', AFFILIATES, network],
    [39, 'Tradedoubler', 'Affiliate', AFFILIATES, network],
    [40, 'TradeTracker', 'Affiliate', AFFILIATES, network],
    [41, 'Adtraction', 'Affiliate', AFFILIATES, network],
    [42, 'Daisycon', 'Affiliate', AFFILIATES, network],
  ]),
  ...rows('cpa', [
    [43, 'MaxBounty', 'Affiliate', LEADS, network],
    [44, 'ClickDealer', 'Affiliate', LEADS, network],
  ]),
  ...rows('mobile', [
    [45, 'Apple Search Ads', 'Other', APPS],
    [46, 'Unity Ads', 'Other', APPS],
    [47, 'AppLovin', 'Other', APPS],
    [48, 'Liftoff', 'Other', APPS],
    [49, 'Moloco', 'Other', APPS],
    [50, 'Mintegral', 'Other', APPS],
    [51, 'Digital Turbine', 'Other', APPS],
    [52, 'Ogury', 'Other', APPS],
  ]),
  ...rows('russia', [
    [53, 'Yandex Direct', 'Other', RU_ADS],
    [54, 'VK Ads', 'Other', RU_ADS],
    [55, 'myTarget', 'Other', RU_ADS],
    [56, 'Yandex Business', 'Other', RU_ADS],
    [57, 'Telegram Ads', 'Other', RU_ADS],
    [58, 'Hybrid', 'Other', RU_ADS],
    [59, 'Yandex Market', 'Other', RETAIL, apiKey],
    [60, 'Ozon Performance', 'Other', RETAIL, apiKey],
    [61, 'Wildberries', 'Other', RETAIL, apiKey],
    [62, 'Megamarket', 'Other', RETAIL],
    [63, 'Avito', 'Other', RETAIL, apiKey],
    [64, 'CityAds', 'Affiliate', AFFILIATES, network],
    [65, 'Leads.su', 'Affiliate', LEADS, network],
    [66, 'LeadGid', 'Affiliate', LEADS, network],
    [67, 'Actionpay', 'Affiliate', AFFILIATES, network],
    [68, 'Advcake', 'Affiliate', AFFILIATES, network],
    [69, 'Gdeslon', 'Affiliate', AFFILIATES, network],
  ]),
  ...rows('france', [
    [70, 'Effinity', 'Affiliate', AFFILIATES, network],
    [71, 'Kwanko', 'Affiliate', AFFILIATES, network],
    [72, 'TimeOne', 'Affiliate', AFFILIATES, network],
    [73, 'Affilae', 'Affiliate', AFFILIATES, network],
    [74, 'Effiliation', 'Affiliate', AFFILIATES, network],
    [75, 'Public-Idées', 'Affiliate', AFFILIATES, network],
    [76, 'iGraal', 'Affiliate', AFFILIATES, network],
    [77, 'Poulpeo', 'Affiliate', AFFILIATES, network],
    [78, 'eBuyClub', 'Affiliate', AFFILIATES, network],
    [79, 'Idealo', 'Other', SHOPPING],
    [80, 'Kelkoo', 'Other', SHOPPING],
    [81, 'LeGuide', 'Other', SHOPPING],
    [82, 'Cdiscount', 'Other', RETAIL],
    [83, 'Fnac Darty', 'Other', RETAIL],
    [84, 'ManoMano', 'Other', RETAIL],
    [85, 'Carrefour Links', 'Other', RETAIL],
    [86, 'leboncoin', 'Other', RETAIL],
    [87, 'Rakuten France', 'Other', RETAIL],
    [88, 'Powerspace', 'Other', NATIVE],
  ]),
];

/** The platforms of one category, in the list's order (the best-known first). */
export const platformsOf = (category: CollectorPlatformCategory): CollectorPlatform[] => COLLECTOR_PLATFORMS.filter((p) => p.category === category);
