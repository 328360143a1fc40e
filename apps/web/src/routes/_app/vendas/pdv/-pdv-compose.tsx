/**
 * What the point-of-sale routes borrow from other features, composed here because features do
 * not import each other: the returns feature's modal (Visualizacao → "Devolução") and the
 * registers feature's open-register modal (the "Caixa fechado" panel, F2); and the guard and
 * search params both routes share.
 * (The '-' prefix keeps this file out of the route tree.)
 */
import { PERMISSOES } from '@petshop/shared/permissoes';
import { z } from 'zod';
import { AbrirCaixaModal } from '../../../../features/caixas/components/abrir-caixa-modal.tsx';
import { DevolucaoModal } from '../../../../features/devolucoes/components/devolucao-modal.tsx';
import type { AbrirCaixaRender } from '../../../../features/pdv/components/pdv-screen.tsx';
import type { DevolucaoRender } from '../../../../features/pdv/components/venda-visualizacao.tsx';
import { ForbiddenError } from '../../../../lib/access/forbidden-error.ts';
import { NO_PERMISSION_MESSAGE } from '../../../../lib/access/require-access.ts';
import { hasPermissao } from '../../../../lib/access/sections.tsx';
import { useSessionStore } from '../../../../lib/session/session-store.ts';

/** Sales or quotes: a receptionist (orcamentos only) opens the till on the quote tab. */
export const requirePdv = (): void => {
  const session = useSessionStore.getState();
  if (!hasPermissao(session, PERMISSOES.vendas) && !hasPermissao(session, PERMISSOES.orcamentos)) {
    throw new ForbiddenError(NO_PERMISSION_MESSAGE);
  }
};

export const pdvSearchSchema = z.object({
  tab: z.enum(['venda', 'orcamento']).optional().catch(undefined),
  returnTo: z.string().optional().catch(undefined),
});

export const renderDevolucao: DevolucaoRender = (props) => <DevolucaoModal {...props} />;

export const renderAbrirCaixa: AbrirCaixaRender = (props) => <AbrirCaixaModal {...props} />;
