/**
 * /compras/ (issue #5 item 5): the unit's purchases of a period (the last 30 days by default),
 * by supplier and status, searched by invoice number, supplier or purchase number. Rows open the
 * purchase; "Importar XML da NF-e" brings a supplier's invoice in, "Cadastro manual" starts a
 * draft by hand.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { STATUS_COMPRA, STATUS_COMPRA_LABEL, type CompraListItem, type StatusCompra } from '@petshop/shared/compra';
import { formatCpfCnpj, formatDate, formatMoney } from '@petshop/shared/format';
import { IconFileCode, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ImportarXmlModal } from './importar-xml-modal.tsx';
import { FornecedorSelect } from '#lib/fornecedores/fornecedor-select.tsx';
import { PeriodoFilter } from '#lib/ui/periodo-filter.tsx';
import { StatusCompraBadge } from './status-compra-badge.tsx';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import { MultiSelectFilter } from '#lib/list/multi-select-filter.tsx';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useCompras } from '../api/list-compras.ts';
import type { ComprasSearch } from '../compras-search.ts';

const STATUS_OPTIONS = STATUS_COMPRA.map((value) => ({ value, label: STATUS_COMPRA_LABEL[value] }));
const isStatus = (value: string): value is StatusCompra => STATUS_COMPRA.some((s) => s === value);

const colunas: Column<CompraListItem>[] = [
  {
    key: 'numero',
    header: 'Nº',
    width: 64,
    render: (c) => (
      <Text size="sm" fw={600}>
        {c.numero}
      </Text>
    ),
  },
  {
    key: 'entrada',
    header: 'Entrada',
    width: 110,
    render: (c) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {c.dataEntrada ? formatDate(c.dataEntrada) : '—'}
      </Text>
    ),
  },
  {
    key: 'fornecedor',
    header: 'Fornecedor',
    render: (c) =>
      c.fornecedor ? (
        <Stack gap={0}>
          <Text size="sm">{c.fornecedor.nomeFantasia || c.fornecedor.razaoSocial}</Text>
          {c.fornecedor.cpfCnpj ? (
            <Text size="xs" c="dimmed" ff="monospace">
              {formatCpfCnpj(c.fornecedor.cpfCnpj)}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Sem fornecedor
        </Text>
      ),
  },
  {
    key: 'nota',
    header: 'NF / série',
    visibleFrom: 'sm',
    render: (c) => (
      <Stack gap={0}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {c.numeroNota ? `${c.numeroNota}${c.serie ? ` / ${c.serie}` : ''}` : '—'}
        </Text>
        {c.origem === 'xml' ? (
          <Text size="xs" c="dimmed">
            XML
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'itens',
    header: 'Itens',
    align: 'right',
    visibleFrom: 'sm',
    render: (c) => (
      <Group gap={6} justify="flex-end" wrap="nowrap">
        <Text size="sm">{c.quantidadeItens}</Text>
        {c.itensPendentes > 0 ? (
          <Badge size="sm" color="orange" variant="light" style={{ minWidth: 'max-content' }}>
            {c.itensPendentes} pendente{c.itensPendentes > 1 ? 's' : ''}
          </Badge>
        ) : null}
      </Group>
    ),
  },
  {
    key: 'total',
    header: 'Total',
    align: 'right',
    render: (c) => (
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(c.valorTotal)}
      </Text>
    ),
  },
  { key: 'status', header: 'Status', render: (c) => <StatusCompraBadge status={c.status} /> },
];

export function ComprasList({ search }: { search: ComprasSearch }) {
  const result = useCompras({
    page: search.page,
    pageSize: search.pageSize,
    query: search.query,
    dataInicio: search.dataInicio,
    dataFim: search.dataFim,
    fornecedorId: search.fornecedorId,
    status: search.status,
  });
  const navigate = useNavigate();
  const updateSearch = useSearchUpdater();
  const [importando, setImportando] = useState(false);
  const abrir = (id: string) => void navigate({ to: '/compras/$compraId', params: { compraId: id } });

  return (
    <>
      <ListPage
        title="Compras"
        description="Notas de fornecedores lançadas na unidade: rascunhos, finalizadas e canceladas."
        search={search}
        result={result}
        columns={colunas}
        getRowKey={(c) => c.id}
        getRowLabel={(c) => `Abrir compra nº ${c.numero}`}
        onRowClick={(c) => abrir(c.id)}
        searchPlaceholder="Número da nota, fornecedor, CNPJ ou nº da compra"
        createAction={
          <>
            <Button variant="default" leftSection={<IconPlus size={16} />} component={Link} to="/compras/cadastro-manual">
              Cadastro manual
            </Button>
            <Button leftSection={<IconFileCode size={16} />} onClick={() => setImportando(true)}>
              Importar XML da NF-e
            </Button>
          </>
        }
        filters={
          <Group gap="sm" wrap="wrap" style={{ flex: '1 1 100%' }} align="flex-end">
            <PeriodoFilter
              dataInicio={search.dataInicio}
              dataFim={search.dataFim}
              onChange={(dataInicio, dataFim) => void updateSearch({ dataInicio, dataFim, page: 1 })}
            />
            <FornecedorSelect
              hideLabel
              placeholder="Todos os fornecedores"
              value={search.fornecedorId ?? null}
              onChange={(fornecedorId) => void updateSearch({ fornecedorId: fornecedorId ?? undefined, page: 1 })}
              w={300}
            />
            <MultiSelectFilter
              param="status"
              label="Status"
              placeholder="Todos os status"
              data={STATUS_OPTIONS}
              value={search.status}
              isValue={isStatus}
              w={260}
            />
          </Group>
        }
      />
      <ImportarXmlModal
        opened={importando}
        onClose={() => setImportando(false)}
        onImportada={(compra) => {
          setImportando(false);
          notifySuccess(`NF-e importada: compra nº ${compra.numero}`);
          abrir(compra.id);
        }}
      />
    </>
  );
}
