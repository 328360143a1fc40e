import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { descreverCartao } from '@petshop/shared/cartao';
import { formatDate, formatMoney } from '@petshop/shared/format';
import { IconTrash } from '@tabler/icons-react';
import { numero, textoParcelas, type FinanceiroRegistro } from '../registro.ts';

type PagamentosListProps = {
  financeiros: readonly FinanceiroRegistro[];
  onExcluir?: (financeiro: FinanceiroRegistro) => void;
  readOnly?: boolean;
  /** Payment being deleted (its button spins). */
  excluindo?: string | null;
};

/**
 * The sale's payments: method, value, card brand and NSU ('Visa • NSU 123456'), installments or
 * change, and whether it is still only local.
 */
export function PagamentosList({ financeiros, onExcluir, readOnly, excluindo }: PagamentosListProps) {
  if (financeiros.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" aria-label="Pagamentos">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Pagamentos
        </Text>
        {financeiros.map((f) => {
          const valor = numero(f.valor);
          const troco = numero(f.troco);
          const detalhe = [
            f.cartao ? descreverCartao(f.cartao) : null,
            f.parcelas > 1 ? textoParcelas(valor, f.parcelas) : null,
            troco > 0 ? `recebido ${formatMoney(numero(f.valorRecebido))}, troco ${formatMoney(troco)}` : null,
            f.dataVencimento ? `1º venc. ${formatDate(f.dataVencimento)}` : null,
          ]
            .filter(Boolean)
            .join(' · ');
          return (
            <Group key={f.chave} justify="space-between" wrap="nowrap" gap="xs" data-pagamento={f.formaPagamento.tipo}>
              <div style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text size="sm" fw={500}>
                    {f.formaPagamento.nome}
                  </Text>
                  {f.id === null ? (
                    <Badge size="xs" variant="light" color="gray">
                      a confirmar
                    </Badge>
                  ) : f.efetivado ? null : (
                    <Badge size="xs" variant="light" color="blue">
                      registrado
                    </Badge>
                  )}
                </Group>
                {detalhe ? (
                  <Text size="xs" c="dimmed">
                    {detalhe}
                  </Text>
                ) : null}
              </div>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(valor)}
                </Text>
                {readOnly ? null : (
                  <Tooltip label="Excluir pagamento">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Excluir pagamento ${f.formaPagamento.nome} ${formatMoney(valor)}`}
                      loading={excluindo === f.chave}
                      onClick={() => onExcluir?.(f)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
