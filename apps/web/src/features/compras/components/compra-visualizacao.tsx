/**
 * A finalised or cancelled purchase, read only (issue #5 item 5): header, supplier, invoice,
 * the items with what entered the stock (quantity, final unit cost, lots), the payables its
 * installments became, the totals, and links to the stock movements. A finalised purchase can
 * be deleted: that reverses its stock and payables (refused when a payable was already paid).
 */
import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ORIGEM_COMPRA_LABEL, type Compra } from '@petshop/shared/compra';
import { STATUS_FINANCEIRO_COR, STATUS_FINANCEIRO_LABEL } from '@petshop/shared/financeiro';
import { TIPO_MOVIMENTACAO_ESTOQUE_LABEL, type TipoMovimentacaoEstoque } from '@petshop/shared/estoque';
import { formatCpfCnpj, formatDate, formatDateTime, formatMoney } from '@petshop/shared/format';
import { IconAlertTriangle, IconHistory, IconListDetails, IconTrash } from '@tabler/icons-react';
import { Campo } from './compra-campo.tsx';
import { StatusCompraBadge } from './status-compra-badge.tsx';
import { TotaisCompra } from './totais-compra.tsx';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { AnchorLink, ButtonLink } from '#lib/ui/router-links.tsx';
import { useExcluirCompra } from '../api/excluir-compra.ts';
import { formatCusto, formatQtd } from '../compras-format.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

