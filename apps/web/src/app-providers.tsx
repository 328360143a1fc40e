import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import type { ReactNode } from 'react';
import { readableCssVariables } from './theme-colors.ts';
import { theme } from './theme.ts';

dayjs.locale('pt-br');

type AppProvidersProps = { queryClient: QueryClient; children: ReactNode };

/** Theme, pt-BR dates, modals, notifications and the query client around the router. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={readableCssVariables} defaultColorScheme="light">
        <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
          <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
            {/* Hovering one notification pauses only its own timer, as before Mantine 9 (issue #17). */}
            <Notifications position="bottom-right" limit={4} pauseResetOnHover="notification" />
            {children}
          </ModalsProvider>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
