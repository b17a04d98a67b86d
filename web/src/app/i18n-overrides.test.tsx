import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { T } from '../i18n/t';
import { forgetOverrides, sanitizeOverrides } from '../i18n/locales';
import { server } from '../test/server';
import { api } from '../test/render';
import { I18nProvider } from './i18n-provider';

afterEach(() => forgetOverrides());

const overrides = (locale: string, messages: Record<string, unknown>) =>
  server.use(http.get(api('/api/translations'), () => HttpResponse.json({ version: 3, locale, messages })));

const text = (value: string) => [{ type: 0, value }];

function Probe() {
  return (
    <p data-testid="probe">
      <T id="route.dashboard" /> | <T id="reset.request.sent" values={{ email: 'ada@example.com' }} />
    </p>
  );
}

describe('I18nProvider with translation overrides', () => {
  it('lays the stored overrides over the bundled catalogue', async () => {
    overrides('en', { 'route.dashboard': text('Overview') });
    render(<I18nProvider initialLocale="en"><Probe /></I18nProvider>);
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent(/^Overview \|/));
  });

  it('waits for the French chunk and its overrides together', async () => {
    overrides('fr', { 'route.dashboard': text('Vue d’ensemble') });
    render(<I18nProvider initialLocale="fr"><Probe /></I18nProvider>);
    expect(await screen.findByText(/Vue d’ensemble/)).toBeInTheDocument();
  });

  it('keeps the bundle when the call fails or answers nonsense', async () => {
    server.use(http.get(api('/api/translations'), () => HttpResponse.json({ code: 'internal', message: 'boom' }, { status: 500 })));
    const { unmount } = render(<I18nProvider initialLocale="fr"><Probe /></I18nProvider>);
    expect(await screen.findByText(/Tableau de bord|Tableau/)).toBeInTheDocument();
    unmount();
    forgetOverrides();
    server.use(http.get(api('/api/translations'), () => HttpResponse.error()));
    render(<I18nProvider initialLocale="en"><Probe /></I18nProvider>);
    expect(screen.getByTestId('probe')).toHaveTextContent(/^Dashboard \|/);
  });

  it('renders override text as text, never as markup', async () => {
    const markup = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
    overrides('en', { 'route.dashboard': text(markup) });
    const { container } = render(<I18nProvider initialLocale="en"><Probe /></I18nProvider>);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toContain(markup));
    expect(container.querySelector('img, script')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('drops rich-text tags, malformed ids and anything that is not an AST', () => {
    const tag = [{ type: 8, value: 'b', children: text('bold') }];
    const nested = [{ type: 6, value: 'n', options: { other: { value: tag } }, offset: 0, pluralType: 'cardinal' }];
    expect(
      sanitizeOverrides({ locale: 'en', messages: { 'route.home': tag, 'route.login': nested, 'not an id!': text('x'), 'route.agenda': 'plain', 'route.profile': text('Me') } }, 'en'),
    ).toEqual({ 'route.profile': text('Me') });
    expect(sanitizeOverrides({ locale: 'fr', messages: { 'route.profile': text('Moi') } }, 'en')).toEqual({});
    expect(sanitizeOverrides('nonsense', 'en')).toEqual({});
  });
});
