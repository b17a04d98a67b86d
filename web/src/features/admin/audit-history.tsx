import { useId, useState, type ReactNode } from 'react';
import { auditReference } from 'shared/domain/audit';
import { SEARCH_MAX_LENGTH } from 'shared/domain/search-text';
import { AUDIT_KINDS, COMPANY_HISTORY_KINDS, STEP_TYPES, type AuditEntry, type AuditKind, type AuditPage, type CompanyHistoryEntry, type HistoryActor, type MailSuppression, type StepType } from 'shared/domain/types';
import type { MatchType, UtmCondition, UtmDimension } from 'shared/domain/utm-matching';
import { isCollectorCommentText, parseCollectorComment } from 'shared/schemas/default-collectors';
import { auditQuerySchema } from 'shared/schemas/audit';
import { auditList, companyHistoryList } from 'shared/routes';
import type { ValidationError as YupValidationError } from 'yup';
import { useIntl } from 'react-intl';
import { DateText, formatPortalDate, formatPortalDay } from '../../i18n/dates';
import { T, useT, type MessageId } from '../../i18n/t';
import { useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DayInput, type TypedDay } from '../../ui/day-input';
import { ListState } from '../../ui/list-state';
import { PageHeading } from '../../ui/page-heading';
import { stepNameId } from '../../lib/steps';
import { auditFieldLabel, auditValueId } from './audit-fields';
import { useCompanyChoices, useUserChoices } from './users-choices';
import './companies-admin.css';

/**
 * The audit history (docs/product.md, "Audit history"): the admin page /admin/audit with its
 * filters, the section of a user's or a company's edit page, and a company's own history for its
 * users (/company/history: administrators shown as the platform's team). Newest first, 25 a page,
 * "More" reads the next page (the server's `next`).
 */

type Filter = { company?: string; user?: string; subject?: string; kind?: string; from?: string; to?: string };
/** Which history a list reads: the admin's audit (any filter) or the shown company's own. */
type Source = { of: 'audit' } | { of: 'company' };
type Entry = AuditEntry | CompanyHistoryEntry;

const kindId = (kind: AuditKind): MessageId => `audit.kind.${kind}` satisfies MessageId;
const actionId = (action: AuditEntry['action']): MessageId => `audit.action.${action}` satisfies MessageId;
/** Nothing for none (absent, null, ''): a field empty on both sides says nothing. */
const isNone = (value: unknown) => value === undefined || value === null || value === '';

/** An instant as the server records it (`toISOString()`), and a calendar day. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

type Names = AuditPage['names'];

/** The URL parameters a UTM rule's conditions test (technical names, the same in every language). */
const UTM_PARAMETERS: Record<UtmDimension, string> = { utmSource: 'utm_source', utmMedium: 'utm_medium', utmCampaign: 'utm_campaign' };
const CONDITION_IDS: Record<MatchType, MessageId> = {
  any: 'audit.rule.any',
  equal: 'audit.rule.equal',
  'not equal': 'audit.rule.notEqual',
  contains: 'audit.rule.contains',
  'not contains': 'audit.rule.notContains',
};
const isRule = (value: unknown): value is UtmCondition[] =>
  Array.isArray(value) && value.every((item) => item && typeof item === 'object' && Object.hasOwn(CONDITION_IDS, (item as UtmCondition).type) && Object.hasOwn(UTM_PARAMETERS, (item as UtmCondition).utm));
const isSuppression = (value: object): value is MailSuppression => ['address', 'type', 'at'].every((key) => Object.hasOwn(value, key));

/**
 * A recorded value as the user reads it, in their language, for every field of every kind: yes / no
 * for booleans, times and days in the portal's one date format (i18n/dates.tsx), numbers with the
 * language's decimal sign, codes in words (audit-fields.ts), records referred to by their names (a
 * deleted one marked), a UTM rule as its conditions in words, a default collector's comment in the
 * reader's language, lists item by item, other structures as "name: value" pairs; never raw JSON.
 */
