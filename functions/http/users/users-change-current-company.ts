import { changeCurrentCompanySchema } from '../../../shared/schemas/security';
import { changeCurrentCompany } from '../../core/users/companies';
import { httpHandler } from '../../platform/http';

/** POST /api/users/change-current-company `{ company: id }`: 403 unless the access rules allow it. */
export const handler = httpHandler('users-change-current-company', {
  schema: changeCurrentCompanySchema,
  async handle({ auth, body }) {
    return { body: await changeCurrentCompany(auth.user, body.company) };
  },
});
