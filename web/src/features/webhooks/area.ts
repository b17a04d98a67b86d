import { defineArea } from '../../i18n/area';
import { en } from './messages/en';

/** The webhooks area's texts: English in this chunk, French and Russian fetched when shown. */
export const area = defineArea('webhooks', en, {
  fr: () => import('./messages/fr').then((module) => module.fr),
  ru: () => import('./messages/ru').then((module) => module.ru),
});
