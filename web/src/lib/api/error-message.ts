import { ERROR_CODES, type ErrorCode } from 'shared/domain/errors';
import type { MessageId } from '../../i18n/messages/en';
import { ApiError } from './client';

const known = new Set<string>(ERROR_CODES);

/**
 * The catalogue id that tells the user why a call failed: `error.<code>` for the API's error
 * codes (every one has a text in the three languages, test/unit/server-messages.test.ts), the
 * generic "Something went wrong" for anything else (network down, a proxy's 502...).
 */
export function errorMessageId(error: unknown): MessageId {
  if (error instanceof ApiError && known.has(error.code)) return `error.${error.code as ErrorCode}`;
  return 'common.somethingWrong';
}

/**
 * A field message (a yup schema's, or the server's `errors` of a 400), if it is a catalogue id;
 * else the generic 'This value is not valid'. `catalogue`: the messages on screen (react-intl's
 * `intl.messages`, plain strings or, in a build, pre-parsed ASTs: only the keys count).
 */
export function fieldMessageId(id: string, catalogue: Readonly<Record<string, unknown>>): MessageId {
  return (Object.hasOwn(catalogue, id) ? id : 'validation.invalid') as MessageId;
}
