import { createDefaultCollector, getDefaultCollector } from '../functions/data/default-collectors';
import type { CollectorType } from '../shared/domain/types';
import { formatCollectorComment } from '../shared/schemas/default-collectors';

/**
 * Demo default collectors (the admin page and every customer's collector suggestions), under
 * fixed ids so a second seed run keeps what an administrator changed meanwhile.
 */
const DEMO: Array<{ id: string; name: string; accessEmail: string; type: CollectorType; en: string; ru: string; fr: string }> = [
  {
    id: '0b7c6c1e-2f0a-4a51-9d1e-6a0f3b1c2d01', name: 'Google Ads', accessEmail: 'ads-access@portal.example', type: 'Other',
    en: 'Give read access to the Google Ads account (MCC link) for the integration mailbox.',
    ru: 'Предоставьте доступ на чтение к аккаунту Google Ads (связь через MCC) для почты интеграции.',
    fr: 'Donnez un accès en lecture au compte Google Ads (liaison MCC) à la boîte d’intégration.',
  },
  {
    id: '0b7c6c1e-2f0a-4a51-9d1e-6a0f3b1c2d02', name: 'Meta Ads', accessEmail: 'meta-access@portal.example', type: 'Other',
    en: 'Add the portal as a partner in Business Manager with the “View performance” role.',
    ru: 'Добавьте портал партнёром в Business Manager с ролью «Просмотр эффективности».',
    fr: 'Ajoutez le portail comme partenaire dans Business Manager avec le rôle « Voir les performances ».',
  },
  {
    id: '0b7c6c1e-2f0a-4a51-9d1e-6a0f3b1c2d03', name: 'Criteo', accessEmail: 'criteo@portal.example', type: 'Other',
    en: 'Create an API user in Criteo Management Center with read-only rights.',
    ru: 'Создайте API-пользователя в Criteo Management Center с правами только на чтение.',
    fr: 'Créez un utilisateur API dans Criteo Management Center avec des droits en lecture seule.',
  },
  {
    id: '0b7c6c1e-2f0a-4a51-9d1e-6a0f3b1c2d04', name: 'Awin', accessEmail: 'affiliates@portal.example', type: 'Affiliate',
    en: 'Share the advertiser id and an API token of the Awin account.',
    ru: 'Передайте идентификатор рекламодателя и API-токен аккаунта Awin.',
    fr: 'Communiquez l’identifiant annonceur et un jeton API du compte Awin.',
  },
  {
    id: '0b7c6c1e-2f0a-4a51-9d1e-6a0f3b1c2d05', name: 'Admitad', accessEmail: 'affiliates@portal.example', type: 'Affiliate',
    en: 'Invite the integration mailbox to the Admitad advertiser account.',
    ru: 'Пригласите почту интеграции в рекламный аккаунт Admitad.',
    fr: 'Invitez la boîte d’intégration dans le compte annonceur Admitad.',
  },
  {
    id: '0b7c6c1e-2f0a-4a51-9d1e-6a0f3b1c2d06', name: 'Microsoft Advertising', accessEmail: 'ads-access@portal.example', type: 'Other',
    en: 'Grant the “Viewer” role on the Microsoft Advertising account.',
    ru: 'Выдайте роль «Наблюдатель» в аккаунте Microsoft Advertising.',
    fr: 'Attribuez le rôle « Lecteur » sur le compte Microsoft Advertising.',
  },
];

export async function ensureDefaultCollectors(): Promise<void> {
  for (const { id, en, ru, fr, ...fields } of DEMO) {
    if (!(await getDefaultCollector(id))) await createDefaultCollector(id, { ...fields, comment: formatCollectorComment({ en, ru, fr }) });
  }
}
