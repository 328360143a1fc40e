/**
 * The home page's indicators (GET /api/indicadores, issue #20 item 2; DOMAIN.md §11) for the
 * scope's unit: only those `indicadoresDoPerfil` grants the user's profile there, each one a
 * single set-based statement, all issued together (db/run-together.ts: one round trip on
 * PostgreSQL) inside the request's scoped transaction (RLS keeps other tenants and units out;
 * every unit-owned table is also filtered by `currentUnidadeNegocioId` so its indexes serve).
 *
 * "Today" and every span are days of the unit's time zone (DOMAIN.md §2). Every sales figure
 * (revenue, number of sales, a cashier's own sales) follows `itensVendidosSql`, the rule of the
 * sales reports, read at the sale's grain through `vendasLiquidasSql` (its Σ receita is
 * itensVendidosSql's exactly: the items' prorated shares add up to the sale's net less freight),
 * so the home page and the reports agree to the cent while reading `vendas` alone — on the bench
 * data two months of items (≈200k rows with the proration's window) took 2.3 s; the sales alone
 * (≈40k rows) take a fraction of it.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  indicadoresDoPerfil,
  type AgendaHojeIndicador,
  type AniversariantesIndicador,
  type ContasPagarIndicador,
  type DosesDevidasIndicador,
  type EstoqueBaixoIndicador,
  type FaturamentoIndicador,
  type FaturamentoPeriodo,
  type IndicadorId,
  type Indicadores,
  type LotesVencendoIndicador,
  type MeuCaixaIndicador,
} from '@petshop/shared/indicadores';
import { STATUS_ATENDIMENTO, STATUS_ATENDIMENTO_IDS } from '@petshop/shared/agenda';
import { todayISO } from '@petshop/shared/format';
import { CRITERIO_VENDAS } from '@petshop/shared/relatorios';
import { addDays, addMonths } from '@petshop/shared/venda';
import type { Db } from '../../db/client.ts';
import { runTogether } from '../../db/run-together.ts';
import { num, queryRows } from '../../db/rows.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { contarAbaixoMinimo } from '../estoque/estoque-repository.ts';
import { instantesDoPeriodo } from '../relatorios/periodo.ts';
import { vendasLiquidasEntreSql, vendasLiquidasSql } from '../relatorios/vendas-liquidas.ts';

/** Days of the last-30-days chart. */
export const DIAS_GRAFICO = 30;
/** How many first names the birthday card lists. */
export const NOMES_ANIVERSARIANTES = 5;
/** Payables: the window after today. Doses: the same. Lots: the expiry window. */
export const DIAS_CONTAS_PAGAR = 7;
export const DIAS_DOSES = 7;
export const DIAS_LOTES = 30;

/** (atual − anterior) ÷ anterior × 100 with 1 decimal; null when `anterior` is 0. */
export const variacaoPercentual = (atual: number, anterior: number): number | null =>
  anterior === 0 ? null : Math.round(((atual - anterior) / Math.abs(anterior)) * 1000) / 10;

/** The days every figure of `hoje` reads: today, this month, last month's same span, the chart. */
export const periodosDoDia = (hoje: string) => {
  const inicioMes = `${hoje.slice(0, 7)}-01`;
  const mesmoDiaMesAnterior = addMonths(hoje, -1);
  const inicioMesAnterior = `${mesmoDiaMesAnterior.slice(0, 7)}-01`;
  const inicioGrafico = addDays(hoje, -(DIAS_GRAFICO - 1));
  return {
    hoje,
    inicioMes,
    mesmoDiaMesAnterior,
    inicioMesAnterior,
    inicioGrafico,
    /** The first day any figure reads. */
    inicio: inicioGrafico < inicioMesAnterior ? inicioGrafico : inicioMesAnterior,
  };
};

const periodo = (dataInicio: string, dataFim: string, valor: number, vendas: number): FaturamentoPeriodo => ({
  dataInicio,
  dataFim,
  valor,
  vendas,
  ticketMedio: vendas === 0 ? 0 : Math.round((valor / vendas) * 100) / 100,
});

