/**
 * The 'Vendas em aberto' tab of a customer (DOMAIN.md §3, §6 "Deixar venda aberta … shows on
 * the customer's open sales until paid"): sales left open at the till, each opening the sale
 * there, and the receivables the customer owes, past due ones in red, with the total.
 */
import { Alert, Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, formatDateTime, formatMoney, fromCents, toCents } from '@petshop/shared/format';
import type { ReceitaEmAberto } from '@petshop/shared/pessoa-resumo';
import type { VendaResumo } from '@petshop/shared/venda';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { AnchorLink } from '#lib/ui/router-links.tsx';
import { errorMessage } from '#lib/http/api-error.ts';
import { useVendasEmAberto } from '../api/get-vendas-em-aberto.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';

/** Where the till returns to after the sale is paid: this tab. */
export const retornoVendasEmAberto = (pessoaId: string) => `/clientes/${pessoaId}?tab=vendas-em-aberto`;

export function ClienteVendasEmAbertoTab({ pessoaId }: { pessoaId: string }) {
  const emAberto = useVendasEmAberto(pessoaId);
  const timeZone = useTimeZone();

  if (emAberto.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível carregar as vendas em aberto">
        {errorMessage(emAberto.error)}
      </Alert>
    );
  }
  if (!emAberto.data) {
    return (
      <Stack gap="md">
        <Skeleton height={56} radius="md" />
        <Skeleton height={140} radius="md" />
      </Stack>
    );
  }
  const { vendas, receitas, totalEmAberto } = emAberto.data;
  if (vendas.length === 0 && receitas.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs">
          <IconCircleCheck size={32} color="var(--mantine-color-teal-6)" />
          <Text fw={500}>Nada em aberto</Text>
          <Text size="sm" c="dimmed">
            Este cliente não tem vendas nem contas a receber em aberto nesta unidade.
          </Text>
        </Stack>
      </Paper>
    );
  }
  const vencidas = receitas.filter((r) => r.vencida);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Total em aberto
            </Text>
            <Text fw={700} fz={28} c="orange.8" aria-label="Total em aberto">
              {formatMoney(totalEmAberto)}
            </Text>
          </Stack>
          {vencidas.length > 0 ? (
            <Badge color="red" variant="light" size="lg">
              {vencidas.length} {vencidas.length === 1 ? 'parcela vencida' : 'parcelas vencidas'}:{' '}
              {formatMoney(fromCents(vencidas.reduce((s, r) => s + toCents(r.valorRestante), 0)))}
            </Badge>
          ) : null}
        </Group>
      </Paper>
      {vendas.length > 0 ? <VendasAbertas pessoaId={pessoaId} vendas={vendas} timeZone={timeZone} /> : null}
      {receitas.length > 0 ? <ReceitasAbertas pessoaId={pessoaId} receitas={receitas} /> : null}
    </Stack>
  );
}

function VendasAbertas({ pessoaId, vendas, timeZone }: { pessoaId: string; vendas: VendaResumo[]; timeZone: string }) {
  const navigate = useNavigate();
  const abrir = (v: VendaResumo) =>
    void navigate({ to: '/vendas/pdv/$id', params: { id: v.id }, search: { returnTo: retornoVendasEmAberto(pessoaId) } });
  return (
    <Stack gap="xs">
      <Title order={4}>Vendas em aberto</Title>
      <Table.ScrollContainer minWidth={520}>
        <Table highlightOnHover verticalSpacing="sm" aria-label="Vendas em aberto">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nº</Table.Th>
              <Table.Th>Data</Table.Th>
              <Table.Th ta="right">Itens</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th ta="right">Pago</Table.Th>
              <Table.Th ta="right">Em aberto</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {vendas.map((v) => (
              <Table.Tr
                key={v.id}
                tabIndex={0}
                aria-label={`Abrir venda nº ${v.numero}`}
                style={{ cursor: 'pointer' }}
                onClick={() => abrir(v)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') abrir(v);
                }}
              >
                <Table.Td fw={600}>{v.numero}</Table.Td>
                <Table.Td>{formatDateTime(v.createdAt, timeZone)}</Table.Td>
                <Table.Td ta="right">{v.quantidadeItens}</Table.Td>
                <Table.Td ta="right">{formatMoney(v.valorLiquido)}</Table.Td>
                <Table.Td ta="right">{formatMoney(v.valorPago)}</Table.Td>
                <Table.Td ta="right" fw={600} c="orange.8">
                  {formatMoney(v.valorEmAberto)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function ReceitasAbertas({ pessoaId, receitas }: { pessoaId: string; receitas: ReceitaEmAberto[] }) {
  return (
    <Stack gap="xs">
      <Title order={4}>Contas a receber</Title>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" aria-label="Contas a receber">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vencimento</Table.Th>
              <Table.Th>Descrição</Table.Th>
              <Table.Th>Parcela</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
              <Table.Th ta="right">Pago</Table.Th>
              <Table.Th ta="right">Restante</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {receitas.map((r) => (
              <Table.Tr
                key={r.id}
                c={r.vencida ? 'red.7' : undefined}
                aria-label={r.vencida ? `${r.descricao} (vencida)` : r.descricao}
              >
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={r.vencida ? 600 : undefined} c={r.vencida ? 'red.7' : undefined}>
                      {formatDate(r.dataVencimento)}
                    </Text>
                    {r.vencida ? (
                      <Badge color="red" size="xs" variant="filled">
                        Vencida
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {r.vendaId && r.vendaNumero !== null ? (
                    <AnchorLink
                      to="/vendas/pdv/$id"
                      params={{ id: r.vendaId }}
                      search={{ returnTo: retornoVendasEmAberto(pessoaId) }}
                      size="sm"
                      c="inherit"
                      underline="always"
                    >
                      {r.descricao}
                    </AnchorLink>
                  ) : (
                    r.descricao
                  )}
                </Table.Td>
                <Table.Td>
                  {r.parcela}/{r.totalParcelas}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(r.valor)}</Table.Td>
                <Table.Td ta="right">{formatMoney(r.valorPago)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(r.valorRestante)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
