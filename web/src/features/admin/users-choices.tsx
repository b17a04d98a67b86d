import type { Role } from 'shared/domain/types';
import { companiesList, usersList } from 'shared/routes';
import { T, type MessageId } from '../../i18n/t';
import { typeAhead, useRoute } from '../../lib/api/use-route';
import { useDebounced } from '../../ui/table-tools';

/**
 * What the lists and the audit filters show of users without a form: role badges and the
 * type-ahead choices. Kept apart from users-fields.tsx (formik) so a list page loads no form code.
 */

export const roleLabel = (role: Role): MessageId => `adminUsers.role.${role}`;

/** A small icon per role (decorative: the role's name is beside it). */
function RoleIcon({ role }: { role: Role }) {
  const path =
    role === 'ROLE_ADMIN'
      ? 'M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Z'
      : role === 'ROLE_MANAGER'
        ? 'M8 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM1.5 20c0-3.6 2.9-6.5 6.5-6.5s6.5 2.9 6.5 6.5h-13Zm14.5 0c0-2.2-.8-4.2-2.1-5.7.7-.3 1.4-.4 2.1-.4 3 0 5.5 2.5 5.5 5.5v.6H16Z'
        : 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm-8 9c0-4.4 3.6-8 8-8s8 3.6 8 8H4Z';
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span className={`us-role us-role-${role.slice(5).toLowerCase()}`}>
      <RoleIcon role={role} />
      <T id={roleLabel(role)} />
    </span>
  );
}

/** Companies whose fields hold `text` (a page of `limit`), for the pickers and the audit filters. */
export function useCompanyChoices(text: string, limit = 10) {
  return useRoute(companiesList, undefined, typeAhead(useDebounced(text.trim()), limit)).data?.companies ?? [];
}

/** Users whose fields hold `text` (a page of `limit`), for the audit page's "made by" filter. */
export function useUserChoices(text: string, limit = 10) {
  return useRoute(usersList, undefined, typeAhead(useDebounced(text.trim()), limit)).data?.users ?? [];
}
