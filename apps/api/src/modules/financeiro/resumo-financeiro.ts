/**
 * The owner's overview (GET /api/financeiro/resumo, the /financeiro/ screen; issue #6 item 4:
 * "how much do I have, owe and will receive this month"), in the shape and with the figures of
 * `resumoFinanceiroSchema` (@petshop/shared/financeiro). Every figure is aggregated in SQL
 * (a fixed handful of queries, never one per day), in the selected unit (row-level security),
 * with "today" and days of timestamps in the unit's time zone. Money in reais.
 *
 * Choices the contract leaves open, made here:
 * - "open" receivables are EmAberto/BaixaParcial; their open principal is valor − valor_pago,
 *   net of the card/PIX fee in proportion (valor_taxa × open ÷ valor); payables have no fee;
 * - `dias7` / `dias30`: due from today to today + 7 / + 30 days, both ends included;
 *   `vencido`: due before today;
 * - `mesAtual.recebido`: settlements of receitas dated in the month (what moved: `total`,
 *   reversed ones left out) plus the registers' cash sales of the month (cash 'recebimento'
 *   net of cash 'estorno' and 'devolucao'); `mesAtual.pago`: settlements of despesas plus the
 *   registers' expenses ('despesa') of the month; `aReceber` / `aPagar`: open principal due
 *   in the month (overdue days of it included);
 * - `saldoPrevisto` (issue #15 item 1: the figure "saldo + a receber − a pagar" must be exactly
 *   that): today's balance of the active accounts + the open receivables (net) − the open
 *   payables due from the current month's first day to the month's last day — overdue days of
 *   the current month included (they are still to be received or paid), older overdue ones
 *   left to the "Vencido" figures. Null for a month already over;
 * - `fluxoCaixa`: the active accounts. Days up to today: their movements except
 *   'transferencia' (between the unit's own accounts); after today: the same open títulos as
 *   `saldoPrevisto` by due date, those due up to today on the first day after today (on today
 *   when it is the month's last day), `previsto` true; so the line ends at `saldoPrevisto.valor`.
 *   `saldo` runs from the balance at the end of the month's eve (for a month after this one:
 *   today's balance plus what is expected between tomorrow and the eve);
 * - `dre`: 'Vendas' = finalised sales (not cancelled) by the day finalised minus returns by
 *   the day returned; manual receivables (not from sales, not cancelled) by issue date and
 *   category; payables (not cancelled) by due date and category; register expenses by day and
 *   category; no category: 'Sem categoria'. Lines: 'Vendas' first, then by name.
 */
import { sql } from 'drizzle-orm';
import type { ResumoFinanceiro } from '@petshop/shared/financeiro';
import { fromCents, toCents } from '@petshop/shared/format';
import { addDays, addMonths } from '@petshop/shared/venda';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { getSaldoContas } from './movimentacoes-repository.ts';

/** The DRE's income line of the sales. */
export const LINHA_VENDAS = 'Vendas';
/** The DRE line of entries without a category. */
export const SEM_CATEGORIA = 'Sem categoria';
/** Months the DRE shows, up to the chosen one. */
export const MESES_DRE = 6;

type AVencerRow = {
  dias7: string;
  dias30: string;
  vencido: string;
  quantidade_vencida: number | string;
  mes: string;
  previsto: string;
};

const aVencer = (r: AVencerRow | undefined) => ({
  dias7: Number(r?.dias7 ?? 0),
  dias30: Number(r?.dias30 ?? 0),
  vencido: Number(r?.vencido ?? 0),
  quantidadeVencida: Number(r?.quantidade_vencida ?? 0),
});

const somar = (...valores: number[]): number => fromCents(valores.reduce((s, v) => s + toCents(v), 0));

