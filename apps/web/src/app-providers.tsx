import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useModuloNotificacoes } from './lib/notify.ts';
import { readableCssVariables } from './theme-colors.ts';
import { theme } from './theme.ts';

type AppProvidersProps = { queryClient: QueryClient; children: ReactNode };

/**
 * Theme, notifications and the query client around the router. The notifications' container
 * mounts with the first toast (lib/notify.ts loads it then). The modals' provider
 * (`modals.openConfirmModal`, `useModals`; with its Modal and ScrollArea ~20 KB brotli) and the
 * pt-BR dates (dayjs's locale, Mantine's DatesProvider) wrap the authenticated app only
 * (routes/_app.tsx): the login page needs neither (issue #22 item 8).
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={readableCssVariables} defaultColorScheme="light">
        <NotificacoesAdiadas />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

/** Mantine's notifications container, once the first toast has loaded it (lib/notify.ts). */
function NotificacoesAdiadas() {
  const modulo = useModuloNotificacoes();
  if (!modulo) return null;
  const { Notifications } = modulo;
  // Hovering one notification pauses only its own timer, as before Mantine 9 (issue #17).
  return <Notifications position="bottom-right" limit={4} pauseResetOnHover="notification" />;
}
