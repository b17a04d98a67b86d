import type { OtherResource } from 'shared/domain/types';
import { T } from '../i18n/t';
import { Callout } from './callout';

/**
 * A check's answer about another resource than the company's stored one (its View ID, custom
 * dimension or feed URL: functions/core/integration/own-resource.ts): the result is shown, but no
 * step changed and nothing was stored. Said the same way on every page that checks one.
 */
export function OtherResourceNotice({ other }: { other: OtherResource | null | undefined }) {
  if (!other) return null;
  return (
    <Callout tone="warning" title={<T id={`check.otherResource.${other.kind}`} values={{ stored: other.stored }} />}>
      <T id="check.otherResource.help" />
    </Callout>
  );
}
