import { MODOS_PDV } from '@petshop/shared/venda';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { caixasPdvQueryOptions, useCaixasPdv } from '#features/pdv/api/get-caixas-pdv.ts';
import { useVendaPdv, vendaPdvQueryOptions } from '#features/pdv/api/get-venda-pdv.ts';
import { PdvScreen } from '#features/pdv/components/pdv-screen.tsx';
import { VendaVisualizacao } from '#features/pdv/components/venda-visualizacao.tsx';
import { usePdvStore } from '#features/pdv/pdv-store.ts';
import { modoDaVenda, registroParaRetomar } from '#features/pdv/registro.ts';
import { safeRedirectPath } from '#lib/session/safe-redirect.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { renderAbrirCaixa, renderDevolucao } from './-pdv-compose.tsx';
import { pdvSearchSchema, requirePdv } from './-pdv-search.ts';

/**
 * Spec §2: /vendas/pdv/{id} — a sale or quote in the point of sale; the sale and the till's
 * reference data (open registers, payment methods) are loaded first. Mode Edicao for a sale
 * EmAberto or a quote Aberto (resumed from this computer's copy or the server's snapshot,
 * whichever is newer), Visualizacao (read only) otherwise. `returnTo`: where to go once done.
 */
export const Route = createFileRoute('/_app/vendas/pdv/$id')({
  validateSearch: pdvSearchSchema,
  beforeLoad: requirePdv,
  loader: async ({ context: { queryClient }, params: { id } }) => {
    await Promise.all([
      queryClient.ensureQueryData(vendaPdvQueryOptions(id)),
      queryClient.ensureQueryData(caixasPdvQueryOptions()),
    ]);
  },
  component: PdvVendaRoute,
});

function PdvVendaRoute() {
  const { id } = Route.useParams();
  return <PdvVenda key={id} id={id} />;
}

function PdvVenda({ id }: { id: string }) {
  const { returnTo } = Route.useSearch();
  const navigate = useNavigate();
  const { data: venda } = useVendaPdv(id);
  const { data: caixas } = useCaixasPdv();
  // The mode is decided when the sale opens: finishing it here keeps the till (and its result
  // panel) on screen until the cashier moves on.
  const [modo] = useState(() => modoDaVenda(venda));
  const registro = usePdvStore((s) => s.registros[id]);
  const [pronto, setPronto] = useState(false);

  useEffect(() => {
    if (modo !== MODOS_PDV.Edicao) return;
    const store = usePdvStore.getState();
    store.salvar(registroParaRetomar(venda, store.registros[id]));
    setPronto(true);
    // Only when the sale opens: later answers are merged by the screen itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, modo]);

  const sair = () => void navigate({ to: safeRedirectPath(returnTo ?? '/vendas/pdv') });

  if (modo === MODOS_PDV.Visualizacao) {
    return (
      <VendaVisualizacao
        venda={venda}
        voltar={
          <BackLink to={safeRedirectPath(returnTo ?? '/vendas/pdv')} w="fit-content">
            Voltar
          </BackLink>
        }
        renderDevolucao={renderDevolucao}
        onDevolvida={(devolucaoId) => void navigate({ to: '/devolucoes/$id', params: { id: devolucaoId } })}
        onAbrirDevolucao={(devolucaoId) => void navigate({ to: '/devolucoes/$id', params: { id: devolucaoId } })}
      />
    );
  }
  if (!pronto || !registro) return null;
  return (
    <PdvScreen
      registroId={id}
      modo={MODOS_PDV.Edicao}
      tab={venda.tipo === 'Orcamento' ? 'orcamento' : 'venda'}
      caixas={caixas}
      onConcluir={sair}
      onAbrirVenda={(outro) => void navigate({ to: '/vendas/pdv/$id', params: { id: outro } })}
      renderAbrirCaixa={renderAbrirCaixa}
    />
  );
}
