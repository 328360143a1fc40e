/**
 * A customer's money in the selected unit (issue #4 item 8; DOMAIN.md §3 *resumo*, §6 open
 * sales, §7 receivables and customer credit): GET /pessoas/{id}/vendas-em-aberto and
 * GET /pessoas/{id}/resumo. Sales and receivables are unit-owned (row-level security keeps
 * them to the selected unit); the credit balance is tenant-wide. Money in reais, summed in
 * SQL numeric and in integer cents here, never in floating point.
 */
import { sql } from 'drizzle-orm';
import type { PessoaResumo, ReceitaEmAberto, VendasEmAberto } from '@petshop/shared/pessoa-resumo';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { listVendasEmAbertoDoCliente } from '../comercial/vendas/vendas-repository.ts';
import { getSaldoCreditoCliente } from '../financeiro/credito-cliente-ledger.ts';
import { assertPessoa } from '../financeiro/credito-cliente-repository.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';

/** A timestamp of either driver (pg answers Date, PGlite Date or text) as ISO text. */
const isoTimestamp = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

const centavos = (value: string | number | null | undefined): number => Math.round(Number(value ?? 0) * 100);

type ReceitaRow = {
  id: string;
  descricao: string;
  parcela: number;
  total_parcelas: number;
  data_vencimento: string | Date;
  valor: string;
  valor_pago: string;
  status: 'EmAberto' | 'BaixaParcial';
  venda_id: string | null;
  venda_numero: string | number | null;
};

/**
 * The receivables the customer owes in this unit, EmAberto or BaixaParcial, by due date: not
 * those of card and PIX payments (the acquirer owes those), so *a prazo*, boleto and hand-made
 * receivables. `vencida` when due before the unit's today.
 */
const receitasEmAberto = async (tx: Db, pessoaId: string, hoje: string): Promise<ReceitaEmAberto[]> => {
  const rows = await queryRows<ReceitaRow>(
    tx,
    sql`select r.id, r.descricao, r.parcela, r.total_parcelas, r.data_vencimento::text as data_vencimento,
               r.valor, r.valor_pago, r.status, r.venda_id, v.numero as venda_numero
          from receitas r
          left join formas_pagamento fp on fp.id = r.forma_pagamento_id
          left join vendas v on v.id = r.venda_id
         where r.pessoa_id = ${pessoaId}
           and r.status in ('EmAberto', 'BaixaParcial')
           and (fp.tipo is null or fp.tipo not in ('pix', 'cartao_debito', 'cartao_credito'))
         order by r.data_vencimento, r.created_at, r.parcela`,
  );
  return rows.map((r) => {
    const dataVencimento = String(r.data_vencimento).slice(0, 10);
    return {
      id: r.id,
      descricao: r.descricao,
      parcela: Number(r.parcela),
      totalParcelas: Number(r.total_parcelas),
      dataVencimento,
      valor: Number(r.valor),
      valorPago: Number(r.valor_pago),
      valorRestante: (centavos(r.valor) - centavos(r.valor_pago)) / 100,
      status: r.status,
      vendaId: r.venda_id,
      vendaNumero: r.venda_numero === null ? null : Number(r.venda_numero),
      vencida: dataVencimento < hoje,
    };
  });
};

/**
 * GET /pessoas/{id}/vendas-em-aberto: open sales (VendaResumo, oldest first), open receivables
 * and `totalEmAberto` = Σ valorEmAberto + Σ valorRestante. 404 for a person of another tenant.
 */
export const getVendasEmAbertoDaPessoa = async (tx: Db, pessoaId: string): Promise<VendasEmAberto> => {
  await assertPessoa(tx, pessoaId);
  const { hoje } = await getUnidadeAtual(tx);
  const vendas = await listVendasEmAbertoDoCliente(tx, pessoaId);
  const receitas = await receitasEmAberto(tx, pessoaId, hoje);
  const total =
    vendas.reduce((s, v) => s + centavos(v.valorEmAberto), 0) + receitas.reduce((s, r) => s + centavos(r.valorRestante), 0);
  return { vendas, receitas, totalEmAberto: total / 100 };
};

type CompraRow = { total_liquido: string; devolvido: string; quantidade: string | number; ultima: Date | string | null };

/**
 * GET /pessoas/{id}/resumo (DOMAIN.md §3): totalGasto = Σ valorLiquido of the customer's
 * finalised sales − Σ of their returns; quantidadeCompras = finalised sales; ticketMedio =
 * totalGasto ÷ quantidadeCompras rounded to the cent; ultimaCompra = latest finalisation;
 * saldoEmAberto = the open sales' and receivables' balance; saldoCredito = customer credit.
 * 404 for a person of another tenant.
 */
export const getResumoPessoa = async (tx: Db, pessoaId: string): Promise<PessoaResumo> => {
  const emAberto = await getVendasEmAbertoDaPessoa(tx, pessoaId);
  const [compras] = await queryRows<CompraRow>(
    tx,
    sql`select coalesce(sum(v.valor_liquido), 0) as total_liquido,
               coalesce(sum((select coalesce(sum(d.valor_total), 0) from devolucoes d where d.venda_id = v.id)), 0) as devolvido,
               count(*) as quantidade,
               max(coalesce(v.data_finalizacao, v.created_at)) as ultima
          from vendas v
         where v.cliente_id = ${pessoaId} and v.tipo = 'Venda' and v.status = 'Finalizada'`,
  );
  const quantidade = Number(compras?.quantidade ?? 0);
  const gasto = centavos(compras?.total_liquido) - centavos(compras?.devolvido);
  const saldoCredito = await getSaldoCreditoCliente(tx, pessoaId);
  return {
    totalGasto: gasto / 100,
    quantidadeCompras: quantidade,
    ticketMedio: quantidade === 0 ? 0 : Math.round(gasto / quantidade) / 100,
    ultimaCompra: compras?.ultima ? isoTimestamp(compras.ultima) : null,
    saldoEmAberto: emAberto.totalEmAberto,
    saldoCredito,
  };
};
