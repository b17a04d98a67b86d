import { useField } from 'formik';
import { useId, useState } from 'react';
import { ROLES } from 'shared/domain/types';
import { T, useT, type MessageId } from '../../i18n/t';
import { roleLabel, useCompanyChoices } from './users-choices';
import { FormField } from '../../ui/form-field';
import { SearchBox } from '../../ui/table-tools';

/** Role, main company and managed companies: the fields the create form and the edit page share. */

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
