import { apiTokensRevoke } from '../../../shared/routes';
import { revokeApiToken } from '../../core/api-tokens/api-tokens';
import { httpHandler } from '../../pipeline/http';

/** DELETE /api/api-tokens/{id}: body `{ version }`; stale: 409, gone or another company's: 404. */
export const handler = httpHandler(apiTokensRevoke).handle(async ({ auth, params, body }) => ({
  body: await revokeApiToken(auth.company.id, params.id, body.version),
}));
