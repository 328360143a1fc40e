/**
 * /financeiro/ (issue #6 item 4; spec §7 "Finance"): the owner's overview of a month — how much
 * there is in each account, what is to receive and to pay (next 7 and 30 days, overdue), the
 * month's received and paid, the cash flow per day and the simple income statement (DRE).
 * The done-criterion: "how much do I have, owe and will receive this month" from this page.
 */
import { ActionIcon, Button, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { TIPO_CONTA_LABEL } from '@petshop/shared/conta';
import type { FiltroStatusFinanceiro, ResumoFinanceiro } from '@petshop/shared/financeiro';
import { formatDate, formatMoney } from '@petshop/shared/format';
import { addDays, addMonths } from '@petshop/shared/venda';
import { IconChevronLeft, IconChevronRight, IconSettings } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useResumoFinanceiro } from '../api/get-resumo-financeiro.ts';
import { DreTabela } from './dre-tabela.tsx';
import { FluxoCaixaChart } from './fluxo-caixa-chart.tsx';
import { ListaTitulosLink, type FiltroLista } from './lista-titulos-link.tsx';
import { FinanceiroNav } from '../components/financeiro-nav.tsx';
import { LoadErrorAlert } from '#lib/ui/load-error-alert.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { AnchorLink } from '#lib/ui/router-links.tsx';

/** 'março de 2025' from '2025-03'. */
export const nomeMes = (mes: string): string => {
  const texto = dayjs(`${mes}-01`).format('MMMM [de] YYYY');
  return texto.charAt(0).toUpperCase() + texto.slice(1);
};

const corValor = (valor: number): string | undefined => (valor < 0 ? 'red.7' : undefined);

type PainelFinanceiroProps = {
  /** 'yyyy-MM' shown. */
  mes: string;
  /** The current month ('yyyy-MM'), for the "Mês atual" shortcut. */
  mesAtual: string;
  onMesChange: (mes: string) => void;
};

export function PainelFinanceiro({ mes, mesAtual, onMesChange }: PainelFinanceiroProps) {
  const resumo = useResumoFinanceiro(mes);
  const data = resumo.data?.mes === mes ? resumo.data : resumo.isPlaceholderData ? undefined : resumo.data;

  return (
    <Stack gap="md">
      <PageHeader
        title="Financeiro"
        description="Quanto há nas contas, o que receber e o que pagar, e o resultado do mês."
        actions={<SeletorMes mes={mes} mesAtual={mesAtual} onChange={onMesChange} />}
      />
      <FinanceiroNav />

      {resumo.isError ? (
        <LoadErrorAlert
          title="Não foi possível carregar o resumo financeiro"
          error={resumo.error}
          onRetry={() => void resumo.refetch()}
        />
      ) : null}

      {!resumo.isError ? <Resumo data={data} mes={mes} /> : null}
    </Stack>
  );
}

function SeletorMes({ mes, mesAtual, onChange }: { mes: string; mesAtual: string; onChange: (mes: string) => void }) {
  const mover = (meses: number) => onChange(addMonths(`${mes}-01`, meses).slice(0, 7));
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon variant="default" size="lg" aria-label="Mês anterior" onClick={() => mover(-1)}>
        <IconChevronLeft size={18} />
      </ActionIcon>
      <MonthPickerInput
        // Named with the month it shows, so that the name contains the visible text (WCAG 2.5.3).
        aria-label={`Mês: ${nomeMes(mes)}`}
        value={`${mes}-01`}
        valueFormatter={({ date }) => (typeof date === 'string' && date ? nomeMes(date.slice(0, 7)) : '')}
        onChange={(value) => {
          if (value) onChange(value.slice(0, 7));
        }}
        w={170}
        styles={{ input: { textAlign: 'center' } }}
      />
      <ActionIcon variant="default" size="lg" aria-label="Próximo mês" onClick={() => mover(1)}>
        <IconChevronRight size={18} />
      </ActionIcon>
      {mes !== mesAtual ? (
        <Button variant="subtle" size="compact-sm" onClick={() => onChange(mesAtual)}>
          Mês atual
        </Button>
      ) : null}
    </Group>
  );
}

