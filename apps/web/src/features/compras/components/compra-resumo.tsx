/**
 * /compras/{compraId}/resumo (spec §2; DOMAIN.md §5 "The summary screen shows what finalising
 * will do"): per item the stock (current → new) and the cost price (current → new, by the
 * unit's method), the payables the installments become, the totals, and the pendências that
 * block finalising, with the way back to fix them. "Finalizar compra" (confirmed) moves the
 * stock in, updates the costs and creates the payables in one go.
 *
 * Products whose cost goes up (issue #15) are listed under "Preços de venda a revisar" while a
 * draft (the prices may be changed already), and again right after finalising, from the
 * finalisation's own answer: the page then stays here until the prices are saved or the user
 * goes on to the purchase ("Agora não"). A finalised purchase opened later offers nothing (its
 * costs before are no longer known).
 */
import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { METODO_CUSTO_LABEL, type RevisaoPreco } from '@petshop/shared/compra';
import { formatCount, formatCpfCnpj, formatDate, formatMoney, formatQuantidade, plural } from '@petshop/shared/format';
import { IconAlertCircle, IconArrowRight, IconCheck, IconCircleCheck, IconPencil } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { RevisaoPrecos } from './revisao-precos.tsx';
import { StatusCompraBadge } from './status-compra-badge.tsx';
import { LinhaValor, TotaisCompra } from './totais-compra.tsx';
import { toApiError } from '#lib/http/api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { ButtonLink } from '#lib/ui/router-links.tsx';
import { useFinalizarCompra } from '../api/finalizar-compra.ts';
import { useResumoCompra } from '../api/get-resumo-compra.ts';
import { formatCusto } from '../compras-format.ts';

const qtd = (q: number | null, sigla: string | undefined) =>
  q === null ? '—' : formatQuantidade(q, { sigla: sigla ?? '', permiteVendaFracionada: true });

/** 'antes → depois', the new value in bold when it changes. */
function Mudanca({ antes, depois, label }: { antes: string; depois: string; label: string }) {
  const muda = antes !== depois;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap" aria-label={label}>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {antes}
      </Text>
      <IconArrowRight size={12} color="var(--mantine-color-dimmed)" />
      <Text size="sm" fw={muda ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
        {depois}
      </Text>
    </Group>
  );
}

