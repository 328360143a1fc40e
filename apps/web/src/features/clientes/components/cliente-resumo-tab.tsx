/**
 * The 'Resumo' tab of a customer (DOMAIN.md §3: total spent, last purchase, average ticket,
 * open balance, credit balance), with the way to the credits ledger and to their purchases in
 * the sales list.
 */
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatDate, formatMoney, todayISO } from '@petshop/shared/format';
import type { PessoaResumo } from '@petshop/shared/pessoa-resumo';
import { IconAlertCircle, IconListDetails, IconWallet } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { ButtonLink } from '#lib/ui/router-links.tsx';
import { errorMessage } from '#lib/http/api-error.ts';
import { useResumoPessoa } from '../api/get-resumo-pessoa.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';

type ClienteResumoTabProps = { pessoaId: string; onVerEmAberto: () => void };

export function ClienteResumoTab({ pessoaId, onVerEmAberto }: ClienteResumoTabProps) {
  const resumo = useResumoPessoa(pessoaId);
  const timeZone = useTimeZone();

  if (resumo.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível carregar o resumo">
        {errorMessage(resumo.error)}
      </Alert>
    );
  }
  if (!resumo.data) {
    return (
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={84} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const r: PessoaResumo = resumo.data;
  // The purchases of the last year in the sales list, with the way back to this tab.
  const hoje = todayISO(timeZone);
  const listaDeCompras = {
    clienteId: pessoaId,
    dataInicio: dayjs(hoje).subtract(1, 'year').format('YYYY-MM-DD'),
    dataFim: hoje,
    returnTo: `/clientes/${pessoaId}?tab=resumo`,
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md">
        <Valor label="Total gasto" value={formatMoney(r.totalGasto)} hint="Vendas finalizadas menos devoluções" />
        <Valor label="Compras" value={String(r.quantidadeCompras)} />
        <Valor label="Ticket médio" value={formatMoney(r.ticketMedio)} />
        <Valor label="Última compra" value={r.ultimaCompra ? formatDate(r.ultimaCompra, timeZone) : '—'} />
        <Valor
          label="Saldo em aberto"
          value={formatMoney(r.saldoEmAberto)}
          color={r.saldoEmAberto > 0 ? 'orange.8' : undefined}
          action={
            r.saldoEmAberto > 0 ? (
              <Button variant="subtle" size="compact-sm" onClick={onVerEmAberto}>
                Ver em aberto
              </Button>
            ) : null
          }
        />
        <Valor
          label="Saldo de crédito"
          value={formatMoney(r.saldoCredito)}
          color={r.saldoCredito > 0 ? 'teal.8' : r.saldoCredito < 0 ? 'red.7' : undefined}
          action={
            <ButtonLink
              to="/clientes/$clienteId/creditos"
              params={{ clienteId: pessoaId }}
              variant="subtle"
              size="compact-sm"
              leftSection={<IconWallet size={14} />}
            >
              Ver créditos
            </ButtonLink>
          }
        />
      </SimpleGrid>
      <Group>
        <ButtonLink
          to="/vendas/lista-de-vendas"
          search={listaDeCompras}
          variant="default"
          leftSection={<IconListDetails size={16} />}
        >
          Compras dos últimos 12 meses
        </ButtonLink>
      </Group>
    </Stack>
  );
}

function Valor({
  label,
  value,
  hint,
  color,
  action,
}: {
  label: string;
  value: string;
  hint?: string;
  color?: string;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Stack gap={2}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text fw={700} fz="xl" c={color} style={{ whiteSpace: 'nowrap' }}>
          {value}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
        {action ? <Group mt={4}>{action}</Group> : null}
      </Stack>
    </Paper>
  );
}
