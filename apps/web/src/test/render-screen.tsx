/**
 * Renders one screen component outside the router, with the providers a screen needs (a query
 * client that does not retry, Mantine, pt-BR dates) and the fake API answering its calls.
 * Answers the fake API, to read the calls the screen made (the report screens' tests).
 */
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { http } from '#lib/http/http.ts';
import { createQueryClient } from '#lib/query-client.ts';
import { createFakeApi, type FakeHandler } from './fake-api.ts';

export const renderScreen = (handlers: Record<string, FakeHandler>, screen: ReactNode) => {
  const api = createFakeApi(handlers);
  http.defaults.adapter = api.adapter;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <DatesProvider settings={{ locale: 'pt-br' }}>{screen}</DatesProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return api;
};