export function CompraResumo({ id }: { id: string }) {
  const { data: r } = useResumoCompra(id);
  const navigate = useNavigate();
  const finalizar = useFinalizarCompra();
  const [erros, setErros] = useState<string[]>([]);
  /** What the finalisation answered: the products whose cost it raised. */
  const [revisaoFinal, setRevisaoFinal] = useState<RevisaoPreco[] | null>(null);
  const rascunho = r.status === 'Rascunho';
  const irParaCompra = () => void navigate({ to: '/compras/$compraId', params: { compraId: id } });

  const confirmarFinalizar = () =>
    modals.openConfirmModal({
      title: `Finalizar compra nº ${r.numero}`,
      centered: true,
      children: (
        <Text size="sm">
          {formatCount(r.itens.length, 'item', 'itens')} {plural(r.itens.length, 'entra', 'entram')} no estoque, o custo dos
          produtos é atualizado ({METODO_CUSTO_LABEL[r.metodoCusto].toLowerCase()}) e{' '}
          {formatCount(r.parcelas.length, 'conta a pagar', 'contas a pagar')}{' '}
          {plural(r.parcelas.length, 'é criada', 'são criadas')}, somando {formatMoney(r.valorTotal)}.
        </Text>
      ),
      labels: { confirm: 'Finalizar (Enter)', cancel: 'Voltar (Esc)' },
      confirmProps: { 'data-autofocus': true },
      onConfirm: () => {
        setErros([]);
        finalizar.mutate(id, {
          onSuccess: (compra) => {
            notifySuccess(`Compra nº ${compra.numero} finalizada: estoque e contas a pagar lançados`);
            if (compra.revisaoPrecos.length > 0) setRevisaoFinal(compra.revisaoPrecos);
            else irParaCompra();
          },
          onError: (error) => {
            const e = toApiError(error);
            if (e.kind === 'unauthorized') return;
            setErros(
              [...e.generalErrors, ...Object.values(e.fieldErrors)].length > 0
                ? [...e.generalErrors, ...Object.values(e.fieldErrors)]
                : [e.message],
            );
          },
        });
      },
    });

  return (
    <Stack gap="md">
      <PageHeader
        back={
          <BackLink to="/compras/$compraId" params={{ compraId: id }}>
            Compra nº {r.numero}
          </BackLink>
        }
        title={
          <Group gap="sm" component="span">
            Resumo da compra nº {r.numero}
            <StatusCompraBadge status={r.status} size="lg" />
          </Group>
        }
        description={
          rascunho
            ? 'O que acontece ao finalizar: entrada no estoque, novo custo dos produtos e contas a pagar.'
            : 'A compra como ficou: o estoque e o custo mostram os valores de agora.'
        }
      />

      {r.pendencias.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Pendências: corrija antes de finalizar" role="alert">
          <Stack gap="xs">
            <List size="sm" spacing={2}>
              {r.pendencias.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
            <div>
              <ButtonLink
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconPencil size={14} />}
                to="/compras/$compraId"
                params={{ compraId: id }}
              >
                Corrigir na compra
              </ButtonLink>
            </div>
          </Stack>
        </Alert>
      ) : rascunho ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck />} title="Pronta para finalizar">
          Nenhuma pendência.
        </Alert>
      ) : null}

      {erros.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível finalizar" role="alert">
          {erros.join(' ')}
        </Alert>
      ) : null}

      {revisaoFinal && revisaoFinal.length > 0 ? (
        <RevisaoPrecos
          compraId={id}
          revisao={revisaoFinal}
          descricao="A compra foi finalizada e o custo destes produtos subiu. Confira o preço de venda: o sugerido mantém o markup que o produto tinha."
          onSalvo={(n) => {
            notifySuccess(n === 1 ? 'Preço de venda atualizado' : `${n} preços de venda atualizados`);
            irParaCompra();
          }}
          acoes={
            <Button variant="default" onClick={irParaCompra}>
              Agora não
            </Button>
          }
        />
      ) : null}

      <Paper withBorder radius="md" p="md" component="section" aria-label="Estoque e custo">
        <Group justify="space-between" mb="sm">
          <Title order={4}>Estoque e custo</Title>
          <Badge variant="light">{METODO_CUSTO_LABEL[r.metodoCusto]}</Badge>
        </Group>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" aria-label="Itens do resumo">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Produto</Table.Th>
                <Table.Th ta="right">Entrada</Table.Th>
                <Table.Th ta="right">Estoque</Table.Th>
                <Table.Th ta="right">Custo</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Lotes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.itens.map((item) => {
                const sigla = item.produto?.unidadeSigla;
                const nome = item.produto?.nome ?? item.descricao;
                return (
                  <Table.Tr key={item.itemId} aria-label={nome}>
                    <Table.Td>
                      {item.produto ? (
                        <Text size="sm" fw={500}>
                          {item.produto.nome}
                        </Text>
                      ) : (
                        <Group gap={6}>
                          <Badge color="red" variant="light" size="sm">
                            Sem produto
                          </Badge>
                          <Text size="sm">{item.descricao}</Text>
                        </Group>
                      )}
                      {item.valorRateio !== 0 ? (
                        <Text size="xs" c="dimmed">
                          Rateio de frete/despesas/desconto: {formatMoney(item.valorRateio)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm" c="teal.8" fw={600}>
                        +{qtd(item.quantidade, sigla)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {item.saldoAtual !== null && item.saldoNovo !== null ? (
                        <Mudanca
                          antes={qtd(item.saldoAtual, sigla)}
                          depois={qtd(item.saldoNovo, sigla)}
                          label={`Estoque de ${nome}`}
                        />
                      ) : (
                        <Text size="sm" c="dimmed" ta="right">
                          {item.produto && !item.produto.controlaEstoque ? 'não controla' : '—'}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {item.custoAtual !== null && item.custoNovo !== null ? (
                        <Mudanca
                          antes={formatCusto(item.custoAtual)}
                          depois={formatCusto(item.custoNovo)}
                          label={`Custo de ${nome}`}
                        />
                      ) : (
                        <Text size="sm" ta="right">
                          {formatCusto(item.custoUnitarioEntrada)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(item.valorTotal)}</Table.Td>
                    <Table.Td>
                      {item.lotes.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      ) : (
                        item.lotes.map((l) => (
                          <Text key={l.numero} size="xs">
                            {l.numero}
                            {l.dataValidade ? ` · val. ${formatDate(l.dataValidade)}` : ''} · {qtd(l.quantidade, sigla)}
                          </Text>
                        ))
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      {rascunho && !revisaoFinal && r.revisaoPrecos.length > 0 ? (
        <RevisaoPrecos
          key={JSON.stringify(r.revisaoPrecos)}
          compraId={id}
          revisao={r.revisaoPrecos}
          descricao="Ao finalizar, o custo destes produtos sobe. Revise o preço de venda agora ou logo depois de finalizar: o sugerido mantém o markup que o produto tinha."
          onSalvo={(n) => notifySuccess(n === 1 ? 'Preço de venda atualizado' : `${n} preços de venda atualizados`)}
        />
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" component="section" aria-label="Contas a pagar">
          <Title order={4} mb="sm">
            Contas a pagar
          </Title>
          <Table verticalSpacing={4} aria-label="Contas a pagar">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vencimento</Table.Th>
                <Table.Th>Descrição</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.parcelas.map((p) => (
                <Table.Tr key={p.parcela}>
                  <Table.Td>{formatDate(p.dataVencimento)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{p.descricao}</Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(p.valor)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder radius="md" p="md" component="section" aria-label="Totais da compra">
          <Title order={4} mb="sm">
            Totais
          </Title>
          <TotaisCompra
            totais={r}
            antes={
              r.fornecedor ? (
                <LinhaValor
                  label="Fornecedor"
                  valor={`${r.fornecedor.nomeFantasia || r.fornecedor.razaoSocial}${r.fornecedor.cpfCnpj ? ` — ${formatCpfCnpj(r.fornecedor.cpfCnpj)}` : ''}`}
                />
              ) : null
            }
            depois={<LinhaValor label="Soma das parcelas" valor={formatMoney(r.valorParcelas)} />}
          />
        </Paper>
      </SimpleGrid>

      {rascunho ? (
        <Paper withBorder p="sm" radius="md">
          <Group justify="flex-end" gap="sm">
            <ButtonLink
              variant="default"
              leftSection={<IconPencil size={16} />}
              to="/compras/$compraId"
              params={{ compraId: id }}
            >
              Voltar à edição
            </ButtonLink>
            <Button
              leftSection={<IconCheck size={16} />}
              disabled={!r.podeFinalizar}
              loading={finalizar.isPending}
              onClick={confirmarFinalizar}
            >
              Finalizar compra
            </Button>
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}
