import type { QueryClient } from '@tanstack/react-query';
import { createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from './lib/ui/not-found-page.tsx';
import { RouteError } from './lib/ui/route-error.tsx';
import { RoutePending } from './lib/ui/route-pending.tsx';
import { routeTree } from './routeTree.gen.ts';

type CreateAppRouterOptions = { queryClient: QueryClient; history?: RouterHistory };

/**
 * Spec §2: lazy screens (the router plugin splits every route file), links preload on intent,
 * preloaded data is stale at once, scroll restoration, a "Not Found" page and the
 * "Something went wrong!" error component.
 */
export const createAppRouter = ({ queryClient, history = createBrowserHistory() }: CreateAppRouterOptions) =>
  createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: RoutePending,
  });

export type AppRouter = ReturnType<typeof createAppRouter>;
