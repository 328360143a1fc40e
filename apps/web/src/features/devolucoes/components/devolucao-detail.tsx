/**
 * /devolucoes/{id} (spec §2, the return loaded first): number, date, the sale it came from (to
 * the till), customer, operator, refund kind, reason, items and total; "Imprimir comprovante"
 * prints the return receipt (80 mm, or A4 from its menu; issue #15).
 */
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TipoReembolso } from '@petshop/shared/devolucao';
import { formatDateTime, formatMoney, formatQuantidade } from '@petshop/shared/format';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AnchorLink } from '#lib/ui/router-links.tsx';
import { BackLink } from '#lib/ui/back-link.tsx';
import { BotaoImprimir } from '#lib/print/botao-imprimir.tsx';
import { useDevolucao } from '../api/get-devolucao.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';

const REEMBOLSO: Record<TipoReembolso, { label: string; color: string }> = {
  dinheiro: { label: 'Dinheiro (saiu do caixa)', color: 'green' },
  credito_cliente: { label: 'Crédito para o cliente', color: 'grape' },
};

export function DevolucaoDetail({ id }: { id: string }) {
  const { data: d } = useDevolucao(id);
  const timeZone = useTimeZone();
  const reembolso = REEMBOLSO[d.reembolso];

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <BackLink to="/vendas/lista-de-vendas">Lista de vendas</BackLink>
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Group gap="sm" align="center">
            <IconArrowBackUp size={26} color="var(--mantine-color-orange-7)" />
            <Title order={2}>Devolução nº {d.numero}</Title>
            <Badge color={reembolso.color} variant="light" size="lg">
              {reembolso.label}
            </Badge>
          </Group>
          <BotaoImprimir
            label="Imprimir comprovante"
            caminho={`/comercial/devolucoes/${encodeURIComponent(d.id)}/imprimir`}
            nomeArquivo={`devolucao-${d.numero}.pdf`}
          />
        </Group>
      </Stack>

      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
          <Campo label="Data">{formatDateTime(d.createdAt, timeZone)}</Campo>
          <Campo label="Venda">
            <AnchorLink to="/vendas/pdv/$id" params={{ id: d.venda.id }} size="sm">
              Venda nº {d.venda.numero}
            </AnchorLink>
          </Campo>
          <Campo label="Cliente">
            {d.cliente ? (
              <AnchorLink to="/clientes/$clienteId" params={{ clienteId: d.cliente.id }} size="sm">
                {d.cliente.nome}
              </AnchorLink>
            ) : (
              'Consumidor'
            )}
          </Campo>
          <Campo label="Operador">{d.usuario.nome}</Campo>
          <Campo label="Reembolso">{reembolso.label}</Campo>
          <Campo label="Motivo">{d.motivo}</Campo>
        </SimpleGrid>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" aria-label="Itens devolvidos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Produto</Table.Th>
                <Table.Th ta="right">Quantidade</Table.Th>
                <Table.Th ta="right">Valor unitário</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.itens.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.descricao}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatQuantidade(item.quantidade, { sigla: item.unidadeSigla, permiteVendaFracionada: true })}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(item.valorUnitario)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(item.valorTotal)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={3} ta="right">
                  Total devolvido
                </Table.Th>
                <Table.Th ta="right" fz="lg" aria-label="Total devolvido">
                  {formatMoney(d.valorTotal)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}

function Campo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </Stack>
  );
}
