import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney } from '@petshop/shared/format';
import { numero, valorExcedente, type RegistroVenda } from '../registro.ts';

function Linha({ label, valor, cor }: { label: string; valor: string; cor?: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" c={cor}>
        {valor}
      </Text>
    </Group>
  );
}

/**
 * The sale's totals, big where the cashier and the customer look: "Total", "Pago" and either
 * "Falta" (still open) or "Troco" (change to hand back). All derived by `recalcular`.
 */
export function TotaisPanel({ registro }: { registro: RegistroVenda }) {
  const descontos = numero(registro.valorDescontos);
  const frete = numero(registro.valorEntregaFrete);
  const aberto = numero(registro.valorEmAberto);
  const troco = numero(registro.valorTroco);
  const excedente = valorExcedente(registro);
  const orcamento = registro.tipo === 'Orcamento';
  return (
    <Paper withBorder radius="md" p="md" aria-label="Totais">
      <Stack gap={4}>
        <Linha label="Subtotal" valor={formatMoney(numero(registro.valorBruto))} />
        {descontos > 0 ? <Linha label="Descontos" valor={`-${formatMoney(descontos)}`} cor="red.7" /> : null}
        {frete > 0 ? <Linha label="Entrega/frete" valor={formatMoney(frete)} /> : null}
        <Divider my={4} />
        <Group justify="space-between" align="baseline">
          <Text fw={600} size="lg">
            Total
          </Text>
          <Text fw={800} fz={36} lh={1.1} data-testid="pdv-total">
            {formatMoney(numero(registro.valorLiquido))}
          </Text>
        </Group>
        {orcamento ? null : (
          <>
            <Group justify="space-between" align="baseline">
              <Text size="md">Pago</Text>
              <Text size="xl" fw={600} data-testid="pdv-pago">
                {formatMoney(numero(registro.valorPago))}
              </Text>
            </Group>
            {troco > 0 && aberto === 0 ? (
              <Group justify="space-between" align="baseline">
                <Text size="md" fw={600} c="blue.8">
                  Troco
                </Text>
                <Text fz={30} fw={800} c="blue.8" data-testid="pdv-troco">
                  {formatMoney(troco)}
                </Text>
              </Group>
            ) : (
              <Group justify="space-between" align="baseline">
                <Text size="md" fw={600} c={aberto > 0 ? 'red.8' : 'teal.8'}>
                  Falta
                </Text>
                <Text fz={30} fw={800} c={aberto > 0 ? 'red.8' : 'teal.8'} data-testid="pdv-falta">
                  {formatMoney(aberto)}
                </Text>
              </Group>
            )}
            {excedente > 0 ? (
              <Text size="sm" c="red.8" role="alert">
                Pagamentos passam do total em {formatMoney(excedente)}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
