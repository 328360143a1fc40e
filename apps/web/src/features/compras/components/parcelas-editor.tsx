/**
 * The installments (*parcelas*) of a draft, which become payables when it is finalised: "Gerar"
 * splits the total into N installments every 30 days from the entry date (the odd cents on the
 * first), then each due date and value can be edited. The sum is checked against the total
 * (finalising refuses a mismatch); none at all means one payable of the total due on the entry
 * date.
 */
import { ActionIcon, Alert, Button, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { formatMoney, parseDateInput, toCents } from '@petshop/shared/format';
import { IconAlertTriangle, IconPlus, IconTrash, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { DecimalInput, MoneyInput } from '#lib/ui/decimal-input.tsx';
import { gerarParcelas, novaChave, somaParcelas, type CompraForm } from '../compra-values.ts';

type ParcelasEditorProps = { form: UseFormReturnType<CompraForm>; total: number; hoje: string };

export function ParcelasEditor({ form, total, hoje }: ParcelasEditorProps) {
  const { parcelas, dataEntrada, dataEmissao } = form.getValues();
  const [quantas, setQuantas] = useState<number | ''>(Math.max(1, parcelas.length));
  const soma = somaParcelas(parcelas);
  const diferenca = toCents(soma) !== toCents(total);

  const gerar = () => {
    const n = typeof quantas === 'number' && quantas >= 1 ? Math.trunc(quantas) : 1;
    form.setFieldValue('parcelas', gerarParcelas(total, n, dataEntrada ?? dataEmissao ?? hoje));
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <DecimalInput
          label="Parcelas"
          aria-label="Quantidade de parcelas"
          min={1}
          max={120}
          allowDecimal={false}
          allowNegative={false}
          value={quantas}
          onChange={(v) => setQuantas(typeof v === 'number' ? v : '')}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              gerar();
            }
          }}
          w={110}
        />
        <Button variant="light" leftSection={<IconWand size={16} />} onClick={gerar} disabled={total <= 0}>
          Gerar parcelas a cada 30 dias
        </Button>
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          onClick={() =>
            form.insertListItem('parcelas', {
              key: novaChave('parcela'),
              numero: '',
              dataVencimento: dataEntrada ?? hoje,
              valor: '',
            })
          }
        >
          Adicionar parcela
        </Button>
      </Group>

      {parcelas.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sem parcelas: ao finalizar, uma conta a pagar do total vence na data de entrada.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={440}>
          <Table verticalSpacing={4} aria-label="Parcelas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th>Nº do documento</Table.Th>
                <Table.Th>Vencimento</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
                <Table.Th w={44} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {parcelas.map((p, i) => (
                <Table.Tr key={p.key}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Número da parcela ${i + 1}`}
                      placeholder="Opcional"
                      maxLength={60}
                      {...form.getInputProps(`parcelas.${i}.numero`)}
                      w={110}
                    />
                  </Table.Td>
                  <Table.Td>
                    <DateInput
                      aria-label={`Vencimento da parcela ${i + 1}`}
                      placeholder="dd/mm/aaaa"
                      valueFormat="DD/MM/YYYY"
                      dateParser={(text) => parseDateInput(text)}
                      value={p.dataVencimento}
                      onChange={(value) => form.setFieldValue(`parcelas.${i}.dataVencimento`, value)}
                      error={form.errors[`parcelas.${i}.dataVencimento`]}
                      w={130}
                    />
                  </Table.Td>
                  <Table.Td>
                    <MoneyInput
                      aria-label={`Valor da parcela ${i + 1}`}
                      value={p.valor}
                      onChange={(v) => form.setFieldValue(`parcelas.${i}.valor`, v)}
                      error={form.errors[`parcelas.${i}.valor`]}
                      styles={{ input: { textAlign: 'right' } }}
                      w={130}
                      ml="auto"
                    />
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label="Remover parcela">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remover parcela ${i + 1}`}
                        onClick={() => form.removeListItem('parcelas', i)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={3} ta="right">
                  Soma das parcelas
                </Table.Th>
                <Table.Th ta="right" aria-label="Soma das parcelas" c={diferenca ? 'orange.8' : undefined}>
                  {formatMoney(soma)}
                </Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
      {parcelas.length > 0 && diferenca ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />} py={6} role="status">
          As parcelas somam {formatMoney(soma)} e o total da compra é {formatMoney(total)}: ajuste os valores ou gere as parcelas
          de novo antes de finalizar.
        </Alert>
      ) : null}
    </Stack>
  );
}
