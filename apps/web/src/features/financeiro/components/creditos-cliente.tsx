/**
 * /clientes/{clienteId}/creditos (spec §2, DOMAIN.md §7 "Crédito do cliente"): the customer's
 * credit balance in large type and the ledger — date and time, description, origin, unit,
 * user, value (+ teal, − red) and the balance after each entry — newest first, paged by the
 * `page`/`pageSize` search params. "Lançar crédito/ajuste" needs the `financeiro` permission.
 * The route loads the customer and the ledger first and passes the customer's name in.
 */
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { CreditoClienteLancamento, OrigemCreditoCliente } from '@petshop/shared/credito-cliente';
import { DEFAULT_TIME_ZONE, formatDateTime, formatMoney } from '@petshop/shared/format';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LancarCreditoModal } from './lancar-credito-modal.tsx';
import { useCreditoTotal } from '../api/get-credito-total.ts';
import { useLancamentosCredito, type LancamentosParams } from '../api/list-lancamentos-credito.ts';
import { hasPermissao } from '#lib/access/sections.tsx';
import { errorMessage } from '#lib/http/api-error.ts';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { LoadErrorAlert } from '#lib/ui/load-error-alert.tsx';
import { ListPagination } from '#lib/list/list-pagination.tsx';

export type CreditosClienteProps = {
  cliente: { id: string; nome: string };
  search: LancamentosParams;
};

const ORIGEM_COR: Record<OrigemCreditoCliente, string> = {
  deposito: 'teal',
  devolucao: 'blue',
  venda: 'grape',
  estorno_venda: 'cyan',
  ajuste: 'gray',
};

/** '+ R$ 100,00' / '− R$ 30,56'. */
export const formatValorAssinado = (valor: number): string => `${valor < 0 ? '−' : '+'} ${formatMoney(Math.abs(valor))}`;

export function CreditosCliente({ cliente, search }: CreditosClienteProps) {
  const unidade = useSessionStore((s) => s.unidadeNegocio);
  const timeZone = unidade?.timeZone ?? DEFAULT_TIME_ZONE;
  const podeLancar = hasPermissao({ unidadeNegocio: unidade }, PERMISSOES.financeiro);
  const [lancando, setLancando] = useState(false);
  const total = useCreditoTotal(cliente.id);
  const lancamentos = useLancamentosCredito(cliente.id, search);
  const updateSearch = useSearchUpdater();
  const saldo = total.data?.total ?? 0;

  const page = lancamentos.data;
  const totalPages = page ? Math.max(1, Math.ceil(page.total / search.pageSize)) : 1;
  const first = page && page.total > 0 ? (search.page - 1) * search.pageSize + 1 : 0;
  const last = page ? first + page.items.length - 1 : 0;

  return (
    <Stack gap="md">
      <PageHeader
        title={`Créditos de ${cliente.nome}`}
        description="Créditos de devoluções e depósitos, e o que foi usado em compras, em todas as unidades."
        back={
          <BackLink to="/clientes/$clienteId" params={{ clienteId: cliente.id }}>
            {cliente.nome}
          </BackLink>
        }
        actions={
          podeLancar ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setLancando(true)} disabled={!total.data}>
              Lançar crédito/ajuste
            </Button>
          ) : null
        }
      />

      <Paper withBorder radius="md" p="lg">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Saldo de crédito
        </Text>
        {total.isError ? (
          <Text c="red">{errorMessage(total.error)}</Text>
        ) : total.data ? (
          <Title order={1} c={saldo > 0 ? 'teal' : saldo < 0 ? 'red' : 'dimmed'} aria-label="Saldo de crédito">
            {formatMoney(saldo)}
          </Title>
        ) : (
          <Skeleton height={40} width={200} mt={4} />
        )}
        <Text size="sm" c="dimmed" mt={4}>
          Use o crédito como forma de pagamento no ponto de venda.
        </Text>
      </Paper>

      <Paper withBorder radius="md" p="md">
        {lancamentos.isError ? (
          <LoadErrorAlert title="Não foi possível carregar os lançamentos" error={lancamentos.error} />
        ) : (
          <Stack gap="md">
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" aria-label="Lançamentos de crédito">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={150}>Data</Table.Th>
                    <Table.Th>Descrição</Table.Th>
                    <Table.Th w={140}>Origem</Table.Th>
                    <Table.Th visibleFrom="md">Unidade</Table.Th>
                    <Table.Th>Usuário</Table.Th>
                    <Table.Th ta="right" w={140}>
                      Valor
                    </Table.Th>
                    <Table.Th ta="right" w={130}>
                      Saldo
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {!page
                    ? Array.from({ length: 3 }, (_, i) => (
                        <Table.Tr key={i} aria-hidden>
                          <Table.Td colSpan={7}>
                            <Skeleton height={14} />
                          </Table.Td>
                        </Table.Tr>
                      ))
                    : null}
                  {page && page.items.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Text ta="center" c="dimmed" py="lg">
                          Nenhum lançamento de crédito
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                  {page?.items.map((l) => (
                    <LancamentoRow key={l.id} lancamento={l} timeZone={timeZone} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {page ? (page.total > 0 ? `${first}–${last} de ${page.total}` : '0 lançamentos') : ' '}
              </Text>
              <ListPagination totalPages={totalPages} page={search.page} onChange={(page) => void updateSearch({ page })} />
            </Group>
          </Stack>
        )}
      </Paper>

      <LancarCreditoModal opened={lancando} onClose={() => setLancando(false)} cliente={cliente} saldo={saldo} />
    </Stack>
  );
}

function LancamentoRow({ lancamento: l, timeZone }: { lancamento: CreditoClienteLancamento; timeZone: string }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(l.createdAt, timeZone)}</Table.Td>
      <Table.Td>{l.descricao}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={ORIGEM_COR[l.origem] ?? 'gray'}>
          {l.origemLabel}
        </Badge>
      </Table.Td>
      <Table.Td visibleFrom="md">{l.unidadeNegocio?.nomeFantasia ?? '—'}</Table.Td>
      <Table.Td>{l.usuario?.nome ?? '—'}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={600} c={l.valor < 0 ? 'red' : 'teal'}>
          {formatValorAssinado(l.valor)}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatMoney(l.saldo)}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
