import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/messages/en';
import { fr } from '../i18n/messages/fr';
import { ConfirmDialog, OkDialog } from './dialog';

describe('ConfirmDialog', () => {
  it('asks with message and description, focuses Cancel, and answers Delete or Cancel', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <IntlProvider locale="en" messages={en}>
        <ConfirmDialog open message="Delete it?" description="Gone for good." onConfirm={onConfirm} onCancel={onCancel} />
      </IntlProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete it?' });
    expect(dialog).toHaveTextContent('Gone for good.');
    expect(dialog).toHaveClass('dialog-confirm');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('takes another confirm label, is translated, disables both buttons while busy, and renders nothing when closed', () => {
    const { rerender } = render(
      <IntlProvider locale="fr" messages={fr}>
        <ConfirmDialog open busy message="?" confirmLabel="Archiver" onConfirm={() => {}} onCancel={() => {}} />
      </IntlProvider>,
    );
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Archiver' })).toBeDisabled();
    rerender(
      <IntlProvider locale="fr" messages={fr}>
        <ConfirmDialog open={false} message="?" onConfirm={() => {}} onCancel={() => {}} />
      </IntlProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('OkDialog', () => {
  it('has a single OK button that closes it', async () => {
    const onClose = vi.fn();
    render(
      <IntlProvider locale="en" messages={en}>
        <OkDialog open message="Done" description="Thank you." onClose={onClose} />
      </IntlProvider>,
    );
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
