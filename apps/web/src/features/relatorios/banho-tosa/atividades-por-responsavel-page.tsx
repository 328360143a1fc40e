/**
 * /relatorios/atividades-banho-tosa-por-responsavel (issue #20): per professional, appointments,
 * pets, services, the average minutes in each stage of the grooming board, hours, revenue and
 * the average ticket, with the totals row; stat cards and the chart of revenue and pets per
 * professional. The search box looks for the professional's name.
 */
import { formatMoney } from '@petshop/shared/format';
import type { AtividadeResponsavel, AtividadesBanhoTosaResposta, AtividadesTotais } from '@petshop/shared/relatorios-banho-tosa';
import type { RelatorioSearch } from '../relatorio-search.ts';
import { formatarCelula } from '../components/formatar-celula.ts';
import { RelatorioPage, type ColunaTela } from '../components/relatorio-page.tsx';
import { GraficoPorResponsavel } from './graficos-banho-tosa.tsx';
import { CartoesResumo } from '../components/cartoes-resumo.tsx';

/** '25 / 17,5 / —': the average minutes of each stage (— when no appointment went through it). */
export const etapas = (m: AtividadeResponsavel['minutosPorEtapa']): string =>
  [m.Banho, m.Secagem, m.Tosa].map((v) => (v === null ? '—' : formatarCelula(v, 'quantidade'))).join(' / ');

export const COLUNAS_ATIVIDADES: ColunaTela<AtividadeResponsavel, AtividadesTotais>[] = [
  { titulo: 'Profissional', valor: (l) => l.nome },
  { titulo: 'Atendimentos', tipo: 'inteiro', valor: (l) => l.atendimentos, total: (t) => t.atendimentos },
  { titulo: 'Concluídos', tipo: 'inteiro', valor: (l) => l.concluidos, total: (t) => t.concluidos, visibleFrom: 'md' },
  { titulo: 'Pets', tipo: 'inteiro', valor: (l) => l.pets, total: (t) => t.pets },
  { titulo: 'Serviços', tipo: 'inteiro', valor: (l) => l.servicos, total: (t) => t.servicos, visibleFrom: 'md' },
  {
    // Banho / Secagem / Tosa in one column, so the table fits beside the menu (the exports have one each).
    titulo: 'Etapas (min)',
    tipo: 'quantidade',
    valor: (l) => etapas(l.minutosPorEtapa),
    total: (t) => etapas(t.minutosPorEtapa),
    visibleFrom: 'md',
  },
  { titulo: 'Horas', tipo: 'quantidade', valor: (l) => l.horas, total: (t) => t.horas, visibleFrom: 'sm' },
  { titulo: 'Faturamento', tipo: 'dinheiro', valor: (l) => l.faturamento, total: (t) => t.faturamento },
  { titulo: 'Ticket médio', tipo: 'dinheiro', valor: (l) => l.ticketMedio, total: (t) => t.ticketMedio, visibleFrom: 'sm' },
];

export function AtividadesPorResponsavelPage({
  search,
  onSearchChange,
}: {
  search: RelatorioSearch;
  onSearchChange: (patch: Record<string, unknown>) => void;
}) {
  return (
    <RelatorioPage<AtividadesBanhoTosaResposta, AtividadeResponsavel, AtividadesTotais>
      id="atividades-banho-tosa-por-responsavel"
      search={search}
      onSearchChange={onSearchChange}
      colunas={COLUNAS_ATIVIDADES}
      chaveLinha={(l) => l.responsavelId ?? 'sem-responsavel'}
      placeholderBusca="Buscar profissional"
      resumo={(d) => (
        <CartoesResumo
          rotulo="Resumo do período"
          cartoes={[
            { rotulo: 'Profissionais', valor: formatarCelula(d.totais.profissionais, 'inteiro') },
            { rotulo: 'Pets', valor: formatarCelula(d.totais.pets, 'inteiro'), dica: 'distintos, sem cancelados e faltas' },
            { rotulo: 'Faturamento', valor: formatMoney(d.totais.faturamento) },
            { rotulo: 'Ticket médio', valor: d.totais.ticketMedio === null ? '—' : formatMoney(d.totais.ticketMedio) },
          ]}
        />
      )}
      grafico={(d) => <GraficoPorResponsavel dados={d} />}
    />
  );
}
