/**
 * The screen every report under /relatorios/ uses (issue #20; spec §2 "Reports under
 * /relatorios/", §5, §7 "Reports"): the report's title and description (from `RELATORIOS`), a
 * filter bar (for a report with a period: the ready-made periods and a date range, dd/MM/yyyy;
 * the search box; then the report's own inputs), the `criterio` sentence saying what was counted,
 * the period read, optional stat cards (`resumo`) and chart (`grafico`), the table (numbers
 * right-aligned and formatted, a bold totals row of ALL rows, not the page's), pagination in the
 * URL, and a toolbar: "Exportar" (XLSX, CSV, PDF: every row with the same filters) and
 * "Imprimir" (the PDF, in the browser's print dialog).
 *
 * It reads `GET /relatorios/{id}` with the route's validated search; every filter lives in the
 * URL and changes go through `onSearchChange` (which returns to page 1 unless the patch says a page).
 */
import { Button, Group, Loader, Paper, Skeleton, Stack, Table, Text, TextInput, type MantineBreakpoint } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { formatDate } from '@petshop/shared/format';
import { RELATORIOS, type RelatorioId } from '@petshop/shared/relatorios';
import { IconCalendarEvent, IconInfoCircle, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '#lib/http/api-error.ts';
import { baixarBlob } from '#lib/http/baixar-blob.ts';
import { ListPagination, PageSizeSelect } from '#lib/list/list-pagination.tsx';
import { notifyError } from '#lib/notify.ts';
import { imprimirPdf } from '#lib/print/imprimir-venda.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { ExportarMenu } from '#lib/ui/exportar-menu.tsx';
import { LoadErrorAlert } from '#lib/ui/load-error-alert.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { filtrosDaExportacao, getRelatorioPdf, urlExportarRelatorio } from '../api/exportar-relatorio.ts';
import { useRelatorio } from '../api/get-relatorio.ts';
import type { RelatorioSearch } from '../relatorio-search.ts';
import { ehNumerico, formatarCelula, type TipoColuna } from './formatar-celula.ts';
import { periodosRapidos } from './periodos-rapidos.ts';

/** The search box waits this long after the last key before reading the report again. */
export const BUSCA_DEBOUNCE_MS = 300;
export const RELATORIO_VAZIO = 'Nenhum registro no período';
const SKELETON_ROWS = 5;

/** A column of the screen's table. */
export type ColunaTela<L, T> = {
  titulo: string;
  /** Formats the value and right-aligns numbers (default 'texto'). */
  tipo?: TipoColuna;
  valor: (linha: L) => string | number | null | undefined;
  /** Overrides the cell (a link, a badge). */
  render?: (linha: L) => ReactNode;
  /** The totals row's cell (the first column's cell says "Total"). */
  total?: (totais: T) => string | number | null | undefined;
  /** Hidden on screens narrower than this breakpoint. */
  visibleFrom?: Extract<MantineBreakpoint, 'sm' | 'md' | 'lg'>;
};

/** What every report answers (relatorioRespostaSchema's output). */
export type RespostaRelatorio<L, T> = {
  items: L[];
  totais: T;
  total: number;
  page: number;
  pageSize: number;
  periodo: { dataInicio: string; dataFim: string } | null;
  criterio: string;
};

export type RelatorioPageProps<R extends RespostaRelatorio<L, T>, L, T> = {
  /** The report: title, description and whether it has a period come from `RELATORIOS`. */
  id: RelatorioId;
  /** The route's validated search. */
  search: Record<string, unknown> & RelatorioSearch;
  /** Patches the URL's search (the route goes back to page 1 unless `patch.page`). */
  onSearchChange: (patch: Record<string, unknown>) => void;
  colunas: ColunaTela<L, T>[];
  /** The report's own inputs, in the filter bar after the search box. */
  filtros?: ReactNode;
  /** A chart card above the table, from the answer (its extra fields). */
  grafico?: (dados: R) => ReactNode;
  /** Stat cards above the chart. */
  resumo?: (dados: R) => ReactNode;
  chaveLinha: (linha: L) => string;
  /** Placeholder of the search box (default 'Buscar'). */
  placeholderBusca?: string;
};

type FaixaDatas = [string | null, string | null];

/** The period filter: the presets as toggle buttons and the date range picker. */
function FiltroPeriodo({
  dataInicio,
  dataFim,
  onChange,
}: {
  dataInicio: string | undefined;
  dataFim: string | undefined;
  onChange: (dataInicio: string, dataFim: string) => void;
}) {
  const [faixa, setFaixa] = useState<FaixaDatas>([dataInicio ?? null, dataFim ?? null]);
  useEffect(() => setFaixa([dataInicio ?? null, dataFim ?? null]), [dataInicio, dataFim]);
  const presets = periodosRapidos(hojeNaUnidade());
  const ativo = presets.find((p) => p.dataInicio === dataInicio && p.dataFim === dataFim)?.label;

  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      <Group gap={4} wrap="wrap" role="group" aria-label="Períodos prontos">
        {presets.map((p) => (
          <Button
            key={p.label}
            size="xs"
            variant={ativo === p.label ? 'filled' : 'default'}
            aria-pressed={ativo === p.label}
            onClick={() => onChange(p.dataInicio, p.dataFim)}
          >
            {p.label}
          </Button>
        ))}
      </Group>
      <DatePickerInput
        type="range"
        label="Período"
        placeholder="dd/mm/aaaa – dd/mm/aaaa"
        valueFormat="DD/MM/YYYY"
        labelSeparator="a"
        allowSingleDateInRange
        value={faixa}
        onChange={(value) => {
          const [inicio, fim] = value as FaixaDatas;
          setFaixa([inicio, fim]);
          if (inicio && fim) onChange(inicio, fim);
        }}
        leftSection={<IconCalendarEvent size={16} />}
        miw={230}
        size="xs"
      />
    </Group>
  );
}

