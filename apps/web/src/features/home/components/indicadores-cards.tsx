/**
 * The home page's indicator cards (issue #20 item 2), one per figure the API answered (a key
 * the profile may not see is absent and so is its card): the company's revenue (today and the
 * month against the same span of last month, with a green/red arrow; average ticket; number of
 * sales), or a cashier's own register and sales; today's appointments by status; birthdays;
 * payables; stock below minimum; expiring lots. Each card opens its list.
 */
import { Badge, Group, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { formatDate, formatDateTime, formatMoney } from '@petshop/shared/format';
import type { FaturamentoPeriodo, Indicadores } from '@petshop/shared/indicadores';
import { PERMISSOES } from '@petshop/shared/permissoes';
import {
  IconAlertTriangle,
  IconArrowDownRight,
  IconArrowUpRight,
  IconCake,
  IconCalendarEvent,
  IconCash,
  IconCashRegister,
  IconChartBar,
  IconPackage,
  IconReceipt,
  IconReceipt2,
  IconShoppingCart,
  IconTicket,
} from '@tabler/icons-react';
import { hasPermissao } from '#lib/access/sections.tsx';
import { useSessionStore } from '#lib/session/session-store.ts';
import { CardLink, IndicadorCardSkeleton, IndicadorConteudo } from './indicador-card.tsx';

const percentual = (v: number) =>
  `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(Math.abs(v))} %`;

const diaMes = (iso: string) => formatDate(iso).slice(0, 5);

/** "▲ 12,5 % vs R$ 1.000,00 (01/10 a 27/10)": green up, red down; no arrow without a base. */
export function Comparacao({ variacao, anterior }: { variacao: number | null; anterior: FaturamentoPeriodo }) {
  const span =
    anterior.dataInicio === anterior.dataFim
      ? diaMes(anterior.dataInicio)
      : `${diaMes(anterior.dataInicio)} a ${diaMes(anterior.dataFim)}`;
  const base = `${formatMoney(anterior.valor)} em ${span}`;
  if (variacao === null)
    return (
      <Text size="xs" c="dimmed">
        Sem vendas em {span} para comparar
      </Text>
    );
  const subiu = variacao >= 0;
  const Seta = subiu ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Group gap={4} wrap="nowrap">
      <Text
        size="xs"
        fw={600}
        c={subiu ? 'teal.8' : 'red.7'}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 2, whiteSpace: 'nowrap' }}
      >
        <Seta size={14} stroke={2} aria-hidden />
        <VisuallyHidden>{subiu ? 'Alta de ' : 'Queda de '}</VisuallyHidden>
        {percentual(variacao)}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        vs {base}
      </Text>
    </Group>
  );
}

const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

