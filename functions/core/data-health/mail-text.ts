import type { HealthKind, HealthReason, HealthStatus } from '../../../shared/domain/data-health';
import type { AlertEvent } from './status';

/**
 * The alert mail's lines in the reader's language (EN/FR/RU, the language of the company's other
 * mails: its country). The same reasons as the page's `health.*` messages (web catalogues); the
 * mail cannot use react-intl, so the few sentences it needs are here.
 */

export type MailLanguage = 'en' | 'fr' | 'ru';

export const mailLanguage = (country: string | undefined): MailLanguage =>
  country?.toUpperCase() === 'FR' ? 'fr' : country?.toUpperCase() === 'RU' ? 'ru' : 'en';

type Texts = {
  kinds: Record<HealthKind, string>;
  statuses: Record<HealthStatus, string>;
  changes: { broken: string; still: string; recovered: string };
  reasons: Record<string, string>;
};

/** Exported for the typography test of its French (shared/testing/french.ts). */
export const MAIL_TEXTS: Record<MailLanguage, Texts> = {
  en: {
    kinds: { feed: 'Order feed', 'analytics-access': 'Analytics access', 'analytics-coverage': 'Custom dimension coverage', 'utm-linking': 'UTM linking', volume: 'Orders and sessions volume' },
    statuses: { healthy: 'healthy', warning: 'warning', failing: 'failing', unknown: 'unknown' },
    changes: { broken: 'now {status}', still: 'still {status}', recovered: 'healthy again' },
    reasons: {
      'health.feed.ok': 'the feed was read ({orders} orders)',
      'health.feed.warnings': 'the feed has {count} kind(s) of warnings',
      'health.feed.failed': 'the feed could not be fetched or read: {code}',
      'health.feed.none': 'no order feed URL is stored',
      'health.feed.never': 'the feed was never checked',
      'health.access.ok': 'the service account reads the property',
      'health.access.denied': 'the service account no longer has access to the analytics property',
      'health.analytics.noViewId': 'no View ID is stored',
      'health.analytics.unavailable': 'the analytics tool did not answer',
      'health.coverage.ok': '{percent} % of sessions and transactions carry the dimension',
      'health.coverage.below': 'only {percent} % of sessions or transactions carry the dimension',
      'health.coverage.noDimension': 'no custom dimension is stored',
      'health.coverage.noAccess': 'coverage cannot be measured without access',
      'health.coverage.dimensionGone': 'custom dimension {index} no longer exists',
      'health.coverage.noData': 'no sessions to measure yet',
      'health.utm.ok': '{percent} % of sessions are unlinked',
      'health.utm.unlinked': '{percent} % of sessions come from UTMs no rule links ({utms} UTMs)',
      'health.utm.noTraffic': 'no imported traffic',
      'health.volume.ordersOk': '{count} orders on {weekday}; usually about {usual}',
      'health.volume.ordersDrop': 'only {count} orders on {weekday}; usually about {usual}',
      'health.volume.ordersNone': 'no orders on {weekday}; usually about {usual}',
      'health.volume.sessionsOk': '{count} sessions on {weekday}; usually about {usual}',
      'health.volume.sessionsDrop': 'only {count} sessions on {weekday}; usually about {usual}',
      'health.volume.sessionsNone': 'no sessions on {weekday}; usually about {usual}',
      'health.volume.learning': 'not compared until {weeks} weeks of daily figures exist',
      'health.volume.noFigure': 'the day’s orders or sessions could not be counted',
      'health.volume.none': 'no feed URL and no View ID are stored',
    },
  },
  fr: {
    kinds: { feed: 'Flux de commandes', 'analytics-access': 'Accès à Analytics', 'analytics-coverage': 'Couverture de la dimension personnalisée', 'utm-linking': 'Liaison des UTM', volume: 'Volume des commandes et des sessions' },
    statuses: { healthy: 'sain', warning: 'avertissement', failing: 'en échec', unknown: 'inconnu' },
    changes: { broken: 'désormais : {status}', still: 'toujours : {status}', recovered: 'de nouveau sain' },
    reasons: {
      'health.feed.ok': 'le flux a été lu ({orders} commandes)',
      'health.feed.warnings': 'le flux présente {count} type(s) d’avertissement',
      'health.feed.failed': 'le flux n’a pas pu être récupéré ou lu : {code}',
      'health.feed.none': 'aucune URL de flux n’est enregistrée',
      'health.feed.never': 'le flux n’a jamais été vérifié',
      'health.access.ok': 'le compte de service lit la propriété',
      'health.access.denied': 'le compte de service n’a plus accès à la propriété Analytics',
      'health.analytics.noViewId': 'aucun View ID n’est enregistré',
      'health.analytics.unavailable': 'l’outil d’analyse n’a pas répondu',
      'health.coverage.ok': '{percent} % des sessions et transactions portent la dimension',
      'health.coverage.below': 'seulement {percent} % des sessions ou transactions portent la dimension',
      'health.coverage.noDimension': 'aucune dimension personnalisée n’est enregistrée',
      'health.coverage.noAccess': 'la couverture ne peut pas être mesurée sans accès',
      'health.coverage.dimensionGone': 'la dimension personnalisée {index} n’existe plus',
      'health.coverage.noData': 'pas encore de sessions à mesurer',
      'health.utm.ok': '{percent} % des sessions ne sont pas liées',
      'health.utm.unlinked': '{percent} % des sessions viennent d’UTM qu’aucune règle ne lie ({utms} UTM)',
      'health.utm.noTraffic': 'aucun trafic importé',
      'health.volume.ordersOk': '{count} commandes {weekday}\u00a0; habituellement environ {usual}',
      'health.volume.ordersDrop': 'seulement {count} commandes {weekday}\u00a0; habituellement environ {usual}',
      'health.volume.ordersNone': 'aucune commande {weekday}\u00a0; habituellement environ {usual}',
      'health.volume.sessionsOk': '{count} sessions {weekday}\u00a0; habituellement environ {usual}',
      'health.volume.sessionsDrop': 'seulement {count} sessions {weekday}\u00a0; habituellement environ {usual}',
      'health.volume.sessionsNone': 'aucune session {weekday}\u00a0; habituellement environ {usual}',
      'health.volume.learning': 'pas de comparaison avant {weeks} semaines de chiffres quotidiens',
      'health.volume.noFigure': 'les commandes ou les sessions du jour n’ont pas pu être comptées',
      'health.volume.none': 'aucune URL de flux ni aucun View ID n’est enregistré',
    },
  },
  ru: {
    kinds: { feed: 'Фид заказов', 'analytics-access': 'Доступ к Analytics', 'analytics-coverage': 'Покрытие пользовательского параметра', 'utm-linking': 'Привязка UTM', volume: 'Объём заказов и сеансов' },
    statuses: { healthy: 'в порядке', warning: 'предупреждение', failing: 'сбой', unknown: 'неизвестно' },
    changes: { broken: 'сейчас: {status}', still: 'всё ещё: {status}', recovered: 'снова в порядке' },
    reasons: {
      'health.feed.ok': 'фид прочитан (заказов: {orders})',
      'health.feed.warnings': 'в фиде есть предупреждения (видов: {count})',
      'health.feed.failed': 'фид не удалось получить или прочитать: {code}',
      'health.feed.none': 'URL фида не сохранён',
      'health.feed.never': 'фид ещё не проверялся',
      'health.access.ok': 'сервисный аккаунт читает ресурс',
      'health.access.denied': 'сервисный аккаунт больше не имеет доступа к ресурсу Analytics',
      'health.analytics.noViewId': 'View ID не сохранён',
      'health.analytics.unavailable': 'сервис аналитики не ответил',
      'health.coverage.ok': '{percent} % сеансов и транзакций содержат параметр',
      'health.coverage.below': 'только {percent} % сеансов или транзакций содержат параметр',
      'health.coverage.noDimension': 'пользовательский параметр не сохранён',
      'health.coverage.noAccess': 'без доступа покрытие измерить нельзя',
      'health.coverage.dimensionGone': 'пользовательского параметра {index} больше нет',
      'health.coverage.noData': 'пока нет сеансов для измерения',
      'health.utm.ok': 'не привязано {percent} % сеансов',
      'health.utm.unlinked': '{percent} % сеансов приходят с UTM, которые не привязаны ни одним правилом (UTM: {utms})',
      'health.utm.noTraffic': 'нет импортированного трафика',
      'health.volume.ordersOk': '{weekday} заказов: {count}; обычно около {usual}',
      'health.volume.ordersDrop': '{weekday} всего заказов: {count}; обычно около {usual}',
      'health.volume.ordersNone': '{weekday} нет заказов; обычно около {usual}',
      'health.volume.sessionsOk': '{weekday} сеансов: {count}; обычно около {usual}',
      'health.volume.sessionsDrop': '{weekday} всего сеансов: {count}; обычно около {usual}',
      'health.volume.sessionsNone': '{weekday} нет сеансов; обычно около {usual}',
      'health.volume.learning': 'сравнение начнётся, когда накопится {weeks} недели ежедневных данных',
      'health.volume.noFigure': 'не удалось посчитать заказы или сеансы за день',
      'health.volume.none': 'URL фида и View ID не сохранены',
    },
  },
};

