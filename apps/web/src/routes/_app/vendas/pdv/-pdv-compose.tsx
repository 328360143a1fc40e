/**
 * What the point-of-sale routes borrow from other features, composed here because features do
 * not import each other: the returns feature's modal (Visualizacao → "Devolução") and the
 * registers feature's open-register modal (the "Caixa fechado" panel, F2); and the guard and
 * search params both routes share.
 * (The '-' prefix keeps this file out of the route tree.)
 */
import { PERMISSOES } from '@petshop/shared/permissoes';
import { z } from 'zod';
import { AbrirCaixaModal } from '#features/caixas/components/abrir-caixa-modal.tsx';
import { DevolucaoModal } from '#features/devolucoes/components/devolucao-modal.tsx';
import type { AbrirCaixaRender } from '#features/pdv/components/pdv-screen.tsx';
import type { DevolucaoRender } from '#features/pdv/components/venda-visualizacao.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';

/** Sales or quotes: a receptionist (orcamentos only) opens the till on the quote tab. */
export const requirePdv = (): void => requirePermissao(PERMISSOES.vendas, PERMISSOES.orcamentos);

export const pdvSearchSchema = z.object({
  tab: z.enum(['venda', 'orcamento']).optional().catch(undefined),
  returnTo: z.string().optional().catch(undefined),
});

export const renderDevolucao: DevolucaoRender = (props) => <DevolucaoModal {...props} />;

export const renderAbrirCaixa: AbrirCaixaRender = (props) => <AbrirCaixaModal {...props} />;
