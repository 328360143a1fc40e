/**
 * /relatorios/banho-tosa-por-periodo (issue #20; GET /relatorios/banho-tosa-por-dia): the unit's
 * bath-and-grooming appointments per day: how many, by status (grouped on screen), pets served, revenue and the
 * no-show rate, with the totals row; stat cards, the chart (stacked bars per day by status and
 * the revenue line; a donut by type) and the filters type and status besides the period and the
 * pet or tutor search. The type filter offers the types of the period's answer (the agenda's
 * settings are not readable by every profile that reads reports).
 */
import { Select } from '@mantine/core';
import { STATUS_ATENDIMENTO, STATUS_ATENDIMENTO_IDS, type StatusAtendimento } from '@petshop/shared/agenda';
import { formatMoney } from '@petshop/shared/format';
import type {
  BanhoTosaDia,
  BanhoTosaPorDiaResposta,
  BanhoTosaTotais,
  ContagemPorStatus,
} from '@petshop/shared/relatorios-banho-tosa';
import { useRef } from 'react';
import { useRelatorio } from '../api/get-relatorio.ts';
import { formatarCelula } from '../components/formatar-celula.ts';
import { RelatorioPage, type ColunaTela } from '../components/relatorio-page.tsx';
import type { BanhoTosaPorPeriodoSearch } from './banho-tosa-search.ts';
import { GraficoBanhoTosaPorDia } from './graficos-banho-tosa.tsx';
import { CartoesResumo } from '../components/cartoes-resumo.tsx';

const ID = 'banho-tosa-por-dia';

const soma = (p: ContagemPorStatus, ...status: StatusAtendimento[]) => status.reduce((t, s) => t + p[s], 0);

/**
 * The screen's columns: the statuses grouped in four so the table fits a 1280 px screen beside
 * the menu (concluded = Pronto + Finalizado; open = Agendado + Confirmado + Em atendimento);
 * each status on its own is in the chart's tooltip and in the exports (one column per status).
 */
export const COLUNAS_BANHO_TOSA_POR_DIA: ColunaTela<BanhoTosaDia, BanhoTosaTotais>[] = [
  { titulo: 'Dia', tipo: 'data', valor: (l) => l.data },
  { titulo: 'Atendimentos', tipo: 'inteiro', valor: (l) => l.atendimentos, total: (t) => t.atendimentos },
  {
    titulo: 'Concluídos',
    tipo: 'inteiro',
    valor: (l) => soma(l.porStatus, 'Pronto', 'Finalizado'),
    total: (t) => soma(t.porStatus, 'Pronto', 'Finalizado'),
  },
  {
    titulo: 'Em aberto',
    tipo: 'inteiro',
    valor: (l) => soma(l.porStatus, 'Agendado', 'Confirmado', 'EmAtendimento'),
    total: (t) => soma(t.porStatus, 'Agendado', 'Confirmado', 'EmAtendimento'),
    visibleFrom: 'sm',
  },
  {
    titulo: 'Cancelados',
    tipo: 'inteiro',
    valor: (l) => l.porStatus.Cancelado,
    total: (t) => t.porStatus.Cancelado,
    visibleFrom: 'sm',
  },
  { titulo: 'Faltas', tipo: 'inteiro', valor: (l) => l.porStatus.NaoCompareceu, total: (t) => t.porStatus.NaoCompareceu },
  { titulo: 'Pets', tipo: 'inteiro', valor: (l) => l.petsAtendidos, total: (t) => t.petsAtendidos, visibleFrom: 'md' },
  { titulo: 'Faturamento', tipo: 'dinheiro', valor: (l) => l.faturamento, total: (t) => t.faturamento },
  {
    titulo: 'Taxa de faltas',
    tipo: 'percentual',
    valor: (l) => l.taxaNaoComparecimento,
    total: (t) => t.taxaNaoComparecimento,
  },
];

const STATUS_OPCOES = STATUS_ATENDIMENTO_IDS.map((s) => ({ value: s, label: STATUS_ATENDIMENTO[s] }));

export function BanhoTosaPorPeriodoPage({
  search,
  onSearchChange,
}: {
  search: BanhoTosaPorPeriodoSearch;
  onSearchChange: (patch: Record<string, unknown>) => void;
}) {
  // The same query RelatorioPage reads (same key): the types of the period for the select.
  const { data } = useRelatorio<BanhoTosaPorDiaResposta>(ID, search);
  // Types seen in this visit, so the selected type's siblings stay offered once it filters the answer.
  const tiposVistos = useRef(new Map<string, string>());
  for (const t of data?.tipos ?? []) tiposVistos.current.set(t.tipoAtendimentoId, t.nome);
  const tipos = [...tiposVistos.current]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <RelatorioPage<BanhoTosaPorDiaResposta, BanhoTosaDia, BanhoTosaTotais>
      id={ID}
      search={search}
      onSearchChange={onSearchChange}
      colunas={COLUNAS_BANHO_TOSA_POR_DIA}
      chaveLinha={(l) => l.data}
      placeholderBusca="Buscar por pet ou tutor"
      filtros={
        <>
          <Select
            aria-label="Tipo de atendimento"
            placeholder="Todos os tipos"
            size="xs"
            data={tipos}
            value={search.tipoAtendimentoId ?? null}
            onChange={(v) => onSearchChange({ tipoAtendimentoId: v ?? undefined, page: 1 })}
            clearable
            searchable
            nothingFoundMessage="Nenhum tipo no período"
            w={200}
          />
          <Select
            aria-label="Status"
            placeholder="Todos os status"
            size="xs"
            data={STATUS_OPCOES}
            value={search.status ?? null}
            onChange={(v) => onSearchChange({ status: v ?? undefined, page: 1 })}
            clearable
            w={170}
          />
        </>
      }
      resumo={(d) => (
        <CartoesResumo
          rotulo="Resumo do período"
          cartoes={[
            {
              rotulo: 'Atendimentos',
              valor: formatarCelula(d.totais.atendimentos, 'inteiro'),
              dica: `em ${d.totais.dias} dia(s)`,
            },
            { rotulo: 'Pets atendidos', valor: formatarCelula(d.totais.petsAtendidos, 'inteiro') },
            { rotulo: 'Faturamento', valor: formatMoney(d.totais.faturamento) },
            {
              rotulo: 'Não comparecimento',
              valor: d.totais.taxaNaoComparecimento === null ? '—' : formatarCelula(d.totais.taxaNaoComparecimento, 'percentual'),
              dica: `${d.totais.porStatus.NaoCompareceu} falta(s)`,
            },
          ]}
        />
      )}
      grafico={(d) => <GraficoBanhoTosaPorDia dados={d} />}
    />
  );
}
