import { describe, expect, it } from 'vitest';
import { GoogleCredentialsError } from '../../platform/google-credentials';
import { toProviderError } from './google-provider';
import { AnalyticsProviderError, assertPropertyId, withoutAnchors } from './types';

/** The client library's errors as the provider's own: which refusal is the customer's, which is ours or Google's. */
describe('toProviderError', () => {
  const gaxios = (status: number | undefined, data?: unknown, extra: Record<string, unknown> = {}) => ({ message: `Request failed with status code ${status}`, response: { status, data }, ...extra });

  it.each([
    ['403 with Google\'s message', gaxios(403, { error: { code: 403, message: 'No permission' } }), 'denied', 'No permission'],
    ['404 (a missing property)', gaxios(404, { error: { message: 'Not found' } }), 'denied', 'Not found'],
    ['a status on the error itself', { status: 404, message: 'gone' }, 'denied', 'gone'],
    ['a status that is not a number', { status: '404', message: 'odd' }, 'failed', 'odd'],
    ['500', gaxios(500, { error: { message: 'Backend error' } }), 'failed', 'Backend error'],
    ['quota (429)', gaxios(429, { error: { message: 'Quota exceeded' } }), 'failed', 'Quota exceeded'],
    ['the token endpoint refusing the key (400)', gaxios(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }), 'failed', 'Google refused the service account: Invalid JWT Signature.'],
    ['the token endpoint refusing the client (401)', gaxios(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' }), 'failed', 'Google refused the service account: The OAuth client was not found.'],
    ['a 400 of the Data API (an object error)', gaxios(400, { error: { message: 'Invalid metric' } }), 'failed', 'Invalid metric'],
    ['no body at all', { message: 'socket hang up' }, 'failed', 'socket hang up'],
    ['nothing to say', {}, 'failed', 'Google Analytics did not answer'],
    ['no error object', undefined, 'failed', 'Google Analytics did not answer'],
    ['an aborted call', { name: 'AbortError', message: 'This operation was aborted' }, 'failed', 'Google Analytics did not answer in time: please try again later'],
    ['a timed out call', { name: 'TimeoutError', message: 'x' }, 'failed', 'Google Analytics did not answer in time: please try again later'],
    ['a timeout said in the message', gaxios(undefined, undefined, { message: 'network TIMEOUT of 20000ms exceeded' }), 'failed', 'Google Analytics did not answer in time: please try again later'],
  ])('%s', (_label, error, failure, message) => {
    const mapped = toProviderError(error);
    expect(mapped).toBeInstanceOf(AnalyticsProviderError);
    expect([mapped.failure, mapped.message]).toEqual([failure, message]);
  });

  it('keeps the provider\'s own errors, and reads a missing key as our failure', () => {
    const own = new AnalyticsProviderError('denied', 'x');
    expect(toProviderError(own)).toBe(own);
    const key = toProviderError(new GoogleCredentialsError('GOOGLE_SERVICE_ACCOUNT is not set'));
    expect([key.failure, key.message, key.name]).toEqual(['failed', 'GOOGLE_SERVICE_ACCOUNT is not set', 'AnalyticsProviderError']);
  });
});

describe('provider helpers', () => {
  it.each([
    ['^\\d+\\.\\d+$', '\\d+\\.\\d+'],
    ['\\d+', '\\d+'],
    ['a^b$c', 'a^b$c'],
    ['price\\$', 'price\\$'], // an escaped dollar is a character, not an anchor
    ['^^a$$', '^a$'],
  ])('%s without its anchors is %s', (source, stripped) => {
    expect(withoutAnchors(source)).toBe(stripped);
  });

  it('takes property ids of 1 to 20 digits only', () => {
    for (const id of ['1', '1'.repeat(20)]) expect(() => assertPropertyId(id), id).not.toThrow();
    for (const id of ['', '1'.repeat(21), '12a', ' 12', 'UA-1']) {
      expect(() => assertPropertyId(id), id).toThrow(new AnalyticsProviderError('denied', `Invalid property id ${JSON.stringify(id)}`));
    }
  });
});
