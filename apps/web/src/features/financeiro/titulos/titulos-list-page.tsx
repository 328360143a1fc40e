/**
 * The screen of a finance list (payables, receivables): header with its actions, the finance
 * tabs, the search box (focused on arrival: the user types at once), the filters, the totals of
 * every page of the filtered list, the table and the pagination, all bound to the URL. Like
 * lib/list/list-page.tsx, plus the tabs under the header and the totals bar it has no place for.
 */
import { Alert, Button, Group, Loader, Pagination, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useThrottledCallback } from '@mantine/hooks';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { TotaisTitulosBar } from './totais-titulos.tsx';
import type { PageTitulos } from './titulos-api.ts';
import { FinanceiroNav } from '../components/financeiro-nav.tsx';
import { errorMessage } from '../../../lib/http/api-error.ts';
import { EMPTY_LIST_MESSAGE, PAGE_SIZE_OPTIONS, SEARCH_THROTTLE_MS, type Column } from '../../../lib/list/list-page.tsx';
import { useSearchUpdater } from '../../../lib/list/use-search-updater.ts';
import { PageHeader } from '../../../lib/ui/page-header.tsx';
import { SelectField } from '../../../lib/ui/select-field.tsx';

type TitulosListPageProps<T> = {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  search: { page: number; pageSize: number; query?: string | undefined };
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
};

const SKELETON_ROWS = 5;

export function TitulosListPage<T>({
  title,
  description,
  actions,
  search,
  result,
  columns,
  getRowKey,
  getRowLabel,
  onRowClick,
  filters,
  searchPlaceholder,
  pagoLabel,
  tableLabel,
}: TitulosListPageProps<T>) {
  const updateSearch = useSearchUpdater();
  const [text, setText] = useState(search.query ?? '');
  const sent = useRef(search.query ?? '');

  useEffect(() => {
    const query = search.query ?? '';
    if (query !== sent.current) {
      sent.current = query;
      setText(query);
    }
  }, [search.query]);

  const pushQuery = useThrottledCallback((value: string) => {
    sent.current = value.trim();
    void updateSearch({ query: value.trim() || undefined, page: 1 });
  }, SEARCH_THROTTLE_MS);

  const { data } = result;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / search.pageSize)) : 1;
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && search.page > totalPages) void updateSearch({ page: totalPages });
  }, [data, search.page, totalPages, updateSearch]);
  const first = data && data.total > 0 ? (search.page - 1) * search.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, first + data.items.length - 1) : 0;

  return (
    <Stack gap="md">
      <PageHeader title={title} description={description} actions={actions} />
      <FinanceiroNav />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              aria-label="Buscar"
              placeholder={searchPlaceholder}
              leftSection={<IconSearch size={16} />}
              rightSection={result.isFetching && !result.isPending ? <Loader size="xs" aria-label="Atualizando" /> : null}
              value={text}
              // The list's search box gets focus on arrival (issue #6: keyboard friendly).
              autoFocus
              onChange={(event) => {
                setText(event.currentTarget.value);
                pushQuery(event.currentTarget.value);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                const value = event.currentTarget.value.trim();
                sent.current = value;
                void updateSearch({ query: value || undefined, page: 1 });
              }}
              style={{ flex: '1 1 240px' }}
              type="search"
            />
            {filters}
          </Group>
          <TotaisTitulosBar totais={data?.totais} pagoLabel={pagoLabel} />

          {result.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível carregar a lista">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(result.error)}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void result.refetch()}>
                  Tentar novamente
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table highlightOnHover verticalSpacing="sm" aria-label={tableLabel}>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((c) => (
                      <Table.Th key={c.key} w={c.width} ta={c.align} visibleFrom={c.visibleFrom}>
                        {c.header}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.isPending
                    ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                        <Table.Tr key={`skeleton-${i}`} aria-hidden>
                          {columns.map((c) => (
                            <Table.Td key={c.key} visibleFrom={c.visibleFrom}>
                              <Skeleton height={14} radius="sm" />
                            </Table.Td>
                          ))}
                        </Table.Tr>
                      ))
                    : null}
                  {data && data.items.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={columns.length}>
                        <Text fw={500} ta="center" py="lg">
                          {EMPTY_LIST_MESSAGE}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                  {data?.items.map((row) => (
                    <Table.Tr
                      key={getRowKey(row)}
                      tabIndex={0}
                      style={{ cursor: 'pointer' }}
                      aria-label={getRowLabel(row)}
                      onClick={() => onRowClick(row)}
                      onKeyDown={(event: KeyboardEvent<HTMLTableRowElement>) => {
                        if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row);
                      }}
                    >
                      {columns.map((c) => (
                        <Table.Td key={c.key} ta={c.align} visibleFrom={c.visibleFrom}>
                          {c.render(row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}

          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {data ? (data.total > 0 ? `${first}–${last} de ${data.total}` : '0 registros') : ' '}
              </Text>
              <SelectField
                label="Itens por página"
                hideLabel
                data={PAGE_SIZE_OPTIONS}
                value={String(search.pageSize)}
                onChange={(value) => {
                  if (value) void updateSearch({ pageSize: Number(value), page: 1 });
                }}
                allowDeselect={false}
                w={80}
                size="xs"
              />
              <Text size="sm" c="dimmed" visibleFrom="xs">
                por página
              </Text>
            </Group>
            <Pagination
              total={totalPages}
              value={Math.min(search.page, totalPages)}
              onChange={(page) => void updateSearch({ page })}
              size="sm"
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? 'Página anterior' : control === 'next' ? 'Próxima página' : control,
              })}
              getItemProps={(page) => ({ 'aria-label': `Página ${page}` })}
            />
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
