import { COLLECTOR_TYPES, type DefaultCollector } from 'shared/domain/types';
import { parseCollectorComment, type DefaultCollectorForm } from 'shared/schemas/default-collectors';
import { T, useT, type MessageId } from '../../i18n/t';
import { Button } from '../../ui/button';

function TypeBadge({ type }: { type: DefaultCollector['type'] }) {
  // Spec: Affiliate in a warning colour, Other in an info colour.
  return (
    <span className={`badge dc-type-${type}`}>
      <T id={`defaultCollectors.type.${type}`} />
    </span>
  );
}

interface RowProps {
  row: DefaultCollector;
  admin: boolean;
  /** The draft while this row is edited in place. */
  draft: DefaultCollectorForm | null;
  busy: boolean;
  onDraft: (draft: DefaultCollectorForm) => void;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  onCopy: () => void;
  onDelete: () => void;
}

/** One row: read-only cells, or inputs while edited in place (the Edit button becomes Save). */
export function DefaultCollectorRow({ row, admin, draft, busy, onDraft, onEdit, onSave, onCancel, onCopy, onDelete }: RowProps) {
  const t = useT();
  const comment = parseCollectorComment(row.comment);
  const label = (field: MessageId) => t('defaultCollectors.fieldOf', { field: t(field), name: row.name });
  const input = (key: 'name' | 'accessEmail', field: MessageId) =>
    draft && <input className="input" aria-label={label(field)} value={draft[key] ?? ''} onChange={(e) => onDraft({ ...draft, [key]: e.target.value })} />;
  const textarea = (key: 'commentEn' | 'commentRu' | 'commentFr', field: MessageId) =>
    draft && <textarea className="input" aria-label={label(field)} value={draft[key]} onChange={(e) => onDraft({ ...draft, [key]: e.target.value })} />;
  return (
    <tr className={draft ? 'dc-editing' : undefined} data-testid={`dc-row-${row.id}`}>
      <td>{draft ? input('name', 'defaultCollectors.name') : row.name}</td>
      <td>{draft ? input('accessEmail', 'defaultCollectors.accessEmail') : row.accessEmail}</td>
      <td>
        {draft ? (
          <select className="input" aria-label={label('defaultCollectors.type')} value={draft.type} onChange={(e) => onDraft({ ...draft, type: e.target.value as DefaultCollector['type'] })}>
            {COLLECTOR_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`defaultCollectors.type.${type}`)}
              </option>
            ))}
          </select>
        ) : (
          <TypeBadge type={row.type} />
        )}
      </td>
      <td className="dc-comment">{draft ? textarea('commentEn', 'defaultCollectors.commentEn') : comment.en}</td>
      <td className="dc-comment">{draft ? textarea('commentRu', 'defaultCollectors.commentRu') : comment.ru}</td>
      <td className="dc-comment">{draft ? textarea('commentFr', 'defaultCollectors.commentFr') : comment.fr}</td>
      {admin && (
        <td>
          <div className="dc-actions">
            {draft ? (
              <>
                <Button variant="primary" onClick={onSave} loading={busy} disabled={!draft.name.trim()} aria-label={t('defaultCollectors.saveLabel', { name: row.name })}>
                  <T id="defaultCollectors.save" />
                </Button>
                <Button variant="ghost" onClick={onCancel} disabled={busy} aria-label={t('defaultCollectors.cancelLabel', { name: row.name })}>
                  <T id="defaultCollectors.cancel" />
                </Button>
              </>
            ) : (
              <>
                <Button variant="secondary" onClick={onEdit} disabled={busy} aria-label={t('defaultCollectors.editLabel', { name: row.name })}>
                  <T id="defaultCollectors.edit" />
                </Button>
                <Button variant="secondary" onClick={onCopy} disabled={busy} aria-label={t('defaultCollectors.copyLabel', { name: row.name })}>
                  <T id="defaultCollectors.copy" />
                </Button>
                <Button variant="danger" onClick={onDelete} disabled={busy} aria-label={t('defaultCollectors.deleteLabel', { name: row.name })}>
                  <T id="defaultCollectors.delete" />
                </Button>
              </>
            )}
          </div>
        </td>
      )}
    </tr>
  );
}
