/**
 * The list screen every resource uses: search box, filters, table, pagination, all bound to
 * the route's validated search params `{ page, pageSize, query }` and fed by an endpoint
 * answering `Page<T>` (ARCHITECTURE.md "Lists"). Optional slots let a section add its own
 * pieces without copying the screen: `belowHeader` (the finance tabs), `aboveTable` (a totals
 * bar under the filters), `emptyState`, `errorTitle`, `tableLabel`, `tableMinWidth`.
 */
import { Group, Loader, Paper, Skeleton, Stack, Table, Text, TextInput, type MantineBreakpoint } from '@mantine/core';
import { useThrottledCallback } from '@mantine/hooks';
import type { Page } from '@petshop/shared/http';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchUpdater } from './use-search-updater.ts';
import { LoadErrorAlert } from '../ui/load-error-alert.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { ListPagination, PageSizeSelect } from './list-pagination.tsx';

/** URL-state updates are throttled at 50 ms (spec §9). */
export const SEARCH_THROTTLE_MS = 50;
export const EMPTY_LIST_MESSAGE = 'Nenhum registro encontrado';

export type Column<T> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Hides the column on narrow screens. */
  visibleFrom?: MantineBreakpoint;
};

export type ListSearch = { page: number; pageSize: number; query?: string | undefined };

export type ListQueryState<T> = Pick<
  UseQueryResult<Page<T>>,
  'data' | 'isPending' | 'isError' | 'error' | 'refetch' | 'isFetching'
>;

type ListPageProps<T> = {
  title: string;
  description?: ReactNode;
  search: ListSearch;
  result: ListQueryState<T>;
  columns: readonly Column<T>[];
  getRowKey: (row: T) => string;
  /**
   * Row click (or Enter on the focused row itself, not on a button inside it): usually opens
   * the edit form.
   */
  onRowClick?: (row: T) => void;
  /** Whether `onRowClick` applies to this row (default: every row); the others are not focusable. */
  isRowClickable?: (row: T) => boolean;
  /** Accessible name of a row ('Editar Ana'). */
  getRowLabel?: (row: T) => string;
  /** The 'Novo' button (a Link to the form route). */
  createAction?: ReactNode;
  /** Filters beside the search box, bound to their own search params. */
  filters?: ReactNode;
  searchPlaceholder?: string;
  /** Link to the parent screen, above the title. */
  back?: ReactNode;
  /** Between the header and the list's card (a section's tabs). */
  belowHeader?: ReactNode;
  /** Inside the card, between the search/filters and the table (totals of the filtered list). */
  aboveTable?: ReactNode;
  /** The search box takes the focus on arrival. */
  autoFocusSearch?: boolean;
  /** What the empty list says; default 'Nenhum registro encontrado' (and a hint when searching). */
  emptyState?: ReactNode;
  /** Title of the alert when the list does not load. */
  errorTitle?: string;
  /** Accessible name of the table. */
  tableLabel?: string;
  /** Below this width (px) the table scrolls sideways. */
  tableMinWidth?: number;
  /** The footer's count in place of '1–20 de 135' (a total that is only a lower bound). */
  totalLabel?: (range: { first: number; last: number }) => ReactNode;
};

const SKELETON_ROWS = 5;

export function ListPage<T>({
  title,
  description,
  search,
  result,
  columns,
  getRowKey,
  onRowClick,
  getRowLabel,
  createAction,
  filters,
  searchPlaceholder = 'Buscar',
  back,
  isRowClickable,
  belowHeader,
  aboveTable,
  autoFocusSearch,
  emptyState,
  errorTitle = 'Não foi possível carregar a lista',
  tableLabel,
  tableMinWidth = 560,
  totalLabel,
}: ListPageProps<T>) {
  const updateSearch = useSearchUpdater();
  const [text, setText] = useState(search.query ?? '');
  const sent = useRef(search.query ?? '');

  // Back/forward or a link changed the query: show it in the box.
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

  // A page past the end (after deleting the last row of the last page): go to the last one.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && search.page > totalPages) {
      void updateSearch({ page: totalPages });
    }
  }, [data, search.page, totalPages, updateSearch]);

  const first = data && data.total > 0 ? (search.page - 1) * search.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, first + data.items.length - 1) : 0;

  const rowProps = (row: T) => ({
    'aria-label': getRowLabel?.(row),
    ...(onRowClick && (isRowClickable?.(row) ?? true)
      ? {
          onClick: () => onRowClick(row),
          onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
            // Enter on a button or link inside the row is that control's, not the row's.
            if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row);
          },
          tabIndex: 0,
          style: { cursor: 'pointer' },
        }
      : {}),
  });

  return (
    <Stack gap="md">
      <PageHeader title={title} description={description} actions={createAction} back={back} />
      {belowHeader}
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              aria-label="Buscar"
              placeholder={searchPlaceholder}
              leftSection={<IconSearch size={16} />}
              rightSection={
                result.isFetching && !result.isPending ? <Loader size="xs" role="status" aria-label="Atualizando" /> : null
              }
              value={text}
              autoFocus={autoFocusSearch}
              onChange={(event) => {
                setText(event.currentTarget.value);
                pushQuery(event.currentTarget.value);
              }}
              onKeyDown={(event) => {
                // A barcode scanner types the digits and Enter: search at once, no throttle wait.
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
          {aboveTable}

          {result.isError ? (
            <LoadErrorAlert title={errorTitle} error={result.error} onRetry={() => void result.refetch()} />
          ) : (
            <Table.ScrollContainer minWidth={tableMinWidth}>
              <Table highlightOnHover={Boolean(onRowClick)} verticalSpacing="sm" striped={false} aria-label={tableLabel}>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column) => (
                      <Table.Th key={column.key} w={column.width} ta={column.align} visibleFrom={column.visibleFrom}>
                        {column.header}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.isPending
                    ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                        <Table.Tr key={`skeleton-${i}`} aria-hidden>
                          {columns.map((column) => (
                            <Table.Td key={column.key} visibleFrom={column.visibleFrom}>
                              <Skeleton height={14} radius="sm" />
                            </Table.Td>
                          ))}
                        </Table.Tr>
                      ))
                    : null}
                  {data && data.items.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={columns.length}>
                        <Stack gap={2} align="center" py="lg">
                          {emptyState ?? (
                            <>
                              <Text fw={500}>{EMPTY_LIST_MESSAGE}</Text>
                              {search.query ? (
                                <Text size="sm" c="dimmed">
                                  Tente buscar por outro termo.
                                </Text>
                              ) : null}
                            </>
                          )}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                  {data?.items.map((row) => (
                    <Table.Tr key={getRowKey(row)} {...rowProps(row)}>
                      {columns.map((column) => (
                        <Table.Td key={column.key} ta={column.align} visibleFrom={column.visibleFrom}>
                          {column.render(row)}
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
                {data
                  ? data.total > 0
                    ? (totalLabel?.({ first, last }) ?? `${first}–${last} de ${data.total}`)
                    : '0 registros'
                  : ' '}
              </Text>
              <PageSizeSelect pageSize={search.pageSize} onChange={(pageSize) => void updateSearch({ pageSize, page: 1 })} />
              <Text size="sm" c="dimmed" visibleFrom="xs">
                por página
              </Text>
            </Group>
            <ListPagination totalPages={totalPages} page={search.page} onChange={(page) => void updateSearch({ page })} />
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
