import type { MessageTexts, TranslationLocale } from '../../../shared/domain/translations';
import { ALL_MESSAGES } from '../../../web/src/all-catalogues';

/**
 * The catalogues bundled with the web app of the same deployment (one commit builds both), entry
 * and areas alike: the reference an override is checked against (ids and placeholders of English)
 * and the base the admin page shows. Plain strings here: only the web build pre-parses them.
 */
export const BUNDLED: Readonly<Record<TranslationLocale, Readonly<MessageTexts>>> = ALL_MESSAGES;
