/**
 * The payables list's views (issue #15 item 3): "A vencer" (the default: open, due from today,
 * nearest first), "Vencidas" (with their count and open value, in red when there are any: they
 * are not on the first screen, so they are flagged here) and "Todas". Each view clears the
 * period, status and text filters; other filters stay.
 */
import { Button, Group } from '@mantine/core';
import type { TotaisTitulos } from '@petshop/shared/financeiro';
import { formatMoney } from '@petshop/shared/format';
import { useNavigate } from '@tanstack/react-router';
import { visaoDespesas, type DespesasSearch } from '../titulos/titulos-search.ts';

type Visao = 'aVencer' | 'vencidas' | 'todas';

export function VisoesDespesas({ search, vencidas }: { search: DespesasSearch; vencidas: TotaisTitulos | undefined }) {
  const navigate = useNavigate();
  const atual = visaoDespesas(search);
  const ir = (visao: Visao) =>
    void navigate({
      to: '/financeiro/despesas',
      search: (prev) => ({
        ...prev,
        page: 1,
        query: undefined,
        dataInicio: undefined,
        dataFim: undefined,
        status: visao === 'vencidas' ? (['Vencida'] as const) : [],
        visao: visao === 'todas' ? ('todas' as const) : undefined,
      }),
      replace: true,
    });
  const quantas = vencidas?.quantidade ?? 0;
  const botao = (visao: Visao, label: string, color?: string) => (
    <Button
      size="xs"
      variant={atual === visao ? 'filled' : color ? 'light' : 'default'}
      color={color}
      aria-pressed={atual === visao}
      onClick={() => ir(visao)}
    >
      {label}
    </Button>
  );
  return (
    <Group gap="xs" role="group" aria-label="Visão das despesas">
      {botao('aVencer', 'A vencer')}
      {quantas > 0
        ? botao('vencidas', `Vencidas: ${quantas} · ${formatMoney(vencidas?.valorEmAberto ?? 0)}`, 'red')
        : botao('vencidas', 'Vencidas: nenhuma')}
      {botao('todas', 'Todas')}
    </Group>
  );
}