/** The overview of month `mes` ('yyyy-MM', default the unit's current month). */
export const getResumoFinanceiro = async (tx: Db, query: { mes?: string | undefined }): Promise<ResumoFinanceiro> => {
  const { hoje, timeZone } = await getUnidadeAtual(tx);
  const mes = query.mes ?? hoje.slice(0, 7);
  const inicio = `${mes}-01`;
  const fim = addDays(addMonths(inicio, 1), -1);
  const em7 = addDays(hoje, 7);
  const em30 = addDays(hoje, 30);
  const dia = (col: ReturnType<typeof sql>) => sql`(${col} at time zone ${timeZone})::date`;
  // Open títulos still expected by the month's end: due from the current month's first day.
  const desdePrevisto = `${hoje.slice(0, 7)}-01`;
  const encerrado = fim < hoje;
  const amanha = addDays(hoje, 1);

  const saldos = await getSaldoContas(tx);

  // Open títulos: to receive (net of fees) and to pay, by horizon, and due in the month.
  const aberto = (tabela: 'receitas' | 'despesas') =>
    queryRows<AVencerRow>(
      tx,
      sql`with t as (
            select data_vencimento as venc,
              (valor - valor_pago) ${tabela === 'receitas' ? sql`- case when valor > 0 then valor_taxa * (valor - valor_pago) / valor else 0 end` : sql``} as aberto
            from ${sql.identifier(tabela)} where status in ('EmAberto', 'BaixaParcial'))
          select round(coalesce(sum(aberto) filter (where venc between ${hoje}::date and ${em7}::date), 0), 2) as dias7,
            round(coalesce(sum(aberto) filter (where venc between ${hoje}::date and ${em30}::date), 0), 2) as dias30,
            round(coalesce(sum(aberto) filter (where venc < ${hoje}::date), 0), 2) as vencido,
            count(*) filter (where venc < ${hoje}::date) as quantidade_vencida,
            round(coalesce(sum(aberto) filter (where venc between ${inicio}::date and ${fim}::date), 0), 2) as mes,
            round(coalesce(sum(aberto) filter (where venc between ${desdePrevisto}::date and ${fim}::date), 0), 2) as previsto
          from t`,
    );
  const [receber] = await aberto('receitas');
  const [pagar] = await aberto('despesas');

  // Realised in the month: settlements, and the registers' cash sales and expenses.
  const [realizado] = await queryRows<{ recebido: string; pago: string; vendas_dinheiro: string; despesas_caixa: string }>(
    tx,
    sql`select
        (select coalesce(sum(b.total) filter (where b.receita_id is not null), 0) from baixas_financeiras b
          where b.estornada_em is null and b.data_pagamento between ${inicio}::date and ${fim}::date) as recebido,
        (select coalesce(sum(b.total) filter (where b.despesa_id is not null), 0) from baixas_financeiras b
          where b.estornada_em is null and b.data_pagamento between ${inicio}::date and ${fim}::date) as pago,
        (select coalesce(sum(m.valor), 0) from movimentacoes_caixa m left join formas_pagamento fp on fp.id = m.forma_pagamento_id
          where m.tipo in ('recebimento', 'estorno', 'devolucao') and (m.forma_pagamento_id is null or fp.tipo = 'dinheiro')
            and ${dia(sql`m.created_at`)} between ${inicio}::date and ${fim}::date) as vendas_dinheiro,
        (select coalesce(-sum(m.valor), 0) from movimentacoes_caixa m
          where m.tipo = 'despesa' and ${dia(sql`m.created_at`)} between ${inicio}::date and ${fim}::date) as despesas_caixa`,
  );

  // Cash flow: the balance on the eve, realised days, expected days.
  const vespera = addDays(inicio, -1);
  const ateRealizado = vespera < hoje ? vespera : hoje;
  const [saldoVespera] = await queryRows<{ saldo: string }>(
    tx,
    sql`select coalesce(sum(c.saldo_inicial + coalesce((select sum(m.valor) from movimentacoes_financeiras m
          where m.conta_id = c.id and m.data <= ${ateRealizado}::date), 0)), 0) as saldo
        from contas c where c.ativo`,
  );
  const realizadosPorDia = await queryRows<{ data: string; entradas: string; saidas: string }>(
    tx,
    sql`select m.data::text as data, coalesce(sum(m.valor) filter (where m.valor > 0), 0) as entradas,
          coalesce(-sum(m.valor) filter (where m.valor < 0), 0) as saidas
        from movimentacoes_financeiras m join contas c on c.id = m.conta_id and c.ativo
        where m.origem <> 'transferencia' and m.data between ${inicio}::date and ${fim < hoje ? fim : hoje}::date
        group by m.data`,
  );
  const previstosPorDia = encerrado
    ? []
    : await queryRows<{ data: string; entradas: string; saidas: string }>(
        tx,
        sql`select least(greatest(t.venc, ${amanha}::date), ${fim}::date)::text as data,
          round(coalesce(sum(t.entrada), 0), 2) as entradas, round(coalesce(sum(t.saida), 0), 2) as saidas
        from (
          select data_vencimento as venc,
            (valor - valor_pago) - case when valor > 0 then valor_taxa * (valor - valor_pago) / valor else 0 end as entrada,
            0 as saida
          from receitas where status in ('EmAberto', 'BaixaParcial')
            and data_vencimento between ${desdePrevisto}::date and ${fim}::date
          union all
          select data_vencimento, 0, valor - valor_pago
          from despesas where status in ('EmAberto', 'BaixaParcial')
            and data_vencimento between ${desdePrevisto}::date and ${fim}::date
        ) t group by 1`,
      );

  let saldo = Number(saldoVespera?.saldo ?? 0);
  for (const p of previstosPorDia) if (p.data < inicio) saldo = somar(saldo, Number(p.entradas), -Number(p.saidas));
  const porDia = new Map<string, { entradas: number; saidas: number }>();
  for (const r of [...realizadosPorDia, ...previstosPorDia]) {
    if (r.data < inicio) continue;
    const f = porDia.get(r.data) ?? { entradas: 0, saidas: 0 };
    porDia.set(r.data, { entradas: somar(f.entradas, Number(r.entradas)), saidas: somar(f.saidas, Number(r.saidas)) });
  }
  const diasPrevistos = new Set(previstosPorDia.map((p) => p.data));
  const fluxoCaixa: ResumoFinanceiro['fluxoCaixa'] = [];
  for (let d = inicio; d <= fim; d = addDays(d, 1)) {
    const f = porDia.get(d) ?? { entradas: 0, saidas: 0 };
    saldo = somar(saldo, f.entradas, -f.saidas);
    fluxoCaixa.push({ data: d, entradas: f.entradas, saidas: f.saidas, previsto: d > hoje || diasPrevistos.has(d), saldo });
  }
  const saldoPrevisto: ResumoFinanceiro['saldoPrevisto'] = encerrado
    ? null
    : {
        saldoAtual: saldos.total,
        aReceber: Number(receber?.previsto ?? 0),
        aPagar: Number(pagar?.previsto ?? 0),
        valor: somar(saldos.total, Number(receber?.previsto ?? 0), -Number(pagar?.previsto ?? 0)),
        vencimentoDesde: desdePrevisto,
        vencimentoAte: fim,
      };

  // DRE: the last MESES_DRE months up to `mes`, competence basis.
  const meses = Array.from({ length: MESES_DRE }, (_, i) => addMonths(inicio, i - (MESES_DRE - 1)).slice(0, 7));
  const dreInicio = `${meses[0]}-01`;
  const linhasDre = await queryRows<{ tipo: 'receita' | 'despesa'; categoria: string; mes: string; valor: string }>(
    tx,
    sql`select 'receita'::text as tipo, ${LINHA_VENDAS}::text as categoria, to_char(${dia(sql`v.data_finalizacao`)}, 'YYYY-MM') as mes,
          sum(v.valor_liquido) as valor
        from vendas v
        where v.tipo = 'Venda' and v.status = 'Finalizada'
          and ${dia(sql`v.data_finalizacao`)} between ${dreInicio}::date and ${fim}::date
        group by 3
      union all
        select 'receita', ${LINHA_VENDAS}::text, to_char(${dia(sql`d.created_at`)}, 'YYYY-MM'), -sum(d.valor_total)
        from devolucoes d
        where ${dia(sql`d.created_at`)} between ${dreInicio}::date and ${fim}::date
        group by 3
      union all
        select 'receita', coalesce(cf.nome, ${SEM_CATEGORIA}::text), to_char(r.data_emissao, 'YYYY-MM'), sum(r.valor)
        from receitas r left join categorias_financeiras cf on cf.id = r.categoria_financeira_id
        where r.venda_id is null and r.status <> 'Cancelada' and r.data_emissao between ${dreInicio}::date and ${fim}::date
        group by 2, 3
      union all
        select 'despesa', coalesce(cf.nome, ${SEM_CATEGORIA}::text), to_char(d.data_vencimento, 'YYYY-MM'), sum(d.valor)
        from despesas d left join categorias_financeiras cf on cf.id = d.categoria_financeira_id
        where d.status <> 'Cancelada' and d.data_vencimento between ${dreInicio}::date and ${fim}::date
        group by 2, 3
      union all
        select 'despesa', coalesce(cf.nome, ${SEM_CATEGORIA}::text), to_char(${dia(sql`m.created_at`)}, 'YYYY-MM'), -sum(m.valor)
        from movimentacoes_caixa m left join categorias_financeiras cf on cf.id = m.categoria_financeira_id
        where m.tipo = 'despesa' and ${dia(sql`m.created_at`)} between ${dreInicio}::date and ${fim}::date
        group by 2, 3`,
  );
  const linhas = new Map<string, { tipo: 'receita' | 'despesa'; categoria: string; centavos: number[] }>();
  for (const l of linhasDre) {
    const i = meses.indexOf(l.mes);
    if (i < 0) continue;
    const chave = `${l.tipo}\u0000${l.categoria}`;
    const linha = linhas.get(chave) ?? { tipo: l.tipo, categoria: l.categoria, centavos: meses.map(() => 0) };
    linha.centavos[i]! += toCents(Number(l.valor));
    linhas.set(chave, linha);
  }
  const ordenadas = [...linhas.values()].sort(
    (a, b) =>
      (a.tipo === b.tipo ? 0 : a.tipo === 'receita' ? -1 : 1) ||
      (a.categoria === LINHA_VENDAS ? -1 : 0) - (b.categoria === LINHA_VENDAS ? -1 : 0) ||
      a.categoria.localeCompare(b.categoria, 'pt-BR'),
  );
  const totalPorMes = (tipo: 'receita' | 'despesa') =>
    meses.map((_, i) => ordenadas.filter((l) => l.tipo === tipo).reduce((s, l) => s + l.centavos[i]!, 0));
  const receitasMes = totalPorMes('receita');
  const despesasMes = totalPorMes('despesa');

  return {
    hoje,
    mes,
    saldos,
    aReceber: aVencer(receber),
    aPagar: aVencer(pagar),
    mesAtual: {
      recebido: somar(Number(realizado?.recebido ?? 0), Number(realizado?.vendas_dinheiro ?? 0)),
      pago: somar(Number(realizado?.pago ?? 0), Number(realizado?.despesas_caixa ?? 0)),
      aReceber: Number(receber?.mes ?? 0),
      aPagar: Number(pagar?.mes ?? 0),
    },
    saldoPrevisto,
    fluxoCaixa,
    dre: {
      meses,
      linhas: ordenadas.map((l) => ({ tipo: l.tipo, categoria: l.categoria, valores: l.centavos.map(fromCents) })),
      receitas: receitasMes.map(fromCents),
      despesas: despesasMes.map(fromCents),
      resultado: meses.map((_, i) => fromCents(receitasMes[i]! - despesasMes[i]!)),
    },
  };
};
