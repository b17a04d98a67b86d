import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

describe('password reset without a token', () => {
  it('flags an invalid email with a danger border and keeps Send disabled', async () => {
    mockSession(null);
    renderApp('/password-reset');
    const email = await screen.findByLabelText('Email');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(email, 'not-an-email');
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.closest('.field')).toHaveClass('field-invalid');
    expect(send).toBeDisabled();
  });

  it('confirms with the same message whatever the account', async () => {
    let body: unknown;
    server.use(
      http.post(api('/api/security/password-reset'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 'sent' });
      }),
    );
    mockSession(null);
    renderApp('/password-reset');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    const send = screen.getByRole('button', { name: 'Send' });
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    expect(
      await screen.findByText(
        'If a matching account was found an email was sent to ada@example.com to allow you to reset your password.',
      ),
    ).toBeInTheDocument();
    expect(body).toEqual({ login: 'ada@example.com', language: 'en' });
  });
});

describe('password reset with a token', () => {
  it('shows a loader, then the form; enforces the rules; then success with a link back', async () => {
    let release = () => {};
    let changed: unknown;
    server.use(
      http.get(api('/api/security/password-reset/tok123'), async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ token: 'tok123' });
      }),
      http.post(api('/api/security/password-reset/tok123'), async ({ request }) => {
        changed = await request.json();
        return HttpResponse.json({ status: 'changed' });
      }),
    );
    mockSession(null);
    renderApp('/password-reset/tok123');
    expect(await screen.findByText('Checking your link…')).toBeInTheDocument();
    release();

    const change = await screen.findByRole('button', { name: 'Change Password' });
    expect(change).toBeDisabled();
    expect(screen.getByText('Password should contain at least 8 symbols')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'short');
    expect(change).toBeDisabled();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Repeat password'));
    await userEvent.type(screen.getByLabelText('New password'), 'long enough!');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'long enougx!');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(change).toBeDisabled();

    await userEvent.clear(screen.getByLabelText('Repeat password'));
    await userEvent.type(screen.getByLabelText('Repeat password'), 'long enough!');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    await waitFor(() => expect(change).toBeEnabled());
    await userEvent.click(change);

    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
    expect(changed).toEqual({ password: 'long enough!', removeMfa: false });
  });

  it('says the account has an authenticator app and removes it only when the owner ticks the choice', async () => {
    let changed: unknown;
    server.use(
      http.get(api('/api/security/password-reset/tok456'), () => HttpResponse.json({ token: 'tok456', mfa: { since: '2026-03-04T10:00:00.000Z' } })),
      http.post(api('/api/security/password-reset/tok456'), async ({ request }) => {
        changed = await request.json();
        return HttpResponse.json({ status: 'changed' });
      }),
    );
    mockSession(null);
    renderApp('/password-reset/tok456');
    expect(await screen.findByText('An authenticator app has been set up on this account since 04/03/2026.')).toBeInTheDocument();
    const choice = screen.getByRole('checkbox', { name: /Also remove the authenticator app/ });
    expect(choice).not.toBeChecked();
    await userEvent.click(choice);
    await userEvent.type(screen.getByLabelText('New password'), 'long enough!');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'long enough!');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(changed).toEqual({ password: 'long enough!', removeMfa: true });
  });

  it('shows the invalid-token message; Try again changes nothing visible', async () => {
    const check = vi.fn(() => HttpResponse.json({ code: 'invalid-token', message: 'Invalid token' }, { status: 404 }));
    server.use(http.get(api('/api/security/password-reset/bad'), check));
    mockSession(null);
    renderApp('/password-reset/bad');
    const message = "Looks like you've tried to reset your password, but something went wrong in the process...";
    expect(await screen.findByText(message)).toBeInTheDocument();
    const before = document.body.innerHTML;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(check.mock.calls.length).toBeGreaterThan(1));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(document.body.innerHTML).toBe(before);
  });

  it('treats a token mismatch in the answer as invalid', async () => {
    server.use(http.get(api('/api/security/password-reset/abc'), () => HttpResponse.json({ token: 'other' })));
    mockSession(null);
    renderApp('/password-reset/abc');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
