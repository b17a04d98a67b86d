import { COLLECTOR_STATUSES, type Collector, type CollectorStatus } from 'shared/domain/types';
import { COLLECTOR_NOTE_MAX_LENGTH, COLLECTOR_SOURCE_MAX_LENGTH } from 'shared/schemas/collectors';
import { T, useT, type MessageId } from '../../i18n/t';
import { Button } from '../../ui/button';
import type { CollectorDraft } from './collector-model';

export type DraftErrors = Partial<Record<keyof CollectorDraft, MessageId>>;

interface RowProps {
  row: Collector;
  /** The draft while this row is edited inline (one row at a time). */
  draft: CollectorDraft | null;
  errors: DraftErrors;
  busy: boolean;
  onDraft: (draft: CollectorDraft) => void;
  onStatus: (field: 'configStatus' | 'collectStatus', status: CollectorStatus) => void;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  onCopy: () => void;
  onDelete: () => void;
}

/** One collector: text cells (inputs while edited), two status selects that save at once, the actions. */
export function CollectorRow({ row, draft, errors, busy, onDraft, onStatus, onEdit, onSave, onCancel, onCopy, onDelete }: RowProps) {
  const t = useT();
  const label = (field: MessageId) => t('collector.fieldOf', { field: t(field), source: row.source });
  const error = (key: keyof CollectorDraft) =>
    errors[key] && (
      <p id={`collector-${row.id}-${key}-error`} className="field-error">
        <T id={errors[key]} />
      </p>
    );
  const input = (key: 'source' | 'accessEmail', field: MessageId, max: number) =>
    draft && (
      <>
        <input
          className="input"
          type={key === 'accessEmail' ? 'email' : 'text'}
          aria-label={label(field)}
          value={draft[key]}
          maxLength={max}
          required
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `collector-${row.id}-${key}-error` : undefined}
          onChange={(e) => onDraft({ ...draft, [key]: e.target.value })}
        />
        {error(key)}
      </>
    );
  const textarea = (key: 'comment' | 'commentStatus', field: MessageId) =>
    draft && (
      <>
        <textarea
          className="input"
          aria-label={label(field)}
          value={draft[key]}
          maxLength={COLLECTOR_NOTE_MAX_LENGTH}
          rows={2}
          aria-invalid={errors[key] ? true : undefined}
          onChange={(e) => onDraft({ ...draft, [key]: e.target.value })}
        />
        {error(key)}
      </>
    );
  const status = (field: 'configStatus' | 'collectStatus', name: MessageId) => (
    <select
      className={`input collector-status collector-status-${row[field]}`}
      aria-label={label(name)}
      value={row[field]}
      disabled={busy}
      onChange={(e) => onStatus(field, e.target.value as CollectorStatus)}
    >
      {COLLECTOR_STATUSES.map((s) => (
        <option key={s} value={s}>
          {t(`collector.status.${s}`)}
        </option>
      ))}
    </select>
  );
  return (
    <tr className={draft ? 'collector-editing' : undefined} data-testid={`collector-row-${row.id}`}>
      <td>
        {draft ? (
          <>
            {input('source', 'collector.source', COLLECTOR_SOURCE_MAX_LENGTH)}
            {textarea('comment', 'collector.comment')}
          </>
        ) : (
          <>
            <span className="collector-source">{row.source}</span>
            {row.comment && <span className="collector-comment muted">{row.comment}</span>}
          </>
        )}
      </td>
      <td>{draft ? input('accessEmail', 'collector.accessEmail', 254) : row.accessEmail}</td>
      <td>{status('configStatus', 'collector.configStatus')}</td>
      <td>{status('collectStatus', 'collector.collectStatus')}</td>
      <td className="collector-note">{draft ? textarea('commentStatus', 'collector.commentStatus') : row.commentStatus}</td>
      <td>
        <div className="collector-actions">
          {draft ? (
            <>
              <Button variant="primary" onClick={onSave} loading={busy} aria-label={t('collector.saveLabel', { source: row.source })}>
                <T id="collector.save" />
              </Button>
              <Button variant="ghost" onClick={onCancel} disabled={busy} aria-label={t('collector.cancelLabel', { source: row.source })}>
                <T id="collector.cancel" />
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={onEdit} disabled={busy} aria-label={t('collector.editLabel', { source: row.source })}>
                <T id="collector.edit" />
              </Button>
              <Button variant="secondary" onClick={onCopy} disabled={busy} aria-label={t('collector.copyLabel', { source: row.source })}>
                <T id="collector.copy" />
              </Button>
              <Button variant="danger" onClick={onDelete} disabled={busy} aria-label={t('collector.deleteLabel', { source: row.source })}>
                <T id="collector.delete" />
              </Button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