/**
 * Revenue: one statement. Each day of the unit's zone from the earliest day needed to today is
 * summed by its own index range (`vendasLiquidasEntreSql` in a LATERAL over the days' bounds:
 * index-only on `vendas_indicadores_idx`, no per-sale conversion to the unit's day nor a hash of
 * two months of sales: 80 → 15 ms on the bench), giving `por_dia`; then each span's total is
 * rounded once (as the reports round their totals) and each chart day. `vendas` counts the
 * sales' own lines (returns do not change the count). The same statement answers this month's
 * payments per method (venda_financeiros.valor: what each method paid of the sale, cash already
 * net of change) of the sales FINALISED this month — the sales `vendasLiquidasSql` counts: status
 * Finalizada, type Venda, data_finalizacao in the month — read from the rollup
 * `pagamentos_vendidos` (one row per sale and method, kept by triggers, migration 0027: an
 * index-only range instead of looking up the payments of each of the month's 38 000 bench sales,
 * 130–170 ms), largest first; returns are not subtracted there (see `faturamentoIndicadorSchema`).
 */
const getFaturamento = async (tx: Db, timeZone: string, hoje: string): Promise<FaturamentoIndicador> => {
  const p = periodosDoDia(hoje);
  const span = (chave: string, de: string, ate: string) =>
    sql`select ${chave}::text as chave, null::text as dia, round(coalesce(sum(valor), 0), 2)::text as valor,
               coalesce(sum(vendas), 0)::int as vendas, null::text as nome, null::text as tipo
          from por_dia where dia between ${de}::date and ${ate}::date`;
  const instantesMes = instantesDoPeriodo({ dataInicio: p.inicioMes, dataFim: hoje }, timeZone);
  const diaInicio = sql`(dias.dia::timestamp at time zone ${timeZone})`;
  const diaFim = sql`((dias.dia + 1)::timestamp at time zone ${timeZone})`;
  const rows = await queryRows<{
    chave: string;
    dia: string | null;
    valor: string;
    vendas: number;
    nome: string | null;
    tipo: string | null;
  }>(
    tx,
    sql`with por_dia as (
          select dias.dia, s.valor, s.vendas
            from (select d::date as dia from generate_series(${p.inicio}::date, ${hoje}::date, interval '1 day') d) dias
            cross join lateral (
              select sum(l.receita) as valor, count(*) filter (where not l.devolucao) as vendas
                from (${vendasLiquidasEntreSql(diaInicio, diaFim)}) l
            ) s
           where s.valor is not null
        )
        select 'dia' as chave, dia::text as dia, round(valor, 2)::text as valor, vendas::int as vendas,
               null::text as nome, null::text as tipo
          from por_dia where dia >= ${p.inicioGrafico}::date
        union all ${span('hoje', hoje, hoje)}
        union all ${span('mesmoDia', p.mesmoDiaMesAnterior, p.mesmoDiaMesAnterior)}
        union all ${span('mes', p.inicioMes, hoje)}
        union all ${span('mesAnterior', p.inicioMesAnterior, p.mesmoDiaMesAnterior)}
        union all (
          select 'forma', f.id::text, x.valor::text, 0, f.nome, f.tipo
            from (select pv.forma_pagamento_id, sum(pv.valor) as valor
                    from pagamentos_vendidos pv
                   where pv.unidade_negocio_id = ${currentUnidadeNegocioId}
                     and pv.em >= ${instantesMes.inicio} and pv.em < ${instantesMes.fim}
                   group by pv.forma_pagamento_id
                  having sum(pv.valor) <> 0) x
            join formas_pagamento f on f.id = x.forma_pagamento_id
        )`,
  );
  const total = (chave: string) => rows.find((r) => r.chave === chave);
  const de = (chave: string, inicio: string, fim: string) =>
    periodo(inicio, fim, num(total(chave)?.valor), Number(total(chave)?.vendas ?? 0));
  const porDia = new Map(rows.filter((r) => r.chave === 'dia').map((r) => [r.dia!, num(r.valor)]));
  const ultimos30Dias = Array.from({ length: DIAS_GRAFICO }, (_, i) => {
    const data = addDays(p.inicioGrafico, i);
    return { data, valor: porDia.get(data) ?? 0 };
  });
  const hojeP = de('hoje', hoje, hoje);
  const mesmoDia = de('mesmoDia', p.mesmoDiaMesAnterior, p.mesmoDiaMesAnterior);
  const mes = de('mes', p.inicioMes, hoje);
  const mesAnterior = de('mesAnterior', p.inicioMesAnterior, p.mesmoDiaMesAnterior);
  return {
    hoje: hojeP,
    mesmoDiaMesAnterior: mesmoDia,
    mes,
    mesAnterior,
    variacaoMes: variacaoPercentual(mes.valor, mesAnterior.valor),
    variacaoHoje: variacaoPercentual(hojeP.valor, mesmoDia.valor),
    ultimos30Dias,
    porFormaPagamento: rows
      .filter((r) => r.chave === 'forma')
      .map((r) => ({ formaPagamentoId: r.dia!, nome: r.nome ?? '', tipo: r.tipo ?? '', valor: num(r.valor) }))
      .sort((a, b) => b.valor - a.valor || a.nome.localeCompare(b.nome, 'pt-BR')),
    criterio: CRITERIO_VENDAS,
  };
};

