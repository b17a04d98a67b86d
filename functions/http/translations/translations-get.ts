import { isTranslationLocale } from '../../../shared/domain/translations';
import { translationsGet } from '../../../shared/routes';
import { getCompiledTranslations, getTranslationCatalogues } from '../../core/translations/translations';
import { BadRequestError } from '../../platform/errors';
import { publicHandler } from '../../pipeline/public-http';

/**
 * GET /api/translations (public: signed-out pages are translated too).
 * `?locale=fr`: that language's overrides, pre-parsed, for every visitor at start; answered with
 * an ETag of the overrides' version so a browser revalidates for the price of one GetItem and an
 * empty 304. No query: the admin page's effective catalogues (never cached).
 */
export const handler = publicHandler(translationsGet).handle(async ({ query, headers }) => {
  if (query.locale === undefined) return { body: await getTranslationCatalogues() };
  if (!isTranslationLocale(query.locale)) throw new BadRequestError('locale must be one of en, fr, ru');
  const compiled = await getCompiledTranslations(query.locale);
  const etag = `"t${compiled.version}-${compiled.locale}"`;
  // Shared caches may keep it (no per-user content) but must ask again each time: a change shows on the next load.
  const cache = { etag, 'cache-control': 'public, no-cache' };
  const asked = headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return { status: 304, headers: cache, body: undefined };
  return { headers: cache, body: compiled };
});
