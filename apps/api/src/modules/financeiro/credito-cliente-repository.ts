/**
 * Reading a customer's credit ledger (DOMAIN.md §7 "Crédito do cliente"): the entries newest
 * first, each with who made it, in which unit, and the balance right after it (a running sum
 * in entry order). The ledger is tenant-wide: row-level security keeps other tenants out.
 */
import { sql } from 'drizzle-orm';
import {
  ORIGEM_CREDITO_CLIENTE_LABEL,
  type CreditoClienteLancamento,
  type ListCreditosClienteQuery,
  type OrigemCreditoCliente,
} from '@petshop/shared/credito-cliente';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOfRows, pageWindow } from '../inventario/shared.ts';

export const CLIENTE_NAO_ENCONTRADO = 'Cliente não encontrado';

type Row = {
  id: string;
  pessoa_id: string;
  valor: string;
  origem: string;
  origem_id: string | null;
  descricao: string;
  created_at: string | Date;
  usuario_id: string | null;
  usuario_nome: string | null;
  unidade_id: string | null;
  unidade_nome: string | null;
  saldo: string;
};

const toLancamento = (r: Row): CreditoClienteLancamento => {
  const origem = r.origem as OrigemCreditoCliente;
  return {
    id: r.id,
    pessoaId: r.pessoa_id,
    valor: Number(r.valor),
    origem,
    origemLabel: ORIGEM_CREDITO_CLIENTE_LABEL[origem] ?? r.origem,
    origemId: r.origem_id,
    descricao: r.descricao,
    usuario: r.usuario_id ? { id: r.usuario_id, nome: r.usuario_nome ?? '' } : null,
    unidadeNegocio: r.unidade_id ? { id: r.unidade_id, nomeFantasia: r.unidade_nome ?? '' } : null,
    createdAt: new Date(r.created_at).toISOString(),
    saldo: Number(r.saldo),
  };
};

/** 404 'Cliente não encontrado' unless the person is in the tenant. */
export const assertPessoa = async (tx: Db, pessoaId: string): Promise<void> => {
  const [pessoa] = await queryRows<{ id: string }>(tx, sql`select id from pessoas where id = ${pessoaId}`);
  if (!pessoa) throw notFound(CLIENTE_NAO_ENCONTRADO);
};

const lancamentos = (pessoaId: string) => sql`
  select l.id, l.pessoa_id, l.valor, l.origem, l.origem_id, l.descricao, l.created_at,
    u.id as usuario_id, u.nome as usuario_nome, un.id as unidade_id, un.nome_fantasia as unidade_nome,
    sum(l.valor) over (order by l.created_at, l.id) as saldo
  from credito_cliente_lancamentos l
  left join usuarios u on u.id = l.usuario_id
  left join unidades_negocio un on un.id = l.unidade_negocio_id
  where l.pessoa_id = ${pessoaId}`;

/** The person's entries, newest first, paged. 404 for a person outside the tenant. */
export const listCreditosCliente = async (
  tx: Db,
  pessoaId: string,
  query: ListCreditosClienteQuery,
): Promise<Page<CreditoClienteLancamento>> => {
  await assertPessoa(tx, pessoaId);
  const { limit, offset } = pageWindow(query);
  const rows = await queryRows<Row>(
    tx,
    sql`${lancamentos(pessoaId)} order by l.created_at desc, l.id desc limit ${limit} offset ${offset}`,
  );
  const [total] = await queryRows<{ total: number | string }>(
    tx,
    sql`select count(*) as total from credito_cliente_lancamentos where pessoa_id = ${pessoaId}`,
  );
  return pageOfRows(rows.map(toLancamento), Number(total?.total ?? 0), query);
};

/** One entry with its running balance, or null. */
export const findCreditoCliente = async (tx: Db, pessoaId: string, id: string): Promise<CreditoClienteLancamento | null> => {
  const [row] = await queryRows<Row>(tx, sql`select * from (${lancamentos(pessoaId)}) t where t.id = ${id}`);
  return row ? toLancamento(row) : null;
};