/** The volume reasons' weekday (core/data-health/volume.ts sends `mon`...`sun`), as the sentence needs it. */
const WEEKDAYS: Record<MailLanguage, Record<string, string>> = {
  en: { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' },
  fr: { mon: 'lundi', tue: 'mardi', wed: 'mercredi', thu: 'jeudi', fri: 'vendredi', sat: 'samedi', sun: 'dimanche' },
  ru: { mon: 'в понедельник', tue: 'во вторник', wed: 'в среду', thu: 'в четверг', fri: 'в пятницу', sat: 'в субботу', sun: 'в воскресенье' },
};

/**
 * Why a daily fetch failed, as the page's `health.feed.failed` says it (its ICU select; a code it
 * does not name is shown as is): `{code}` of the mail's reason. `{http}`: the server's status.
 */
const FEED_CAUSES: Record<MailLanguage, Record<string, string>> = {
  en: { status: 'its server refused to send it{http}', timeout: 'it took too long to arrive', too_slow: 'its server sent it too slowly', stalled: 'it stopped arriving', connection: 'the connection to its server failed', dns: 'its host name was not found', malformed: 'it is not well-formed' },
  fr: { status: 'son serveur a refusé de l’envoyer{http}', timeout: 'il a mis trop de temps à arriver', too_slow: 'son serveur l’a envoyé trop lentement', stalled: 'il a cessé d’arriver', connection: 'la connexion à son serveur a échoué', dns: 'le nom de son hôte est introuvable', malformed: 'il n’est pas bien formé' },
  ru: { status: 'сервер отказался его отдать{http}', timeout: 'он слишком долго загружался', too_slow: 'сервер отдавал его слишком медленно', stalled: 'он перестал приходить', connection: 'не удалось подключиться к его серверу', dns: 'имя его хоста не найдено', malformed: 'он составлен с ошибками' },
};

const feedCause = (language: MailLanguage, values: Record<string, string | number>): string => {
  const cause = FEED_CAUSES[language][String(values.code)];
  if (!cause) return String(values.code);
  return cause.replace('{http}', values.http === undefined || values.http === 'none' ? '' : ` (HTTP ${values.http})`);
};

/** Values as the reader writes them: numbers grouped for the language (1,312 / 1 312), weekdays named. */
function localValues(language: MailLanguage, values: Record<string, string | number> = {}): Record<string, string | number> {
  const number = new Intl.NumberFormat(language);
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      name === 'weekday' ? (WEEKDAYS[language][value] ?? value) : name === 'code' ? feedCause(language, values) : typeof value === 'number' ? number.format(value) : value,
    ]),
  );
}

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));

function reasonText(language: MailLanguage, reason: HealthReason | undefined): string {
  if (!reason) return '';
  return fill(MAIL_TEXTS[language].reasons[reason.key] ?? reason.key, localValues(language, reason.values));
}

/** One line per kind: "Order feed: now failing — the feed could not be fetched or read (http-status)". */
export function alertLines(language: MailLanguage, events: readonly AlertEvent[]): string {
  const t = MAIL_TEXTS[language];
  return events
    // French puts a space before the colon.
    .map((e) => `${t.kinds[e.kind]}${language === 'fr' ? '\u00a0: ' : ': '}${fill(t.changes[e.change], { status: t.statuses[e.status] })} — ${reasonText(language, e.reason)}`)
    .join('\n');
}

/** The subject's short state: the worst change of the mail. */
export function alertHeadline(language: MailLanguage, events: readonly AlertEvent[]): string {
  const headlines = {
    en: { problem: 'a data problem', recovered: 'data flowing again' },
    fr: { problem: 'un problème de données', recovered: 'les données circulent de nouveau' },
    ru: { problem: 'проблема с данными', recovered: 'данные снова поступают' },
  }[language];
  return events.some((e) => e.change !== 'recovered') ? headlines.problem : headlines.recovered;
}
