import { useField } from 'formik';
import { useId, useState } from 'react';
import { ROLES, type Role } from 'shared/domain/types';
import { companiesList, usersList } from 'shared/routes';
import { T, useT, type MessageId } from '../../i18n/t';
import { typeAhead, useRoute } from '../../lib/api/use-route';
import { FormField } from '../../ui/form-field';
import { SearchBox, useDebounced } from '../../ui/table-tools';

/** Role, main company and managed companies: the fields the create form and the edit page share. */

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

interface ShellProps {
  name: string;
  label: MessageId;
  children: React.ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Under the select while no error shows (e.g. why it cannot change). */
  hint?: React.ReactNode;
}

function SelectShell({ name, label, children, required, disabled, hint }: ShellProps) {
  const [field, meta] = useField<string>(name);
  const id = useId();
  const error = meta.touched && meta.error ? meta.error : null;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={['field', error ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
      <div className="field-label-row">
        <label htmlFor={id} className="field-label">
          <T id={label} />
        </label>
      </div>
      <select {...field} id={id} className="select" required={required} disabled={disabled} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          <T id={error as MessageId} />
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="field-hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export function RoleSelect({ name = 'role', disabled, hint }: { name?: string; disabled?: boolean; hint?: React.ReactNode }) {
  const t = useT();
  return (
    <SelectShell name={name} label="adminUsers.field.role" required disabled={disabled} hint={hint}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {t(roleLabel(role))}
        </option>
      ))}
    </SelectShell>
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

/** The main company, by name (the API's User has company names): typed, with the server's matches offered. */
export function CompanySelect({ name = 'company' }: { name?: string }) {
  const [field] = useField<string>(name);
  const listId = useId();
  const choices = useCompanyChoices(field.value);
  return (
    <>
      <FormField name={name} label="adminUsers.field.company" required list={listId} autoComplete="off" maxLength={128} />
      <datalist id={listId}>
        {choices.map((company) => (
          <option key={company.id} value={company.name} />
        ))}
      </datalist>
    </>
  );
}

/**
 * Managed companies: checkboxes, only for managers (disabled otherwise), the team company left
 * out (spec). Nothing chosen means the main company only, as the server stores it. The chosen
 * ones are listed first; the others are found by a search the server answers (a page of 20).
 */
export function ManagedCompaniesPicker({ enabled, name = 'managedCompanies' }: { enabled: boolean; name?: string }) {
  const [field, , helpers] = useField<string[]>(name);
  const hintId = useId();
  const [text, setText] = useState('');
  const found = useCompanyChoices(text, 20).filter((company) => !company.isDefault);
  const chosen = new Set(field.value);
  const shown = [...field.value, ...found.map((company) => company.name).filter((companyName) => !chosen.has(companyName))];
  const toggle = (companyName: string) => {
    void helpers.setValue(chosen.has(companyName) ? field.value.filter((n) => n !== companyName) : [...field.value, companyName]);
  };
  return (
    <div className="us-wide">
      {/* The list scrolls once there are many companies. Turned off, it holds nothing focusable, so the
          list itself takes the focus, to be scrollable by keyboard (axe: scrollable-region-focusable).
          Its checkboxes are disabled one by one, not by a disabled fieldset: for axe nothing inside a
          disabled fieldset can be focused, the list included. */}
      <fieldset className="us-managed" aria-disabled={enabled ? undefined : true} aria-describedby={hintId}>
        <legend>
          <T id="adminUsers.field.managedCompanies" />
        </legend>
        <SearchBox value={text} onChange={setText} label="adminUsers.field.managedSearch" disabled={!enabled} className="us-managed-search" />
        <div className="us-managed-list" tabIndex={enabled ? undefined : 0}>
          {shown.map((companyName) => (
            <label key={companyName} className="us-check">
              <input type="checkbox" className="check" disabled={!enabled} checked={enabled && chosen.has(companyName)} onChange={() => toggle(companyName)} />
              {companyName}
            </label>
          ))}
        </div>
      </fieldset>
      <p id={hintId} className="field-hint">
        <T id="adminUsers.field.managedHint" />
      </p>
    </div>
  );
}
