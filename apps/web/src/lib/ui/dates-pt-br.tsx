/**
 * Dates in pt-BR for the authenticated app (routes/_app.tsx): dayjs's locale (month and weekday
 * names) and Mantine's DatesProvider (the pickers; weeks start on Sunday). Its own module, used
 * by the layout's component only, so that the router's code splitting takes dayjs and
 * @mantine/dates off the login page (issue #22 item 8): the login page shows no date. With them,
 * the rest of Mantine's styles (estilos-app.ts).
 */
import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import './estilos-app.ts';
import type { ReactNode } from 'react';

dayjs.locale('pt-br');

export function DatesPtBr({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>{children}</DatesProvider>;
}