function useShowValue(names: Names): (kind: AuditKind, field: string, value: unknown) => string {
  const intl = useIntl();
  const t = useT();
  const show = (kind: AuditKind, field: string, value: unknown): string => {
    if (isNone(value)) return '';
    if (typeof value === 'boolean') return t(value ? 'audit.value.yes' : 'audit.value.no');
    if (typeof value === 'number') return intl.formatNumber(value);
    if (kind === 'rule' && isRule(value)) {
      return value.map((condition) => t(CONDITION_IDS[condition.type], { utm: UTM_PARAMETERS[condition.utm], value: condition.value })).join(', ');
    }
    if (Array.isArray(value)) return value.map((item) => show(kind, field, item)).join(', ');
    if (typeof value === 'object') {
      if (isSuppression(value)) {
        const type = value.type === 'bounce' ? 'audit.value.suppression.bounce' : 'audit.value.suppression.complaint';
        return t('audit.value.suppression', { type: t(type), address: value.address, date: show(kind, 'at', value.at), reason: value.reason || '-' });
      }
      return Object.entries(value as Record<string, unknown>)
        .filter(([, item]) => !isNone(item))
        .map(([key, item]) => t('common.labelled', { label: key, text: show(kind, key, item) }))
        .join(', ');
    }
    if (typeof value !== 'string') return String(value);
    const reference = auditReference(kind, field);
    const named = reference ? names[value] : undefined;
    if (reference && named) {
      if (!named.deleted) return named.name ?? value;
      return t(reference === 'company' ? 'audit.value.deletedCompany' : 'audit.value.deletedSource', { name: named.name ?? value });
    }
    if (kind === 'default-collector' && field === 'comment' && isCollectorCommentText(value)) {
      const comment = parseCollectorComment(value);
      return comment[intl.locale.slice(0, 2) as keyof typeof comment] || comment.en;
    }
    const id = auditValueId(kind, field, value);
    if (id && Object.hasOwn(intl.messages, id)) return t(id as MessageId);
    if (ISO_TIME.test(value)) return formatPortalDate(intl, value, true) || value;
    if (ISO_DAY.test(value)) return formatPortalDay(intl, value) || value;
    return value;
  };
  return show;
}


/** One page of entries, and the button that adds the next one after it. */
function Page({ source, filter, cursor, first }: { source: Source; filter: Filter; cursor: string | null; first: boolean }) {
  const t = useT();
  const query = { ...filter, cursor: cursor ?? undefined };
  const audit = useRoute(source.of === 'audit' ? auditList : null, undefined, { query });
  const company = useRoute(source.of === 'company' ? companyHistoryList : null, undefined, { query });
  const { data, error } = source.of === 'audit' ? audit : company;
  const [more, setMore] = useState(false);
  const names = data?.names ?? {};
  const rows = (
    <>
      {data?.entries.map((entry: Entry) => <Row key={`${entry.at}#${entry.kind}#${entry.recordId}#${entry.action}`} entry={entry} names={names} />)}
      {data?.next && !more ? (
        <tr role="row">
          <td colSpan={4} role="cell">
            <Button variant="secondary" onClick={() => setMore(true)}>
              <T id="audit.more" />
            </Button>
          </td>
        </tr>
      ) : null}
      {data?.next && more ? <Page source={source} filter={filter} cursor={data.next} first={false} /> : null}
    </>
  );
  if (!first) return rows;
  return (
    <ListState data={data?.entries} error={error} empty="audit.empty">
      {/* It scrolls sideways with text only inside (the More button comes late, or never): focusable and named, so a keyboard can scroll it. Not "History": an edit page's section has that name. */}
      <div className="co-table-wrap" tabIndex={0} role="region" aria-label={t('audit.table')}>
        {/* Explicit roles: on a phone the rows are laid out as blocks (companies-admin.css), which drops a table's semantics in some browsers. */}
        <table className="co-table audit-table" role="table">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader"><T id="audit.col.when" /></th>
              <th scope="col" role="columnheader"><T id="audit.col.who" /></th>
              <th scope="col" role="columnheader"><T id="audit.col.what" /></th>
              <th scope="col" role="columnheader"><T id="audit.col.changes" /></th>
            </tr>
          </thead>
          <tbody role="rowgroup">{rows}</tbody>
        </table>
      </div>
    </ListState>
  );
}

/** The field's label in the user's language (audit-fields.ts), its stored name when it has none. */
function FieldName({ kind, field }: { kind: AuditKind; field: string }) {
  const label = auditFieldLabel(kind, field);
  return <strong>{label ? <T id={label} /> : field}</strong>;
}

