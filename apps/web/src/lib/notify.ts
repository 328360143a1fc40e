/** Toasts (Mantine notifications). The id is the message, so the same error shown by
 * several failing calls at once appears once. */
import { notifications } from '@mantine/notifications';

export const notifyError = (message: string): void => {
  notifications.show({ id: `error:${message}`, color: 'red', title: 'Erro', message, autoClose: 6000 });
};

export const notifySuccess = (message: string): void => {
  notifications.show({ id: `success:${message}:${Date.now()}`, color: 'teal', message, autoClose: 3000 });
};