/**
 * A cashier's day: their open register in the unit with the cash expected in it (every movement
 * without a method or in a cash method: opening + sales net of change + supplies − withdrawals…,
 * as the closing counts it), and their own sales today by `vendasLiquidasSql` (returns today of
 * their sales subtracted).
 */
const getMeuCaixa = async (tx: Db, usuarioId: string, timeZone: string, hoje: string): Promise<MeuCaixaIndicador> => {
  const [rows, vendas] = await runTogether(
    queryRows<{ id: string; numero: number; data_abertura: string; saldo: string }>(
      tx,
      sql`select c.id, c.numero::int as numero, to_json(c.data_abertura)#>>'{}' as data_abertura,
                 (select coalesce(sum(m.valor), 0)
                    from movimentacoes_caixa m
                    left join formas_pagamento f on f.id = m.forma_pagamento_id
                   where m.caixa_id = c.id and (m.forma_pagamento_id is null or f.tipo = 'dinheiro'))::text as saldo
            from caixas c
           where c.unidade_negocio_id = ${currentUnidadeNegocioId} and c.usuario_id = ${usuarioId}::uuid and c.status = 'Aberto'
           order by c.data_abertura desc limit 1`,
    ),
    queryRows<{ vendas: number; valor: string }>(
      tx,
      sql`with liquidas as (${vendasLiquidasSql({ dataInicio: hoje, dataFim: hoje }, timeZone)})
          select (count(*) filter (where not devolucao))::int as vendas,
                 round(coalesce(sum(receita), 0), 2)::text as valor
            from liquidas where usuario_id = ${usuarioId}::uuid`,
    ),
  );
  const c = rows[0];
  return {
    caixa: c
      ? { id: c.id, numero: c.numero, dataAbertura: new Date(c.data_abertura).toISOString(), saldoDinheiro: num(c.saldo) }
      : null,
    vendasHoje: { vendas: vendas[0]?.vendas ?? 0, valor: num(vendas[0]?.valor) },
  };
};

/** Today's appointments of the unit (by `inicio` in the unit's day) per status, every status listed. */
const getAgendaHoje = async (tx: Db, timeZone: string, hoje: string): Promise<AgendaHojeIndicador> => {
  const { inicio, fim } = instantesDoPeriodo({ dataInicio: hoje, dataFim: hoje }, timeZone);
  const rows = await queryRows<{ status: string; n: number }>(
    tx,
    sql`select status, count(*)::int as n from atendimentos
         where unidade_negocio_id = ${currentUnidadeNegocioId} and inicio >= ${inicio} and inicio < ${fim}
         group by status`,
  );
  const por = new Map(rows.map((r) => [r.status, r.n]));
  const porStatus = STATUS_ATENDIMENTO_IDS.map((status) => ({
    status,
    label: STATUS_ATENDIMENTO[status],
    quantidade: por.get(status) ?? 0,
  }));
  return { total: porStatus.reduce((s, r) => s + r.quantidade, 0), porStatus };
};

/** 'MM-DD' days whose birthdays fall today: today's, plus 29/02 on 28/02 of a common year. */
export const diasDeAniversario = (hoje: string): string[] => {
  const mmdd = hoje.slice(5);
  const ano = Number(hoje.slice(0, 4));
  const bissexto = (ano % 4 === 0 && ano % 100 !== 0) || ano % 400 === 0;
  return mmdd === '02-28' && !bissexto ? ['02-28', '02-29'] : [mmdd];
};

const primeiroNome = (nome: string): string => nome.trim().split(/\s+/)[0] ?? nome;

