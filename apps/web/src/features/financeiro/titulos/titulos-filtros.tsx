/**
 * The filters of the payables and receivables lists, bound to the URL: the due-date period
 * (lib/ui/periodo-filter.tsx; none = every due date), status (several, 'Vencida' included),
 * category of the list's kind, payment method and account. `children` adds the list's own
 * (supplier, customer, payment-method kind). Every change goes back to page 1.
 */
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import {
  FILTRO_STATUS_FINANCEIRO_LABEL,
  FILTROS_STATUS_FINANCEIRO,
  type FiltroStatusFinanceiro,
} from '@petshop/shared/financeiro';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCategoriasOpcoes, useContasOpcoes, useFormasOpcoes } from './opcoes.ts';
import type { TitulosSearch } from './titulos-search.ts';
import { MultiSelectFilter } from '#lib/list/multi-select-filter.tsx';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { PeriodoFilter } from '#lib/ui/periodo-filter.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';

const STATUS_OPCOES = FILTROS_STATUS_FINANCEIRO.map((value) => ({ value, label: FILTRO_STATUS_FINANCEIRO_LABEL[value] }));
const isStatus = (v: string): v is FiltroStatusFinanceiro => (FILTROS_STATUS_FINANCEIRO as readonly string[]).includes(v);

type TitulosFiltrosProps = {
  search: TitulosSearch;
  categoriaTipo: 'despesa' | 'receita';
  children?: ReactNode;
};

export function TitulosFiltros({ search, categoriaTipo, children }: TitulosFiltrosProps) {
  const updateSearch = useSearchUpdater();
  const categorias = useCategoriasOpcoes(categoriaTipo, search.categoriaFinanceiraId);
  const formas = useFormasOpcoes(search.formaPagamentoId);
  const contas = useContasOpcoes(search.contaId);
  const comPeriodo = Boolean(search.dataInicio || search.dataFim);

  return (
    <Group gap="sm" wrap="wrap" align="flex-end" style={{ flex: '1 1 100%' }}>
      <Group gap={4} wrap="nowrap" align="flex-end" aria-label="Vencimento" role="group">
        <PeriodoFilter
          dataInicio={search.dataInicio ?? ''}
          dataFim={search.dataFim ?? ''}
          onChange={(dataInicio, dataFim) =>
            void updateSearch({ dataInicio: dataInicio || undefined, dataFim: dataFim || undefined, page: 1 })
          }
        />
        {comPeriodo ? (
          <Tooltip label="Todos os vencimentos">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Limpar período"
              onClick={() => void updateSearch({ dataInicio: undefined, dataFim: undefined, page: 1 })}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <MultiSelectFilter
        param="status"
        label="Status"
        placeholder="Todos os status"
        data={STATUS_OPCOES}
        value={search.status}
        isValue={isStatus}
        w={240}
      />
      <SelectField
        label="Categoria"
        hideLabel
        placeholder="Todas as categorias"
        data={categorias}
        value={search.categoriaFinanceiraId ?? null}
        onChange={(v) => void updateSearch({ categoriaFinanceiraId: v ?? undefined, page: 1 })}
        searchable
        clearable
        w={220}
      />
      <SelectField
        label="Forma de pagamento"
        hideLabel
        placeholder="Todas as formas"
        data={formas}
        value={search.formaPagamentoId ?? null}
        onChange={(v) => void updateSearch({ formaPagamentoId: v ?? undefined, page: 1 })}
        clearable
        w={190}
      />
      <SelectField
        label="Conta"
        hideLabel
        placeholder="Todas as contas"
        data={contas}
        value={search.contaId ?? null}
        onChange={(v) => void updateSearch({ contaId: v ?? undefined, page: 1 })}
        clearable
        w={170}
      />
      {children}
    </Group>
  );
}
