import { useField } from 'formik';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { COUNTRIES, PRODUCTS, type Company } from 'shared/domain/types';
import { companiesList } from 'shared/routes';
import { T, type MessageId } from '../../i18n/t';
import { useRoute } from '../../lib/api/use-route';
import { useDebounced } from '../../ui/table-tools';

/** A country code's name in the interface language (Intl), e.g. FR -> France / Франция. */
export function useCountryName(): (code: string) => string {
  const { locale } = useIntl();
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

/** Product and country selects of the company forms, bound to Formik (FormField is for inputs). */
export function SelectField({ name, label, kind }: { name: string; label: MessageId; kind: 'product' | 'country' }) {
  const [field] = useField<string>(name);
  const id = useId();
  return (
    <div className="field">
      <div className="field-label-row">
        <label htmlFor={id} className="field-label">
          <T id={label} />
        </label>
      </div>
      <select {...field} id={id} className="select">
        <CompanyOptions kind={kind} value={field.value} />
      </select>
    </div>
  );
}

/** The options of a product or country select (the create form's, and a row edited in the table). */
export function CompanyOptions({ kind, value }: { kind: 'product' | 'country'; value: string }) {
  const countryName = useCountryName();
  // An older company may have a country outside the offered list: keep it selectable.
  const countries = value && !(COUNTRIES as readonly string[]).includes(value) ? [...COUNTRIES, value] : COUNTRIES;
  return kind === 'product'
    ? PRODUCTS.map((product) => <ProductOption key={product} product={product} />)
    : countries.map((code) => (
        <option key={code} value={code}>
          {countryName(code)} ({code})
        </option>
      ));
}

function ProductOption({ product }: { product: string }) {
  const intl = useIntl();
  return <option value={product}>{intl.formatMessage({ id: `product.${product}` })}</option>;
}

/** Two company names the server takes as one (its name guard ignores case and surrounding spaces). */
const sameCompanyName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * What the create form and a row being edited say while typing: a name another company has
 * (blocking: the server refuses it too) and a View ID another company has (blocking too: the
 * server refuses it, so the spec's non-blocking warning became a refusal with the same words).
 */
/**
 * Whether another company (not `exceptId`) has this name or View ID, asked of the server as the
 * admin types (a search for each, a few rows): the form says so at once; the server refuses both anyway.
 */
export function useTakenByOthers(values: { name: string; viewId: string } | null, exceptId?: string): { nameTaken: boolean; viewIdTaken: boolean } {
  const name = useDebounced(values?.name.trim() ?? '');
  const viewId = useDebounced(values?.viewId.trim() ?? '');
  const byName = useRoute(name ? companiesList : null, undefined, { query: { q: name, limit: '10' }, revalidateOnFocus: false }).data?.companies;
  const byViewId = useRoute(viewId ? companiesList : null, undefined, { query: { q: viewId, limit: '10' }, revalidateOnFocus: false }).data?.companies;
  const others = [...(byName ?? []), ...(byViewId ?? [])].filter((other) => other.id !== exceptId);
  return values ? takenByOthers(others, values) : { nameTaken: false, viewIdTaken: false };
}

function takenByOthers(others: readonly Company[] | undefined, values: { name: string; viewId: string }): { nameTaken: boolean; viewIdTaken: boolean } {
  const viewId = values.viewId.trim();
  return {
    nameTaken: !!values.name.trim() && !!others?.some((other) => sameCompanyName(other.name, values.name)),
    viewIdTaken: !!viewId && !!others?.some((other) => other.viewId === viewId),
  };
}

/** Another company holds the View ID: the server refuses it, so the form blocks and says how to move one. */
export function ViewIdTaken() {
  return (
    <p className="co-blocking" role="alert">
      <span>
        <T id="companies.warning.viewIdExists" />
      </span>{' '}
      <span>
        <T id="companies.warning.viewIdMove" />
      </span>
    </p>
  );
}
