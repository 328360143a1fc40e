/**
 * Toasts (Mantine notifications). The id is the message, so the same error shown by
 * several failing calls at once appears once.
 *
 * Mantine's notifications (with react-transition-group, ~6 KB brotli) are not in the entry
 * chunk (issue #22 item 8): the first toast loads them, and `<NotificacoesAdiadas>`
 * (app-providers.tsx) mounts their container once they are loaded — a page that shows no toast
 * never loads them.
 */
import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

type NotificationsModule = typeof import('@mantine/notifications');

let modulo: NotificationsModule | null = null;
let carregando: Promise<NotificationsModule> | null = null;
const ouvintes = new Set<() => void>();

/** Loads Mantine's notifications once (a failed load is forgotten: the next toast tries again). */
export const carregarNotificacoes = (): Promise<NotificationsModule> => {
  carregando ??= import('@mantine/notifications').then(
    (m) => {
      modulo = m;
      for (const ouvinte of ouvintes) ouvinte();
      return m;
    },
    (error: unknown) => {
      carregando = null;
      throw error;
    },
  );
  return carregando;
};

/** The notifications module once some toast loaded it, else null (re-renders when it loads). */
export const useModuloNotificacoes = (): NotificationsModule | null =>
  useSyncExternalStore(
    (ouvinte) => {
      ouvintes.add(ouvinte);
      return () => ouvintes.delete(ouvinte);
    },
    () => modulo,
  );

const mostrar = (data: NotificationData): void => {
  if (modulo) {
    modulo.notifications.show(data);
    return;
  }
  // Offline before any toast: nothing to show it with (the screen shows its own state).
  carregarNotificacoes().then(
    (m) => m.notifications.show(data),
    () => undefined,
  );
};

export const notifyError = (message: string): void => {
  mostrar({ id: `error:${message}`, color: 'red', title: 'Erro', message, autoClose: 6000 });
};

export const notifySuccess = (message: string): void => {
  mostrar({ id: `success:${message}:${Date.now()}`, color: 'teal', message, autoClose: 3000 });
};
