import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

// Failures of the sign-in and reset forms beyond the spec's own texts (login-page.test.tsx,
// password-reset-page.test.tsx): said with the API's error code, or under the field.

async function signIn(password = 'Temp12345') {
  mockSession(null);
  renderApp('/login');
  await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in form errors', () => {
  it('marks both fields required', async () => {
    mockSession(null);
    renderApp('/login');
    expect(await screen.findByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it("puts the server's field errors (message ids) under their fields", async () => {
    server.use(
      http.post(api('/api/security/login'), () =>
        HttpResponse.json({ code: 'validation', message: 'x', errors: { username: 'validation.email' } }, { status: 400 }),
      ),
    );
    await signIn();
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a 400 without field errors above the form instead of showing nothing', async () => {
    server.use(http.post(api('/api/security/login'), () => HttpResponse.json({ code: 'bad-request', message: 'x' }, { status: 400 })));
    await signIn();
    expect(await screen.findByText('The request could not be understood')).toBeInTheDocument();
  });

  it('keeps the generic text for a failure without an API code (a proxy 502)', async () => {
    server.use(http.post(api('/api/security/login'), () => new HttpResponse('Bad gateway', { status: 502 })));
    await signIn();
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
  });

  it("shows the user pool's password rule under the new password of a first sign-in", async () => {
    server.use(
      http.post(api('/api/security/login'), () => HttpResponse.json({ status: 'new-password-required', session: 'S1' })),
      http.post(api('/api/security/new-password'), () =>
        HttpResponse.json({ code: 'validation', message: 'x', errors: { password: 'validation.passwordPolicy' } }, { status: 400 }),
      ),
    );
    await signIn();
    await userEvent.type(await screen.findByLabelText('New password'), 'long enough!');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'long enough!');
    const save = screen.getByRole('button', { name: 'Save and sign in' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await screen.findByText('This password does not meet the password rules: choose a longer one')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('reset request errors', () => {
  it('says "too many attempts" on a 429', async () => {
    server.use(http.post(api('/api/security/password-reset'), () => HttpResponse.json({ code: 'too-many-requests', message: 'x' }, { status: 429 })));
    mockSession(null);
    renderApp('/password-reset');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    const send = screen.getByRole('button', { name: 'Send' });
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    expect(await screen.findByText('Too many attempts: please wait a moment and try again')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeRequired();
  });
});
