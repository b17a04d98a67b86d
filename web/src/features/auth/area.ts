import { defineArea } from '../../i18n/area';
import { en } from './messages/en';

/** The authenticator page's texts (not the sign-in's: those load first): English in this chunk, French and Russian fetched when shown. */
export const area = defineArea('auth', en, {
  fr: () => import('./messages/fr').then((module) => module.fr),
  ru: () => import('./messages/ru').then((module) => module.ru),
});
