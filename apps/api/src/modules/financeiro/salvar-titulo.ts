/**
 * What creating, changing and deleting a manual payable (*despesa*) or receivable (*receita*)
 * share (DOMAIN.md §7; issue #6 item 1). Each kind (salvar-despesa.ts, salvar-receita.ts)
 * passes its table, its person column (supplier / customer), how its rows are written and
 * what its other origin (a purchase / a sale) allows:
 * - references exist for the tenant/unit (category active and of the kind, person, method,
 *   account active): 400 on the field (`assertReferencias`);
 * - create: one row per `parcelas[i]`, sharing `grupoId` (= the first installment's id),
 *   `parcela` i+1 of n; `dataEmissao` default today in the unit; `id` (the client's uuid) is
 *   the first installment's: posting again answers it without creating anything (advisory
 *   lock on the id first); an id another tenant or unit uses (invisible here under RLS) fails
 *   on the primary key, which plugins/errors.ts answers as 400 on `id` "Identificador já usado";
 * - update / delete: only while EmAberto with nothing settled (400 otherwise, `assertSemBaixa`);
 *   a título of another origin is deleted there (400 with the kind's message) and changed
 *   there too, or here except for its value when the kind says so (400 on `valor`).
 * Runs inside the caller's scoped transaction (row-level security: other units' títulos 404).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { toCents } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/rows.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import type { NovaDespesa } from './despesas-ledger.ts';
import { listTitulosExistentes, tituloNaoEncontrado, type TipoTitulo } from './baixar-titulo.ts';
import { assertReferencias, assertSemBaixa, type TabelaTitulo } from './titulos-repository.ts';

/** The column of the person a título points to: the supplier of a payable, the customer of a receivable. */
export type ColunaPessoa = 'fornecedorId' | 'pessoaId';

/** The fields of a create/update body both kinds share (parsed by `tituloBase`, @petshop/shared/financeiro). */
type CamposTitulo = {
  descricao: string;
  categoriaFinanceiraId?: string | undefined;
  formaPagamentoId?: string | undefined;
  contaId?: string | undefined;
  documento?: string | undefined;
  dataEmissao?: string | undefined;
  observacoes?: string | undefined;
};

/** A create body: the shared fields, the person and the installments (reais > 0). */
export type TituloInput<P extends ColunaPessoa> = CamposTitulo & {
  id?: string | undefined;
  parcelas: { dataVencimento: string; valor: number }[];
} & {
  [K in P]?: string | undefined;
};

/** An update body: the shared fields, the person, the installment's due date and value. */
export type TituloUpdate<P extends ColunaPessoa> = CamposTitulo & { dataVencimento: string; valor: number } & {
  [K in P]?: string | undefined;
};

/** One installment to write, as the one writer of payables takes it (valor in reais), without person and origin. */
export type NovaParcela = Omit<NovaDespesa, 'fornecedorId' | 'compraId' | 'recorrenciaId' | 'recorrenciaOcorrencia'>;

/** What one kind tells `titulosWriter`. */
export type DefinicaoEscritaTitulos<P extends ColunaPessoa> = {
  tipo: TipoTitulo;
  tabela: TabelaTitulo;
  /** The person: its field in the bodies and its column. */
  pessoa: { campo: P; coluna: AnyPgColumn };
  /** Writes the new installments (status EmAberto), each with `pessoaId` as the person. */
  inserir: (tx: Db, parcelas: NovaParcela[], pessoaId: string | null) => Promise<unknown>;
  /** The column of the other origin (compra_id / venda_id) and its 400 message. */
  origem: { coluna: AnyPgColumn; mensagem: string };
  /**
   * Set when a título of the other origin may be changed here except for its value (the 400
   * message on `valor`, checked after `assertSemBaixa`); absent: refused with `origem.mensagem`
   * before anything else.
   */
  valorDaOrigem?: string;
};

/**
 * Create (`criar`: answers the first installment's id), update (`alterar`) and delete
 * (`excluir`: status Cancelada, kept for history; a cancelled one again changes nothing) of
 * one kind of título, by the rules of this file's comment.
 */
