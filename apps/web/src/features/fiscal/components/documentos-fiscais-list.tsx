/**
 * /fiscal/ (issue #18 item 6): the unit's NFC-e with their status (autorizada, rejeitada with
 * SEFAZ's reason, em contingência, cancelada, denegada, transmitindo), filtered by period (this
 * month by default), status and a search by number, chave, sale number or CPF. Per row: retry,
 * cancel, XML and DANFE; for the page: the month's XMLs as a zip, inutilização of skipped
 * numbers, the products' fiscal status, and a banner while documents wait in contingency.
 */
import { Alert, Anchor, Button, MultiSelect, Stack, Text } from '@mantine/core';
import { STATUS_DOCUMENTO_FISCAL, type DocumentoFiscal, type StatusDocumentoFiscal } from '@petshop/shared/fiscal';
import { formatCount, formatCpfCnpj, formatDateTime, formatMoney } from '@petshop/shared/format';
import { IconAlertTriangle, IconListCheck, IconNumbers } from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '#lib/http/api-error.ts';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';
import { PeriodoFilter } from '#lib/ui/periodo-filter.tsx';
import { baixarXmlDocumentoFiscal } from '../api/baixar-xml-documento-fiscal.ts';
import { imprimirDanfe } from '../api/imprimir-danfe.ts';
import { useContingenciaPendente, useDocumentosFiscais } from '../api/list-documentos-fiscais.ts';
import { useRetransmitirDocumentoFiscal } from '../api/retransmitir-documento-fiscal.ts';
import { STATUS_DOCUMENTO_IDS, type DocumentosSearch } from '../documentos-search.ts';
import { CancelarDocumentoModal } from './cancelar-documento-modal.tsx';
import { documentoAcoesColumn } from './documento-fiscal-acoes.tsx';
import { InutilizarNumerosModal } from './inutilizar-numeros-modal.tsx';
import { StatusDocumentoFiscalBadge } from './status-documento-fiscal-badge.tsx';
import { XmlMensalButton } from './xml-mensal-button.tsx';

export const DOCUMENTOS_SEARCH_HINT = 'Número, chave, nº da venda ou CPF';
const STATUS_OPTIONS = STATUS_DOCUMENTO_IDS.map((value) => ({ value, label: STATUS_DOCUMENTO_FISCAL[value] }));
const isStatus = (value: string): value is StatusDocumentoFiscal => STATUS_DOCUMENTO_IDS.some((s) => s === value);

/** The answer of a retry, in words. */
const resultadoRetransmissao = (d: DocumentoFiscal): string => {
  if (d.status === 'autorizada') return `NFC-e nº ${d.numero} autorizada`;
  if (d.status === 'contingencia') return `NFC-e nº ${d.numero} continua em contingência: a SEFAZ não respondeu`;
  return `NFC-e nº ${d.numero}: ${[d.cStat, d.motivo].filter(Boolean).join(' — ') || STATUS_DOCUMENTO_FISCAL[d.status]}`;
};

const colunas = (timeZone: string, abrirVenda: (d: DocumentoFiscal) => void): Column<DocumentoFiscal>[] => [
  {
    key: 'numero',
    header: 'Número/série',
    width: 110,
    render: (d) => (
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {d.numero}/{d.serie}
      </Text>
    ),
  },
  {
    key: 'emitidoEm',
    header: 'Emitido em',
    render: (d) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(d.emitidoEm, timeZone)}
      </Text>
    ),
  },
  {
    key: 'venda',
    header: 'Venda',
    width: 80,
    render: (d) => (
      <Anchor
        size="sm"
        href={`/vendas/pdv/${d.vendaId}`}
        aria-label={`Abrir venda nº ${d.vendaNumero}`}
        onClick={(event) => {
          event.preventDefault();
          abrirVenda(d);
        }}
      >
        nº {d.vendaNumero}
      </Anchor>
    ),
  },
  {
    key: 'consumidor',
    header: 'Consumidor',
    visibleFrom: 'sm',
    render: (d) =>
      d.cpfDestinatario ? (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatCpfCnpj(d.cpfDestinatario)}
          </Text>
          {d.clienteNome ? (
            <Text size="xs" c="dimmed">
              {d.clienteNome}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Não identificado
        </Text>
      ),
  },
  {
    key: 'valor',
    header: 'Valor',
    align: 'right',
    render: (d) => (
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(d.valorTotal)}
      </Text>
    ),
  },
  { key: 'status', header: 'Status', render: (d) => <StatusDocumentoFiscalBadge documento={d} /> },
];

