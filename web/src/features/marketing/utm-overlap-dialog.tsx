import type { OverlapRow } from 'shared/domain/utm-overlap';
import type { Source } from 'shared/domain/types';
import { T, type MessageId } from '../../i18n/t';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Dialog } from '../../ui/dialog';
import { UtmValue } from './utm-tables';

/** Combinations listed in the dialog (the biggest first); the rest is counted. */
const SHOWN = 10;

/**
 * Asked before a rule is saved that would link traffic another source links already
 * (shared/domain/utm-overlap.ts computes it from the traffic and rules on the page, as the server
 * does): which combinations, their sessions and the sources that have them now. Cancel (first, so
 * the focus lands on the harmless choice) keeps the form; "Create anyway" sends the rule with
 * `acceptOverlap`.
 */
export function OverlapDialog({
  rows,
  sources,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  rows: OverlapRow[];
  /** The names of the sources the rows name (those of the rules that link them). */
  sources: ReadonlyArray<Pick<Source, 'id' | 'name'>>;
  busy: boolean;
  /** Why the confirmed create failed (a message id). */
  error?: MessageId;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const nameOf = (id: string) => sources.find((source) => source.id === id)?.name ?? '-';
  const sessions = rows.reduce((sum, row) => sum + row.sessions, 0);
  return (
    <Dialog
      open
      className="utm-overlap-dialog"
      title={<T id="utm.overlap.title" values={{ count: rows.length }} />}
      onClose={() => !busy && onCancel()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            <T id="confirmDialog.cancel" />
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            <T id="utm.overlap.confirm" />
          </Button>
        </>
      }
    >
      <p className="muted">
        <T id="utm.overlap.text" values={{ sessions }} />
      </p>
      <ul className="utm-overlap-list">
        {rows.slice(0, SHOWN).map((row) => (
          <li key={row.id} data-testid="utm-overlap-row">
            <span className="utm-combination">
              <UtmValue value={row.utmSource} /> / <UtmValue value={row.utmMedium} /> / <UtmValue value={row.utmCampaign} />
            </span>
            <span className="muted">
              <T id="utm.overlap.row" values={{ sessions: row.sessions, sources: row.sourceIds.map(nameOf).join(', ') }} />
            </span>
          </li>
        ))}
      </ul>
      {rows.length > SHOWN && (
        <p className="muted">
          <T id="utm.overlap.more" values={{ count: rows.length - SHOWN }} />
        </p>
      )}
      {error && (
        <Callout tone="danger">
          <T id={error} />
        </Callout>
      )}
    </Dialog>
  );
}
