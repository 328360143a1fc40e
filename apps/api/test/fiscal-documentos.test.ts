/**
 * GET /api/fiscal/documentos and /documentos/{id} (issue #18 item 6): filters (number, key, sale
 * number, CPF, customer; period in the unit's time zone; statuses; sale), who may read and emit
 * (the cashier emits and reads their sale's status; Banhista nothing), and the unit's and
 * tenant's walls.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DocumentoFiscal } from '@petshop/shared/fiscal';
import type { Page } from '@petshop/shared/http';
import { documentosFiscais } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { emitir, FISCAL, lojaNfce, prepararUnidadeNfce, useFiscalTestApp, vendaNfce } from './fiscal-helper.ts';
import { novoCliente } from './fixtures/vendas.ts';
import { novaUnidade, usuarioComPerfil } from './helper.ts';

const ctx = useFiscalTestApp();

const listar = async (headers: Record<string, string>, qs: string) => {
  const res = await ctx.app.inject({ url: `${FISCAL}/documentos?${qs}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<DocumentoFiscal>>();
};

describe('GET /api/fiscal/documentos', () => {
  it('filtra por número, chave, nº da venda, CPF, cliente, período e status; mais recentes primeiro', async () => {
    const loja = await lojaNfce(ctx);
    const cliente = await novoCliente(ctx, loja.t, { nome: 'Joana Pereira' });
    const v1 = await vendaNfce(ctx, loja, undefined, { clienteId: cliente.id });
    const v2 = await vendaNfce(ctx, loja);
    const d1 = (await emitir(ctx, loja.t.headers, v1.id, '52998224725')).json<DocumentoFiscal>();
    ctx.sefaz.definirModo({ modo: 'rejeitar', rejeitar: '778', vezes: 1 });
    const d2 = (await emitir(ctx, loja.t.headers, v2.id)).json<DocumentoFiscal>();
    ctx.sefaz.definirModo('normal');
    expect([d1.status, d2.status]).toEqual(['autorizada', 'rejeitada']);

    const todos = await listar(loja.t.headers, '');
    expect(todos.total).toBe(2);
    expect(todos.items.map((d) => d.id)).toEqual([d2.id, d1.id]);
    expect(todos.items[1]).toMatchObject({ clienteNome: 'Joana Pereira', vendaNumero: v1.numero });

    expect((await listar(loja.t.headers, `query=${d1.chave}`)).items.map((d) => d.id)).toEqual([d1.id]);
    expect((await listar(loja.t.headers, `query=${d1.chave.slice(30, 44)}`)).items.map((d) => d.id)).toEqual([d1.id]);
    expect((await listar(loja.t.headers, 'query=529.982.247-25')).items.map((d) => d.id)).toEqual([d1.id]);
    expect((await listar(loja.t.headers, 'query=joana')).items.map((d) => d.id)).toEqual([d1.id]);
    expect((await listar(loja.t.headers, `query=${d2.numero}`)).items.map((d) => d.id)).toContain(d2.id);
    expect((await listar(loja.t.headers, `query=${v2.numero}`)).items.map((d) => d.id)).toContain(d2.id);
    expect((await listar(loja.t.headers, 'status=rejeitada')).items.map((d) => d.id)).toEqual([d2.id]);
    expect((await listar(loja.t.headers, 'status=autorizada,rejeitada')).total).toBe(2);
    expect((await listar(loja.t.headers, `vendaId=${v1.id}`)).items.map((d) => d.id)).toEqual([d1.id]);

    // Period on the unit's calendar (America/Sao_Paulo): d1 issued at 00:30 of 10/01/2026 there.
    await withTenant(ctx.database.db, loja.t, (tx) =>
      tx
        .update(documentosFiscais)
        .set({ emitidoEm: new Date('2026-01-10T03:30:00Z') })
        .where(eq(documentosFiscais.id, d1.id)),
    );
    expect((await listar(loja.t.headers, 'dataInicio=2026-01-10&dataFim=2026-01-10')).items.map((d) => d.id)).toEqual([d1.id]);
    expect((await listar(loja.t.headers, 'dataInicio=10/01/2026&dataFim=10/01/2026')).total).toBe(1);
    expect((await listar(loja.t.headers, 'dataFim=2026-01-09')).total).toBe(0);
    const invertido = await ctx.app.inject({
      url: `${FISCAL}/documentos?dataInicio=2026-01-10&dataFim=2026-01-09`,
      headers: loja.t.headers,
    });
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().errors.dataFim).toBeDefined();

    const detalhe = await ctx.app.inject({ url: `${FISCAL}/documentos/${d2.id}`, headers: loja.t.headers });
    expect(detalhe.json<DocumentoFiscal>()).toMatchObject({
      id: d2.id,
      status: 'rejeitada',
      cStat: '778',
      podeRetransmitir: true,
    });
  });

  it('Caixa emite e vê a situação da sua venda (com vendaId), não a lista inteira; Banhista não emite nem lê', async () => {
    const loja = await lojaNfce(ctx);
    const caixa = await usuarioComPerfil(ctx, loja.t, 'caixa');
    const venda = await vendaNfce(ctx, loja);
    const res = await emitir(ctx, caixa.headers, venda.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<DocumentoFiscal>().status).toBe('autorizada');
    expect((await listar(caixa.headers, `vendaId=${venda.id}`)).total).toBe(1);
    expect((await ctx.app.inject({ url: `${FISCAL}/documentos`, headers: caixa.headers })).statusCode).toBe(403);

    const banhista = await usuarioComPerfil(ctx, loja.t, 'banhista');
    expect((await emitir(ctx, banhista.headers, venda.id)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ url: `${FISCAL}/documentos?vendaId=${venda.id}`, headers: banhista.headers })).statusCode,
    ).toBe(403);
    const id = res.json<DocumentoFiscal>().id;
    expect((await ctx.app.inject({ url: `${FISCAL}/documentos/${id}`, headers: banhista.headers })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `${FISCAL}/documentos/${id}/retransmitir`, headers: banhista.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('outra unidade do mesmo inquilino: não vê o documento nem emite a venda alheia; numera a sua própria série', async () => {
    const loja = await lojaNfce(ctx);
    const venda = await vendaNfce(ctx, loja);
    const doc = (await emitir(ctx, loja.t.headers, venda.id)).json<DocumentoFiscal>();
    const bairro = await novaUnidade(ctx, loja.t);
    await prepararUnidadeNfce(ctx, loja.t, bairro.id);
    expect((await ctx.app.inject({ url: `${FISCAL}/documentos/${doc.id}`, headers: bairro.headers })).statusCode).toBe(404);
    expect((await listar(bairro.headers, '')).total).toBe(0);
    expect((await emitir(ctx, bairro.headers, venda.id)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `${FISCAL}/documentos/${doc.id}/retransmitir`, headers: bairro.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `${FISCAL}/documentos/${doc.id}/cancelamento`,
          headers: bairro.headers,
          payload: { justificativa: 'Cliente desistiu da compra no caixa' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