export function DocumentosFiscaisList({ search }: { search: DocumentosSearch }) {
  const result = useDocumentosFiscais({
    page: search.page,
    pageSize: search.pageSize,
    query: search.query,
    dataInicio: search.dataInicio,
    dataFim: search.dataFim,
    status: search.status,
  });
  const contingencia = useContingenciaPendente();
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const href = useRouterState({ select: (s) => s.location.href });
  const updateSearch = useSearchUpdater();
  const retransmitir = useRetransmitirDocumentoFiscal();
  const [emAndamento, setEmAndamento] = useState<string | null>(null);
  const [cancelando, setCancelando] = useState<DocumentoFiscal | null>(null);
  const [inutilizando, setInutilizando] = useState(false);

  const setStatus = (status: StatusDocumentoFiscal[]) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, status, page: 1 }),
      replace: true,
    });

  const acao = (chave: string, fn: () => Promise<unknown>) => {
    setEmAndamento(chave);
    void fn()
      .catch((error: unknown) => notifyError(errorMessage(error)))
      .finally(() => setEmAndamento(null));
  };

  const columns = [
    ...colunas(timeZone, (d) => void navigate({ to: '/vendas/pdv/$id', params: { id: d.vendaId }, search: { returnTo: href } })),
    documentoAcoesColumn({
      emAndamento,
      onRetransmitir: (d) =>
        acao(`retransmitir:${d.id}`, async () => {
          const novo = await retransmitir.mutateAsync(d.id);
          if (novo.status === 'rejeitada' || novo.status === 'denegada') notifyError(resultadoRetransmissao(novo));
          else notifySuccess(resultadoRetransmissao(novo));
        }),
      onCancelar: setCancelando,
      onXml: (d) => acao(`xml:${d.id}`, () => baixarXmlDocumentoFiscal(d)),
      onDanfe: (d) => acao(`danfe:${d.id}`, () => imprimirDanfe(d)),
    }),
  ];

  const pendentes = contingencia.data ?? 0;

  return (
    <>
      <ListPage
        title="Documentos fiscais"
        description="NFC-e emitidas pela unidade: status na SEFAZ, retransmissão, cancelamento, XML e DANFE."
        search={search}
        result={result}
        columns={columns}
        getRowKey={(d) => d.id}
        getRowLabel={(d) => `NFC-e nº ${d.numero}`}
        searchPlaceholder={DOCUMENTOS_SEARCH_HINT}
        tableLabel="Documentos fiscais"
        tableMinWidth={760}
        emptyState="Nenhuma NFC-e no período"
        createAction={
          <>
            <Button
              variant="subtle"
              leftSection={<IconListCheck size={16} />}
              component="a"
              href="/fiscal/situacao-fiscal-produtos/"
              onClick={(event) => {
                event.preventDefault();
                void navigate({ href: '/fiscal/situacao-fiscal-produtos/' });
              }}
            >
              Situação fiscal dos produtos
            </Button>
            <XmlMensalButton />
            <Button variant="default" leftSection={<IconNumbers size={16} />} onClick={() => setInutilizando(true)}>
              Inutilizar numeração
            </Button>
          </>
        }
        belowHeader={
          pendentes > 0 ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Contingência" role="status">
              <Text size="sm" component="span">
                {formatCount(
                  pendentes,
                  'NFC-e em contingência aguardando transmissão',
                  'NFC-e em contingência aguardando transmissão',
                )}
                . Elas são transmitidas automaticamente quando a SEFAZ volta a responder.{' '}
              </Text>
              {search.status.length === 1 && search.status[0] === 'contingencia' ? null : (
                <Anchor component="button" type="button" size="sm" onClick={() => setStatus(['contingencia'])}>
                  Ver documentos
                </Anchor>
              )}
            </Alert>
          ) : null
        }
        filters={
          <>
            <PeriodoFilter
              dataInicio={search.dataInicio}
              dataFim={search.dataFim}
              onChange={(dataInicio, dataFim) => void updateSearch({ dataInicio, dataFim, page: 1 })}
            />
            <MultiSelect
              aria-label="Status"
              placeholder={search.status.length === 0 ? 'Todos os status' : undefined}
              data={STATUS_OPTIONS}
              value={search.status}
              onChange={(values) => setStatus(values.filter(isStatus))}
              clearable
              w={260}
            />
          </>
        }
      />
      <CancelarDocumentoModal documento={cancelando} onClose={() => setCancelando(null)} />
      <InutilizarNumerosModal opened={inutilizando} onClose={() => setInutilizando(false)} />
    </>
  );
}
