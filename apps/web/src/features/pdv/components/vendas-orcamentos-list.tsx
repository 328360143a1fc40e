/**
 * The till's lists (GET /pdv/listar-venda-orcamento): on the sale tab the unit's open sales, to
 * resume one (F5); on the quote tab the quotes, each with "Transformar em venda". ↑/↓ and Enter
 * open the highlighted row.
 */
import { Alert, Badge, Button, Group, Loader, Modal, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDate, formatDateTime, formatMoney } from '@petshop/shared/format';
import { STATUS_VENDA_LABEL, type VendaResumo } from '@petshop/shared/venda';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useListaPdv } from '../api/list-venda-orcamento.ts';
import { errorMessage } from '#lib/http/api-error.ts';

type Tab = 'venda' | 'orcamento';

type ListProps = {
  tab: Tab;
  onAbrir: (id: string) => void;
  onTransformar?: ((id: string) => void) | undefined;
  transformando?: string | null | undefined;
  /** Focus the search box at once (inside the modal). */
  autoFocus?: boolean;
};

const PAGE_SIZE = 10;

const statusOrcamento = (v: VendaResumo) => {
  if (v.status === 'Cancelada') return { label: 'Cancelado', color: 'gray' };
  switch (v.statusOrcamento) {
    case 'Convertido':
      return { label: 'Convertido', color: 'teal' };
    case 'Expirado':
      return { label: 'Expirado', color: 'orange' };
    default:
      return { label: 'Aberto', color: 'blue' };
  }
};

export function VendasOrcamentosList({ tab, onAbrir, onTransformar, transformando, autoFocus }: ListProps) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const [destaque, setDestaque] = useState(0);
  const lista = useListaPdv({ tab, page, pageSize: PAGE_SIZE, query: debounced || undefined });
  const itens = lista.data?.items ?? [];
  useEffect(() => {
    setPage(1);
    setDestaque(0);
  }, [debounced, tab]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (itens.length === 0) return;
      setDestaque((d) => (d + (event.key === 'ArrowDown' ? 1 : -1) + itens.length) % itens.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const v = itens[destaque];
      if (v) onAbrir(v.id);
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        aria-label={tab === 'venda' ? 'Buscar venda em aberto' : 'Buscar orçamento'}
        placeholder="Número, cliente ou pet · ↑/↓ e Enter abrem"
        leftSection={<IconSearch size={16} />}
        rightSection={lista.isFetching ? <Loader size="xs" /> : null}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        data-autofocus={autoFocus ? true : undefined}
        autoComplete="off"
      />
      {lista.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(lista.error)}{' '}
          <Button size="compact-xs" variant="subtle" onClick={() => void lista.refetch()}>
            Tentar de novo
          </Button>
        </Alert>
      ) : null}
      {lista.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      ) : itens.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {tab === 'venda' ? 'Nenhuma venda em aberto' : 'Nenhum orçamento'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover verticalSpacing={6} aria-label={tab === 'venda' ? 'Vendas em aberto' : 'Orçamentos'}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nº</Table.Th>
                <Table.Th>{tab === 'venda' ? 'Data' : 'Validade'}</Table.Th>
                <Table.Th>Cliente</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>{tab === 'venda' ? 'Situação' : 'Status'}</Table.Th>
                {onTransformar ? <Table.Th /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {itens.map((v, idx) => {
                const st = statusOrcamento(v);
                return (
                  <Table.Tr
                    key={v.id}
                    onClick={() => onAbrir(v.id)}
                    style={{ cursor: 'pointer' }}
                    bg={idx === destaque ? 'var(--mantine-primary-color-light)' : undefined}
                    aria-selected={idx === destaque}
                  >
                    <Table.Td>{v.numero}</Table.Td>
                    <Table.Td>{tab === 'venda' ? formatDateTime(v.createdAt) : formatDate(v.validadeOrcamento)}</Table.Td>
                    <Table.Td>{v.cliente?.nome ?? '—'}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(v.valorLiquido)}
                      {tab === 'venda' && v.valorEmAberto > 0 && v.valorPago > 0 ? (
                        <Text size="xs" c="red.7">
                          falta {formatMoney(v.valorEmAberto)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {tab === 'venda' ? (
                        <Badge
                          variant="light"
                          color={v.emAtendimento ? 'blue' : 'orange'}
                          style={{ overflow: 'visible' }}
                          miw="max-content"
                        >
                          {v.emAtendimento ? 'Em atendimento' : STATUS_VENDA_LABEL[v.status]}
                        </Badge>
                      ) : (
                        <Badge variant="light" color={st.color} style={{ overflow: 'visible' }} miw="max-content">
                          {st.label}
                        </Badge>
                      )}
                    </Table.Td>
                    {onTransformar ? (
                      <Table.Td>
                        {v.status !== 'Cancelada' && v.statusOrcamento === 'Aberto' ? (
                          <Button
                            size="compact-sm"
                            variant="light"
                            loading={transformando === v.id}
                            onClick={(e) => {
                              e.stopPropagation();
                              onTransformar(v.id);
                            }}
                          >
                            Transformar em venda
                          </Button>
                        ) : null}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {lista.data && lista.data.total > PAGE_SIZE ? (
        <Group justify="center">
          <Pagination total={Math.ceil(lista.data.total / PAGE_SIZE)} value={page} onChange={setPage} size="sm" />
        </Group>
      ) : null}
    </Stack>
  );
}

type ListaModalProps = ListProps & { opened: boolean; onClose: () => void };

/** F5: the list in a modal. */
export function VendasOrcamentosModal({ opened, onClose, tab, ...props }: ListaModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={tab === 'venda' ? 'Vendas em aberto (F5)' : 'Orçamentos (F5)'}
      size="xl"
      centered
    >
      {opened ? <VendasOrcamentosList tab={tab} autoFocus {...props} /> : null}
    </Modal>
  );
}
