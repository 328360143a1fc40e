import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
// After core's: the template editor (clinic settings).
import '@mantine/tiptap/styles.css';
import './styles.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app-providers.tsx';
import { preloadHttp, setLoginRedirect } from './lib/http/http.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

// 401 → /login?toRedirect=<current page> (spec §8), through the router, without a reload.
setLoginRedirect(
  (toRedirect) => void router.navigate({ to: '/login', search: { toRedirect } }),
  () => router.state.location.href,
);

// The HTTP client (axios) is not in the entry chunk: every page but the authentication ones
// calls the API at once, so its load starts now, beside the route's; on the login and
// onboarding pages it starts with the first key press or click (before their first request).
if (/^\/(login|esqueci-senha|redefinir-senha|dados-pessoais|petshop)(\/|$)/.test(window.location.pathname)) {
  const preload = () => void preloadHttp().catch(() => undefined);
  window.addEventListener('keydown', preload, { once: true, capture: true });
  window.addEventListener('pointerdown', preload, { once: true, capture: true });
} else {
  void preloadHttp().catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
