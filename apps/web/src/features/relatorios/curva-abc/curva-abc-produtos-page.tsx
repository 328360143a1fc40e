/**
 * /relatorios/curva-abc-produtos (issue #20; spec §2, §7 "Reports"): the products ranked by net
 * revenue with share, cumulative share and ABC class (80/15/5 %), the three classes' cards, the
 * Pareto chart, and the filters: period (default the last 12 months), search (name, code,
 * barcode), category (the category's own curve) and class (Todas/A/B/C: the rows of one class;
 * a row's class is always the whole curve's).
 */
import { Text } from '@mantine/core';
import type { CurvaAbcProdutosResposta, LinhaCurvaAbcProduto, TotaisCurvaAbcProdutos } from '@petshop/shared/relatorios-abc';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { RelatorioPage, type ColunaTela } from '../components/relatorio-page.tsx';
import { FiltroCategoria } from '../components/filtro-categoria.tsx';
import { ClasseBadge, FiltroClasse, ResumoClasses } from './classe-abc.tsx';
import { comPeriodoPadraoAbc } from './curva-abc-periodo.ts';
import type { CurvaAbcProdutosSearch } from './curva-abc-search.ts';
import { GraficoPareto } from './grafico-pareto.tsx';

export const COLUNAS_CURVA_ABC_PRODUTOS: ColunaTela<LinhaCurvaAbcProduto, TotaisCurvaAbcProdutos>[] = [
  { titulo: 'Posição', tipo: 'inteiro', valor: (l) => `${l.posicao}º` },
  {
    titulo: 'Produto',
    valor: (l) => l.produto,
    render: (l) => (
      <Text size="sm" fw={500} miw={160}>
        {l.produto}
      </Text>
    ),
    total: (t) => `${t.itens.toLocaleString('pt-BR')} ${t.itens === 1 ? 'produto' : 'produtos'}`,
  },
  { titulo: 'Código', valor: (l) => l.codigo, visibleFrom: 'md' },
  { titulo: 'Quantidade', tipo: 'quantidade', valor: (l) => l.quantidade, total: (t) => t.quantidade, visibleFrom: 'sm' },
  { titulo: 'Faturamento', tipo: 'dinheiro', valor: (l) => l.faturamento, total: (t) => t.faturamento },
  { titulo: 'Participação', tipo: 'percentual', valor: (l) => l.participacao, total: (t) => t.participacao },
  { titulo: 'Acumulado', tipo: 'percentual', valor: (l) => l.acumulado, visibleFrom: 'sm' },
  { titulo: 'Classe', valor: (l) => l.classe, render: (l) => <ClasseBadge classe={l.classe} /> },
];

export function CurvaAbcProdutosPage({
  search,
  onSearchChange,
}: {
  search: CurvaAbcProdutosSearch;
  onSearchChange: (patch: Record<string, unknown>) => void;
}) {
  const lida = comPeriodoPadraoAbc(search, hojeNaUnidade());
  return (
    <RelatorioPage<CurvaAbcProdutosResposta, LinhaCurvaAbcProduto, TotaisCurvaAbcProdutos>
      id="curva-abc-produtos"
      search={lida}
      onSearchChange={onSearchChange}
      colunas={COLUNAS_CURVA_ABC_PRODUTOS}
      chaveLinha={(l) => l.produtoId}
      placeholderBusca="Produto, código ou código de barras"
      filtros={
        <>
          <FiltroCategoria
            categoriaId={search.categoriaId}
            onChange={(categoriaId) => onSearchChange({ categoriaId, page: 1 })}
          />
          <FiltroClasse classe={search.classe} onChange={(classe) => onSearchChange({ classe, page: 1 })} />
        </>
      }
      resumo={(d) => <ResumoClasses classes={d.totais.classes} singular="produto" plural="produtos" />}
      grafico={(d) => <GraficoPareto pareto={d.pareto} itensCurva={d.itensCurva} substantivo="produtos" />}
    />
  );
}
