import { PERMISSOES } from '@petshop/shared/permissoes';
import { MODOS_PDV } from '@petshop/shared/venda';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { caixasPdvQueryOptions, useCaixasPdv } from '#features/pdv/api/get-caixas-pdv.ts';
import { PdvScreen, type TabPdv } from '#features/pdv/components/pdv-screen.tsx';
import { usePdvStore } from '#features/pdv/pdv-store.ts';
import { hasPermissao } from '#lib/access/sections.tsx';
import { useSessionStore } from '#lib/session/session-store.ts';
import { safeRedirectPath } from '#lib/session/safe-redirect.ts';
import { renderAbrirCaixa } from './-pdv-compose.tsx';
import { pdvSearchSchema, requirePdv } from './-pdv-search.ts';

/**
 * Spec §2: /vendas/pdv/ — the point of sale, mode Nova; the list of cash registers (and the
 * payment methods) is loaded first. `tab` venda | orcamento; `returnTo`: where to go once the
 * sale is done (finalised, left open, cancelled).
 */
export const Route = createFileRoute('/_app/vendas/pdv/')({
  validateSearch: pdvSearchSchema,
  beforeLoad: requirePdv,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(caixasPdvQueryOptions()),
  component: PdvNovaRoute,
});

function PdvNovaRoute() {
  const { tab: tabParam, returnTo } = Route.useSearch();
  const navigate = useNavigate();
  const { data: caixas } = useCaixasPdv();
  const podeVender = useSessionStore((s) => hasPermissao(s, PERMISSOES.vendas));
  const tab: TabPdv = podeVender ? (tabParam ?? 'venda') : 'orcamento';
  const atualId = usePdvStore((s) => s.atualId);
  const atual = usePdvStore((s) => (s.atualId ? s.registros[s.atualId] : undefined));

  // The till's movement: the one in progress, else a fresh one (a finished one never stays here).
  useEffect(() => {
    const store = usePdvStore.getState();
    if (!atual) store.garantirAtual();
    else if (atual.status !== 'EmAberto' || !atual.emAtendimento) {
      store.remover(atual.id);
      store.novoAtual(tab === 'orcamento' ? 'Orcamento' : 'Venda');
    }
  }, [atual, tab]);

  if (!atualId || !atual || atual.status !== 'EmAberto' || !atual.emAtendimento) return null;
  return (
    <PdvScreen
      registroId={atualId}
      modo={MODOS_PDV.Nova}
      tab={tab}
      onTabChange={(next) =>
        void navigate({ to: '/vendas/pdv', search: { tab: next === 'venda' ? undefined : next, returnTo }, replace: true })
      }
      caixas={caixas}
      onConcluir={() => {
        if (returnTo) void navigate({ to: safeRedirectPath(returnTo) });
      }}
      onAbrirVenda={(id) => void navigate({ to: '/vendas/pdv/$id', params: { id } })}
      renderAbrirCaixa={renderAbrirCaixa}
    />
  );
}
