/**
 * The warning catalogue: every key the feed check can raise, with its title and explanation
 * in English, French and Russian and the page that explains it (docs/feed-warnings/<key>.md).
 *
 * Texts say "order" or "lead" through placeholders, filled by warningText() for the feed's kind:
 * {o} {os} singular and plural, {O} {Os} capitalised, and for Russian the genitive {o_gen}
 * {os_gen}, dative {o_dat} and prepositional {o_prep} (both nouns are masculine, so no other
 * form is needed).
 */
import type { FeedKind } from './types';

export const WARNING_KEYS = [
  'missingId',
  'missingDate',
  'missingState',
  'missingPrice',
  'invalidPrice',
  'noCommission',
  'invalidCommission',
  'invalidDate',
  'invalidLastorderdate',
  'lastorderdateIsBiggerThanDate',
  'invalidState',
  'invalidStateupdatedate',
  'duplicatedIds',
  'invalidIscallcenter',
  'gaOrdersDontMatchXml',
  'missingProductId',
  'missingProductCategory',
  'missingProductPrice',
  'missingProductQuantity',
  'emptyProducts',
  'invalidProductPrice',
  'invalidProductQuantity',
  'zeroPrice',
  'hugePrice',
  'noLastorderdate',
  'noProductsWithPrice',
  'doubleProductId',
  'noOrdersDone',
  'notEnoughDoneOrders',
  'noOrdersCancel',
  'dateRangeTooShort',
  'noConversionType',
  'invalidProducts',
  'newClientTagMissing',
] as const;
export type WarningKey = (typeof WARNING_KEYS)[number];

export const isWarningKey = (key: string): key is WarningKey => (WARNING_KEYS as readonly string[]).includes(key);

export type Language = 'en' | 'fr' | 'ru';
export const LANGUAGES: readonly Language[] = ['en', 'fr', 'ru'];

interface Text {
  title: string;
  explanation: string;
}
export interface WarningEntry {
  key: WarningKey;
  /** Relative to the repository root. */
  doc: string;
  text: Record<Language, Text>;
}

const t = (title: string, explanation: string): Text => ({ title, explanation });

