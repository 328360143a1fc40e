/**
 * Charging an appointment at the till (issue #17 item 3): the sale em atendimento opened at
 * check-in carries the services and the leva e traz fee, the cashier finds it by the owner or
 * the pet, adds a product and takes payment with the PDV as it is; the appointment's financial
 * status follows the sale (EmAberto → BaixaParcial → Baixada).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Atendimento } from '@petshop/shared/agenda';
import type { Page } from '@petshop/shared/http';
import type { Venda, VendaResumo } from '@petshop/shared/venda';
import { withTenant } from '../src/db/tenant-scope.ts';
import { abrirVendaAtendimento } from '../src/modules/agenda/venda-atendimento.ts';
import { agendarOk, banho, inserirPacote, mudarStatus, novaAgenda, obter, type Agenda } from './agenda-atendimentos-fixtures.ts';
import { abrirCaixa, formasDoTenant, novoProduto, pagamento, PDV, pdvOk } from './fixtures/vendas.ts';
import { useTestApp } from './helper.ts';

const ctx = useTestApp();

/** A bath with leva e traz (R$ 15,00) checked in: the appointment and its sale. */
const checkIn = async (a: Agenda) => {
  const id = await agendarOk(
    ctx,
    a.t.headers,
    banho(a, '10:00', { levaETraz: { endereco: 'Rua das Flores, 10', horaBusca: '09:30', valor: 15 } }),
  );
  const res = await mudarStatus(ctx, a.t.headers, id, 'EmAtendimento');
  expect(res.statusCode, res.body).toBe(200);
  return { id, vendaId: res.json<Atendimento>().vendaId! };
};

const obterVenda = async (a: Agenda, id: string): Promise<Venda> => {
  const res = await ctx.app.inject({ url: `${PDV}/${id}`, headers: a.t.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Venda>();
};

const buscarNoPdv = async (a: Agenda, query: string): Promise<string[]> => {
  const res = await ctx.app.inject({
    url: `${PDV}/listar-venda-orcamento?tab=venda&query=${encodeURIComponent(query)}`,
    headers: a.t.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<VendaResumo>>().items.map((v) => v.id);
};

describe('venda em atendimento', () => {
  it('aberta no check-in com os serviços e a taxa de leva e traz, achada no PDV pelo pet e pelo tutor', async () => {
    const a = await novaAgenda(ctx);
    const { vendaId } = await checkIn(a);
    const venda = await obterVenda(a, vendaId);
    expect(venda).toMatchObject({
      tipo: 'Venda',
      status: 'EmAberto',
      emAtendimento: true,
      cliente: { id: a.clienteId, nome: 'Maria Silva' },
      pet: { id: a.petId, nome: 'Rex' },
      valorBruto: 50,
      valorEntregaFrete: 15,
      valorLiquido: 65,
      valorEmAberto: 65,
    });
    expect(venda.numero).toBeGreaterThan(0);
    expect(venda.itens.map((i) => [i.produtoId, i.quantidade, i.valorUnitario, i.valorTotal])).toEqual([
      [a.produtoBanhoId, 1, 50, 50],
    ]);
    // Rex (pet) and Maria Silva (owner), accents and case ignored.
    expect(await buscarNoPdv(a, 'rex')).toContain(vendaId);
    expect(await buscarNoPdv(a, 'maria sílva')).toContain(vendaId);
    expect(await buscarNoPdv(a, 'Totó')).not.toContain(vendaId);
  });

  it('o valor do serviço no agendamento é o preço do item; idempotente', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a, '11:00', { servicos: [{ produtoId: a.produtoBanhoId, valor: 42.5 }] }));
    const escopo = { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId };
    const primeira = await withTenant(ctx.database.db, escopo, (tx) => abrirVendaAtendimento(tx, id, a.t.usuarioId));
    const segunda = await withTenant(ctx.database.db, escopo, (tx) => abrirVendaAtendimento(tx, id, a.t.usuarioId));
    expect(primeira).toEqual(expect.any(String));
    expect(segunda).toBe(primeira);
    const venda = await obterVenda(a, primeira!);
    expect(venda.itens.map((i) => i.valorUnitario)).toEqual([42.5]);
    expect(venda.valorEntregaFrete).toBe(0);
    expect((await obter(ctx, a.t.headers, id)).vendaId).toBe(primeira);
    const vendas = await withTenant(ctx.database.db, escopo, (tx) =>
      tx.execute(sql`select count(*)::int as n from vendas where pet_id = ${a.petId}`),
    );
    expect((vendas as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('nada a cobrar (pacote cobre o banho, sem taxa): sem venda', async () => {
    const a = await novaAgenda(ctx);
    await inserirPacote(ctx, a, { sessoes: 2 });
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const escopo = { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId };
    expect(await withTenant(ctx.database.db, escopo, (tx) => abrirVendaAtendimento(tx, id, a.t.usuarioId))).toBeNull();
  });

  it('produto somado e pagamento: EmAberto → BaixaParcial → Baixada no atendimento', async () => {
    const a = await novaAgenda(ctx);
    const formas = await formasDoTenant(ctx, a.t);
    await abrirCaixa(ctx, a.t, 100);
    const shampoo = await novoProduto(ctx, a.t, { nome: `Shampoo ${randomUUID().slice(0, 6)}`, precoVenda: 30, estoque: 5 });
    const { id, vendaId } = await checkIn(a);
    expect((await obter(ctx, a.t.headers, id)).statusFinanceiro).toBe('EmAberto');

    // A partial payment on the sale being served.
    await pdvOk(ctx, a.t.headers, 'salvar-recebimento', { vendaId, financeiro: pagamento(formas.pix, 20) });
    expect((await obter(ctx, a.t.headers, id)).statusFinanceiro).toBe('BaixaParcial');

    // The cashier adds the shampoo and finishes in cash: 50 + 30 + 15 − 20 = 75.
    const aberta = await obterVenda(a, vendaId);
    const venda = await pdvOk(ctx, a.t.headers, 'salvar-venda', {
      id: vendaId,
      tipo: 'Venda',
      clienteId: a.clienteId,
      petId: a.petId,
      itens: [
        ...aberta.itens.map((i) => ({
          id: i.id,
          produtoId: i.produtoId,
          quantidade: i.quantidade,
          desconto: 0,
          tipoDesconto: 'Valor',
        })),
        { id: randomUUID(), produtoId: shampoo.id, quantidade: 1, desconto: 0, tipoDesconto: 'Valor' },
      ],
      desconto: 0,
      tipoDesconto: 'Valor',
      valorEntregaFrete: aberta.valorEntregaFrete,
      financeiros: [pagamento(formas.dinheiro, 100)],
    });
    expect(venda).toMatchObject({ status: 'Finalizada', valorLiquido: 95, valorPago: 95, valorTroco: 25 });
    expect((await obter(ctx, a.t.headers, id)).statusFinanceiro).toBe('Baixada');
  });
});
