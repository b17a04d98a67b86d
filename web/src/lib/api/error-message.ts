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

/** The relative-time unit and count a wait of `seconds` is said in: seconds under a minute, minutes under an hour, else hours (rounded up). */
export function waitParts(seconds: number): { value: number; unit: 'second' | 'minute' | 'hour' } {
  if (seconds < 60) return { value: Math.max(1, Math.ceil(seconds)), unit: 'second' };
  if (seconds < 3600) return { value: Math.ceil(seconds / 60), unit: 'minute' };
  return { value: Math.ceil(seconds / 3600), unit: 'hour' };
}

interface Formatter {
  formatMessage(descriptor: { id: string }, values?: Record<string, string>): string;
  formatRelativeTime(value: number, unit: 'second' | 'minute' | 'hour', options?: { numeric: 'always' }): string;
}

/**
 * Why a call failed, as text in the user's language: errorMessageId's message, except a 429 whose
 * Retry-After is known, which says how long ('Too many attempts: try again in 42 minutes').
 * `intl`: react-intl's (useIntl()).
 */
export function errorText(error: unknown, intl: Formatter): string {
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds !== undefined) {
    const { value, unit } = waitParts(error.retryAfterSeconds);
    return intl.formatMessage({ id: 'tooManyRequests.retryIn' }, { when: intl.formatRelativeTime(value, unit, { numeric: 'always' }) });
  }
  return intl.formatMessage({ id: errorMessageId(error) });
}
