import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import type { ReactNode } from 'react';
import { readableCssVariables } from './theme-colors.ts';
import { theme } from './theme.ts';

dayjs.locale('pt-br');

type AppProvidersProps = { queryClient: QueryClient; children: ReactNode };

/**
 * Theme, pt-BR dates, notifications and the query client around the router. The modals'
 * provider (`modals.openConfirmModal`, `useModals`) wraps the authenticated app only
 * (routes/_app.tsx): with its Modal and ScrollArea it would add ~20 KB (brotli) to the login page.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={readableCssVariables} defaultColorScheme="light">
        <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
          {/* Hovering one notification pauses only its own timer, as before Mantine 9 (issue #17). */}
          <Notifications position="bottom-right" limit={4} pauseResetOnHover="notification" />
          {children}
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
