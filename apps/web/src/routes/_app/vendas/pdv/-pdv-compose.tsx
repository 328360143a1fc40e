/**
 * What the point-of-sale routes borrow from other features, composed here because features do
 * not import each other: the returns feature's modal (Visualizacao → "Devolução") and the
 * registers feature's open-register modal (the "Caixa fechado" panel, F2). Only the routes'
 * components use it (split out of the entry chunk); the guard and search params are in
 * -pdv-search.ts. (The '-' prefix keeps this file out of the route tree.)
 */
import { AbrirCaixaModal } from '#features/caixas/components/abrir-caixa-modal.tsx';
import { DevolucaoModal } from '#features/devolucoes/components/devolucao-modal.tsx';
import type { AbrirCaixaRender } from '#features/pdv/components/pdv-screen.tsx';
import type { DevolucaoRender } from '#features/pdv/components/venda-visualizacao.tsx';

export const renderDevolucao: DevolucaoRender = (props) => <DevolucaoModal {...props} />;

export const renderAbrirCaixa: AbrirCaixaRender = (props) => <AbrirCaixaModal {...props} />;
