import { businessModelsFor, DEDUPLICATIONS } from 'shared/domain/sources';
import type { Product, Source } from 'shared/domain/types';
import { SOURCE_NAME_MAX_LENGTH, SOURCE_TEXT_MAX_LENGTH, type SourceForm } from 'shared/schemas/sources';
import { T, useT, type MessageId } from '../../i18n/t';
import { Button } from '../../ui/button';
import { businessModelLabel, canCreate, DEDUPLICATION_LABELS } from './sources-model';

interface RowProps {
  row: Source;
  product: Product;
  /** The draft while this row is edited in place. */
  draft: SourceForm | null;
  busy: boolean;
  /** Another row is being edited (one at a time) or saved: this row's actions wait. */
  locked: boolean;
  /** The draft's name is another source's (any case): said under the name, Save stays disabled. */
  nameTaken: boolean;
  onDraft: (draft: SourceForm) => void;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  onCopy: () => void;
  onDelete: () => void;
}

type TextKey = 'name' | 'channel' | 'agency' | 'utmSource' | 'utmMedium' | 'utmCampaign';

/** One row of the sources table: read-only cells, or inputs while edited in place (Edit becomes Save). */
export function SourceRow({ row, product, draft, busy, locked, nameTaken, onDraft, onEdit, onSave, onCancel, onCopy, onDelete }: RowProps) {
  const t = useT();
  const label = (field: MessageId) => t('sources.fieldOf', { field: t(field), name: row.name });
  const text = (key: TextKey, field: MessageId) =>
    draft ? (
      <input
        className="input"
        aria-label={label(field)}
        aria-invalid={key === 'name' && nameTaken ? true : undefined}
        aria-describedby={key === 'name' && nameTaken ? `source-name-taken-${row.id}` : undefined}
        value={draft[key] ?? ''}
        maxLength={key === 'name' || key === 'channel' ? SOURCE_NAME_MAX_LENGTH : SOURCE_TEXT_MAX_LENGTH}
        onChange={(e) => onDraft({ ...draft, [key]: e.target.value })}
      />
    ) : (
      row[key]
    );
  // An affiliate company's row keeps its stored model in the list even if it is no longer offered.
  const models = businessModelsFor(product).includes(row.businessModel) ? businessModelsFor(product) : [row.businessModel, ...businessModelsFor(product)];
  return (
    <tr className={draft ? 'sources-editing' : undefined} data-testid={`source-row-${row.id}`}>
      <th scope="row">
        {text('name', 'sources.name')}
        {draft && nameTaken && (
          <p className="field-error" id={`source-name-taken-${row.id}`} role="alert">
            <T id="validation.source.nameTaken" />
          </p>
        )}
      </th>
      <td>{text('channel', 'sources.channel')}</td>
      <td>{text('agency', 'sources.agency')}</td>
      <td>
        {draft ? (
          <select className="input" aria-label={label('sources.businessModel')} value={draft.businessModel} onChange={(e) => onDraft({ ...draft, businessModel: e.target.value as Source['businessModel'] })}>
            {models.map((model) => (
              <option key={model} value={model}>
                {t(businessModelLabel(model))}
              </option>
            ))}
          </select>
        ) : (
          <span className="badge sources-model">
            <T id={businessModelLabel(row.businessModel)} />
          </span>
        )}
      </td>
      <td>
        {draft ? (
          <select className="input" aria-label={label('sources.deduplication')} value={draft.deduplication} onChange={(e) => onDraft({ ...draft, deduplication: e.target.value as Source['deduplication'] })}>
            {DEDUPLICATIONS.map((dedup) => (
              <option key={dedup} value={dedup}>
                {t(DEDUPLICATION_LABELS[dedup])}
              </option>
            ))}
          </select>
        ) : (
          <T id={DEDUPLICATION_LABELS[row.deduplication]} />
        )}
      </td>
      <td>{text('utmSource', 'sources.utmSource')}</td>
      <td>{text('utmMedium', 'sources.utmMedium')}</td>
      <td>{text('utmCampaign', 'sources.utmCampaign')}</td>
      <td>
        <div className="sources-actions">
          {draft ? (
            <>
              <Button onClick={onSave} loading={busy} disabled={!canCreate(draft) || nameTaken} aria-label={t('sources.saveLabel', { name: row.name })}>
                <T id="sources.save" />
              </Button>
              <Button variant="ghost" onClick={onCancel} disabled={busy} aria-label={t('sources.cancelLabel', { name: row.name })}>
                <T id="sources.cancel" />
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={onEdit} disabled={busy || locked} aria-label={t('sources.editLabel', { name: row.name })}>
                <T id="sources.edit" />
              </Button>
              <Button variant="secondary" onClick={onCopy} disabled={busy || locked} aria-label={t('sources.copyLabel', { name: row.name })}>
                <T id="sources.copy" />
              </Button>
              <Button variant="danger" onClick={onDelete} disabled={busy || locked} aria-label={t('sources.deleteLabel', { name: row.name })}>
                <T id="sources.delete" />
              </Button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
