/**
 * /relatorios/curva-abc-clientes (issue #20; spec §2, §7 "Reports"): the customers ranked by net
 * revenue with purchases, average ticket, last purchase, share, cumulative share and ABC class
 * (80/15/5 %), the three classes' cards plus the sales without a customer ("Consumidor não
 * identificado", out of the curve), the Pareto chart, and the filters: period (default the last
 * 12 months), search (name or CPF/CNPJ) and class (Todas/A/B/C).
 */
import { Paper, Text } from '@mantine/core';
import { formatMoney } from '@petshop/shared/format';
import type { CurvaAbcClientesResposta, LinhaCurvaAbcCliente, TotaisCurvaAbcClientes } from '@petshop/shared/relatorios-abc';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { RelatorioPage, type ColunaTela } from '../components/relatorio-page.tsx';
import { ClasseBadge, FiltroClasse, ResumoClasses } from './classe-abc.tsx';
import { comPeriodoPadraoAbc } from './curva-abc-periodo.ts';
import type { CurvaAbcClientesSearch } from './curva-abc-search.ts';
import { GraficoPareto } from './grafico-pareto.tsx';

export const COLUNAS_CURVA_ABC_CLIENTES: ColunaTela<LinhaCurvaAbcCliente, TotaisCurvaAbcClientes>[] = [
  { titulo: 'Posição', tipo: 'inteiro', valor: (l) => `${l.posicao}º` },
  {
    titulo: 'Cliente',
    valor: (l) => l.cliente,
    render: (l) => (
      <Text size="sm" fw={500} miw={120}>
        {l.cliente}
      </Text>
    ),
    total: (t) => `${t.itens.toLocaleString('pt-BR')} ${t.itens === 1 ? 'cliente' : 'clientes'}`,
  },
  { titulo: 'Compras', tipo: 'inteiro', valor: (l) => l.compras, total: (t) => t.compras, visibleFrom: 'sm' },
  { titulo: 'Ticket médio', tipo: 'dinheiro', valor: (l) => l.ticketMedio, visibleFrom: 'md' },
  { titulo: 'Última compra', tipo: 'data', valor: (l) => l.ultimaCompra, visibleFrom: 'md' },
  { titulo: 'Faturamento', tipo: 'dinheiro', valor: (l) => l.faturamento, total: (t) => t.faturamento },
  { titulo: 'Participação', tipo: 'percentual', valor: (l) => l.participacao, total: (t) => t.participacao },
  { titulo: 'Acumulado', tipo: 'percentual', valor: (l) => l.acumulado, visibleFrom: 'sm' },
  { titulo: 'Classe', valor: (l) => l.classe, render: (l) => <ClasseBadge classe={l.classe} /> },
];

/** The card of the sales without a customer (out of the curve). */
function CartaoNaoIdentificado({ totais }: { totais: TotaisCurvaAbcClientes }) {
  const { compras, faturamento } = totais.naoIdentificado;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="resumo-nao-identificado">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        Consumidor não identificado
      </Text>
      <Text fz="lg" fw={700} mt={4}>
        {formatMoney(faturamento)}
      </Text>
      <Text size="sm">
        {compras.toLocaleString('pt-BR')} {compras === 1 ? 'venda' : 'vendas'} sem cliente (fora da curva) · total geral{' '}
        {formatMoney(totais.faturamentoGeral)}
      </Text>
    </Paper>
  );
}

export function CurvaAbcClientesPage({
  search,
  onSearchChange,
}: {
  search: CurvaAbcClientesSearch;
  onSearchChange: (patch: Record<string, unknown>) => void;
}) {
  const lida = comPeriodoPadraoAbc(search, hojeNaUnidade());
  return (
    <RelatorioPage<CurvaAbcClientesResposta, LinhaCurvaAbcCliente, TotaisCurvaAbcClientes>
      id="curva-abc-clientes"
      search={lida}
      onSearchChange={onSearchChange}
      colunas={COLUNAS_CURVA_ABC_CLIENTES}
      chaveLinha={(l) => l.clienteId}
      placeholderBusca="Nome ou CPF/CNPJ do cliente"
      filtros={<FiltroClasse classe={search.classe} onChange={(classe) => onSearchChange({ classe, page: 1 })} />}
      resumo={(d) => (
        <ResumoClasses
          classes={d.totais.classes}
          singular="cliente"
          plural="clientes"
          extra={<CartaoNaoIdentificado totais={d.totais} />}
        />
      )}
      grafico={(d) => <GraficoPareto pareto={d.pareto} itensCurva={d.itensCurva} substantivo="clientes" />}
    />
  );
}
