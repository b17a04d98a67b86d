import { apiTokensList } from '../../../shared/routes';
import { listCompanyApiTokens } from '../../core/api-tokens/api-tokens';
import { httpHandler } from '../../pipeline/http';

/** GET /api/api-tokens: the current company's API tokens, newest first, without secrets. */
export const handler = httpHandler(apiTokensList).handle(async ({ auth }) => ({ body: await listCompanyApiTokens(auth.company.id) }));
