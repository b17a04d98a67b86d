import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

const location = () => screen.getByTestId('location').textContent;

async function openLogin(path = '/login') {
  mockSession(null);
  renderApp(path);
  return screen.findByRole('heading', { name: 'Sign In' });
}

describe('sign-in page', () => {
  it('has email, password, a forgot-password link and no header', async () => {
    await openLogin();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/password-reset');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(document.title).toBe('Onboarding Portal | Sign In');
  });

  it('disables the button while both fields are empty', async () => {
    await openLogin();
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(button).toBeEnabled();
  });

  it('shows the yup rule when only one field is filled', async () => {
    await openLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
  });

  it("shows 'Invalid login or password!' on failure", async () => {
    server.use(
      http.post(api('/api/security/login'), () =>
        HttpResponse.json({ code: 'invalid-credentials', message: 'Invalid login or password!' }, { status: 401 }),
      ),
    );
    await openLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login or password!');
    expect(location()).toBe('/login');
  });

  it('disables the button while signing in', async () => {
    let release = () => {};
    server.use(
      http.post(api('/api/security/login'), async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ status: 'signed-in', user: makeUser() });
      }),
    );
    await openLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: /Signing in/ })).toBeDisabled();
    release();
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('sends the user to the redirect value after success', async () => {
    let body: unknown;
    server.use(
      http.post(api('/api/security/login'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: 'signed-in', user: makeUser() });
      }),
    );
    await openLogin('/login?redirect=%2Fmarketing%2Fsources%3Ftab%3D2');
    await userEvent.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/marketing/sources?tab=2'));
    expect(body).toEqual({ username: 'ada@example.com', password: 'secret123' });
  });

  it('refuses an external redirect and goes to /dashboard', async () => {
    server.use(http.post(api('/api/security/login'), () => HttpResponse.json({ status: 'signed-in', user: makeUser() })));
    await openLogin('/login?redirect=%2F%2Fevil.example%2Fphish');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('asks for a new password when the server requires one', async () => {
    let challengeBody: unknown;
    server.use(
      http.post(api('/api/security/login'), () => HttpResponse.json({ status: 'new-password-required', session: 'S1' })),
      http.post(api('/api/security/new-password'), async ({ request }) => {
        challengeBody = await request.json();
        return HttpResponse.json({ status: 'signed-in', user: makeUser() });
      }),
    );
    await openLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Temporary-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();

    const save = await screen.findByRole('button', { name: 'Save and sign in' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'shorter');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(save).toBeDisabled();

    // The e-mailed temporary password cannot stay the password: said under the field, nothing sent.
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Repeat password'));
    await userEvent.type(screen.getByLabelText('New password'), 'Temporary-12345');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'Temporary-12345');
    await userEvent.click(save);
    expect(await screen.findByText('Choose a password other than the temporary one you received by e-mail')).toBeInTheDocument();
    expect(challengeBody).toBeUndefined();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Repeat password'));
    await userEvent.type(screen.getByLabelText('New password'), 'long enough!');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'long enough!');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(challengeBody).toEqual({ username: 'ada@example.com', session: 'S1', password: 'long enough!' });
  });
});

describe('sign-in failure', () => {
  it('empties the password and moves the focus to the message, keeping the login', async () => {
    mockSession(null);
    server.use(
      http.post(api('/api/security/login'), () => HttpResponse.json({ code: 'invalid-credentials', message: 'Invalid login or password!' }, { status: 401 })),
    );
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByText('Invalid login or password!');
    await waitFor(() => expect(alert.closest('.notice-focus')).toHaveFocus());
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('says "too many attempts" when the server throttles', async () => {
    mockSession(null);
    server.use(http.post(api('/api/security/login'), () => HttpResponse.json({ code: 'too-many-requests', message: 'x' }, { status: 429 })));
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Too many attempts: please wait a moment and try again')).toBeInTheDocument();
  });
});
