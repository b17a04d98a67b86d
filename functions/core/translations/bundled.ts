import type { MessageTexts, TranslationLocale } from '../../../shared/domain/translations';
import { en } from '../../../web/src/i18n/messages/en';
import { fr } from '../../../web/src/i18n/messages/fr';
import { ru } from '../../../web/src/i18n/messages/ru';

/**
 * The catalogues bundled with the web app of the same deployment (one commit builds both): the
 * reference an override is checked against (ids and placeholders of English) and the base the
 * admin page shows. Plain strings here: only the web build pre-parses them.
 */
export const BUNDLED: Readonly<Record<TranslationLocale, Readonly<MessageTexts>>> = { en, fr, ru };