/**
 * Birthdays today (people and pets are the tenant's, DOMAIN.md §2, so every unit sees the same):
 * active people and active, living pets whose date of birth has today's day and month. The count
 * comes with the first NOMES_ANIVERSARIANTES names (alphabetical) in the same statement.
 */
const getAniversariantes = async (tx: Db, hoje: string): Promise<AniversariantesIndicador> => {
  // month × 100 + day: immutable, so an expression index on it can serve this (to_char cannot).
  const dias = diasDeAniversario(hoje).map((mmdd) => Number(mmdd.replace('-', '')));
  const mesmoDia = (coluna: SQL) => sql`(extract(month from ${coluna}) * 100 + extract(day from ${coluna})) in ${dias}`;
  const rows = await queryRows<{ tipo: 'cliente' | 'pet'; nome: string; n: number }>(
    tx,
    sql`(select 'cliente' as tipo, nome, (count(*) over ())::int as n from pessoas p
          where p.ativo and p.data_nascimento is not null and ${mesmoDia(sql`p.data_nascimento`)}
          order by p.nome_busca, p.id limit ${NOMES_ANIVERSARIANTES})
        union all
        (select 'pet' as tipo, nome, (count(*) over ())::int as n from pets a
          where a.ativo and a.data_obito is null and a.data_nascimento is not null and ${mesmoDia(sql`a.data_nascimento`)}
          order by a.nome, a.id limit ${NOMES_ANIVERSARIANTES})`,
  );
  const de = (tipo: 'cliente' | 'pet') => rows.filter((r) => r.tipo === tipo);
  return {
    clientes: de('cliente')[0]?.n ?? 0,
    pets: de('pet')[0]?.n ?? 0,
    nomesClientes: de('cliente').map((r) => primeiroNome(r.nome)),
    nomesPets: de('pet').map((r) => primeiroNome(r.nome)),
  };
};

/** The unit's payables still open (EmAberto / BaixaParcial), what is left of each (valor − valorPago). */
const getContasPagar = async (tx: Db, hoje: string): Promise<ContasPagarIndicador> => {
  const limite = addDays(hoje, DIAS_CONTAS_PAGAR);
  const [r] = await queryRows<Record<string, string>>(
    tx,
    sql`select count(*) filter (where data_vencimento < ${hoje}::date)::text as vencidas_n,
               coalesce(sum(valor - valor_pago) filter (where data_vencimento < ${hoje}::date), 0)::text as vencidas_v,
               count(*) filter (where data_vencimento = ${hoje}::date)::text as hoje_n,
               coalesce(sum(valor - valor_pago) filter (where data_vencimento = ${hoje}::date), 0)::text as hoje_v,
               count(*) filter (where data_vencimento > ${hoje}::date)::text as prox_n,
               coalesce(sum(valor - valor_pago) filter (where data_vencimento > ${hoje}::date), 0)::text as prox_v
          from despesas
         where unidade_negocio_id = ${currentUnidadeNegocioId} and status in ('EmAberto', 'BaixaParcial')
           and data_vencimento <= ${limite}::date`,
  );
  const cv = (n?: string, v?: string) => ({ quantidade: Number(n ?? 0), valor: num(v) });
  return {
    vencidas: cv(r?.vencidas_n, r?.vencidas_v),
    hoje: cv(r?.hoje_n, r?.hoje_v),
    proximos7Dias: cv(r?.prox_n, r?.prox_v),
  };
};

/**
 * Products below minimum in the unit: the stock screen's own count (estoque-repository.ts
 * `contarAbaixoMinimo`, the total of GET /api/estoques?situacao=abaixo_minimo), so the card and
 * the list it opens never disagree.
 */
const getEstoqueBaixo = async (tx: Db): Promise<EstoqueBaixoIndicador> => ({ quantidade: await contarAbaixoMinimo(tx) });

/**
 * The unit's lots with quantity left and a validity date: expired (before today) and expiring
 * from today to today + DIAS_LOTES; value at cost = quantity × the unit's average cost (the
 * product's cost price when none), rounded to the cent per lot. The cost and the cost price are
 * looked up per lot by key (a join hashed all 100 000 products of the bench's tenant: 55 → 19 ms).
 */
