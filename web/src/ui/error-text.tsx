import { useIntl } from 'react-intl';
import { errorText } from '../lib/api/error-message';

/** Why a call failed, in the user's language (errorText: a 429 says how long to wait). */
export function ErrorText({ error }: { error: unknown }) {
  return <>{errorText(error, useIntl())}</>;
}
