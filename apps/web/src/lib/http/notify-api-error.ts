import { toApiError } from './api-error.ts';
import { notifyError } from '../notify.ts';

/**
 * For actions without a form (delete, toggles): shows the server's message when the HTTP
 * client has not already shown one (it does for 401/403/5xx/network).
 */
export const notifyActionError = (error: unknown): void => {
  const apiError = toApiError(error);
  if (['unauthorized', 'forbidden', 'server', 'network'].includes(apiError.kind)) return;
  notifyError(apiError.displayMessages.join(' '));
};
