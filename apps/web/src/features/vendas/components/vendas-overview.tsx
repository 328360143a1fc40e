/**
 * /vendas/: the selected unit's day at a glance (issue #4 item 5): count, revenue (net),
 * average ticket and open balance of today's sales, revenue per payment method, the last ten
 * sales, and shortcuts to the till, the sales list and the cash movements, each shown only to
 * a profile that may open it.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { DonutChart } from '@mantine/charts';
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime, formatMoney } from '@petshop/shared/format';
import { TIPO_FORMA_PAGAMENTO_LABEL, type TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import { PERMISSOES } from '@petshop/shared/permissoes';
import type { ResumoVenda, VendaResumo } from '@petshop/shared/venda';
import {
  IconAlertCircle,
  IconArrowsExchange,
  IconCashRegister,
  IconClockDollar,
  IconListDetails,
  IconReceipt,
  IconShoppingBag,
  IconTrendingUp,
  type Icon,
} from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { StatusVendaBadge } from './status-venda-badge.tsx';
import { getSection, hasPermissao } from '#lib/access/sections.tsx';
import { errorMessage } from '#lib/http/api-error.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { useResumoVenda } from '../api/get-resumo-venda.ts';
import { useVendas } from '../api/list-vendas.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** How many of today's sales the page lists. */
export const ULTIMAS_VENDAS = 10;

const COR_FORMA: Record<TipoFormaPagamento, string> = {
  dinheiro: 'green.6',
  pix: 'teal.5',
  cartao_debito: 'blue.6',
  cartao_credito: 'indigo.6',
  boleto: 'gray.6',
  credito_cliente: 'grape.6',
  a_prazo: 'orange.6',
  transferencia: 'cyan.7',
};
const corDaForma = (tipo: string): string => (tipo in COR_FORMA ? COR_FORMA[tipo as TipoFormaPagamento] : 'gray.5');