export function CompraVisualizacao({ compra }: { compra: Compra }) {
  const timeZone = useTimeZone();
  const excluir = useExcluirCompra();
  const finalizada = compra.status === 'Finalizada';
  const desde = compra.finalizadaEm ? compra.finalizadaEm.slice(0, 10) : (compra.dataEntrada ?? hojeNaUnidade());
  const movimentacoesSearch = (produtoId?: string) => ({
    dataInicio: desde < hojeNaUnidade() ? desde : hojeNaUnidade(),
    dataFim: hojeNaUnidade(),
    tipo: ['entrada_compra', 'cancelamento_compra'] as ('entrada_compra' | 'cancelamento_compra')[],
    ...(produtoId ? { produtoId } : {}),
  });

  const excluirFinalizada = async () => {
    const ok = await confirmDelete({
      title: 'Excluir compra finalizada',
      subject: 'a compra',
      name: `nº ${compra.numero}`,
      detail:
        'Excluir uma compra finalizada estorna a entrada: as quantidades saem do estoque (dos mesmos lotes) e as contas a pagar dela são canceladas. Se alguma parcela já foi paga, estorne o pagamento antes. O custo dos produtos não é alterado.',
    });
    if (!ok) return;
    excluir.mutate(compra.id, {
      onSuccess: () => notifySuccess(`Compra nº ${compra.numero} excluída: estoque e contas a pagar estornados`),
      onError: notifyActionError,
    });
  };

  return (
    <Stack gap="md">
      <PageHeader
        back={<BackLink to="/compras">Compras</BackLink>}
        title={
          <Group gap="sm" component="span">
            Compra nº {compra.numero}
            <StatusCompraBadge status={compra.status} size="lg" />
          </Group>
        }
        description={
          finalizada
            ? `Finalizada em ${formatDateTime(compra.finalizadaEm, timeZone)}: entrou no estoque e gerou as contas a pagar.`
            : `Cancelada em ${formatDateTime(compra.canceladaEm, timeZone)}: estoque e contas a pagar estornados.`
        }
        actions={
          <>
            <ButtonLink
              variant="default"
              leftSection={<IconListDetails size={16} />}
              to="/compras/$compraId/resumo"
              params={{ compraId: compra.id }}
            >
              Resumo
            </ButtonLink>
            <ButtonLink
              variant="default"
              leftSection={<IconHistory size={16} />}
              to="/relatorios/movimentacoes-estoque"
              search={movimentacoesSearch()}
            >
              Movimentações de estoque
            </ButtonLink>
            {finalizada ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                loading={excluir.isPending}
                onClick={() => void excluirFinalizada()}
              >
                Excluir compra
              </Button>
            ) : null}
          </>
        }
      />

      {compra.avisos.length > 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} title="Avisos da importação">
          <List size="sm" spacing={2}>
            {compra.avisos.map((a) => (
              <List.Item key={`${a.codigo}-${a.mensagem}`}>{a.mensagem}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}

      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
          <Campo label="Fornecedor">
            {compra.fornecedor ? (
              <>
                {compra.fornecedor.nomeFantasia || compra.fornecedor.razaoSocial}
                {compra.fornecedor.cpfCnpj ? (
                  <Text span display="block" size="xs" c="dimmed" ff="monospace">
                    {formatCpfCnpj(compra.fornecedor.cpfCnpj)}
                  </Text>
                ) : null}
              </>
            ) : null}
          </Campo>
          <Campo label="Nota / série">
            {compra.numeroNota ? `${compra.numeroNota}${compra.serie ? ` / ${compra.serie}` : ''}` : null}
          </Campo>
          <Campo label="Emissão">{formatDate(compra.dataEmissao)}</Campo>
          <Campo label="Entrada">{formatDate(compra.dataEntrada)}</Campo>
          <Campo label="Origem">{ORIGEM_COMPRA_LABEL[compra.origem]}</Campo>
          <Campo label="Lançada por">{compra.usuario?.nome}</Campo>
          {compra.chaveAcesso ? (
            <Campo label="Chave de acesso">
              <Text span ff="monospace" size="xs">
                {compra.chaveAcesso}
              </Text>
            </Campo>
          ) : null}
          {compra.observacoes ? <Campo label="Observações">{compra.observacoes}</Campo> : null}
        </SimpleGrid>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-label="Itens">
        <Title order={4} mb="sm">
          {finalizada ? 'Itens: entrada no estoque' : 'Itens'}
        </Title>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" aria-label="Itens da compra">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Produto</Table.Th>
                <Table.Th ta="right">Quantidade</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  Custo unit.
                </Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  Custo final
                </Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Lotes</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {compra.itens.map((item) => (
                <Table.Tr key={item.id} aria-label={item.produto?.nome ?? item.descricao}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {item.produto?.nome ?? item.descricao}
                    </Text>
                    {item.produto && item.codigoFornecedor ? (
                      <Text size="xs" c="dimmed">
                        {item.descricao} · cód. {item.codigoFornecedor}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" c={finalizada ? 'teal.8' : undefined} fw={600}>
                      {finalizada ? '+' : ''}
                      {formatQtd(item.quantidade, item.produto?.unidadeMedida)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatCusto(item.custoUnitario)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatCusto(item.custoUnitarioFinal)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(item.valorTotal)}
                  </Table.Td>
                  <Table.Td>
                    {item.lotes.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    ) : (
                      <Stack gap={0}>
                        {item.lotes.map((l) => (
                          <Text key={l.numero} size="xs">
                            {l.numero}
                            {l.dataValidade ? ` · val. ${formatDate(l.dataValidade)}` : ''} ·{' '}
                            {formatQtd(l.quantidade, item.produto?.unidadeMedida)}
                          </Text>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {item.produtoId ? (
                      <AnchorLink
                        to="/relatorios/movimentacoes-estoque"
                        search={movimentacoesSearch(item.produtoId)}
                        size="xs"
                        aria-label={`Movimentações de ${item.produto?.nome ?? item.descricao}`}
                      >
                        Movimentações
                      </AnchorLink>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      {compra.movimentacoes.length > 0 ? (
        <Paper withBorder radius="md" p="md" component="section" aria-label="Movimentações de estoque da compra">
          <Title order={4} mb="sm">
            Movimentações de estoque
          </Title>
          <MovimentacoesDaCompra compra={compra} timeZone={timeZone} />
        </Paper>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" component="section" aria-label="Contas a pagar">
          <Title order={4}>Contas a pagar</Title>
          <Text size="sm" c="dimmed" mb="sm">
            {finalizada ? 'Lançadas no financeiro ao finalizar a compra.' : 'Canceladas junto com a compra.'}
          </Text>
          <ContasAPagar compra={compra} />
        </Paper>
        <Paper withBorder radius="md" p="md" component="section" aria-label="Totais da compra">
          <Title order={4} mb="sm">
            Totais
          </Title>
          <TotaisCompra totais={compra} />
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

/** The payables the purchase created (status, paid), or its installments before there are any. */
function ContasAPagar({ compra }: { compra: Compra }) {
  if (compra.despesas.length > 0) {
    return (
      <Table verticalSpacing={4} aria-label="Parcelas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Parcela</Table.Th>
            <Table.Th>Vencimento</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th>Situação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {compra.despesas.map((d) => {
            return (
              <Table.Tr key={d.id} aria-label={`Parcela ${d.parcela}/${d.totalParcelas}`}>
                <Table.Td>
                  <Text size="sm">
                    {d.parcela}/{d.totalParcelas}
                  </Text>
                  {d.documento ? (
                    <Text size="xs" c="dimmed">
                      Doc. {d.documento}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{formatDate(d.dataVencimento)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(d.valor)}
                  {d.valorPago > 0 ? (
                    <Text size="xs" c="dimmed">
                      pago {formatMoney(d.valorPago)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_FINANCEIRO_COR[d.status]} style={{ minWidth: 'max-content' }}>
                    {STATUS_FINANCEIRO_LABEL[d.status]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    );
  }
  if (compra.parcelas.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Uma conta a pagar do total, com vencimento na entrada ({formatDate(compra.dataEntrada)}).
      </Text>
    );
  }
  return (
    <Table verticalSpacing={4} aria-label="Parcelas">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Parcela</Table.Th>
          <Table.Th>Vencimento</Table.Th>
          <Table.Th ta="right">Valor</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {compra.parcelas.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>
              {p.parcela}/{compra.parcelas.length}
            </Table.Td>
            <Table.Td>{formatDate(p.dataVencimento)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(p.valor)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The purchase's own stock movements: its entry (and its reversal when deleted), lot by lot. */
function MovimentacoesDaCompra({ compra, timeZone }: { compra: Compra; timeZone: string }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={4} aria-label="Movimentações de estoque">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Produto</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th ta="right">Quantidade</Table.Th>
            <Table.Th ta="right">Custo unit.</Table.Th>
            <Table.Th ta="right">Saldo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {compra.movimentacoes.map((m) => {
            const unidade = { sigla: m.unidadeSigla, permiteVendaFracionada: true };
            return (
              <Table.Tr key={m.id} aria-label={`${m.produtoNome} ${m.tipo}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.createdAt, timeZone)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{m.produtoNome}</Text>
                  {m.lote ? (
                    <Text size="xs" c="dimmed">
                      Lote {m.lote.numero}
                      {m.lote.dataValidade ? ` · val. ${formatDate(m.lote.dataValidade)}` : ''}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={m.quantidade >= 0 ? 'teal' : 'red'} style={{ minWidth: 'max-content' }}>
                    {m.tipo in TIPO_MOVIMENTACAO_ESTOQUE_LABEL
                      ? TIPO_MOVIMENTACAO_ESTOQUE_LABEL[m.tipo as TipoMovimentacaoEstoque]
                      : m.tipo}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={600} c={m.quantidade >= 0 ? 'teal.8' : 'red.7'}>
                    {m.quantidade >= 0 ? '+' : '−'}
                    {formatQtd(Math.abs(m.quantidade), unidade)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatCusto(m.custoUnitario)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatQtd(m.saldoResultante, unidade)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
