/**
 * Test helper of the chart's panels (issue #19): `panel` rendered inside the providers the app
 * gives it (query client, Mantine with dates and modals, notifications) against a fake API with
 * `handlers`; answers the fake API (to read its requests) and a user to drive it.
 */
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { http } from '#lib/http/http.ts';
import { createQueryClient } from '#lib/query-client.ts';
import { createFakeApi, type FakeHandler } from '#test/fake-api.ts';

export const renderPainel = (panel: ReactNode, handlers: Record<string, FakeHandler>) => {
  const api = createFakeApi(handlers);
  http.defaults.adapter = api.adapter;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider>
        <DatesProvider settings={{ locale: 'pt-br' }}>
          <ModalsProvider>
            <Notifications />
            {panel}
          </ModalsProvider>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { api, user: userEvent.setup({ delay: null }) };
};
