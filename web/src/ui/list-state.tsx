import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { T, type MessageId } from '../i18n/t';
import { Callout } from './callout';
import { Spinner } from './spinner';

/** What a list page says after an action: the outcome in words, with the row it concerns. */
export type Notice = { tone: 'success' | 'danger'; id: MessageId; values: Record<string, string> } | null;

export function NoticeCallout({ notice }: { notice: Notice }) {
  return notice ? (
    <Callout tone={notice.tone}>
      <T id={notice.id} values={notice.values} />
    </Callout>
  ) : null;
}

/**
 * The states of a list read with `useRoute` (spec: "lists whose load fails show a warning with the
 * error text"): "Something went wrong..." with the error's text, a spinner while loading, the
 * empty message (`empty`, for an array), or the list itself (`children`, or a function of the loaded data). Every list page uses it.
 * `notice`: the outcome of the last action on the list (its table shows it above the rows): said above
 * the empty message too, so deleting the last row still says it was deleted.
 */
export function ListState<T>({
  data,
  error,
  empty,
  notice = null,
  children,
}: {
  data: T | undefined;
  error: { message: string } | undefined;
  empty?: MessageId;
  notice?: Notice;
  children: ReactNode | ((data: T) => ReactNode);
}) {
  const { messages } = useIntl();
  if (error) {
    // A server message that is a catalogue id is shown in the user's language; any other text as it came.
    const known = Object.hasOwn(messages, error.message);
    return (
      <Callout tone="danger" title={<T id="common.somethingWrong" />}>
        <span data-testid="list-error">{known ? <T id={error.message as MessageId} /> : error.message}</span>
      </Callout>
    );
  }
  if (data === undefined) return <Spinner />;
  if (empty && Array.isArray(data) && data.length === 0) {
    return (
      <>
        <NoticeCallout notice={notice} />
        <p className="muted">
          <T id={empty} />
        </p>
      </>
    );
  }
  return <>{typeof children === 'function' ? children(data) : children}</>;
}

/**
 * Ref of the message that tells a form's outcome: it takes the focus when it appears, so the focus
 * does not fall to the page's body when a create empties the form and disables its button
 * (keyboard and screen reader users hear the outcome and go on from there). Needs tabIndex={-1}.
 */
export const focusOnMount = (node: HTMLElement | null): void => node?.focus();
