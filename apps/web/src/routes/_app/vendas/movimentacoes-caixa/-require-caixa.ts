/**
 * Guard of the register routes (the '-' prefix keeps this file out of the route tree):
 * registers and their movements open for the cashier (`caixa`) and for Financeiro (read only).
 */
import { PERMISSOES } from '@petshop/shared/permissoes';
import { ForbiddenError } from '../../../../lib/access/forbidden-error.ts';
import { NO_PERMISSION_MESSAGE } from '../../../../lib/access/require-access.ts';
import { hasPermissao } from '../../../../lib/access/sections.tsx';
import { useSessionStore } from '../../../../lib/session/session-store.ts';

export const requireCaixa = (): void => {
  const session = useSessionStore.getState();
  if (!hasPermissao(session, PERMISSOES.caixa) && !hasPermissao(session, PERMISSOES.financeiro)) {
    throw new ForbiddenError(NO_PERMISSION_MESSAGE);
  }
};
