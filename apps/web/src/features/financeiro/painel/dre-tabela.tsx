/**
 * The simple income statement (DRE) of GET /financeiro/resumo: income and expense categories
 * per month (competence basis), their totals and the result, coloured (green profit, red loss).
 */
import { Stack, Table, Text } from '@mantine/core';
import type { ResumoFinanceiro } from '@petshop/shared/financeiro';
import { formatMoney } from '@petshop/shared/format';
import dayjs from 'dayjs';
import { Fragment } from 'react';

type Dre = ResumoFinanceiro['dre'];

/** 'mar/25' from '2025-03'. */
const mesCurto = (mes: string): string => dayjs(`${mes}-01`).format('MMM/YY').replace('.', '');

const corResultado = (v: number): string | undefined => (v > 0 ? 'teal.7' : v < 0 ? 'red.7' : undefined);

export function DreTabela({ dre }: { dre: Dre }) {
  if (dre.linhas.length === 0 && dre.resultado.every((v) => v === 0))
    return (
      <Stack align="center" py="lg" gap={2}>
        <Text fw={500}>Sem receitas nem despesas no período</Text>
        <Text size="sm" c="dimmed">
          Vendas, receitas e despesas dos últimos 6 meses aparecem aqui por categoria.
        </Text>
      </Stack>
    );
  const grupos = [
    { tipo: 'receita' as const, titulo: 'Receitas', totais: dre.receitas, total: 'Total de receitas' },
    { tipo: 'despesa' as const, titulo: 'Despesas', totais: dre.despesas, total: 'Total de despesas' },
  ];
  const celula = (v: number, props: { fw?: number; c?: string } = {}) => (
    <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }} {...props}>
      {formatMoney(v)}
    </Text>
  );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="DRE" verticalSpacing={6} withRowBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Categoria</Table.Th>
            {dre.meses.map((m) => (
              <Table.Th key={m} ta="right" tt="capitalize">
                {mesCurto(m)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grupos.map((g) => (
            <Fragment key={g.tipo}>
              <Table.Tr bg="var(--mantine-color-gray-0)">
                <Table.Td colSpan={dre.meses.length + 1}>
                  <Text size="sm" fw={700}>
                    {g.titulo}
                  </Text>
                </Table.Td>
              </Table.Tr>
              {dre.linhas
                .filter((l) => l.tipo === g.tipo)
                .map((l) => (
                  <Table.Tr key={`${g.tipo}:${l.categoria}`}>
                    <Table.Td pl="lg">
                      <Text size="sm">{l.categoria}</Text>
                    </Table.Td>
                    {l.valores.map((v, i) => (
                      <Table.Td key={dre.meses[i] ?? i}>{celula(v, { c: v === 0 ? 'dimmed' : undefined })}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              <Table.Tr>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {g.total}
                  </Text>
                </Table.Td>
                {g.totais.map((v, i) => (
                  <Table.Td key={dre.meses[i] ?? i}>{celula(v, { fw: 600 })}</Table.Td>
                ))}
              </Table.Tr>
            </Fragment>
          ))}
          <Table.Tr aria-label="Resultado" style={{ borderTop: '2px solid var(--mantine-color-gray-4)' }}>
            <Table.Td>
              <Text size="sm" fw={700}>
                Resultado
              </Text>
            </Table.Td>
            {dre.resultado.map((v, i) => (
              <Table.Td key={dre.meses[i] ?? i}>{celula(v, { fw: 700, c: corResultado(v) })}</Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