export function VendasOverview() {
  const unidade = useSessionStore((s) => s.unidadeNegocio);
  const timeZone = unidade?.timeZone ?? DEFAULT_TIME_ZONE;
  const hoje = hojeNaUnidade();
  const filtro = { dataInicio: hoje, dataFim: hoje, statuses: [] };
  const resumo = useResumoVenda(filtro);
  const ultimas = useVendas({ ...filtro, page: 1, pageSize: ULTIMAS_VENDAS });
  const pode = (permissao: (typeof PERMISSOES)[keyof typeof PERMISSOES]) => hasPermissao({ unidadeNegocio: unidade }, permissao);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Vendas"
        description={`${getSection('vendas').description} Hoje, ${formatDate(hoje)}${unidade ? ` · ${unidade.nome}` : ''}.`}
      />

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        {pode(PERMISSOES.vendas) || pode(PERMISSOES.orcamentos) ? (
          <Atalho to="/vendas/pdv" icon={IconCashRegister} label="Ponto de venda" description="Vender, orçar e receber" primary />
        ) : null}
        {pode(PERMISSOES.vendas) ? (
          <Atalho
            to="/vendas/lista-de-vendas"
            icon={IconListDetails}
            label="Lista de vendas"
            description="Buscar, imprimir e devolver"
          />
        ) : null}
        {pode(PERMISSOES.caixa) ? (
          <Atalho
            to="/vendas/movimentacoes-caixa"
            icon={IconArrowsExchange}
            label="Movimentações de caixa"
            description="Abertura, sangria, suprimento e fechamento"
          />
        ) : null}
      </SimpleGrid>

      {resumo.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível carregar o resumo do dia">
          {errorMessage(resumo.error)}
        </Alert>
      ) : (
        <ResumoDoDia resumo={resumo.data} />
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Title order={4} mb="sm">
              Faturamento por forma de pagamento
            </Title>
            {resumo.data ? <PorFormaPagamento resumo={resumo.data} /> : <Skeleton height={160} radius="md" />}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Group justify="space-between" mb="sm">
              <Title order={4}>Últimas vendas de hoje</Title>
              {pode(PERMISSOES.vendas) ? (
                <Button component={Link} to="/vendas/lista-de-vendas" variant="subtle" size="compact-sm">
                  Ver todas
                </Button>
              ) : null}
            </Group>
            {ultimas.isError ? (
              <Text size="sm" c="red">
                {errorMessage(ultimas.error)}
              </Text>
            ) : (
              <UltimasVendas vendas={ultimas.data?.items} timeZone={timeZone} />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Atalho(props: { to: string; icon: Icon; label: string; description: string; primary?: boolean }) {
  const { to, icon: AtalhoIcon, label, description, primary = false } = props;
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      radius="md"
      padding="lg"
      aria-label={label}
      bg={primary ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ textDecoration: 'none' }}
    >
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={52} radius="md" variant={primary ? 'filled' : 'light'}>
          <AtalhoIcon size={30} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={700} size="lg">
            {label}
          </Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

function Indicador({
  label,
  value,
  icon: IndicadorIcon,
  hint,
}: {
  label: string;
  value: ReactNode;
  icon: Icon;
  hint?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fw={700} fz="xl" style={{ whiteSpace: 'nowrap' }}>
            {value}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </Stack>
        <ThemeIcon variant="light" size={36} radius="md">
          <IndicadorIcon size={20} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

function ResumoDoDia({ resumo }: { resumo: ResumoVenda | undefined }) {
  if (!resumo) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={92} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const canceladas = resumo.porStatus.find((s) => s.status === 'Cancelada')?.quantidade ?? 0;
  const emAberto = resumo.porStatus.find((s) => s.status === 'EmAberto')?.quantidade ?? 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Indicador
        label="Vendas hoje"
        value={resumo.quantidade}
        icon={IconShoppingBag}
        hint={canceladas > 0 ? `${canceladas} ${canceladas === 1 ? 'cancelada' : 'canceladas'}` : undefined}
      />
      <Indicador label="Faturamento" value={formatMoney(resumo.valorLiquido)} icon={IconTrendingUp} />
      <Indicador label="Ticket médio" value={formatMoney(resumo.ticketMedio)} icon={IconReceipt} />
      <Indicador
        label="Em aberto"
        value={formatMoney(resumo.valorEmAberto)}
        icon={IconClockDollar}
        hint={emAberto > 0 ? `${emAberto} ${emAberto === 1 ? 'venda' : 'vendas'} em aberto` : undefined}
      />
    </SimpleGrid>
  );
}

function PorFormaPagamento({ resumo }: { resumo: ResumoVenda }) {
  const fatias = resumo.porFormaPagamento
    .filter((f) => f.valor > 0)
    .map((f) => ({
      name: f.nome || TIPO_FORMA_PAGAMENTO_LABEL[f.tipo as TipoFormaPagamento] || f.tipo,
      value: f.valor,
      color: corDaForma(f.tipo),
    }));
  if (fatias.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="xl" ta="center">
        Nenhum pagamento recebido hoje.
      </Text>
    );
  }
  return (
    <Group gap="lg" wrap="wrap" align="center" justify="center">
      <DonutChart data={fatias} size={140} thickness={22} valueFormatter={formatMoney} tooltipDataSource="segment" aria-hidden />
      <Stack gap={6} style={{ flex: '1 1 180px', minWidth: 0 }} component="ul" p={0} m={0} aria-label="Pagamentos por forma">
        {fatias.map((f) => (
          <Group key={f.name} justify="space-between" gap="xs" wrap="nowrap" component="li" style={{ listStyle: 'none' }}>
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <Box w={10} h={10} bg={f.color} style={{ borderRadius: '50%', flex: 'none' }} aria-hidden />
              <Text size="sm">{f.name}</Text>
            </Group>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(f.value)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}

function UltimasVendas({ vendas, timeZone }: { vendas: VendaResumo[] | undefined; timeZone: string }) {
  const navigate = useNavigate();
  if (!vendas) return <Skeleton height={160} radius="md" />;
  if (vendas.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="xl" ta="center">
        Nenhuma venda hoje ainda.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table highlightOnHover verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nº</Table.Th>
            <Table.Th>Hora</Table.Th>
            <Table.Th>Cliente</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vendas.map((v) => {
            const abrir = () => void navigate({ to: '/vendas/pdv/$id', params: { id: v.id }, search: { returnTo: '/vendas' } });
            return (
              <Table.Tr
                key={v.id}
                tabIndex={0}
                aria-label={`Abrir venda nº ${v.numero}`}
                style={{ cursor: 'pointer' }}
                onClick={abrir}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') abrir();
                }}
              >
                <Table.Td fw={600}>{v.numero}</Table.Td>
                <Table.Td>{horaLocal(v.dataFinalizacao ?? v.createdAt, timeZone)}</Table.Td>
                <Table.Td>{v.cliente?.nome ?? 'Consumidor'}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(v.valorLiquido)}
                </Table.Td>
                <Table.Td>
                  <StatusVendaBadge status={v.status} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'HH:mm' of an instant on the unit's wall clock ('dd/MM/yyyy HH:mm' without the date). */
const horaLocal = (iso: string, timeZone: string): string => formatDateTime(iso, timeZone).slice(11);
