import { translationsUpdate } from '../../../shared/routes';
import { updateTranslations } from '../../core/translations/translations';
import { httpHandler } from '../../pipeline/http';

/** POST /api/translations (admin): "Update all" of the three languages; 400 names language and id, stale: 409. */
export const handler = httpHandler(translationsUpdate).handle(async ({ auth, body }) => ({
  body: await updateTranslations(body, auth.user.id),
}));
