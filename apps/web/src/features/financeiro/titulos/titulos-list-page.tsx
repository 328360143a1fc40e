/**
 * The screen of a finance list (payables, receivables): lib/list/list-page.tsx with the finance
 * tabs under the header, the search box focused on arrival (issue #6: the user types at once),
 * the totals of every page of the filtered list above the table, and a wider table.
 */
import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TotaisTitulosBar } from './totais-titulos.tsx';
import type { PageTitulos } from './titulo-types.ts';
import { FinanceiroNav } from '../components/financeiro-nav.tsx';
import { ListPage, type Column, type ListSearch } from '#lib/list/list-page.tsx';

type TitulosListPageProps<T> = {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  search: ListSearch;
  result: Pick<UseQueryResult<PageTitulos<T>>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch' | 'isFetching'>;
  columns: readonly Column<T>[];
  getRowKey: (row: T) => string;
  getRowLabel: (row: T) => string;
  onRowClick: (row: T) => void;
  filters: ReactNode;
  searchPlaceholder: string;
  /** 'Pago' (payables) or 'Recebido' (receivables). */
  pagoLabel: string;
  /** Accessible name of the table. */
  tableLabel: string;
  /** Above the totals (the payables' views: a vencer, vencidas, todas). */
  visoes?: ReactNode;
};

export function TitulosListPage<T>({ actions, pagoLabel, visoes, ...props }: TitulosListPageProps<T>) {
  return (
    <ListPage
      {...props}
      createAction={actions}
      belowHeader={<FinanceiroNav />}
      aboveTable={
        <Stack gap="sm">
          {visoes}
          <TotaisTitulosBar totais={props.result.data?.totais} pagoLabel={pagoLabel} />
        </Stack>
      }
      autoFocusSearch
      tableMinWidth={720}
    />
  );
}
