/**
 * Charging what the clinic does to a pet (issue #19 item 3; DOMAIN.md §6 and §9): the line goes
 * to the pet's sale *em atendimento* in the scope's unit, which the cashier finds by the owner or
 * the pet and finishes with the till as it is (the agenda does the same for its services:
 * agenda/venda-atendimento.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { VendaInputParsed } from '@petshop/shared/venda';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/rows.ts';
import { petTutores, vendaItens, vendas } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { PdvContexto } from '../comercial/pdv-contexto.ts';
import { gravarVenda } from '../comercial/vendas/gravar-venda.ts';
import { findVendaForUpdate, listItensVenda, type VendaRow } from '../comercial/vendas/vendas-repository.ts';

/** One line the clinic charges: the product (quantity 1, its sale price) and the applied dose it stands for. */
export type ItemClinica = { petId: string; produtoId: string; vacinaAplicadaId: string };

/** Whether a locked sale is still the pet's sale being served (it may have been finalised meanwhile). */
const emAtendimento = (venda: VendaRow | null, petId: string): venda is VendaRow =>
  venda !== null && venda.tipo === 'Venda' && venda.status === 'EmAberto' && venda.emAtendimento && venda.petId === petId;

/**
 * The pet's newest sale em atendimento of the scope's unit (tipo Venda, status EmAberto, being
 * served, pet_id = the pet; the RLS policy of `vendas` keeps other units' out), locked, or null.
 */
const lockVendaAtendimentoDoPet = async (tx: Db, petId: string): Promise<VendaRow | null> => {
  // Two doses of the same pet charged at once are serialised: the second finds the sale the first opened.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`venda-clinica:${petId}`}, 0))`);
  const [candidata] = await tx
    .select({ id: vendas.id })
    .from(vendas)
    .where(and(eq(vendas.petId, petId), eq(vendas.tipo, 'Venda'), eq(vendas.status, 'EmAberto'), eq(vendas.emAtendimento, true)))
    .orderBy(desc(vendas.createdAt), desc(vendas.numero))
    .limit(1);
  if (!candidata) return null;
  const travada = await findVendaForUpdate(tx, candidata.id);
  return emAtendimento(travada, petId) ? travada : null;
};

/**
 * Adds `item` (quantity 1, at its product's sale price, `produtos.preco_venda`) to the pet's
 * newest sale em atendimento in the scope's unit, or opens one exactly as the till (and
 * `abrirVendaAtendimento`) does through `gravarVenda`: tipo Venda, EmAberto, em atendimento,
 * customer = the pet's principal tutor, the unit's next number. The sale's other lines, discounts,
 * freight and payments stay as they are (its draft is re-written with one more line, its totals
 * recomputed); its server snapshot is dropped so the till resumes from the stored lines (a till
 * that still holds its own local copy of the sale keeps it: the cashier then sees the dose only
 * after reopening it). Sets `venda_itens.vacina_aplicada_id` on the new line: that line's stock
 * already left (registrar-vacina.ts), so the till's stock out and reversals skip the dose
 * (comercial/vendas/itens-venda.ts `quantidadeEstoqueItem`).
 *
 * The system acts on the vet's behalf (the vet holds `clinica`, not `vendas`): the route's
 * permission decided already. In the caller's transaction; answers the sale's id. 400 when the pet
 * has no principal tutor (a sale of a pet needs its customer).
 */
export const adicionarItemVendaAtendimento = async (tx: Db, item: ItemClinica, usuarioId: string): Promise<string> => {
  const travada = await lockVendaAtendimentoDoPet(tx, item.petId);
  const linha = { id: randomUUID(), produtoId: item.produtoId, quantidade: 1, desconto: 0, tipoDesconto: 'Valor' as const };

  let input: VendaInputParsed;
  if (travada) {
    const armazenados = (await listItensVenda(tx, travada.id)).sort((a, b) => a.ordem - b.ordem);
    input = {
      id: travada.id,
      tipo: 'Venda',
      caixaId: undefined,
      clienteId: travada.clienteId ?? undefined,
      petId: item.petId,
      itens: [
        ...armazenados.map((i) => ({
          id: i.id,
          produtoId: i.produtoId,
          quantidade: num(i.quantidade),
          desconto: num(i.desconto),
          tipoDesconto: i.tipoDesconto === 'Percentual' ? ('Percentual' as const) : ('Valor' as const),
        })),
        linha,
      ],
      desconto: num(travada.desconto),
      tipoDesconto: travada.tipoDesconto === 'Percentual' ? 'Percentual' : 'Valor',
      valorEntregaFrete: num(travada.valorEntregaFrete),
      validadeOrcamento: undefined,
      observacoes: travada.observacoes ?? undefined,
      financeiros: [],
    };
  } else {
    const [tutor] = await tx
      .select({ pessoaId: petTutores.pessoaId })
      .from(petTutores)
      .where(and(eq(petTutores.petId, item.petId), eq(petTutores.principal, true)));
    if (!tutor) throw badRequest('O pet não tem tutor principal: cadastre o tutor para lançar a vacina na venda');
    input = {
      id: randomUUID(),
      tipo: 'Venda',
      caixaId: undefined,
      clienteId: tutor.pessoaId,
      petId: item.petId,
      itens: [linha],
      desconto: 0,
      tipoDesconto: 'Valor',
      valorEntregaFrete: 0,
      validadeOrcamento: undefined,
      observacoes: undefined,
      financeiros: [],
    };
  }
  const ctx: PdvContexto = { usuarioId, pode: () => true };
  const { venda } = await gravarVenda(tx, input, ctx, { travada });
  await tx.update(vendaItens).set({ vacinaAplicadaId: item.vacinaAplicadaId }).where(eq(vendaItens.id, linha.id));
  if (travada?.snapshot) await tx.update(vendas).set({ snapshot: null, snapshotEm: null }).where(eq(vendas.id, venda.id));
  return venda.id;
};
