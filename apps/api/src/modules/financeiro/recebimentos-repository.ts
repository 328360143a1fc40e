/**
 * Expected card and PIX receipts (*recebimentos*, DOMAIN.md §7; spec §7 GET
 * /api/financeiro/recebimentos/resumo): receivables whose payment method is of kind pix,
 * cartao_debito or cartao_credito, by due (settlement) date in a period, per day and per
 * method, with fees. Cancelled ones are left out. Row-level security keeps other units out.
 * Money in reais, summed in SQL numeric and combined in cents.
 */
import { sql } from 'drizzle-orm';
import type { RecebimentosResumo, RecebimentosResumoQuery } from '@petshop/shared/financeiro';
import { fromCents, toCents } from '@petshop/shared/format';
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import { addDays } from '@petshop/shared/venda';
import type { Db } from '../../db/client.ts';
import { num, queryRows } from '../../db/rows.ts';
import { fieldError } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';

/** The method kinds whose money lands later in the account (what /recebimentos lists). */
export const TIPOS_RECEBIMENTO: readonly TipoFormaPagamento[] = ['pix', 'cartao_debito', 'cartao_credito'];

/** Default length of the period after today (days). */
export const RECEBIMENTOS_DIAS_PADRAO = 30;

type Linha = {
  data: string;
  forma_id: string;
  forma_nome: string;
  forma_tipo: string;
  quantidade: number;
  bruto: string;
  taxa: string;
  pago: string;
  recebido: string;
};

type Soma = { quantidade: number; bruto: number; taxa: number; pago: number; recebido: number };
const vazia = (): Soma => ({ quantidade: 0, bruto: 0, taxa: 0, pago: 0, recebido: 0 });
const somar = (s: Soma, l: Linha) => {
  s.quantidade += Number(l.quantidade);
  s.bruto += toCents(num(l.bruto));
  s.taxa += toCents(num(l.taxa));
  s.pago += toCents(num(l.pago));
  s.recebido += toCents(num(l.recebido));
};
const valores = (s: Soma) => ({
  bruto: fromCents(s.bruto),
  taxa: fromCents(s.taxa),
  liquido: fromCents(s.bruto - s.taxa),
  aReceber: fromCents(Math.max(0, s.bruto - s.pago)),
});

/**
 * GET /api/financeiro/recebimentos/resumo: period `dataInicio`..`dataFim` (default today to
 * today + 30 days in the unit; 400 `dataFim` when before the start). Per day (only days with
 * receipts, in order) and per method: quantity, gross, fee, net (gross − fee), received (what
 * the settlements moved, net of fees) and still to receive (gross − principal settled).
 */
export const getResumoRecebimentos = async (tx: Db, query: RecebimentosResumoQuery): Promise<RecebimentosResumo> => {
  const { hoje } = await getUnidadeAtual(tx);
  const dataInicio = query.dataInicio ?? hoje;
  const dataFim = query.dataFim ?? addDays(dataInicio, RECEBIMENTOS_DIAS_PADRAO);
  if (dataFim < dataInicio) throw fieldError('dataFim', 'Data final anterior à data inicial');
  const linhas = await queryRows<Linha>(
    tx,
    sql`select to_char(r.data_vencimento, 'YYYY-MM-DD') as data, fp.id as forma_id, fp.nome as forma_nome, fp.tipo as forma_tipo,
          count(*)::int as quantidade, sum(r.valor) as bruto, sum(r.valor_taxa) as taxa, sum(r.valor_pago) as pago,
          coalesce(sum((select sum(b.total) from baixas_financeiras b where b.receita_id = r.id and b.estornada_em is null)), 0) as recebido
        from receitas r
        join formas_pagamento fp on fp.id = r.forma_pagamento_id
        where fp.tipo in (${sql.join(
          TIPOS_RECEBIMENTO.map((t) => sql`${t}`),
          sql`, `,
        )})
          and r.status <> 'Cancelada'
          and r.data_vencimento between ${dataInicio} and ${dataFim}
        group by r.data_vencimento, fp.id, fp.nome, fp.tipo
        order by r.data_vencimento, fp.nome, fp.id`,
  );
  const dias = new Map<string, Soma>();
  const formas = new Map<string, { forma: { id: string; nome: string; tipo: string }; soma: Soma }>();
  const totais = vazia();
  for (const l of linhas) {
    const dia = dias.get(l.data) ?? vazia();
    somar(dia, l);
    dias.set(l.data, dia);
    const forma = formas.get(l.forma_id) ?? { forma: { id: l.forma_id, nome: l.forma_nome, tipo: l.forma_tipo }, soma: vazia() };
    somar(forma.soma, l);
    formas.set(l.forma_id, forma);
    somar(totais, l);
  }
  return {
    dataInicio,
    dataFim,
    dias: [...dias].map(([data, s]) => ({ data, quantidade: s.quantidade, ...valores(s), recebido: fromCents(s.recebido) })),
    porForma: [...formas.values()]
      .sort((a, b) => a.forma.nome.localeCompare(b.forma.nome, 'pt-BR'))
      .map(({ forma, soma }) => ({ formaPagamento: forma, ...valores(soma) })),
    totais: { quantidade: totais.quantidade, ...valores(totais), recebido: fromCents(totais.recebido) },
  };
};
