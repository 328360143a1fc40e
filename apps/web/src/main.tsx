// The styles of the pages before login only (issue #22 item 8): Mantine's base and the components
// of the login card, the error and not-found pages, and the toasts; the rest of Mantine's CSS comes
// with the authenticated app and the onboarding (lib/ui/estilos-app.ts). Mantine's CSS is in its
// `mantine` cascade layer, so ./styles.css overrides it whatever the order the files arrive in.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/notifications/styles.layer.css';
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