/** Who changed: the login, or in a company's own history the kind of changer (an administrator never by name). */
function Who({ entry }: { entry: Entry }) {
  if ('actorLogin' in entry) return <>{entry.actorLogin}</>;
  const who: HistoryActor = entry.who;
  return who.type === 'user' ? <>{who.login}</> : <T id={`audit.who.${who.type}`} />;
}

function Row({ entry, names }: { entry: Entry; names: Names }) {
  const show = useShowValue(names);
  // A field empty on both sides (a creation's blank optional fields) says nothing.
  const fields = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])].filter((field) => !isNone(entry.before[field]) || !isNone(entry.after[field]));
  return (
    <tr role="row">
      <td role="cell" className="audit-when"><DateText value={entry.at} withTime /></td>
      <td role="cell" className="audit-who audit-break">
        <Who entry={entry} />
      </td>
      <td role="cell" className="audit-what">
        <T id={kindId(entry.kind)} />
        {/* A step's record is `<company id>#<step type>`: which step, by its name. */}
        {entry.kind === 'step' && STEP_TYPES.includes(entry.recordId.split('#')[1] as StepType) ? (
          <>
            {' '}
            <T id={stepNameId(entry.recordId.split('#')[1] as StepType)} />
          </>
        ) : null}{' '}
        · <T id={actionId(entry.action)} />
        {'client' in entry && entry.client ? <div className="muted small">{entry.client}</div> : null}
      </td>
      <td role="cell" className="audit-what-changed">
        <ul className="audit-changes">
          {fields.map((field) => (
            <li key={field} className="audit-break">
              <T
                id="audit.change"
                values={{
                  field: <FieldName kind={entry.kind} field={field} />,
                  before: <del>{show(entry.kind, field, entry.before[field])}</del>,
                  after: <ins>{show(entry.kind, field, entry.after[field])}</ins>,
                }}
              />
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/** The history list of a filter (a new filter starts again at the first page). */
function AuditHistory({ filter, source = { of: 'audit' } }: { filter: Filter; source?: Source }) {
  return <Page key={JSON.stringify(filter)} source={source} filter={filter} cursor={null} first />;
}

/** The section of an edit page: the record's history (a company: everything in it). */
export function AuditSection({ of }: { of: { company: string } | { subject: string } }) {
  return (
    <Card aria-labelledby="audit-section-title">
      <h2 id="audit-section-title" className="co-title">
        <T id="audit.section.title" />
      </h2>
      <AuditHistory filter={of} />
    </Card>
  );
}

/** The kind and day filters (the same rules on the admin page and the company's): their fields, and the filter they make. */
function useKindAndDays(kinds: readonly AuditKind[]): { fields: ReactNode; filter: Filter } {
  const t = useT();
  const [filter, setFilter] = useState<Filter>({});
  const [days, setDays] = useState<Days>({});
  const [listed, setListed] = useState<Pick<Filter, 'from' | 'to'>>({});
  const errors = dayErrors(days);
  const changeDays = (next: Days) => {
    setDays(next);
    // The list follows only days it can filter by: while one is wrong, it keeps the last good ones.
    if (!Object.keys(dayErrors(next)).length) setListed({ from: next.from ?? undefined, to: next.to ?? undefined });
  };
  const fields = (
    <>
      <FilterField name="kind" filter={filter} onChange={setFilter} options={kinds.map((kind) => [kind, t(kindId(kind))])} />
      <DayFilter name="from" days={days} error={errors.from} onChange={changeDays} />
      <DayFilter name="to" days={days} error={errors.to} onChange={changeDays} />
    </>
  );
  return { fields, filter: { ...filter, ...listed } };
}

/** /company/history: the shown company's own history, for its users (its kinds only; administrators as the platform's team). */
export function CompanyHistoryPage() {
  const { fields, filter } = useKindAndDays(COMPANY_HISTORY_KINDS);
  return (
    <div className="page co-grid">
      <PageHeading />
      <Card>
        <p className="muted">
          <T id="audit.company.lead" />
        </p>
        <div className="co-toolbar audit-filters">{fields}</div>
        <AuditHistory source={{ of: 'company' }} filter={filter} />
      </Card>
    </div>
  );
}

/** One filter of the admin page: a choice among `options` (first: All). */
function FilterField({ name, filter, onChange, options }: { name: 'kind'; filter: Filter; onChange: (next: Filter) => void; options: Array<[string, string]> }) {
  const t = useT();
  const id = `audit-filter-${useId()}`;
  return (
    <FilterBox name={name} id={id}>
      <select id={id} className="select" value={filter[name] ?? ''} onChange={(event) => onChange({ ...filter, [name]: event.target.value || undefined })}>
        <option value="">{t('audit.filter.all')}</option>
        {options.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
      </select>
    </FilterBox>
  );
}

/** A filter's box and label, the same for the choice and the typed filters. */
function FilterBox({ name, id, children }: { name: 'kind' | 'company' | 'user'; id: string; children: ReactNode }) {
  return (
    <div className="audit-filter">
      <label htmlFor={id}>
        <T id={`audit.filter.${name}`} />
      </label>
      {children}
    </div>
  );
}

/**
 * The company or user filter: typed, the server's matches offered as one types (a page of 20:
 * the platform may hold thousands); it filters once the text is one of them, by name or login,
 * in any case (`chosenId`), and shows everything while empty.
 */
function TypeAheadFilter({ name, text, onText, options }: { name: 'company' | 'user'; text: string; onText: (text: string) => void; options: Array<[string, string]> }) {
  const t = useT();
  const id = `audit-filter-${useId()}`;
  return (
    <FilterBox name={name} id={id}>
      <input id={id} className="input" list={`${id}-choices`} autoComplete="off" maxLength={SEARCH_MAX_LENGTH} placeholder={t('audit.filter.all')} value={text} onChange={(event) => onText(event.target.value)} />
      <datalist id={`${id}-choices`}>
        {options.map(([value, label]) => (
          <option key={value} value={label} />
        ))}
      </datalist>
    </FilterBox>
  );
}

/** The id of the choice whose label is the typed text (trimmed, any case), if any. */
const chosenId = (text: string, options: Array<[string, string]>): string | undefined =>
  options.find(([, label]) => label.toLowerCase() === text.trim().toLowerCase())?.[0];

/** The days typed in the from / to filters: `YYYY-MM-DD`, null while the text names no day. */
type Days = { from?: TypedDay; to?: TypedDay };

/** Why the typed days cannot filter: the server's own checks (shared/schemas/audit.ts), each under its field. */
function dayErrors(days: Days): Partial<Record<'from' | 'to', MessageId>> {
  const errors: Partial<Record<'from' | 'to', MessageId>> = {};
  for (const name of ['from', 'to'] as const) if (days[name] === null) errors[name] = 'validation.date';
  if (Object.keys(errors).length) return errors;
  try {
    auditQuerySchema.validateSync({ from: days.from ?? undefined, to: days.to ?? undefined }, { abortEarly: false });
  } catch (error) {
    for (const item of (error as YupValidationError).inner) errors[item.path as 'from' | 'to'] = item.message as MessageId;
  }
  return errors;
}

/** A day filter: typed in the language's one date format (ui/day-input.tsx), its error under it. */
function DayFilter({ name, days, error, onChange }: { name: 'from' | 'to'; days: Days; error?: MessageId; onChange: (next: Days) => void }) {
  const id = `audit-filter-${useId()}`;
  return (
    <div className={`audit-filter${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        <T id={`audit.filter.${name}`} />
      </label>
      <DayInput
        id={id}
        className="input audit-day"
        value={days[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(day) => onChange({ ...days, [name]: day })}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          <T id={error} />
        </p>
      ) : null}
    </div>
  );
}

/** /admin/audit: every change, with filters (company, who, kind, days). */
export function AuditPage() {
  const [companyText, setCompanyText] = useState('');
  const [userText, setUserText] = useState('');
  const companies = useCompanyChoices(companyText, 20).map((c): [string, string] => [c.id, c.name]);
  const users = useUserChoices(userText, 20).map((u): [string, string] => [u.id, u.login]);
  const { fields, filter } = useKindAndDays(AUDIT_KINDS);
  return (
    <div className="page co-grid">
      <PageHeading />
      <Card>
        <div className="co-toolbar audit-filters">
          <TypeAheadFilter name="company" text={companyText} onText={setCompanyText} options={companies} />
          <TypeAheadFilter name="user" text={userText} onText={setUserText} options={users} />
          {fields}
        </div>
        <AuditHistory filter={{ ...filter, company: chosenId(companyText, companies), user: chosenId(userText, users) }} />
      </Card>
    </div>
  );
}
