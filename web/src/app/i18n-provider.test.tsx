import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockSession, renderApp } from '../test/render';

describe('language', () => {
  it('switches, persists in localStorage and updates <html lang> and the title', async () => {
    mockSession(null);
    const view = renderApp('/password-reset');
    await screen.findByRole('heading', { name: 'Password reset' });
    await userEvent.click(screen.getByRole('button', { name: /^EN, choose the interface language/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('heading', { name: 'Réinitialisation du mot de passe' })).toBeInTheDocument();
    expect(window.localStorage.getItem('locale')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    await waitFor(() => expect(document.title).toBe("Portail d’intégration | Réinitialisation du mot de passe"));

    // A new visit starts in the stored language.
    view.unmount();
    renderApp('/password-reset');
    expect(await screen.findByRole('heading', { name: 'Réinitialisation du mot de passe' })).toBeInTheDocument();
  });

  it('offers English, Français and Русский and can switch to Russian', async () => {
    mockSession(null);
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: /^EN, choose the interface language/ }));
    const names = ['English', 'Français', 'Русский'];
    for (const name of names) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Русский' }));
    expect(await screen.findByRole('link', { name: 'Записаться на демо' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ru');
    expect(window.localStorage.getItem('locale')).toBe('ru');
    expect(within(document.body).getByText(/Все права защищены/)).toBeInTheDocument();
  });

  it('ignores an unknown stored language', async () => {
    window.localStorage.setItem('locale', 'de');
    mockSession(null);
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Book a demo' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});