export function IndicadoresSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" role="status" aria-label="Carregando indicadores">
      {Array.from({ length: 4 }, (_, i) => (
        <IndicadorCardSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
}

/** The revenue cards (owner, manager, finance). */
function FaturamentoCards({ f }: { f: NonNullable<Indicadores['faturamento']> }) {
  const vendas = { to: '/relatorios/vendas-por-produto' } as const;
  return (
    <>
      <CardLink {...vendas}>
        <IndicadorConteudo titulo="Faturamento hoje" icon={IconCash} cor="teal" valor={formatMoney(f.hoje.valor)}>
          <Comparacao variacao={f.variacaoHoje} anterior={f.mesmoDiaMesAnterior} />
        </IndicadorConteudo>
      </CardLink>
      <CardLink {...vendas}>
        <IndicadorConteudo titulo="Faturamento do mês" icon={IconChartBar} cor="teal" valor={formatMoney(f.mes.valor)}>
          <Comparacao variacao={f.variacaoMes} anterior={f.mesAnterior} />
        </IndicadorConteudo>
      </CardLink>
      <CardLink {...vendas}>
        <IndicadorConteudo titulo="Ticket médio do mês" icon={IconTicket} valor={formatMoney(f.mes.ticketMedio)}>
          <Text size="xs" c="dimmed">
            Hoje: {formatMoney(f.hoje.ticketMedio)} · mês anterior: {formatMoney(f.mesAnterior.ticketMedio)}
          </Text>
        </IndicadorConteudo>
      </CardLink>
      <CardLink to="/vendas/lista-de-vendas">
        <IndicadorConteudo titulo="Vendas no mês" icon={IconShoppingCart} valor={f.mes.vendas}>
          <Text size="xs" c="dimmed">
            {plural(f.hoje.vendas, 'venda hoje', 'vendas hoje')} · {f.mesAnterior.vendas} no mesmo período do mês anterior
          </Text>
        </IndicadorConteudo>
      </CardLink>
    </>
  );
}

/** A cashier's register and own sales today. */
function MeuCaixaCards({ m, timeZone }: { m: NonNullable<Indicadores['meuCaixa']>; timeZone: string }) {
  return (
    <>
      <CardLink to="/vendas/movimentacoes-caixa">
        <IndicadorConteudo
          titulo="Meu caixa"
          icon={IconCashRegister}
          cor={m.caixa ? 'teal' : 'gray'}
          valor={m.caixa ? formatMoney(m.caixa.saldoDinheiro) : 'Fechado'}
        >
          <Text size="xs" c="dimmed">
            {m.caixa
              ? `Dinheiro esperado no caixa nº ${m.caixa.numero}, aberto em ${formatDateTime(m.caixa.dataAbertura, timeZone)}`
              : 'Você não tem caixa aberto nesta unidade'}
          </Text>
        </IndicadorConteudo>
      </CardLink>
      <CardLink to="/vendas/lista-de-vendas">
        <IndicadorConteudo titulo="Minhas vendas hoje" icon={IconShoppingCart} cor="teal" valor={formatMoney(m.vendasHoje.valor)}>
          <Text size="xs" c="dimmed">
            {plural(m.vendasHoje.vendas, 'venda finalizada', 'vendas finalizadas')}
          </Text>
        </IndicadorConteudo>
      </CardLink>
    </>
  );
}

/** Every card the answer allows, in the order an owner reads them. */
export function IndicadoresCards({ dados }: { dados: Indicadores }) {
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const timeZone = unidadeNegocio?.timeZone ?? 'America/Sao_Paulo';
  const veAgenda = hasPermissao({ unidadeNegocio }, PERMISSOES.agenda);
  const { agendaHoje, aniversariantes, contasPagar, estoqueBaixo, lotesVencendo } = dados;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {dados.faturamento ? <FaturamentoCards f={dados.faturamento} /> : null}
      {dados.meuCaixa ? <MeuCaixaCards m={dados.meuCaixa} timeZone={timeZone} /> : null}
      {agendaHoje ? (
        <CardLink to={veAgenda ? '/atendimentos' : '/banho-tosa'}>
          <IndicadorConteudo titulo="Atendimentos hoje" icon={IconCalendarEvent} cor="violet" valor={agendaHoje.total}>
            {agendaHoje.total === 0 ? (
              <Text size="xs" c="dimmed">
                Nenhum atendimento marcado para hoje
              </Text>
            ) : (
              <Group gap={4}>
                {agendaHoje.porStatus
                  .filter((s) => s.quantidade > 0)
                  .map((s) => (
                    <Badge key={s.status} size="sm" variant="light" color="violet" tt="none">
                      {s.label}: {s.quantidade}
                    </Badge>
                  ))}
              </Group>
            )}
          </IndicadorConteudo>
        </CardLink>
      ) : null}
      {aniversariantes ? (
        <CardLink to="/clientes">
          <IndicadorConteudo
            titulo="Aniversariantes de hoje"
            icon={IconCake}
            cor="pink"
            valor={aniversariantes.clientes + aniversariantes.pets}
          >
            <Text size="xs" c="dimmed" lineClamp={2}>
              {aniversariantes.clientes + aniversariantes.pets === 0
                ? 'Nenhum cliente ou pet faz aniversário hoje'
                : [
                    aniversariantes.clientes > 0
                      ? `${plural(aniversariantes.clientes, 'cliente', 'clientes')}: ${aniversariantes.nomesClientes.join(', ')}`
                      : null,
                    aniversariantes.pets > 0
                      ? `${plural(aniversariantes.pets, 'pet', 'pets')}: ${aniversariantes.nomesPets.join(', ')}`
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
            </Text>
          </IndicadorConteudo>
        </CardLink>
      ) : null}
      {contasPagar ? (
        <CardLink to="/financeiro/despesas" search={contasPagar.vencidas.quantidade > 0 ? { status: ['Vencida'] } : {}}>
          <IndicadorConteudo
            titulo="Contas a pagar"
            icon={IconReceipt2}
            cor={contasPagar.vencidas.quantidade > 0 ? 'red' : 'blue'}
            valor={formatMoney(contasPagar.hoje.valor + contasPagar.proximos7Dias.valor)}
          >
            <Text size="xs" c="dimmed">
              Hoje e nos próximos 7 dias ({contasPagar.hoje.quantidade + contasPagar.proximos7Dias.quantidade})
            </Text>
            <Text
              size="xs"
              c={contasPagar.vencidas.quantidade > 0 ? 'red.7' : 'dimmed'}
              fw={contasPagar.vencidas.quantidade > 0 ? 600 : 400}
            >
              {contasPagar.vencidas.quantidade > 0
                ? `${plural(contasPagar.vencidas.quantidade, 'vencida', 'vencidas')}: ${formatMoney(contasPagar.vencidas.valor)}`
                : 'Nenhuma conta vencida'}
            </Text>
          </IndicadorConteudo>
        </CardLink>
      ) : null}
      {estoqueBaixo ? (
        <CardLink to="/relatorios/posicao-estoque" search={{ situacao: 'abaixo_minimo' }}>
          <IndicadorConteudo
            titulo="Estoque abaixo do mínimo"
            icon={IconPackage}
            cor={estoqueBaixo.quantidade > 0 ? 'orange' : 'gray'}
            valor={estoqueBaixo.quantidade}
          >
            <Text size="xs" c="dimmed">
              {estoqueBaixo.quantidade === 0 ? 'Todos os produtos acima do mínimo' : 'Produtos para repor'}
            </Text>
          </IndicadorConteudo>
        </CardLink>
      ) : null}
      {lotesVencendo ? (
        <CardLink to="/relatorios/produtos-proximos-vencimento">
          <IndicadorConteudo
            titulo="Lotes vencendo em 30 dias"
            icon={lotesVencendo.vencidos.quantidade > 0 ? IconAlertTriangle : IconReceipt}
            cor={lotesVencendo.vencidos.quantidade > 0 ? 'red' : 'yellow'}
            valor={lotesVencendo.vencendo30Dias.quantidade}
          >
            <Text size="xs" c="dimmed">
              {formatMoney(lotesVencendo.vencendo30Dias.valor)} a custo
            </Text>
            <Text size="xs" c={lotesVencendo.vencidos.quantidade > 0 ? 'red.7' : 'dimmed'}>
              {lotesVencendo.vencidos.quantidade > 0
                ? `${plural(lotesVencendo.vencidos.quantidade, 'lote vencido', 'lotes vencidos')} com saldo: ${formatMoney(lotesVencendo.vencidos.valor)}`
                : 'Nenhum lote vencido com saldo'}
            </Text>
          </IndicadorConteudo>
        </CardLink>
      ) : null}
    </SimpleGrid>
  );
}
