import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from './messages/en';

type Values = Record<string, string | number | boolean | null | undefined | Date>;

/**
 * Typed <FormattedMessage>: an unknown id is a compile error, not a blank label. `values` may be
 * elements too (a label in <strong>, a value in <del>): the message then places them, with its
 * language's own punctuation around them (French puts a space before a colon).
 */
export function T({ id, values }: { id: MessageId; values?: Record<string, Values[string] | ReactNode> }) {
  return <FormattedMessage id={id} values={values} />;
}

/** Typed string formatter for attributes (aria-label, placeholder, title). */
export function useT(): (id: MessageId, values?: Values) => string {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}

export type { MessageId };
