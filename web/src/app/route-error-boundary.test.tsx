import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockSession, renderApp } from '../test/render';
import { isChunkLoadError } from './route-error-boundary';

// The agenda page throws while rendering; the profile page's chunk fails to load.
vi.mock('../features/agenda/agenda-page', () => ({
  default: () => {
    throw new Error('render failed');
  },
}));
// The order feed page throws something that is not an Error at all.
vi.mock('../features/crm/order-feed-page', () => ({
  default: () => {
    throw null;
  },
}));
// (vitest wraps the rejection in its own error: the browser's message is its `cause`.)
vi.mock('../features/profile/profile-page', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/profile-page-old.js')));

afterEach(() => vi.restoreAllMocks());

describe('route error boundary', () => {
  it('shows a readable page with reload and dashboard actions when a page throws, inside the shell', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockSession(makeUser());
    renderApp('/agenda');
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    // Navigating away recovers.
    await userEvent.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('logs the error to the console', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockSession(makeUser());
    renderApp('/agenda');
    await screen.findByRole('heading', { name: 'This page could not be shown' });
    expect(log).toHaveBeenCalledWith('[page] render failed', expect.objectContaining({ message: 'render failed' }), expect.any(String));
  });

  it('shows the page even when what was thrown is not an Error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockSession(makeUser());
    renderApp('/crm/order-feed');
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(screen.getByText(/Something went wrong while showing this page/)).toBeInTheDocument();
  });

  it('catches a page whose chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockSession(makeUser());
    renderApp('/user/profile', { locale: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Cette page n’a pas pu être affichée' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aller au tableau de bord' })).toHaveAttribute('href', '/dashboard');
    // A missing chunk says a newer version is there, inside the shell.
    expect(screen.getByText('Une nouvelle version du portail est disponible. Rechargez la page pour l’utiliser.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
  });

  it('tells a missing chunk (browsers’ wordings) from other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://portal/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/profile-page-old.css'))).toBe(true);
    expect(isChunkLoadError(new Error('render failed'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError(new Error('import failed', { cause: new TypeError('Importing a module script failed.') }))).toBe(true);
  });
});