function Resumo({ data, mes }: { data: ResumoFinanceiro | undefined; mes: string }) {
  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Saldos data={data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <AVencer tipo="receber" data={data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <AVencer tipo="pagar" data={data} />
        </Grid.Col>
      </Grid>
      <MesResumo data={data} mes={mes} />
      <Paper withBorder radius="md" p="md" component="section" aria-label="Fluxo de caixa">
        <Group justify="space-between" align="baseline" mb="sm" gap="xs">
          <Title order={4}>Fluxo de caixa de {nomeMes(mes).toLowerCase()}</Title>
          <Text size="xs" c="dimmed">
            Barras cheias: realizado · barras claras: previsto · linha: saldo (tracejada quando prevista)
          </Text>
        </Group>
        {data ? <FluxoCaixaChart dias={data.fluxoCaixa} hoje={data.hoje} /> : <Skeleton height={280} radius="md" />}
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Demonstrativo de resultado">
        <Group justify="space-between" align="baseline" mb="sm" gap="xs">
          <Title order={4}>Demonstrativo de resultado (DRE)</Title>
          <Text size="xs" c="dimmed">
            Regime de competência, por categoria, últimos 6 meses
          </Text>
        </Group>
        {data ? <DreTabela dre={data.dre} /> : <Skeleton height={220} radius="md" />}
      </Paper>
    </Stack>
  );
}

function Cartao({ titulo, children, acao }: { titulo: string; children: ReactNode; acao?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" h="100%" component="section" aria-label={titulo}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {titulo}
          </Text>
          {acao}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function Saldos({ data }: { data: ResumoFinanceiro | undefined }) {
  if (!data)
    return (
      <Cartao titulo="Saldo em contas">
        <Skeleton height={32} width="60%" />
        <Skeleton height={14} />
        <Skeleton height={14} />
      </Cartao>
    );
  const { contas, total } = data.saldos;
  return (
    <Cartao
      titulo="Saldo em contas"
      acao={
        <AnchorLink to="/financeiro/contas" size="xs">
          Extratos
        </AnchorLink>
      }
    >
      <Text fz={28} fw={700} c={corValor(total)} style={{ whiteSpace: 'nowrap' }} aria-label="Saldo total">
        {formatMoney(total)}
      </Text>
      {contas.length === 0 ? (
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Nenhuma conta ativa nesta unidade.
          </Text>
          <Button
            component={Link}
            to="/configuracoes/financeiro/contas"
            variant="light"
            size="xs"
            leftSection={<IconSettings size={14} />}
            w="fit-content"
          >
            Cadastrar contas
          </Button>
        </Stack>
      ) : (
        <Stack gap={6}>
          {contas.map((c) => (
            <Group key={c.id} justify="space-between" gap="xs" wrap="nowrap" aria-label={`Saldo de ${c.nome}`}>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" truncate>
                  {c.nome}
                </Text>
                <Text size="xs" c="dimmed">
                  {TIPO_CONTA_LABEL[c.tipo]}
                </Text>
              </Stack>
              <Text size="sm" fw={600} c={corValor(c.saldo)} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(c.saldo)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Cartao>
  );
}

const ABERTOS: FiltroStatusFinanceiro[] = ['EmAberto', 'BaixaParcial'];

function AVencer({ tipo, data }: { tipo: 'receber' | 'pagar'; data: ResumoFinanceiro | undefined }) {
  const titulo = tipo === 'receber' ? 'A receber' : 'A pagar';
  const to = tipo === 'receber' ? ('/financeiro/receitas' as const) : ('/financeiro/despesas' as const);
  if (!data)
    return (
      <Cartao titulo={titulo}>
        <Skeleton height={20} />
        <Skeleton height={20} />
        <Skeleton height={20} />
      </Cartao>
    );
  const v = tipo === 'receber' ? data.aReceber : data.aPagar;
  const hoje = data.hoje;
  const linhas: { label: string; valor: number; filtro: FiltroLista; vencido?: boolean; hint?: string }[] = [
    {
      label: 'Vencido',
      valor: v.vencido,
      filtro: { status: ['Vencida'] },
      vencido: true,
      hint: v.quantidadeVencida > 0 ? `${v.quantidadeVencida} ${v.quantidadeVencida === 1 ? 'título' : 'títulos'}` : undefined,
    },
    {
      label: 'Próximos 7 dias',
      valor: v.dias7,
      filtro: { status: ABERTOS, dataInicio: hoje, dataFim: addDays(hoje, 7) },
      hint: `até ${formatDate(addDays(hoje, 7))}`,
    },
    {
      label: 'Próximos 30 dias',
      valor: v.dias30,
      filtro: { status: ABERTOS, dataInicio: hoje, dataFim: addDays(hoje, 30) },
      hint: `até ${formatDate(addDays(hoje, 30))}`,
    },
  ];
  return (
    <Cartao
      titulo={titulo}
      acao={
        <ListaTitulosLink to={to} filtro={{}} size="xs">
          Ver lista
        </ListaTitulosLink>
      }
    >
      <Stack gap={8}>
        {linhas.map((l) => {
          const vermelho = l.vencido && l.valor > 0;
          return (
            <Group key={l.label} justify="space-between" gap="xs" wrap="nowrap" aria-label={`${titulo}: ${l.label}`}>
              <Stack gap={0}>
                <ListaTitulosLink
                  to={to}
                  filtro={l.filtro}
                  size="sm"
                  c={vermelho ? 'red.7' : undefined}
                  fw={vermelho ? 600 : 400}
                >
                  {l.label}
                </ListaTitulosLink>
                {l.hint ? (
                  <Text size="xs" c={vermelho ? 'red.6' : 'dimmed'}>
                    {l.hint}
                  </Text>
                ) : null}
              </Stack>
              <Text size="md" fw={700} c={vermelho ? 'red.7' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(l.valor)}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Cartao>
  );
}

function MesResumo({ data, mes }: { data: ResumoFinanceiro | undefined; mes: string }) {
  const titulo = `Movimento de ${nomeMes(mes).toLowerCase()}`;
  if (!data)
    return (
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={44} />
          ))}
        </SimpleGrid>
      </Paper>
    );
  const m = data.mesAtual;
  const previsto = data.saldoPrevisto;
  const saldoFinal = previsto?.valor ?? data.fluxoCaixa.at(-1)?.saldo ?? data.saldos.total;
  const resultado = m.recebido - m.pago;
  const itens: { label: string; valor: number; cor?: string; hint: string }[] = [
    { label: 'Recebido', valor: m.recebido, cor: 'teal.7', hint: 'entradas já realizadas' },
    { label: 'Pago', valor: m.pago, cor: 'red.7', hint: 'saídas já realizadas' },
    { label: 'Resultado realizado', valor: resultado, cor: resultado < 0 ? 'red.7' : 'teal.7', hint: 'recebido − pago' },
    { label: 'Ainda a receber', valor: m.aReceber, hint: 'vencimentos do mês em aberto' },
    { label: 'Ainda a pagar', valor: m.aPagar, hint: 'vencimentos do mês em aberto' },
    previsto
      ? {
          label: 'Saldo previsto no fim do mês',
          valor: saldoFinal,
          cor: corValor(saldoFinal),
          hint: 'saldo + a receber − a pagar',
        }
      : {
          label: 'Saldo no fim do mês',
          valor: saldoFinal,
          cor: corValor(saldoFinal),
          hint: `saldo das contas em ${formatDate(data.fluxoCaixa.at(-1)?.data ?? data.hoje)}`,
        },
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={titulo}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb="sm">
        {titulo}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="md">
        {itens.map((i) => (
          <Stack key={i.label} gap={0} aria-label={i.label}>
            <Text size="sm" c="dimmed">
              {i.label}
            </Text>
            <Text fw={700} fz="lg" c={i.cor} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(i.valor)}
            </Text>
            <Text size="xs" c="dimmed">
              {i.hint}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {previsto ? <ContaSaldoPrevisto previsto={previsto} /> : null}
    </Paper>
  );
}

/**
 * The sum behind "Saldo previsto no fim do mês" with its three numbers, each open títulos term
 * linking to its list filtered the same way (open, due in the window), so the figure can be checked.
 */
function ContaSaldoPrevisto({ previsto }: { previsto: NonNullable<ResumoFinanceiro['saldoPrevisto']> }) {
  const filtro: FiltroLista = { status: ABERTOS, dataInicio: previsto.vencimentoDesde, dataFim: previsto.vencimentoAte };
  const periodo = `vencimentos de ${formatDate(previsto.vencimentoDesde)} a ${formatDate(previsto.vencimentoAte)} em aberto`;
  return (
    <Text size="sm" c="dimmed" mt="md" aria-label="Cálculo do saldo previsto">
      Saldo previsto = saldo em contas hoje{' '}
      <Text span fw={600} c="dark">
        {formatMoney(previsto.saldoAtual)}
      </Text>{' '}
      +{' '}
      <ListaTitulosLink to="/financeiro/receitas" filtro={filtro} size="sm">
        a receber {formatMoney(previsto.aReceber)}
      </ListaTitulosLink>{' '}
      −{' '}
      <ListaTitulosLink to="/financeiro/despesas" filtro={filtro} size="sm">
        a pagar {formatMoney(previsto.aPagar)}
      </ListaTitulosLink>{' '}
      ={' '}
      <Text span fw={700} c={corValor(previsto.valor) ?? 'dark'}>
        {formatMoney(previsto.valor)}
      </Text>{' '}
      ({periodo}; a receber líquido das taxas de cartão/PIX).
    </Text>
  );
}
