/**
 * /relatorios/produtos-proximos-vencimento (issue #20; spec §2, §7 "Reports"): the unit's lots
 * already expired or expiring within N days (default 60), with quantity and value at cost;
 * expired rows in red, those expiring within 15 days in orange. Filters: the search (product
 * name, code or barcode, or the lot number), "Vencem em até" N days and the situation (expired
 * and to expire, only expired, only to expire). Cards with the totals split expired / to
 * expire, and the chart of value at cost per bucket of days.
 */
import { Badge, SegmentedControl, Text } from '@mantine/core';
import { formatCount, formatDate, formatMoney } from '@petshop/shared/format';
import {
  alertaVencimento,
  SITUACAO_VENCIMENTO_LABEL,
  SITUACOES_VENCIMENTO,
  VENCIMENTO_DIAS_MAXIMO,
  VENCIMENTO_DIAS_PADRAO,
  type LinhaVencimento,
  type RelatorioVencimento,
  type SituacaoVencimento,
  type TotaisVencimento,
} from '@petshop/shared/relatorios-estoque';
import { useEffect, useState } from 'react';
import { DecimalInput, type DecimalValue } from '#lib/ui/decimal-input.tsx';
import { RelatorioPage, type ColunaTela } from '../components/relatorio-page.tsx';
import { CartoesResumo } from '../components/cartoes-resumo.tsx';
import { GraficoVencimento } from './grafico-vencimento.tsx';
import type { VencimentoSearch } from './vencimento-search.ts';
import { FiltroCategoria } from '../components/filtro-categoria.tsx';

/** The colour of a lot's text by its days to expiry: red expired, orange up to 15 days. */
export const corVencimento = (dias: number): string | undefined => {
  const alerta = alertaVencimento(dias);
  return alerta === 'vencido' ? 'red.7' : alerta === 'alerta' ? 'orange.8' : undefined;
};

/** 'Vencido há 3 dias', 'Vence hoje', 'Vence amanhã', '20 dias'. */
export const textoDias = (dias: number): string =>
  dias < 0
    ? `Vencido há ${formatCount(-dias, 'dia', 'dias')}`
    : dias === 0
      ? 'Vence hoje'
      : dias === 1
        ? 'Vence amanhã'
        : formatCount(dias, 'dia', 'dias');

function Dias({ dias }: { dias: number }) {
  const alerta = alertaVencimento(dias);
  if (alerta === 'normal') return <Text size="sm">{textoDias(dias)}</Text>;
  return (
    <Badge color={alerta === 'vencido' ? 'red' : 'orange'} variant="light" style={{ minWidth: 'max-content' }}>
      {textoDias(dias)}
    </Badge>
  );
}

export const COLUNAS_VENCIMENTO: ColunaTela<LinhaVencimento, TotaisVencimento>[] = [
  {
    titulo: 'Produto',
    valor: (l) => l.produtoNome,
    render: (l) => (
      <Text size="sm" fw={500} c={corVencimento(l.diasParaVencer)}>
        {l.produtoNome}
      </Text>
    ),
  },
  { titulo: 'Código', valor: (l) => l.codigo, visibleFrom: 'md' },
  { titulo: 'Lote', valor: (l) => l.lote, total: (t) => formatCount(t.lotes, 'lote', 'lotes') },
  {
    titulo: 'Validade',
    tipo: 'data',
    valor: (l) => l.dataValidade,
    render: (l) => (
      <Text size="sm" c={corVencimento(l.diasParaVencer)} fw={l.diasParaVencer < 0 ? 600 : undefined}>
        {formatDate(l.dataValidade)}
      </Text>
    ),
  },
  { titulo: 'Dias para vencer', valor: (l) => l.diasParaVencer, render: (l) => <Dias dias={l.diasParaVencer} /> },
  { titulo: 'Quantidade', tipo: 'quantidade', valor: (l) => l.quantidade, total: (t) => t.quantidade },
  { titulo: 'Custo unitário', tipo: 'dinheiro', valor: (l) => l.custoUnitario, visibleFrom: 'sm' },
  { titulo: 'Valor a custo', tipo: 'dinheiro', valor: (l) => l.valorCusto, total: (t) => t.valorCusto },
];

/** "Vencem em até N dias": typed, sent when the field is left or Enter is pressed (1–365). */
function FiltroDias({ dias, onChange }: { dias: number; onChange: (dias: number | undefined) => void }) {
  const [valor, setValor] = useState<DecimalValue>(dias);
  useEffect(() => setValor(dias), [dias]);
  const enviar = () => {
    const n = Number(valor);
    if (!Number.isInteger(n) || n < 1 || n > VENCIMENTO_DIAS_MAXIMO) {
      setValor(dias);
      return;
    }
    if (n !== dias) onChange(n === VENCIMENTO_DIAS_PADRAO ? undefined : n);
  };
  return (
    <DecimalInput
      label="Vencem em até (dias)"
      size="xs"
      w={150}
      min={1}
      max={VENCIMENTO_DIAS_MAXIMO}
      allowDecimal={false}
      value={valor}
      onChange={setValor}
      onBlur={enviar}
      onKeyDown={(event) => {
        if (event.key === 'Enter') enviar();
      }}
    />
  );
}

export function ProdutosProximoVencimentoPage({
  search,
  onSearchChange,
}: {
  search: VencimentoSearch;
  onSearchChange: (patch: Record<string, unknown>) => void;
}) {
  const situacao: SituacaoVencimento = search.situacao ?? 'todos';
  const dias = search.dias ?? VENCIMENTO_DIAS_PADRAO;
  return (
    <RelatorioPage<RelatorioVencimento, LinhaVencimento, TotaisVencimento>
      id="produtos-proximo-vencimento"
      search={search}
      onSearchChange={onSearchChange}
      colunas={COLUNAS_VENCIMENTO}
      chaveLinha={(l) => l.loteId}
      placeholderBusca="Produto, código ou número do lote"
      filtros={
        <>
          {situacao === 'vencidos' ? null : <FiltroDias dias={dias} onChange={(d) => onSearchChange({ dias: d, page: 1 })} />}
          <FiltroCategoria
            categoriaId={search.categoriaId}
            onChange={(categoriaId) => onSearchChange({ categoriaId, page: 1 })}
          />
          <SegmentedControl
            size="xs"
            aria-label="Situação"
            data={SITUACOES_VENCIMENTO.map((value) => ({ value, label: SITUACAO_VENCIMENTO_LABEL[value] }))}
            value={situacao}
            onChange={(value) => onSearchChange({ situacao: value === 'todos' ? undefined : value, page: 1 })}
          />
        </>
      }
      resumo={(d) => (
        <CartoesResumo
          rotulo="Resumo dos lotes"
          cartoes={[
            { rotulo: 'Lotes', valor: String(d.totais.lotes) },
            { rotulo: 'Valor a custo', valor: formatMoney(d.totais.valorCusto) },
            {
              rotulo: 'Vencidos',
              valor: formatMoney(d.totais.valorVencido),
              dica: formatCount(d.totais.lotesVencidos, 'lote', 'lotes'),
            },
            {
              rotulo: situacao === 'vencidos' ? 'A vencer' : `A vencer em até ${dias} dias`,
              valor: formatMoney(d.totais.valorAVencer),
              dica: formatCount(d.totais.lotesAVencer, 'lote', 'lotes'),
            },
          ]}
        />
      )}
      grafico={(d) => <GraficoVencimento faixas={d.faixas} />}
    />
  );
}
