import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import type { ReactNode } from 'react';
import { useModuloNotificacoes } from './lib/notify.ts';
import { readableCssVariables } from './theme-colors.ts';
import { theme } from './theme.ts';

dayjs.locale('pt-br');

type AppProvidersProps = { queryClient: QueryClient; children: ReactNode };

/**
 * Theme, pt-BR dates, notifications and the query client around the router. The notifications'
 * container mounts with the first toast (lib/notify.ts loads it then). The modals'
 * provider (`modals.openConfirmModal`, `useModals`) wraps the authenticated app only
 * (routes/_app.tsx): with its Modal and ScrollArea it would add ~20 KB (brotli) to the login page.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={readableCssVariables} defaultColorScheme="light">
        <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
          <NotificacoesAdiadas />
          {children}
        </DatesProvider>
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
