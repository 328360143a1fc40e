/**
 * The settlements of a título, oldest first: date, principal, interest, fine, discount (fee),
 * what moved through the account, account, method and who; a reversed one stays, struck out,
 * with its reversal date. "Cancelar baixa" reverses one settlement after a confirmation
 * (POST …/cancelar-baixar { id, baixaId }).
 */
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Baixa } from '@petshop/shared/financeiro';
import { formatDate, formatDateTime, formatMoney } from '@petshop/shared/format';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useCancelarBaixa } from '../api/cancelar-baixa.ts';
import type { Titulo } from './titulo-types.ts';
import type { TipoTitulo } from '#lib/query-keys.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';

type BaixasHistoricoProps = { tipo: TipoTitulo; titulo: Titulo; podeCancelar: boolean };

const confirmarCancelamento = (b: Baixa): Promise<boolean> =>
  new Promise((resolve) => {
    modals.openConfirmModal({
      title: 'Cancelar baixa',
      centered: true,
      children: (
        <Text size="sm">
          Cancelar a baixa de <strong>{formatMoney(b.valor)}</strong> de {formatDate(b.dataPagamento)}? O valor de{' '}
          {formatMoney(b.total)} volta para a conta e o lançamento fica em aberto de novo.
        </Text>
      ),
      labels: { confirm: 'Cancelar baixa', cancel: 'Voltar' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });

export function BaixasHistorico({ tipo, titulo, podeCancelar }: BaixasHistoricoProps) {
  const cancelar = useCancelarBaixa(tipo);
  const receita = tipo === 'receitas';
  if (titulo.baixas.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nenhuma baixa registrada.
      </Text>
    );
  const desfazer = async (b: Baixa) => {
    if (!(await confirmarCancelamento(b))) return;
    try {
      await cancelar.mutateAsync({ id: titulo.id, baixaId: b.id });
      notifySuccess('Baixa cancelada');
    } catch (error) {
      notifyActionError(error);
    }
  };
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label="Baixas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th ta="right">Juros</Table.Th>
            <Table.Th ta="right">Multa</Table.Th>
            <Table.Th ta="right">Desconto</Table.Th>
            {receita ? <Table.Th ta="right">Taxa</Table.Th> : null}
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Conta / forma</Table.Th>
            <Table.Th>Por</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {titulo.baixas.map((b) => {
            const estornada = b.estornadaEm !== null;
            const td = { td: estornada ? ('line-through' as const) : undefined, c: estornada ? 'dimmed' : undefined };
            return (
              <Table.Tr key={b.id} aria-label={`Baixa de ${formatDate(b.dataPagamento)}`}>
                <Table.Td {...td} style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(b.dataPagamento)}
                </Table.Td>
                <Table.Td ta="right" {...td} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(b.valor)}
                </Table.Td>
                <Table.Td ta="right" {...td}>
                  {b.juros ? formatMoney(b.juros) : '—'}
                </Table.Td>
                <Table.Td ta="right" {...td}>
                  {b.multa ? formatMoney(b.multa) : '—'}
                </Table.Td>
                <Table.Td ta="right" {...td}>
                  {b.desconto ? formatMoney(b.desconto) : '—'}
                </Table.Td>
                {receita ? (
                  <Table.Td ta="right" {...td}>
                    {b.taxa ? formatMoney(b.taxa) : '—'}
                  </Table.Td>
                ) : null}
                <Table.Td ta="right" fw={600} {...td} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(b.total)}
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{b.conta?.nome ?? '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {b.formaPagamento?.nome ?? ''}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{b.usuario ?? '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(b.criadaEm)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">
                  {estornada ? (
                    <Badge color="gray" variant="light" style={{ minWidth: 'max-content' }}>
                      Cancelada em {formatDate(b.estornadaEm)}
                    </Badge>
                  ) : podeCancelar ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconArrowBackUp size={14} />}
                      loading={cancelar.isPending && cancelar.variables?.baixaId === b.id}
                      onClick={() => void desfazer(b)}
                    >
                      Cancelar baixa
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
