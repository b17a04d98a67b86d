import { en as adminEn } from './features/admin/messages/en';
import { fr as adminFr } from './features/admin/messages/fr';
import { ru as adminRu } from './features/admin/messages/ru';
import { en as agendaEn } from './features/agenda/messages/en';
import { fr as agendaFr } from './features/agenda/messages/fr';
import { ru as agendaRu } from './features/agenda/messages/ru';
import { en as analyticsEn } from './features/analytics/messages/en';
import { fr as analyticsFr } from './features/analytics/messages/fr';
import { ru as analyticsRu } from './features/analytics/messages/ru';
import { en as crmEn } from './features/crm/messages/en';
import { fr as crmFr } from './features/crm/messages/fr';
import { ru as crmRu } from './features/crm/messages/ru';
import { en as dashboardEn } from './features/dashboard/messages/en';
import { fr as dashboardFr } from './features/dashboard/messages/fr';
import { ru as dashboardRu } from './features/dashboard/messages/ru';
import { en as dataHealthEn } from './features/data-health/messages/en';
import { fr as dataHealthFr } from './features/data-health/messages/fr';
import { ru as dataHealthRu } from './features/data-health/messages/ru';
import { en as authEn } from './features/auth/messages/en';
import { fr as authFr } from './features/auth/messages/fr';
import { ru as authRu } from './features/auth/messages/ru';
import { en as apiTokensEn } from './features/api-tokens/messages/en';
import { fr as apiTokensFr } from './features/api-tokens/messages/fr';
import { ru as apiTokensRu } from './features/api-tokens/messages/ru';
import { en as webhooksEn } from './features/webhooks/messages/en';
import { fr as webhooksFr } from './features/webhooks/messages/fr';
import { ru as webhooksRu } from './features/webhooks/messages/ru';
import { en as marketingEn } from './features/marketing/messages/en';
import { fr as marketingFr } from './features/marketing/messages/fr';
import { ru as marketingRu } from './features/marketing/messages/ru';
import { en } from './i18n/messages/en';
import { fr } from './i18n/messages/fr';
import { ru } from './i18n/messages/ru';

/**
 * Every catalogue of the app in one place, for the server (the translations admin checks and
 * shows every id) and the tests. The app itself never imports this file: it loads the entry
 * catalogue at start and each area's catalogue with its lazy chunk (i18n/area.tsx).
 */
export const CATALOGUE_PARTS = {
  entry: { en, fr, ru },
  admin: { en: adminEn, fr: adminFr, ru: adminRu },
  agenda: { en: agendaEn, fr: agendaFr, ru: agendaRu },
  analytics: { en: analyticsEn, fr: analyticsFr, ru: analyticsRu },
  crm: { en: crmEn, fr: crmFr, ru: crmRu },
  marketing: { en: marketingEn, fr: marketingFr, ru: marketingRu },
  dashboard: { en: dashboardEn, fr: dashboardFr, ru: dashboardRu },
  dataHealth: { en: dataHealthEn, fr: dataHealthFr, ru: dataHealthRu },
  apiTokens: { en: apiTokensEn, fr: apiTokensFr, ru: apiTokensRu },
  webhooks: { en: webhooksEn, fr: webhooksFr, ru: webhooksRu },
  auth: { en: authEn, fr: authFr, ru: authRu },
} as const;

type Texts = Readonly<Record<string, string>>;
const merged = (locale: 'en' | 'fr' | 'ru'): Texts =>
  Object.assign({}, ...Object.values(CATALOGUE_PARTS).map((part) => part[locale] as Texts)) as Texts;

/** All ids of the app, per language. */
export const ALL_MESSAGES: Readonly<Record<'en' | 'fr' | 'ru', Texts>> = { en: merged('en'), fr: merged('fr'), ru: merged('ru') };