export const titulosWriter = <P extends ColunaPessoa>(def: DefinicaoEscritaTitulos<P>) => {
  const t = def.tabela;

  /** The título locked for update (the fields the rules read), or 404. */
  const lock = async (tx: Db, id: string) => {
    const [row] = await tx
      .select({
        status: t.status,
        valor: t.valor,
        valorPago: t.valorPago,
        dataEmissao: t.dataEmissao,
        categoriaFinanceiraId: t.categoriaFinanceiraId,
        formaPagamentoId: t.formaPagamentoId,
        contaId: t.contaId,
        pessoaId: sql<string | null>`${def.pessoa.coluna}`,
        origemId: sql<string | null>`${def.origem.coluna}`,
      })
      .from(t)
      .where(eq(t.id, id))
      .for('update');
    if (!row) throw notFound(tituloNaoEncontrado(def.tipo));
    return row;
  };

  const criar = async (tx: Db, input: TituloInput<P>): Promise<string> => {
    if (input.id) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${input.id}, 0))`);
      if ((await listTitulosExistentes(tx, def.tipo, [input.id])).has(input.id)) return input.id;
    }
    await assertReferencias(tx, def.tipo, input);
    const { hoje } = await getUnidadeAtual(tx);
    const primeiro = input.id ?? randomUUID();
    const total = input.parcelas.length;
    await def.inserir(
      tx,
      input.parcelas.map((p, i) => ({
        id: i === 0 ? primeiro : randomUUID(),
        grupoId: primeiro,
        categoriaFinanceiraId: input.categoriaFinanceiraId ?? null,
        formaPagamentoId: input.formaPagamentoId ?? null,
        contaId: input.contaId ?? null,
        descricao: input.descricao,
        documento: input.documento ?? null,
        parcela: i + 1,
        totalParcelas: total,
        dataEmissao: input.dataEmissao ?? hoje,
        dataVencimento: p.dataVencimento,
        valor: p.valor,
        observacoes: input.observacoes ?? null,
      })),
      input[def.pessoa.campo] ?? null,
    );
    return primeiro;
  };

  const alterar = async (tx: Db, id: string, input: TituloUpdate<P>): Promise<void> => {
    const atual = await lock(tx, id);
    if (atual.origemId && def.valorDaOrigem === undefined) throw badRequest(def.origem.mensagem);
    assertSemBaixa(def.tipo, atual, 'alterar');
    if (atual.origemId && def.valorDaOrigem !== undefined && toCents(input.valor) !== toCents(num(atual.valor)))
      throw fieldError('valor', def.valorDaOrigem);
    await assertReferencias(tx, def.tipo, input, {
      categoriaFinanceiraId: atual.categoriaFinanceiraId ?? undefined,
      formaPagamentoId: atual.formaPagamentoId ?? undefined,
      contaId: atual.contaId ?? undefined,
      [def.pessoa.campo]: atual.pessoaId ?? undefined,
    });
    await tx
      .update(t)
      .set({
        descricao: input.descricao,
        ...{ [def.pessoa.campo]: input[def.pessoa.campo] ?? null },
        categoriaFinanceiraId: input.categoriaFinanceiraId ?? null,
        formaPagamentoId: input.formaPagamentoId ?? null,
        contaId: input.contaId ?? null,
        documento: input.documento ?? null,
        dataEmissao: input.dataEmissao ?? atual.dataEmissao,
        dataVencimento: input.dataVencimento,
        valor: input.valor.toFixed(2),
        observacoes: input.observacoes ?? null,
      })
      .where(eq(t.id, id));
  };

  const excluir = async (tx: Db, id: string): Promise<void> => {
    const atual = await lock(tx, id);
    if (atual.origemId) throw badRequest(def.origem.mensagem);
    if (atual.status === 'Cancelada') return;
    assertSemBaixa(def.tipo, atual, 'excluir');
    await tx.update(t).set({ status: 'Cancelada' }).where(eq(t.id, id));
  };

  return { criar, alterar, excluir };
};
