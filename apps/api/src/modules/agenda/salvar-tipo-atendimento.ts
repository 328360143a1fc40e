/**
 * Creates, updates and deletes appointment types (tenant-wide; issue #17 item 1). Names are
 * unique per tenant ignoring case and accents (index tipos_atendimento_tenant_nome_idx, mapped
 * in plugins/errors.ts to 400 on `nome`). The pricing product must be a service (tipo
 * 'servico') of the tenant. A type used by appointments (of any unit), packages or package
 * products cannot be deleted: the user deactivates it instead.
 */
import { eq } from 'drizzle-orm';
import type { tipoAtendimentoInputSchema } from '@petshop/shared/agenda';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { produtos, tiposAtendimento } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { excluirRecusandoEmUso } from './recursos-repository.ts';

type TipoAtendimentoInput = z.output<typeof tipoAtendimentoInputSchema>;

/** 400 on `produtoId` unless it is a service product (tipo 'servico') of the scope's tenant. */
export const assertProdutoServico = async (tx: Db, produtoId: string): Promise<void> => {
  const [produto] = await tx.select({ tipo: produtos.tipo }).from(produtos).where(eq(produtos.id, produtoId));
  if (!produto) throw fieldError('produtoId', 'Serviço não encontrado');
  if (produto.tipo !== 'servico') throw fieldError('produtoId', 'Escolha um produto do tipo serviço');
};

const valores = (input: TipoAtendimentoInput) => ({
  nome: input.nome,
  area: input.area,
  duracaoMinutos: input.duracaoMinutos,
  cor: input.cor,
  produtoId: input.produtoId ?? null,
  recurso: input.recurso,
  ativo: input.ativo,
});

/** POST /api/agenda/tipos-atendimento: answers the new id. */
export const criarTipoAtendimento = async (tx: Db, input: TipoAtendimentoInput): Promise<string> => {
  if (input.produtoId) await assertProdutoServico(tx, input.produtoId);
  const [row] = await tx.insert(tiposAtendimento).values(valores(input)).returning({ id: tiposAtendimento.id });
  return row!.id;
};

/** PUT /api/agenda/tipos-atendimento/{id}: 404 when the tenant has no such type. */
export const alterarTipoAtendimento = async (tx: Db, id: string, input: TipoAtendimentoInput): Promise<void> => {
  if (input.produtoId) await assertProdutoServico(tx, input.produtoId);
  const updated = await tx
    .update(tiposAtendimento)
    .set(valores(input))
    .where(eq(tiposAtendimento.id, id))
    .returning({ id: tiposAtendimento.id });
  if (updated.length === 0) throw notFound('Tipo de atendimento não encontrado');
};

/** DELETE /api/agenda/tipos-atendimento/{id}: 404 when absent; 400 while appointments or packages use it. */
export const excluirTipoAtendimento = (tx: Db, id: string): Promise<void> =>
  excluirRecusandoEmUso(tx, tiposAtendimento, id, {
    naoEncontrado: 'Tipo de atendimento não encontrado',
    emUso:
      'Este tipo de atendimento está em uso por atendimentos ou pacotes e não pode ser excluído. Desative-o para que não apareça mais nas escolhas.',
  });
