import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api as url } from '../../test/render';
import { server } from '../../test/server';
import { collectorsCreate, meetingsList, passwordResetRequest, securityLogin, usersCurrent } from 'shared/routes';
import { ApiError, callRoute, configureApi, READ_RETRIES } from './client';

let restore = () => {};
afterEach(() => restore());

describe('API client', () => {
  it('sends same-origin credentials and JSON', async () => {
    let seen: Request | undefined;
    server.use(
      http.post(url('/api/security/password-reset'), ({ request }) => {
        seen = request;
        return HttpResponse.json({ status: 'sent' });
      }),
    );
    await expect(callRoute(passwordResetRequest, { body: { login: 'a@b.co', language: 'en' }, auth: 'none' })).resolves.toEqual({ status: 'sent' });
    expect(seen!.credentials).toBe('same-origin');
    expect(seen!.headers.get('content-type')).toBe('application/json');
    expect(await seen!.json()).toEqual({ login: 'a@b.co', language: 'en' });
  });

  it('names the company the pages show on company-scoped calls only (X-Portal-Company)', async () => {
    const seen: Record<string, string | null> = {};
    server.use(
      http.get(url('/api/meetings'), ({ request }) => {
        seen.meetings = request.headers.get('x-portal-company');
        return HttpResponse.json([]);
      }),
      http.get(url('/api/users/current'), ({ request }) => {
        seen.user = request.headers.get('x-portal-company');
        return HttpResponse.json({ id: 'u1' });
      }),
    );
    restore = configureApi({ shownCompany: () => 'company-a' });
    await callRoute(meetingsList);
    await callRoute(usersCurrent);
    expect(seen).toEqual({ meetings: 'company-a', user: null });
  });

  it('reports 409 company-changed (nothing saved) and still fails the call', async () => {
    server.use(
      http.post(url('/api/collectors'), () => HttpResponse.json({ code: 'company-changed', message: 'error.company-changed' }, { status: 409 })),
    );
    const onCompanyChanged = vi.fn();
    restore = configureApi({ shownCompany: () => 'company-a', onCompanyChanged });
    await expect(callRoute(collectorsCreate, { body: { source: 'S', accessEmail: 'a@b.co', comment: '', commentStatus: '', configStatus: 'No', collectStatus: 'No' } })).rejects.toMatchObject({ status: 409, code: 'company-changed' });
    expect(onCompanyChanged).toHaveBeenCalledTimes(1);
  });

  describe('503: a dependency is down', () => {
    const unavailable = (seconds = '0') => HttpResponse.json({ code: 'unavailable', message: 'x' }, { status: 503, headers: { 'retry-after': seconds } });

    it('sends a read again after Retry-After, says so each time, and returns the answer that came', async () => {
      let calls = 0;
      server.use(http.get(url('/api/meetings'), () => (++calls <= 2 ? unavailable() : HttpResponse.json([{ id: 'm1' }]))));
      const onRetrying = vi.fn();
      restore = configureApi({ onRetrying });
      await expect(callRoute(meetingsList)).resolves.toEqual([{ id: 'm1' }]);
      expect(calls).toBe(3);
      expect(onRetrying).toHaveBeenCalledTimes(2);
    });

    it('gives up after READ_RETRIES with the server\'s reason and its Retry-After', async () => {
      let calls = 0;
      server.use(http.get(url('/api/meetings'), () => (++calls, unavailable('0'))));
      restore = configureApi({ onRetrying: vi.fn() });
      await expect(callRoute(meetingsList)).rejects.toMatchObject({ status: 503, code: 'unavailable', retryAfterSeconds: 0 });
      expect(calls).toBe(1 + READ_RETRIES);
    });

    const collector = { source: 'S', accessEmail: 'a@b.co', comment: '', commentStatus: '', configStatus: 'No', collectStatus: 'No' } as const;

    it('sends a signed-in write again with the same Idempotency-Key when its answer was lost, a new key per action', async () => {
      const keys: (string | null)[] = [];
      server.use(
        http.post(url('/api/collectors'), ({ request }) => {
          keys.push(request.headers.get('idempotency-key'));
          if (keys.length === 1) return HttpResponse.error();
          return keys.length === 2 ? unavailable('0') : HttpResponse.json({ id: 'c1' }, { status: 201 });
        }),
      );
      const onRetrying = vi.fn();
      restore = configureApi({ onRetrying });
      await expect(callRoute(collectorsCreate, { body: collector })).resolves.toEqual({ id: 'c1' });
      expect(keys).toHaveLength(3);
      expect(keys[0]).toMatch(/^[\w-]{36}$/);
      expect(new Set(keys).size).toBe(1);
      expect(onRetrying).toHaveBeenCalledTimes(2);
      await callRoute(collectorsCreate, { body: collector });
      expect(keys[3]).not.toBe(keys[0]);
    });

    it('never sends a public write (no key) again by itself', async () => {
      let calls = 0;
      let key: string | null = 'unset';
      server.use(http.post(url('/api/security/password-reset'), ({ request }) => ((key = request.headers.get('idempotency-key')), ++calls, unavailable('0'))));
      const onRetrying = vi.fn();
      restore = configureApi({ onRetrying });
      await expect(callRoute(passwordResetRequest, { body: { login: 'a@b.co', language: 'en' }, auth: 'none' })).rejects.toMatchObject({ status: 503, code: 'unavailable' });
      expect(calls).toBe(1);
      expect(key).toBeNull();
      expect(onRetrying).not.toHaveBeenCalled();
    });
  });

  it('on 401 refreshes once and retries', async () => {
    let calls = 0;
    const refresh = vi.fn(() => HttpResponse.json({ status: 'refreshed' }));
    server.use(
      http.get(url('/api/users/current'), () =>
        ++calls === 1 ? HttpResponse.json({ code: 'unauthenticated', message: 'x' }, { status: 401 }) : HttpResponse.json({ id: 'u1' }),
      ),
      http.post(url('/api/security/refresh'), refresh),
    );
    const onUnauthorized = vi.fn();
    restore = configureApi({ onUnauthorized });
    await expect(callRoute(usersCurrent)).resolves.toEqual({ id: 'u1' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends the user to sign-in with the current full path when the refresh fails', async () => {
    window.history.replaceState(null, '', '/marketing/sources?tab=2#list');
    const refresh = vi.fn(() => HttpResponse.json({ code: 'unauthenticated', message: 'x' }, { status: 401 }));
    server.use(
      http.get(url('/api/meetings'), () => HttpResponse.json({ code: 'unauthenticated', message: 'x' }, { status: 401 })),
      http.post(url('/api/security/refresh'), refresh),
    );
    const onUnauthorized = vi.fn();
    restore = configureApi({ onUnauthorized });
    await expect(callRoute(meetingsList)).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('/marketing/sources?tab=2#list');
    window.history.replaceState(null, '', '/');
  });

  it('does not refresh for auth: none (sign-in itself)', async () => {
    const refresh = vi.fn(() => HttpResponse.json({ status: 'refreshed' }));
    server.use(
      http.post(url('/api/security/login'), () =>
        HttpResponse.json({ code: 'invalid-credentials', message: 'Invalid login or password!' }, { status: 401 }),
      ),
      http.post(url('/api/security/refresh'), refresh),
    );
    await expect(callRoute(securityLogin, { body: { username: 'a@b.co', password: 'wrong' }, auth: 'none' })).rejects.toMatchObject({ status: 401, code: 'invalid-credentials' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('reports a 500 with the server message to the error page', async () => {
    server.use(http.get(url('/api/meetings'), () => HttpResponse.json({ code: 'internal', message: 'Database unavailable' }, { status: 500 })));
    const onServerError = vi.fn();
    restore = configureApi({ onServerError });
    await expect(callRoute(meetingsList)).rejects.toBeInstanceOf(ApiError);
    expect(onServerError).toHaveBeenCalledWith(expect.objectContaining({ status: 500, message: 'Database unavailable' }));
  });
});
