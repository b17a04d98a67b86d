import { apiTokensCreate } from '../../../shared/routes';
import { createApiToken } from '../../core/api-tokens/api-tokens';
import { httpHandler } from '../../pipeline/http';

/** POST /api/api-tokens: a read-only token of the current company; the answer holds its secret, once. */
export const handler = httpHandler(apiTokensCreate).handle(async ({ auth, body }) => ({
  status: 201,
  body: await createApiToken(auth.company.id, body),
}));
