/**
 * The installments of a new título (issue #6 "create with installments"): the total, how many,
 * the first due date and the interval give the preview (`gerarParcelas`: the odd cents on the
 * first); each row's due date and value can then be edited, and the sum must match the total.
 */
import { Alert, Group, Select, Table, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  gerarParcelas,
  INTERVALO_PARCELA_LABEL,
  INTERVALOS_PARCELA,
  PARCELAS_TITULO_MAXIMAS,
  type IntervaloParcela,
} from '@petshop/shared/financeiro';
import { formatMoney, fromCents, parseDateInput, toCents } from '@petshop/shared/format';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DecimalInput, MoneyInput, moneyValue } from '#lib/ui/decimal-input.tsx';

export type ParcelaValues = { dataVencimento: string; valor: number | string };

export type ParcelamentoValues = {
  total: number | string;
  quantidade: number | string;
  primeiroVencimento: string;
  intervalo: IntervaloParcela;
  parcelas: ParcelaValues[];
};

/** Sum of the rows (reais), in cents so it never drifts. */
export const somaParcelas = (parcelas: readonly ParcelaValues[]): number =>
  fromCents(parcelas.reduce((s, p) => s + toCents(moneyValue(p.valor) ?? 0), 0));

/** The preview for these values: [] until there is a total, a count and a first due date. */
export const previaParcelas = (v: Omit<ParcelamentoValues, 'parcelas'>): ParcelaValues[] => {
  const total = moneyValue(v.total) ?? 0;
  const n = typeof v.quantidade === 'number' ? Math.trunc(v.quantidade) : Number.parseInt(String(v.quantidade), 10);
  if (total <= 0 || !Number.isFinite(n) || n < 1 || n > PARCELAS_TITULO_MAXIMAS || !v.primeiroVencimento) return [];
  return gerarParcelas(total, n, v.primeiroVencimento, v.intervalo);
};

type ParcelasTituloProps = {
  values: ParcelamentoValues;
  /** A change of total, count, first due date or interval: the preview is generated again. */
  onParametros: (patch: Partial<Omit<ParcelamentoValues, 'parcelas'>>) => void;
  onParcela: (index: number, patch: Partial<ParcelaValues>) => void;
  errors: Record<string, ReactNode>;
};

export function ParcelasTitulo({ values, onParametros, onParcela, errors }: ParcelasTituloProps) {
  const total = moneyValue(values.total) ?? 0;
  const soma = somaParcelas(values.parcelas);
  const diferenca = values.parcelas.length > 0 && toCents(soma) !== toCents(total);
  return (
    <>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <MoneyInput
          label="Valor total"
          required
          value={values.total}
          onChange={(total) => onParametros({ total })}
          error={errors.total}
          w={160}
        />
        <DecimalInput
          label="Nº de parcelas"
          required
          min={1}
          max={PARCELAS_TITULO_MAXIMAS}
          allowDecimal={false}
          allowNegative={false}
          value={values.quantidade}
          onChange={(quantidade) => onParametros({ quantidade })}
          error={errors.quantidade}
          w={120}
        />
        <DateInput
          label={values.parcelas.length > 1 ? 'Primeiro vencimento' : 'Vencimento'}
          required
          placeholder="dd/mm/aaaa"
          valueFormat="DD/MM/YYYY"
          dateParser={(text) => parseDateInput(text)}
          value={values.primeiroVencimento || null}
          onChange={(value) => onParametros({ primeiroVencimento: value ?? '' })}
          error={errors.primeiroVencimento}
          w={150}
        />
        <Select
          label="Intervalo"
          data={INTERVALOS_PARCELA.map((value) => ({ value, label: INTERVALO_PARCELA_LABEL[value] }))}
          value={values.intervalo}
          onChange={(v) => {
            if (v) onParametros({ intervalo: v as IntervaloParcela });
          }}
          allowDeselect={false}
          disabled={Number(values.quantidade) <= 1}
          w={140}
        />
      </Group>
      {values.parcelas.length > 0 ? (
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing={4} aria-label="Parcelas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>Parcela</Table.Th>
                <Table.Th>Vencimento</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.parcelas.map((p, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    {i + 1}/{values.parcelas.length}
                  </Table.Td>
                  <Table.Td>
                    <DateInput
                      aria-label={`Vencimento da parcela ${i + 1}`}
                      placeholder="dd/mm/aaaa"
                      valueFormat="DD/MM/YYYY"
                      dateParser={(text) => parseDateInput(text)}
                      value={p.dataVencimento || null}
                      onChange={(value) => onParcela(i, { dataVencimento: value ?? '' })}
                      error={errors[`parcelas.${i}.dataVencimento`]}
                      w={140}
                    />
                  </Table.Td>
                  <Table.Td>
                    <MoneyInput
                      aria-label={`Valor da parcela ${i + 1}`}
                      value={p.valor}
                      onChange={(valor) => onParcela(i, { valor })}
                      error={errors[`parcelas.${i}.valor`]}
                      styles={{ input: { textAlign: 'right' } }}
                      w={140}
                      ml="auto"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={2} ta="right">
                  Soma das parcelas
                </Table.Th>
                <Table.Th ta="right" aria-label="Soma das parcelas" c={diferenca ? 'red.8' : undefined}>
                  {formatMoney(soma)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          Informe o valor total, o número de parcelas e o vencimento para ver as parcelas.
        </Text>
      )}
      {diferenca ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} py={6} role="status">
          As parcelas somam {formatMoney(soma)} e o valor total é {formatMoney(total)}: ajuste os valores.
        </Alert>
      ) : null}
    </>
  );
}