const TEXTS: Record<WarningKey, Record<Language, Text>> = {
  missingId: {
    en: t('{O} without id', 'Some {os} have no id. Without an id the {o} cannot be matched with the visit that brought it, nor updated later.'),
    fr: t('Identifiant manquant', 'Certaines lignes ({os}) n’ont pas d’identifiant : impossible de les relier à la visite qui les a apportées ni de les mettre à jour.'),
    ru: t('Нет идентификатора', 'У некоторых {os_gen} нет id. Без id {o} нельзя связать с визитом, который его принёс, и нельзя обновить позже.'),
  },
  missingDate: {
    en: t('{O} without date', 'Some {os} have no date. The date places the {o} in time and decides which visits may have led to it.'),
    fr: t('Date manquante', 'Certaines entrées ({os}) n’ont pas de date. La date situe chaque {o} dans le temps et désigne les visites qui ont pu y mener.'),
    ru: t('Нет даты', 'У некоторых {os_gen} нет даты. Дата определяет, какие визиты могли привести к {o_dat}.'),
  },
  missingState: {
    en: t('{O} without state', 'Some {os} have no state. Without it we cannot tell paid {os} from cancelled ones.'),
    fr: t('Statut manquant', 'Certaines entrées ({os}) n’ont pas de statut : impossible de distinguer ce qui est payé de ce qui est annulé.'),
    ru: t('Нет статуса', 'У некоторых {os_gen} нет статуса. Без него нельзя отличить оплаченные {os} от отменённых.'),
  },
  missingPrice: {
    en: t('{O} without price', 'Some {os} have no price. Revenue cannot be attributed to the channels that brought them.'),
    fr: t('Prix manquant', 'Certaines entrées ({os}) n’ont pas de prix : leur chiffre d’affaires ne peut pas être attribué aux canaux.'),
    ru: t('Нет цены', 'У некоторых {os_gen} нет цены. Их выручку нельзя распределить по каналам.'),
  },
  invalidPrice: {
    en: t('Invalid price', 'The price must be a number with a dot as decimal separator, zero or more (e.g. 1299.90), without currency or spaces.'),
    fr: t('Prix invalide', 'Le prix doit être un nombre positif ou nul avec un point décimal (ex. 1299.90), sans devise ni espace.'),
    ru: t('Неверная цена', 'Цена должна быть неотрицательным числом с точкой в качестве разделителя (например 1299.90), без валюты и пробелов.'),
  },
  noCommission: {
    en: t('Commission missing on paid {os}', 'The feed gives a commission on some {os}, so every paid {o} (done, partial_return) must have one too.'),
    fr: t('Commission manquante sur des ventes payées', 'Le flux donne une commission pour certaines entrées ({os}) : chaque entrée payée (done, partial_return) doit alors en avoir une.'),
    ru: t('Нет комиссии у оплаченных {os_gen}', 'В фиде есть комиссия у части {os_gen}, значит она нужна у каждого оплаченного {o_gen} (done, partial_return).'),
  },
  invalidCommission: {
    en: t('Invalid commission', 'The commission must be a whole number (e.g. 150), without decimals, currency or spaces.'),
    fr: t('Commission invalide', 'La commission doit être un nombre entier (ex. 150), sans décimales, devise ni espace.'),
    ru: t('Неверная комиссия', 'Комиссия должна быть целым числом (например 150), без дробной части, валюты и пробелов.'),
  },
  invalidDate: {
    en: t('Invalid date', 'The date must be written YYYY-MM-DD HH:MM:SS (e.g. 2026-11-20 14:05:00) and be a real calendar date.'),
    fr: t('Date invalide', 'La date doit être au format AAAA-MM-JJ HH:MM:SS (ex. 2026-11-20 14:05:00) et exister dans le calendrier.'),
    ru: t('Неверная дата', 'Дата должна быть в формате ГГГГ-ММ-ДД ЧЧ:ММ:СС (например 2026-11-20 14:05:00) и существовать в календаре.'),
  },
  invalidLastorderdate: {
    en: t('Invalid last order date', 'lastorderdate must be written YYYY-MM-DD HH:MM:SS (or YYYY-MM-DD) and be a real calendar date.'),
    fr: t('Date de dernière commande invalide', 'lastorderdate doit être au format AAAA-MM-JJ HH:MM:SS (ou AAAA-MM-JJ) et exister dans le calendrier.'),
    ru: t('Неверная дата предыдущего заказа', 'lastorderdate должна быть в формате ГГГГ-ММ-ДД ЧЧ:ММ:СС (или ГГГГ-ММ-ДД) и существовать в календаре.'),
  },
  lastorderdateIsBiggerThanDate: {
    en: t('Last order date after the {o} date', 'lastorderdate is the date of the customer’s previous {o}; it cannot be later than this {o}’s date.'),
    fr: t('Dernière commande postérieure à la date', 'lastorderdate est la date de l’achat précédent du client ; elle ne peut pas être postérieure à la date de cette entrée ({o}).'),
    ru: t('Дата предыдущего заказа позже даты', 'lastorderdate — дата предыдущего {o_gen} клиента; она не может быть позже даты этого {o_gen}.'),
  },
  invalidState: {
    en: t('Unknown state', 'The state must be one of new, wait, cancel, refuse, return, partial_return, done (lower case).'),
    fr: t('Statut inconnu', 'Le statut doit être l’un de new, wait, cancel, refuse, return, partial_return, done (en minuscules).'),
    ru: t('Неизвестный статус', 'Статус должен быть одним из new, wait, cancel, refuse, return, partial_return, done (строчными буквами).'),
  },
  invalidStateupdatedate: {
    en: t('Invalid state update date', 'stateupdatedate must be written YYYY-MM-DD (a time may follow: YYYY-MM-DD HH:MM:SS).'),
    fr: t('Date de changement de statut invalide', 'stateupdatedate doit être au format AAAA-MM-JJ (éventuellement suivi de HH:MM:SS).'),
    ru: t('Неверная дата смены статуса', 'stateupdatedate должна быть в формате ГГГГ-ММ-ДД (можно со временем ЧЧ:ММ:СС).'),
  },
  duplicatedIds: {
    en: t('Duplicated ids', 'Several {os} share the same id. Each {o} must appear once, with its current state.'),
    fr: t('Identifiants en double', 'Plusieurs entrées ({os}) ont le même identifiant. Chaque entrée doit apparaître une seule fois, avec son statut actuel.'),
    ru: t('Повторяющиеся id', 'У нескольких {os_gen} одинаковый id. Каждый {o} должен встречаться один раз, с текущим статусом.'),
  },
  invalidIscallcenter: {
    en: t('Invalid call-centre flag', 'iscallcenter must be 1 (taken by the call centre) or 0 (online).'),
    fr: t('Indicateur centre d’appels invalide', 'iscallcenter doit valoir 1 (pris par le centre d’appels) ou 0 (en ligne).'),
    ru: t('Неверный признак колл-центра', 'iscallcenter должен быть 1 (оформлен колл-центром) или 0 (онлайн).'),
  },
  gaOrdersDontMatchXml: {
    en: t('Feed ids do not match analytics', 'Too many {os} of the tested day are unknown to the analytics tool: the ids sent to analytics must be the feed’s ids.'),
    fr: t('Identifiants différents de ceux de l’outil d’analyse', 'Trop d’entrées ({os}) du jour testé sont inconnues de l’outil d’analyse : les identifiants envoyés doivent être ceux du flux.'),
    ru: t('id в фиде не совпадают с аналитикой', 'Слишком много {os_gen} проверяемого дня неизвестны системе аналитики: в аналитику нужно передавать те же id, что и в фиде.'),
  },
  missingProductId: {
    en: t('Product without id', 'Some products have no id; each product needs one.'),
    fr: t('Produit sans identifiant', 'Certains produits n’ont pas d’identifiant ; chaque produit en a besoin.'),
    ru: t('Товар без id', 'У некоторых товаров нет id; он нужен каждому товару.'),
  },
  missingProductCategory: {
    en: t('Product without category', 'Some products have no category; it lets you compare channels by category.'),
    fr: t('Produit sans catégorie', 'Certains produits n’ont pas de catégorie ; elle permet de comparer les canaux par catégorie.'),
    ru: t('Товар без категории', 'У некоторых товаров нет категории; она нужна для сравнения каналов по категориям.'),
  },
  missingProductPrice: {
    en: t('Product without price', 'Some products have no price; each product needs its unit price.'),
    fr: t('Produit sans prix', 'Certains produits n’ont pas de prix ; chaque produit a besoin de son prix unitaire.'),
    ru: t('Товар без цены', 'У некоторых товаров нет цены; нужна цена за единицу.'),
  },
  missingProductQuantity: {
    en: t('Product without quantity', 'Some products have no quantity; each product needs the number of units.'),
    fr: t('Produit sans quantité', 'Certains produits n’ont pas de quantité ; chaque produit a besoin du nombre d’unités.'),
    ru: t('Товар без количества', 'У некоторых товаров нет количества; нужно число единиц.'),
  },
  emptyProducts: {
    en: t('Paid {o} without products', 'Paid {os} (done, partial_return) must list their products.'),
    fr: t('Vente payée sans produits', 'Les entrées payées (done, partial_return) doivent lister leurs produits.'),
    ru: t('Оплаченный {o} без товаров', 'Оплаченные {os} (done, partial_return) должны содержать список товаров.'),
  },
  invalidProductPrice: {
    en: t('Invalid product price', 'A product price must be a number above zero with a dot as decimal separator (e.g. 49.90).'),
    fr: t('Prix de produit invalide', 'Le prix d’un produit doit être un nombre supérieur à zéro avec un point décimal (ex. 49.90).'),
    ru: t('Неверная цена товара', 'Цена товара должна быть числом больше нуля с точкой в качестве разделителя (например 49.90).'),
  },
  invalidProductQuantity: {
    en: t('Invalid product quantity', 'A product quantity must be a number above zero (e.g. 2).'),
    fr: t('Quantité de produit invalide', 'La quantité d’un produit doit être un nombre supérieur à zéro (ex. 2).'),
    ru: t('Неверное количество товара', 'Количество товара должно быть числом больше нуля (например 2).'),
  },
  zeroPrice: {
    en: t('Paid {o} with a zero price', 'A done or partial_return {o} must have a price above zero.'),
    fr: t('Vente payée à prix nul', 'Une entrée done ou partial_return doit avoir un prix supérieur à zéro.'),
    ru: t('Оплаченный {o} с нулевой ценой', 'У {o_gen} в статусе done или partial_return цена должна быть больше нуля.'),
  },
  hugePrice: {
    en: t('Suspiciously high price', 'Some prices are more than 100 times the feed’s median price: check the unit (cents?) and the field.'),
    fr: t('Prix anormalement élevé', 'Certains prix dépassent 100 fois le prix médian du flux : vérifiez l’unité (centimes ?) et le champ.'),
    ru: t('Подозрительно высокая цена', 'Некоторые цены более чем в 100 раз выше медианной цены фида: проверьте единицы (копейки?) и поле.'),
  },
  noLastorderdate: {
    en: t('Returning customer without last order date', 'When newclient is 0 the customer ordered before: lastorderdate must give that previous order’s date.'),
    fr: t('Client existant sans date de dernière commande', 'Quand newclient vaut 0, le client a déjà acheté : lastorderdate doit donner la date de cet achat précédent.'),
    ru: t('Повторный клиент без даты предыдущего заказа', 'Если newclient равен 0, клиент уже покупал: в lastorderdate нужна дата предыдущего заказа.'),
  },
  noProductsWithPrice: {
    en: t('Paid {o} without priced products', 'Paid {os} need at least one product with a price and a quantity above zero.'),
    fr: t('Vente payée sans produit valorisé', 'Les entrées payées doivent avoir au moins un produit avec un prix et une quantité supérieurs à zéro.'),
    ru: t('Оплаченный {o} без товаров с ценой', 'В оплаченном {o_prep} нужен хотя бы один товар с ценой и количеством больше нуля.'),
  },
  doubleProductId: {
    en: t('Same product twice in one {o}', 'A product id appears twice in the same {o}: list it once with its total quantity.'),
    fr: t('Même produit deux fois', 'Un identifiant de produit apparaît deux fois dans la même entrée ({o}) : indiquez-le une fois avec la quantité totale.'),
    ru: t('Один товар дважды в {o_prep}', 'id товара встречается дважды в одном {o_prep}: укажите его один раз с общим количеством.'),
  },
  noOrdersDone: {
    en: t('No paid {os}', 'The feed has no done or partial_return {o}: paid {os} are what attribution measures.'),
    fr: t('Aucune vente payée', 'Le flux ne contient aucune entrée done ou partial_return : ce sont elles que l’attribution mesure.'),
    ru: t('Нет оплаченных {os_gen}', 'В фиде нет {os_gen} в статусе done или partial_return, а именно их измеряет атрибуция.'),
  },
  notEnoughDoneOrders: {
    en: t('Unusually few paid {os}', 'Fewer than 20% of the {os} older than 7 days are done or partial_return: states are probably not updated after delivery.'),
    fr: t('Trop peu de ventes payées', 'Moins de 20 % des entrées ({os}) de plus de 7 jours sont done ou partial_return : les statuts ne sont sans doute pas mis à jour après livraison.'),
    ru: t('Слишком мало оплаченных {os_gen}', 'Менее 20% {os_gen} старше 7 дней в статусе done или partial_return: вероятно, статусы не обновляются после доставки.'),
  },
  noOrdersCancel: {
    en: t('No cancelled {os}', 'The feed has no cancel or refuse {o}: cancelled {os} must be exported so they are not counted as sales.'),
    fr: t('Aucune annulation', 'Le flux ne contient aucune entrée cancel ou refuse : les annulations doivent être exportées pour ne pas compter comme des ventes.'),
    ru: t('Нет отменённых {os_gen}', 'В фиде нет {os_gen} в статусе cancel или refuse: отмены нужно выгружать, чтобы они не считались продажами.'),
  },
  dateRangeTooShort: {
    en: t('Date range too short', 'The feed must hold the {os} created and those changed in the last 7 days, so it must reach back beyond 7 days.'),
    fr: t('Période trop courte', 'Le flux doit contenir les entrées ({os}) créées et celles modifiées lors des 7 derniers jours : il doit remonter au-delà de 7 jours.'),
    ru: t('Слишком короткий период', 'В фиде должны быть {os}, созданные и изменённые за последние 7 дней, поэтому он должен охватывать больше 7 дней.'),
  },
  noConversionType: {
    en: t('New or returning customer unknown', 'Neither newclient nor lastorderdate is given, so the {o} cannot be classed as from a new or a returning customer.'),
    fr: t('Nouveau client ou client existant inconnu', 'Ni newclient ni lastorderdate ne sont fournis : impossible de savoir si le client est nouveau.'),
    ru: t('Неизвестно, новый ли клиент', 'Нет ни newclient, ни lastorderdate, поэтому нельзя понять, новый клиент или повторный.'),
  },
  invalidProducts: {
    en: t('Products not as specified', 'The products part does not follow the specification (products > product with id, category, price, quantity).'),
    fr: t('Produits non conformes', 'La partie produits ne suit pas la spécification (products > product avec id, category, price, quantity).'),
    ru: t('Товары не по спецификации', 'Блок товаров не соответствует спецификации (products > product с id, category, price, quantity).'),
  },
  newClientTagMissing: {
    en: t('newclient missing', 'newclient (1 for a new customer, 0 for a returning one) is required, even when lastorderdate is given.'),
    fr: t('newclient manquant', 'newclient (1 pour un nouveau client, 0 sinon) est obligatoire, même quand lastorderdate est fourni.'),
    ru: t('Нет newclient', 'newclient (1 — новый клиент, 0 — повторный) обязателен, даже если указан lastorderdate.'),
  },
};

