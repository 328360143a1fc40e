/**
 * Toasts load Mantine's notifications on first use (issue #22 item 8): nothing of them is
 * mounted before, and the first toast still shows, once, with its message. (The test setup
 * loads them for every other test: this one takes fresh modules.)
 */
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.resetModules();
});

describe('toasts', () => {
  it('mount the notifications with the first toast and show it once, however many calls made it', async () => {
    const [{ AppProviders }, { notifyError }, { createQueryClient }] = await Promise.all([
      import('./app-providers.tsx'),
      import('#lib/notify.ts'),
      import('#lib/query-client.ts'),
    ]);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <p>tela</p>
      </AppProviders>,
    );
    expect(screen.getByText('tela')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    notifyError('Não foi possível se comunicar com o servidor');
    notifyError('Não foi possível se comunicar com o servidor');

    expect(await screen.findByText('Não foi possível se comunicar com o servidor')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
    expect(screen.getAllByText('Não foi possível se comunicar com o servidor')).toHaveLength(1);
    expect(screen.getByText('Erro')).toBeTruthy();
  });
});
