import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

const invalid = "Looks like you've tried to reset your password, but something went wrong in the process...";

async function fillAndSubmit() {
  await userEvent.type(await screen.findByLabelText('New password'), 'long enough!');
  await userEvent.type(screen.getByLabelText('Repeat password'), 'long enough!');
  const change = screen.getByRole('button', { name: 'Change Password' });
  await waitFor(() => expect(change).toBeEnabled());
  await userEvent.click(change);
}

describe('reset link check (SWR)', () => {
  it('treats a 401 as an invalid link: no session refresh, no trip to sign-in', async () => {
    // Signed in, so the only 401 is the check's own (the session probe needs no refresh).
    mockSession(makeUser());
    const refresh = vi.fn(() => HttpResponse.json({ code: 'unauthenticated', message: 'no' }, { status: 401 }));
    server.use(
      http.get(api('/api/security/password-reset/t401'), () => HttpResponse.json({ code: 'unauthenticated', message: 'no' }, { status: 401 })),
      http.post(api('/api/security/refresh'), refresh),
    );
    renderApp('/password-reset/t401');
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/password-reset/t401');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('asks once: no retry after a failure', async () => {
    const check = vi.fn(() => HttpResponse.json({ code: 'invalid-token', message: 'Invalid token' }, { status: 404 }));
    server.use(http.get(api('/api/security/password-reset/once'), check));
    mockSession(null);
    renderApp('/password-reset/once');
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('shows the form when Try again finds the link valid', async () => {
    let valid = false;
    server.use(
      http.get(api('/api/security/password-reset/later'), () =>
        valid ? HttpResponse.json({ token: 'later' }) : HttpResponse.json({ code: 'invalid-token', message: 'x' }, { status: 404 }),
      ),
    );
    mockSession(null);
    renderApp('/password-reset/later');
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    valid = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });
});

describe('password change failures', () => {
  it('says why in words (429: too many attempts) and lets the user retry', async () => {
    let calls = 0;
    server.use(
      http.get(api('/api/security/password-reset/tok'), () => HttpResponse.json({ token: 'tok' })),
      http.post(api('/api/security/password-reset/tok'), () =>
        ++calls === 1
          ? HttpResponse.json({ code: 'too-many-requests', message: 'x' }, { status: 429 })
          : HttpResponse.json({ status: 'changed' }),
      ),
    );
    mockSession(null);
    renderApp('/password-reset/tok');
    await fillAndSubmit();
    expect(await screen.findByText('Too many attempts: please wait a moment and try again')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
  });

  it("shows the user pool's password rule (400 field error) under the password field", async () => {
    server.use(
      http.get(api('/api/security/password-reset/tok'), () => HttpResponse.json({ token: 'tok' })),
      http.post(api('/api/security/password-reset/tok'), () =>
        HttpResponse.json({ code: 'validation', message: 'x', errors: { password: 'validation.passwordPolicy' } }, { status: 400 }),
      ),
    );
    mockSession(null);
    renderApp('/password-reset/tok');
    await fillAndSubmit();
    const message = await screen.findByText('This password does not meet the password rules: choose a longer one');
    const input = screen.getByLabelText('New password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message.textContent!);
    expect(screen.queryByText('Something went wrong...')).not.toBeInTheDocument();
  });
});