export const WARNINGS: Record<WarningKey, WarningEntry> = Object.fromEntries(
  WARNING_KEYS.map((key) => [key, { key, doc: `docs/feed-warnings/${key}.md`, text: TEXTS[key] }]),
) as Record<WarningKey, WarningEntry>;

const NOUNS: Record<Language, Record<FeedKind, Record<string, string>>> = {
  en: { order: { o: 'order', os: 'orders' }, lead: { o: 'lead', os: 'leads' } },
  fr: { order: { o: 'commande', os: 'commandes' }, lead: { o: 'lead', os: 'leads' } },
  ru: {
    order: { o: 'заказ', os: 'заказы', o_gen: 'заказа', os_gen: 'заказов', o_dat: 'заказу', o_prep: 'заказе' },
    lead: { o: 'лид', os: 'лиды', o_gen: 'лида', os_gen: 'лидов', o_dat: 'лиду', o_prep: 'лиде' },
  },
};

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Fills {o}, {os}, {O}, {Os}, {o_gen}, {os_gen}, {o_dat}, {o_prep} for the kind of feed. */
function fillNouns(text: string, language: Language, kind: FeedKind): string {
  const nouns = NOUNS[language][kind];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const lower = nouns[name.toLowerCase()];
    if (lower === undefined) return whole;
    return name[0] === name[0]!.toUpperCase() ? capitalise(lower) : lower;
  });
}

/** Title and explanation of a key, in a language, worded for an order or a lead feed. */
export function warningText(key: WarningKey, language: Language, kind: FeedKind): Text {
  const text = TEXTS[key][language];
  return { title: fillNouns(text.title, language, kind), explanation: fillNouns(text.explanation, language, kind) };
}
