/**
 * The saved product's stock in the selected unit, on its form's Estoque tab: the balance,
 * links to its movements, the stock position and the adjustment, and, for products that
 * control lots, the lots with stock and their expiry.
 */
import { Badge, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatCount, formatDate, formatQuantidade } from '@petshop/shared/format';
import { PERMISSOES } from '@petshop/shared/permissoes';
import type { Produto } from '@petshop/shared/produto';
import { IconAdjustmentsHorizontal, IconHistory } from '@tabler/icons-react';
import { hasPermissao } from '#lib/access/sections.tsx';
import { useSessionStore } from '#lib/session/session-store.ts';
import { ButtonLink } from '#lib/ui/router-links.tsx';
import { useLotesDoProduto } from '../api/list-lotes.ts';

/** Lots expiring within this many days are flagged. */
const DIAS_ALERTA_VALIDADE = 30;

export function ProdutoEstoqueSaldo({ produto }: { produto: Produto }) {
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const podeAjustar = hasPermissao({ unidadeNegocio }, PERMISSOES.estoque);
  const lotes = useLotesDoProduto(produto.id, produto.controlaLote);
  const abaixo = produto.estoque !== null && produto.estoque < produto.estoqueMinimo;

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Estoque nesta unidade">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" fw={500}>
              Estoque nesta unidade{unidadeNegocio ? ` (${unidadeNegocio.nome})` : ''}
            </Text>
            <Group gap="xs">
              <Text
                fw={700}
                fz="xl"
                c={produto.estoque !== null && produto.estoque < 0 ? 'red.7' : abaixo ? 'orange.8' : undefined}
                aria-label="Saldo em estoque"
              >
                {produto.estoque === null ? '—' : formatQuantidade(produto.estoque, produto.unidadeMedida)}
              </Text>
              {abaixo ? (
                <Badge color="orange" variant="light">
                  Abaixo do mínimo
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <Group gap="xs">
            <ButtonLink
              size="xs"
              variant="default"
              leftSection={<IconHistory size={14} />}
              to="/relatorios/movimentacoes-estoque"
              search={{ produtoId: produto.id }}
            >
              Movimentações
            </ButtonLink>
            {podeAjustar ? (
              <ButtonLink
                size="xs"
                variant="default"
                leftSection={<IconAdjustmentsHorizontal size={14} />}
                to="/produtos/ajuste-estoque"
              >
                Ajustar estoque
              </ButtonLink>
            ) : null}
          </Group>
        </Group>

        {produto.controlaLote ? (
          lotes.isPending ? (
            <Skeleton height={48} radius="sm" />
          ) : lotes.data && lotes.data.items.length > 0 ? (
            <Table verticalSpacing={4} aria-label="Lotes em estoque">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Lote</Table.Th>
                  <Table.Th>Fabricação</Table.Th>
                  <Table.Th>Validade</Table.Th>
                  <Table.Th ta="right">Quantidade</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lotes.data.items.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.numero}</Table.Td>
                    <Table.Td>{l.dataFabricacao ? formatDate(l.dataFabricacao) : '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm">{l.dataValidade ? formatDate(l.dataValidade) : '—'}</Text>
                        {l.vencido ? (
                          <Badge size="xs" color="red" variant="light">
                            Vencido
                          </Badge>
                        ) : l.diasParaVencer !== null && l.diasParaVencer <= DIAS_ALERTA_VALIDADE ? (
                          <Badge size="xs" color="orange" variant="light">
                            {l.diasParaVencer === 0 ? 'Vence hoje' : `Vence em ${formatCount(l.diasParaVencer, 'dia', 'dias')}`}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{formatQuantidade(l.quantidade, produto.unidadeMedida)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              Nenhum lote com estoque nesta unidade.
            </Text>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}