/** The search box: typed text goes to the URL after a short pause (Enter: at once). */
function BuscaRelatorio({
  query,
  placeholder,
  carregando,
  onChange,
}: {
  query: string | undefined;
  placeholder: string;
  carregando: boolean;
  onChange: (query: string | undefined) => void;
}) {
  const [texto, setTexto] = useState(query ?? '');
  const enviado = useRef(query ?? '');
  useEffect(() => {
    const atual = query ?? '';
    if (atual !== enviado.current) {
      enviado.current = atual;
      setTexto(atual);
    }
  }, [query]);
  const enviar = (valor: string) => {
    const limpo = valor.trim();
    if (limpo === enviado.current) return;
    enviado.current = limpo;
    onChange(limpo || undefined);
  };
  const enviarDepois = useDebouncedCallback(enviar, BUSCA_DEBOUNCE_MS);
  return (
    <TextInput
      aria-label="Buscar"
      placeholder={placeholder}
      type="search"
      size="xs"
      leftSection={<IconSearch size={14} />}
      rightSection={carregando ? <Loader size="xs" role="status" aria-label="Atualizando" /> : null}
      value={texto}
      onChange={(event) => {
        setTexto(event.currentTarget.value);
        enviarDepois(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        enviar(event.currentTarget.value);
      }}
      style={{ flex: '1 1 200px' }}
    />
  );
}

/** "Imprimir": fetches the report's PDF (every row, same filters) and opens the print dialog on it. */
function BotaoImprimirRelatorio({ id, search }: { id: RelatorioId; search: Record<string, unknown> }) {
  const [imprimindo, setImprimindo] = useState(false);
  const imprimir = async () => {
    setImprimindo(true);
    try {
      const pdf = await getRelatorioPdf(id, search);
      const como = await imprimirPdf(pdf);
      if (como === 'bloqueado') {
        baixarBlob(new Blob([pdf], { type: 'application/pdf' }), `${id}.pdf`);
        notifyError('O navegador bloqueou a janela de impressão: o PDF foi baixado (permita pop-ups para imprimir direto)');
      }
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setImprimindo(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconPrinter size={16} />} loading={imprimindo} onClick={() => void imprimir()}>
      Imprimir
    </Button>
  );
}

/** The generic report screen; see the file's comment. */
export function RelatorioPage<R extends RespostaRelatorio<L, T>, L, T>({
  id,
  search,
  onSearchChange,
  colunas,
  filtros,
  grafico,
  resumo,
  chaveLinha,
  placeholderBusca = 'Buscar',
}: RelatorioPageProps<R, L, T>) {
  const info = RELATORIOS[id];
  const result = useRelatorio<R>(id, search);
  const { data } = result;
  const pageSize = search.pageSize;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;

  // A page past the end (the filters shrank the report): go to the last one.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && search.page > totalPages) onSearchChange({ page: totalPages });
  }, [data, search.page, totalPages, onSearchChange]);

  const primeiro = data && data.total > 0 ? (search.page - 1) * pageSize + 1 : 0;
  const ultimo = data ? Math.min(data.total, primeiro + data.items.length - 1) : 0;
  // Without dates in the URL the API reads its default (the current month): show what it read.
  const dataInicio = search.dataInicio ?? data?.periodo?.dataInicio;
  const dataFim = search.dataFim ?? data?.periodo?.dataFim;
  const temTotais = colunas.some((c) => c.total);

  const celula = (coluna: ColunaTela<L, T>, linha: L): ReactNode =>
    coluna.render ? coluna.render(linha) : formatarCelula(coluna.valor(linha), coluna.tipo);

  return (
    <Stack gap="md">
      <PageHeader
        title={info.titulo}
        description={info.descricao}
        actions={
          <>
            <ExportarMenu
              url={urlExportarRelatorio(id)}
              params={filtrosDaExportacao(search)}
              nome={id}
              formatos={['xlsx', 'csv', 'pdf']}
            />
            <BotaoImprimirRelatorio id={id} search={search} />
          </>
        }
      />

      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {info.temPeriodo ? (
            <FiltroPeriodo
              dataInicio={dataInicio}
              dataFim={dataFim}
              onChange={(inicio, fim) => onSearchChange({ dataInicio: inicio, dataFim: fim, page: 1 })}
            />
          ) : null}
          <BuscaRelatorio
            query={search.query}
            placeholder={placeholderBusca}
            carregando={result.isFetching && !result.isPending}
            onChange={(query) => onSearchChange({ query, page: 1 })}
          />
          {filtros}
        </Group>
      </Paper>

      {data ? (
        <Stack gap={2}>
          {data.periodo ? (
            <Text size="sm" fw={500} data-testid="relatorio-periodo">
              Período: {formatDate(data.periodo.dataInicio)} a {formatDate(data.periodo.dataFim)}
            </Text>
          ) : null}
          {data.criterio ? (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconInfoCircle size={14} style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-dimmed)" aria-hidden />
              <Text size="xs" c="dimmed" data-testid="relatorio-criterio">
                {data.criterio}
              </Text>
            </Group>
          ) : null}
        </Stack>
      ) : null}

      {result.isError ? (
        <LoadErrorAlert
          title="Não foi possível carregar o relatório"
          error={result.error}
          onRetry={() => void result.refetch()}
        />
      ) : (
        <>
          {resumo && data ? resumo(data) : null}
          {grafico ? (
            data ? (
              <Paper withBorder radius="md" p="md">
                {grafico(data)}
              </Paper>
            ) : (
              <Skeleton height={260} radius="md" />
            )
          ) : null}

          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <Table.ScrollContainer minWidth={640} maxHeight="70vh">
                <Table stickyHeader verticalSpacing="xs" aria-label={info.titulo} aria-busy={result.isFetching}>
                  <Table.Thead>
                    <Table.Tr>
                      {colunas.map((coluna) => (
                        <Table.Th
                          key={coluna.titulo}
                          ta={ehNumerico(coluna.tipo) ? 'right' : undefined}
                          visibleFrom={coluna.visibleFrom}
                          // Long titles wrap ('Total comprado no período') so the table fits a laptop's width.
                          style={{ verticalAlign: 'bottom' }}
                        >
                          {coluna.titulo}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.isPending
                      ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                          <Table.Tr key={`skeleton-${i}`} aria-hidden>
                            {colunas.map((coluna) => (
                              <Table.Td key={coluna.titulo} visibleFrom={coluna.visibleFrom}>
                                <Skeleton height={14} radius="sm" />
                              </Table.Td>
                            ))}
                          </Table.Tr>
                        ))
                      : null}
                    {data && data.items.length === 0 ? (
                      <Table.Tr>
                        <Table.Td colSpan={colunas.length}>
                          <Stack gap={2} align="center" py="lg">
                            <Text fw={500}>{info.temPeriodo ? RELATORIO_VAZIO : 'Nenhum registro encontrado'}</Text>
                            {search.query ? (
                              <Text size="sm" c="dimmed">
                                Tente buscar por outro termo.
                              </Text>
                            ) : null}
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                    {data?.items.map((linha) => (
                      <Table.Tr key={chaveLinha(linha)}>
                        {colunas.map((coluna) => (
                          <Table.Td
                            key={coluna.titulo}
                            ta={ehNumerico(coluna.tipo) ? 'right' : undefined}
                            visibleFrom={coluna.visibleFrom}
                            style={ehNumerico(coluna.tipo) || coluna.tipo === 'data' ? { whiteSpace: 'nowrap' } : undefined}
                          >
                            {celula(coluna, linha)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  {data && data.total > 0 && temTotais ? (
                    <Table.Tfoot>
                      <Table.Tr data-testid="relatorio-totais" fw={700} bg="var(--mantine-color-default-hover)">
                        {colunas.map((coluna, i) => (
                          <Table.Td
                            key={coluna.titulo}
                            ta={ehNumerico(coluna.tipo) ? 'right' : undefined}
                            visibleFrom={coluna.visibleFrom}
                            style={ehNumerico(coluna.tipo) ? { whiteSpace: 'nowrap' } : undefined}
                          >
                            {i === 0 ? 'Total' : coluna.total ? formatarCelula(coluna.total(data.totais), coluna.tipo) : ''}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    </Table.Tfoot>
                  ) : null}
                </Table>
              </Table.ScrollContainer>

              <Group justify="space-between" gap="sm" wrap="wrap">
                <Group gap="xs">
                  <Text size="sm" c="dimmed">
                    {data ? (data.total > 0 ? `${primeiro}–${ultimo} de ${data.total}` : '0 registros') : ' '}
                  </Text>
                  <PageSizeSelect pageSize={pageSize} onChange={(size) => onSearchChange({ pageSize: size, page: 1 })} />
                  <Text size="sm" c="dimmed" visibleFrom="xs">
                    por página
                  </Text>
                </Group>
                <ListPagination totalPages={totalPages} page={search.page} onChange={(page) => onSearchChange({ page })} />
              </Group>
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
