/** Renders the real route tree with the app's providers, in a memory history. */
import type { AxiosAdapter } from 'axios';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { AppProviders } from '../app-providers.tsx';
import { http, setLoginRedirect } from '#lib/http/http.ts';
import { createQueryClient } from '#lib/query-client.ts';
import { createAppRouter } from '../router.tsx';

export const renderApp = (path: string, { adapter }: { adapter?: AxiosAdapter } = {}) => {
  if (adapter) http.defaults.adapter = adapter;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, history });
  setLoginRedirect(
    (toRedirect) => void router.navigate({ to: '/login', search: { toRedirect } }),
    () => router.state.location.href,
  );
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, history };
};