const getLotesVencendo = async (tx: Db, hoje: string): Promise<LotesVencendoIndicador> => {
  const [r] = await queryRows<Record<string, string>>(
    tx,
    sql`with l as (
          select l.data_validade,
                 round(l.quantidade * coalesce(
                   nullif((select e.custo_medio from estoques e
                            where e.unidade_negocio_id = ${currentUnidadeNegocioId} and e.produto_id = l.produto_id), 0),
                   (select p.preco_custo from produtos p where p.id = l.produto_id)), 2) as valor
            from lotes l
           where l.unidade_negocio_id = ${currentUnidadeNegocioId} and l.quantidade > 0
             and l.data_validade <= ${addDays(hoje, DIAS_LOTES)}::date
        )
        select count(*) filter (where data_validade < ${hoje}::date)::text as vencidos_n,
               coalesce(sum(valor) filter (where data_validade < ${hoje}::date), 0)::text as vencidos_v,
               count(*) filter (where data_validade >= ${hoje}::date)::text as vencendo_n,
               coalesce(sum(valor) filter (where data_validade >= ${hoje}::date), 0)::text as vencendo_v
          from l`,
  );
  return {
    vencidos: { quantidade: Number(r?.vencidos_n ?? 0), valor: num(r?.vencidos_v) },
    vencendo30Dias: { quantidade: Number(r?.vencendo_n ?? 0), valor: num(r?.vencendo_v) },
  };
};

/** Pending doses of the unit (pets active and living, as GET doses-devidas): overdue and due today..today+7. */
const getDosesDevidas = async (tx: Db, hoje: string): Promise<DosesDevidasIndicador> => {
  const [r] = await queryRows<{ atrasadas: number; proximas: number }>(
    tx,
    sql`select (count(*) filter (where pv.data_prevista < ${hoje}::date))::int as atrasadas,
               (count(*) filter (where pv.data_prevista >= ${hoje}::date))::int as proximas
          from planejamentos_vacina pv
          join pets on pets.id = pv.pet_id
         where pv.unidade_negocio_id = ${currentUnidadeNegocioId} and pv.status = 'pendente'
           and pets.ativo and pets.data_obito is null
           and pv.data_prevista <= ${addDays(hoje, DIAS_DOSES)}::date`,
  );
  return { atrasadas: r?.atrasadas ?? 0, proximos7Dias: r?.proximas ?? 0 };
};

/**
 * The indicators of profile `perfilId` for user `usuarioId` in the scope's unit (see the file's
 * comment) on the unit's day of `agora` (now; tests pass a fixed instant). Absent keys: the
 * profile may not see them.
 */
export const montarIndicadores = async (
  tx: Db,
  usuarioId: string,
  perfilId: string | null | undefined,
  agora: Date = new Date(),
): Promise<Indicadores> => {
  const { timeZone } = await getUnidadeAtual(tx);
  const hoje = todayISO(timeZone, agora);
  const ids = new Set<IndicadorId>(indicadoresDoPerfil(perfilId));
  const se = <T>(id: IndicadorId, read: () => Promise<T>): Promise<T | undefined> =>
    ids.has(id) ? read() : Promise.resolve(undefined);
  const [faturamento, meuCaixa, agendaHoje, aniversariantes, contasPagar, estoqueBaixo, lotesVencendo, dosesDevidas] =
    await runTogether(
      se('faturamento', () => getFaturamento(tx, timeZone, hoje)),
      se('meuCaixa', () => getMeuCaixa(tx, usuarioId, timeZone, hoje)),
      se('agendaHoje', () => getAgendaHoje(tx, timeZone, hoje)),
      se('aniversariantes', () => getAniversariantes(tx, hoje)),
      se('contasPagar', () => getContasPagar(tx, hoje)),
      se('estoqueBaixo', () => getEstoqueBaixo(tx)),
      se('lotesVencendo', () => getLotesVencendo(tx, hoje)),
      se('dosesDevidas', () => getDosesDevidas(tx, hoje)),
    );
  return {
    hoje,
    ...(faturamento ? { faturamento } : {}),
    ...(meuCaixa ? { meuCaixa } : {}),
    ...(agendaHoje ? { agendaHoje } : {}),
    ...(aniversariantes ? { aniversariantes } : {}),
    ...(contasPagar ? { contasPagar } : {}),
    ...(estoqueBaixo ? { estoqueBaixo } : {}),
    ...(lotesVencendo ? { lotesVencendo } : {}),
    ...(dosesDevidas ? { dosesDevidas } : {}),
  };
};
