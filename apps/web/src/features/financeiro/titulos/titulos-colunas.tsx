/**
 * The columns both finance lists share: due date, description (installment and document under
 * it), the supplier/customer, category, value, what is open and the status; plus a "Baixar"
 * button on the rows still open, which settles without opening the título.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { formatDate, formatMoney } from '@petshop/shared/format';
import { IconCash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StatusTituloBadge } from './status-titulo-badge.tsx';
import type { Titulo } from './titulo-types.ts';
import type { Column } from '#lib/list/list-page.tsx';

export const podeBaixarTitulo = (t: Titulo) => t.status === 'EmAberto' || t.status === 'BaixaParcial';

export const colunasTitulos = <T extends Titulo>({
  pessoa,
  origem,
  onBaixar,
}: {
  /** Header and cell of the supplier/customer column. */
  pessoa: { header: string; render: (t: T) => ReactNode };
  /** A line under the description (the sale or purchase it came from). */
  origem?: (t: T) => ReactNode | null;
  onBaixar: (t: T) => void;
}): Column<T>[] => [
  {
    key: 'vencimento',
    header: 'Vencimento',
    width: 110,
    render: (t) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} c={t.vencida ? 'red.8' : undefined} fw={t.vencida ? 600 : undefined}>
        {formatDate(t.dataVencimento)}
      </Text>
    ),
  },
  {
    key: 'descricao',
    header: 'Descrição',
    render: (t) => {
      const detalhe = [t.documento ? `Doc. ${t.documento}` : null, origem?.(t) ?? null].filter(Boolean);
      return (
        <Stack gap={0} miw={220}>
          <Text size="sm" fw={500}>
            {t.descricao}
            {t.totalParcelas > 1 ? (
              <Text span size="xs" c="dimmed">
                {' '}
                ({t.parcela}/{t.totalParcelas})
              </Text>
            ) : null}
          </Text>
          {detalhe.length > 0 ? (
            <Group gap={6} wrap="wrap">
              {detalhe.map((d, i) => (
                <Text key={i} size="xs" c="dimmed" component="div">
                  {d}
                </Text>
              ))}
            </Group>
          ) : null}
        </Stack>
      );
    },
  },
  {
    key: 'pessoa',
    header: `${pessoa.header} / categoria`,
    visibleFrom: 'sm',
    render: (t) => (
      <Stack gap={0}>
        {pessoa.render(t)}
        <Text size="xs" c="dimmed">
          {t.categoriaFinanceira?.nome ?? 'Sem categoria'}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'valor',
    header: 'Valor',
    align: 'right',
    render: (t) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(t.valor)}
      </Text>
    ),
  },
  {
    key: 'aberto',
    header: 'Em aberto',
    align: 'right',
    render: (t) => (
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} c={t.valorEmAberto === 0 ? 'dimmed' : undefined}>
        {formatMoney(t.valorEmAberto)}
      </Text>
    ),
  },
  { key: 'status', header: 'Status', render: (t) => <StatusTituloBadge titulo={t} /> },
  {
    key: 'acoes',
    header: '',
    width: 90,
    align: 'right',
    render: (t) =>
      podeBaixarTitulo(t) ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCash size={14} />}
          aria-label={`Baixar ${t.descricao}${t.totalParcelas > 1 ? ` ${t.parcela}/${t.totalParcelas}` : ''}`}
          onClick={(event) => {
            event.stopPropagation();
            onBaixar(t);
          }}
          onKeyDown={(event) => event.stopPropagation()}
        >
          Baixar
        </Button>
      ) : null,
  },
];
