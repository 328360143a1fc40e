/**
 * The lines of a draft: product (or, for an imported line without one, the invoice's
 * description with "Vincular" and "Criar produto"), quantity in the shop's unit, unit cost,
 * discount, the line's total and its final unit cost (with its share of freight, other costs
 * and discount), and the lots of products that control them (number, manufacture, expiry,
 * quantity; they must add up to the line's quantity).
 */
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import type { CompraCalculada } from '@petshop/shared/compra';
import { formatMoney, parseDateInput } from '@petshop/shared/format';
import { IconLink, IconPlus, IconSparkles, IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import { DecimalInput, MoneyInput, QuantityInput } from '#lib/ui/decimal-input.tsx';
import { novaChave, somaLotes, type CompraForm, type ItemForm } from '../compra-values.ts';
import { formatCusto, formatQtd, formatQuantidadeNota } from '../compras-format.ts';

type CompraItensProps = {
  form: UseFormReturnType<CompraForm>;
  calculo: CompraCalculada;
  onVincular: (item: ItemForm) => void;
  onCriarProduto: (item: ItemForm) => void;
  /** Key of the line the last product went to (highlighted). */
  destacada: string | null;
};

/** 2 decimals for a cost in cents, 4 when it has more (R$ 11,5250). */
const casasDoCusto = (custo: number | ''): number =>
  custo !== '' && Math.abs(Math.round(custo * 100) - custo * 100) > 1e-6 ? 4 : 2;

const nomeDoItem = (item: ItemForm, i: number) => item.produto?.nome ?? item.fornecimento?.descricao ?? `Item ${i + 1}`;

export function CompraItens({ form, calculo, onVincular, onCriarProduto, destacada }: CompraItensProps) {
  const { itens } = form.getValues();
  if (itens.length === 0) {
    return (
      <Stack gap={2} align="center" py="md">
        <Text fw={500}>Nenhum item</Text>
        <Text size="sm" c="dimmed">
          Passe o código de barras ou busque o produto acima.
        </Text>
      </Stack>
    );
  }

  const setItem = (i: number, patch: Partial<ItemForm>) => {
    const atual = form.getValues().itens[i]!;
    // A typed quantity, cost or discount replaces the invoice's exact line total.
    const mudaValor = 'quantidade' in patch || 'custoUnitario' in patch || 'valorDesconto' in patch;
    form.setFieldValue(`itens.${i}`, { ...atual, ...patch, ...(mudaValor ? { valorTotalServidor: null } : {}) });
    for (const k of Object.keys(patch)) form.clearFieldError(`itens.${i}.${k}`);
  };

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" aria-label="Itens da compra">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={32}>#</Table.Th>
            <Table.Th>Produto</Table.Th>
            <Table.Th ta="right" w={130}>
              Quantidade
            </Table.Th>
            <Table.Th ta="right" w={140}>
              Custo unitário
            </Table.Th>
            <Table.Th ta="right" w={120}>
              Desconto
            </Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Custo final</Table.Th>
            <Table.Th w={44} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {itens.map((item, i) => {
            const nome = nomeDoItem(item, i);
            const unidade = item.produto?.unidadeMedida ?? null;
            const calc = calculo.itens[i];
            const f = item.fornecimento;
            const comLotes = item.produto?.controlaLote ?? false;
            return (
              <Fragment key={item.key}>
                <Table.Tr aria-label={nome} bg={destacada === item.key ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {item.produto ? (
                        <Text size="sm" fw={500}>
                          {item.produto.nome}
                        </Text>
                      ) : (
                        <Group gap={6}>
                          <Badge color="orange" variant="light" size="sm">
                            Sem produto
                          </Badge>
                          <Text size="sm" fw={500}>
                            {f?.descricao}
                          </Text>
                        </Group>
                      )}
                      {f ? (
                        <Text size="xs" c="dimmed">
                          {item.produto ? `${f.descricao} · ` : ''}
                          {f.codigoFornecedor ? `cód. ${f.codigoFornecedor} · ` : ''}
                          nota: {formatQuantidadeNota(f.quantidadeFornecedor, f.unidadeFornecedor)} ×{' '}
                          {formatCusto(f.valorUnitarioFornecedor)}
                          {item.produto && f.fatorConversao !== 1
                            ? ` · 1 ${f.unidadeFornecedor ?? ''} = ${formatQtd(f.fatorConversao, item.produto.unidadeMedida)}`
                            : ''}
                        </Text>
                      ) : item.produto && (item.produto.codigo || item.produto.codigoBarras) ? (
                        <Text size="xs" c="dimmed" ff="monospace">
                          {[item.produto.codigo, item.produto.codigoBarras].filter(Boolean).join(' · ')}
                        </Text>
                      ) : null}
                      {item.id && f ? (
                        <Group gap={6}>
                          <Button
                            size="compact-xs"
                            variant={item.produto ? 'subtle' : 'light'}
                            leftSection={<IconLink size={14} />}
                            onClick={() => onVincular(item)}
                            aria-label={`${item.produto ? 'Trocar produto de' : 'Vincular'} ${f.descricao}`}
                          >
                            {item.produto ? 'Trocar produto' : 'Vincular'}
                          </Button>
                          {item.produto ? null : (
                            <Button
                              size="compact-xs"
                              variant="light"
                              color="teal"
                              leftSection={<IconSparkles size={14} />}
                              onClick={() => onCriarProduto(item)}
                              aria-label={`Criar produto de ${f.descricao}`}
                            >
                              Criar produto
                            </Button>
                          )}
                        </Group>
                      ) : null}
                      {form.errors[`itens.${i}.produtoId`] ? (
                        <Text size="xs" c="red">
                          {form.errors[`itens.${i}.produtoId`]}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <QuantityInput
                      aria-label={`Quantidade de ${nome}`}
                      value={item.quantidade}
                      onChange={(v) => setItem(i, { quantidade: typeof v === 'number' ? v : '' })}
                      fracionada={unidade?.permiteVendaFracionada !== false}
                      allowNegative={false}
                      rightSection={
                        unidade ? (
                          <Text size="xs" c="dimmed">
                            {unidade.sigla}
                          </Text>
                        ) : null
                      }
                      rightSectionWidth={unidade ? 40 : undefined}
                      error={form.errors[`itens.${i}.quantidade`]}
                      styles={{ input: { textAlign: 'right' } }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <DecimalInput
                      aria-label={`Custo unitário de ${nome}`}
                      value={item.custoUnitario}
                      onChange={(v) => setItem(i, { custoUnitario: typeof v === 'number' ? v : '' })}
                      prefix="R$ "
                      // Cents, as prices are written; 4 decimals once a cost has them (a box split into units).
                      decimalScale={4}
                      minDecimalScale={casasDoCusto(item.custoUnitario)}
                      allowNegative={false}
                      error={form.errors[`itens.${i}.custoUnitario`]}
                      styles={{ input: { textAlign: 'right' } }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <MoneyInput
                      aria-label={`Desconto de ${nome}`}
                      value={item.valorDesconto}
                      onChange={(v) => setItem(i, { valorDesconto: v })}
                      error={form.errors[`itens.${i}.valorDesconto`]}
                      styles={{ input: { textAlign: 'right' } }}
                    />
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" fw={600} aria-label={`Total de ${nome}`}>
                      {formatMoney(calc?.valorTotal ?? 0)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Tooltip label="Custo unitário com frete, outras despesas e desconto rateados">
                      <Text size="sm" c="dimmed">
                        {formatCusto(calc?.custoUnitarioFinal ?? 0)}
                      </Text>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label="Remover item">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remover ${nome}`}
                        onClick={() => form.removeListItem('itens', i)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
                {comLotes ? <LotesDoItem form={form} indice={i} item={item} nome={nome} /> : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The lots of a lot-controlled line, in a row under it. */
function LotesDoItem({
  form,
  indice,
  item,
  nome,
}: {
  form: UseFormReturnType<CompraForm>;
  indice: number;
  item: ItemForm;
  nome: string;
}) {
  const soma = somaLotes(item.lotes);
  const quantidade = item.quantidade === '' ? 0 : item.quantidade;
  const unidade = item.produto?.unidadeMedida ?? null;
  const confere = item.lotes.length === 0 || soma === quantidade;
  const base = `itens.${indice}.lotes`;
  return (
    <Table.Tr aria-label={`Lotes de ${nome}`}>
      <Table.Td />
      <Table.Td colSpan={7} pt={0}>
        <Stack gap={4} pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-blue-2)' }}>
          <Group gap="xs">
            <Text size="xs" fw={600} c="dimmed">
              LOTES
            </Text>
            {item.lotes.length === 0 ? (
              <Text size="xs" c="orange.8">
                Produto com controle de lote: informe o lote e a validade.
              </Text>
            ) : (
              <Text size="xs" c={confere ? 'dimmed' : 'orange.8'}>
                {formatQtd(soma, unidade)} de {formatQtd(quantidade, unidade)}
                {confere ? '' : ' — a soma dos lotes deve ser a quantidade do item'}
              </Text>
            )}
          </Group>
          {item.lotes.map((l, j) => (
            <Group key={l.key} gap={6} wrap="nowrap" align="flex-start">
              <TextInput
                aria-label={`Número do lote ${j + 1} de ${nome}`}
                placeholder="Lote"
                size="xs"
                w={130}
                {...form.getInputProps(`${base}.${j}.numero`)}
              />
              <DateInput
                aria-label={`Fabricação do lote ${j + 1} de ${nome}`}
                placeholder="Fabricação"
                size="xs"
                w={120}
                valueFormat="DD/MM/YYYY"
                dateParser={(text) => parseDateInput(text)}
                clearable
                value={l.dataFabricacao}
                onChange={(v) => form.setFieldValue(`${base}.${j}.dataFabricacao`, v)}
                error={form.errors[`${base}.${j}.dataFabricacao`]}
              />
              <DateInput
                aria-label={`Validade do lote ${j + 1} de ${nome}`}
                placeholder="Validade"
                size="xs"
                w={120}
                valueFormat="DD/MM/YYYY"
                dateParser={(text) => parseDateInput(text)}
                clearable
                value={l.dataValidade}
                onChange={(v) => form.setFieldValue(`${base}.${j}.dataValidade`, v)}
                error={form.errors[`${base}.${j}.dataValidade`]}
              />
              <QuantityInput
                aria-label={`Quantidade do lote ${j + 1} de ${nome}`}
                placeholder="Qtd."
                size="xs"
                w={100}
                fracionada={unidade?.permiteVendaFracionada !== false}
                allowNegative={false}
                value={l.quantidade}
                onChange={(v) => form.setFieldValue(`${base}.${j}.quantidade`, typeof v === 'number' ? v : '')}
                error={form.errors[`${base}.${j}.quantidade`]}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                mt={4}
                aria-label={`Remover lote ${j + 1} de ${nome}`}
                onClick={() => form.removeListItem(base, j)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
          <div>
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                form.insertListItem(base, {
                  key: novaChave('lote'),
                  numero: '',
                  dataFabricacao: null,
                  dataValidade: null,
                  // The rest of the line's quantity goes to the new lot.
                  quantidade: Math.max(0, quantidade - soma) || '',
                })
              }
            >
              Adicionar lote
            </Button>
          </div>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
