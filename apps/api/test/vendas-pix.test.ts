/**
 * GET /api/comercial/vendas/{id}/pix (issue #18 item 9): the static BR Code of a sale's amount
 * with the unit's PIX key — it parses back (pix-utils `parsePix`) with the amount, key, txid,
 * merchant; its CRC16 is right; 400 without a key; permission `vendas`; tenancy. Also the PIX
 * lines on the receipt of a sale left open.
 */
import { eq } from 'drizzle-orm';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import type { PixVenda } from '@petshop/shared/fiscal';
import { unidadesNegocio } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { newTenant, novaUnidade, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';
import { inserirDocumentos } from './fiscal-arquivos-helper.ts';
import { cenario, inserirVenda, scopeOf, textoDoPdf, type Cenario } from './vendas-helper.ts';

const ctx = useTestApp();
const URL = '/api/comercial/vendas';
const CHAVE = 'pix@petshopcentro.com.br';

/** Sets the unit's PIX key and city (the settings screen is another part's). */
const configurarPix = (t: TenantFixture, chave: string | null, unidadeId = t.unidadeNegocioId, cidade = 'São Paulo') =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.update(unidadesNegocio).set({ pixChave: chave, cidade }).where(eq(unidadesNegocio.id, unidadeId)),
  );

/** CRC16-CCITT (poly 0x1021, init 0xFFFF) of the BR Code up to "6304", as BACEN's manual defines. */
const crc16 = (texto: string): string => {
  let crc = 0xffff;
  for (const byte of Buffer.from(texto, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
};

const vendaAberta = async (t: TenantFixture, c: Cenario, scope = scopeOf(t)) =>
  inserirVenda(ctx, scope, {
    status: 'EmAberto',
    itens: [{ produtoId: c.racao.id, descricao: c.racao.nome, quantidade: 2, valorUnitario: 100 }],
    pagamentos: [{ formaPagamentoId: c.formas.dinheiro, tipo: 'dinheiro', valor: 50 }],
  });

const pix = (id: string, headers: Record<string, string>, qs = '') => ctx.app.inject({ url: `${URL}/${id}/pix${qs}`, headers });

describe('GET /vendas/{id}/pix', () => {
  it('answers the BR Code of the open amount: it parses back with key, amount, txid and merchant; CRC valid', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    await configurarPix(t, CHAVE);
    const venda = await vendaAberta(t, c);

    const res = await pix(venda.id, t.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PixVenda>();
    expect(body).toMatchObject({ valor: '150.00', chave: CHAVE, txid: `VENDA${venda.numero}` });

    const parsed = parsePix(body.payload);
    if (hasError(parsed) || !isStaticPix(parsed)) throw new Error(`BR Code inválido: ${body.payload}`);
    expect(parsed.pixKey).toBe(CHAVE);
    expect(parsed.transactionAmount).toBe(150);
    expect(parsed.txid).toBe(`VENDA${venda.numero}`);
    expect(parsed.merchantName).toBe('LOJA CENTRO');
    expect(parsed.merchantCity).toBe('SAO PAULO');
    expect(parsed.transactionCurrency).toBe('986');
    expect(parsed.countryCode).toBe('BR');
    // Field 63 (CRC) closes the payload and checks what comes before it.
    expect(body.payload).toMatch(/6304[0-9A-F]{4}$/);
    expect(body.payload.slice(-4)).toBe(crc16(body.payload.slice(0, -4)));
    expect(body.payload.startsWith('000201')).toBe(true);
  });

  it('charges the amount typed (?valor=, comma or dot) instead of the open one', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    await configurarPix(t, '+5511999998888');
    const venda = await vendaAberta(t, c);

    for (const [qs, esperado] of [
      ['?valor=12,34', 12.34],
      ['?valor=80.5', 80.5],
    ] as const) {
      const res = await pix(venda.id, t.headers, qs);
      expect(res.statusCode, res.body).toBe(200);
      const parsed = parsePix(res.json<PixVenda>().payload);
      if (hasError(parsed) || !isStaticPix(parsed)) throw new Error('BR Code inválido');
      expect(parsed.transactionAmount).toBe(esperado);
      expect(parsed.pixKey).toBe('+5511999998888');
    }
    const ruim = await pix(venda.id, t.headers, '?valor=abc');
    expect(ruim.statusCode).toBe(400);
    expect(Object.keys(ruim.json<{ errors: Record<string, string[]> }>().errors)).toContain('valor');
    const zero = await pix(venda.id, t.headers, '?valor=0');
    expect(zero.statusCode).toBe(400);
    expect(zero.json<{ errors: Record<string, string[]> }>().errors.valor).toEqual(['Valor deve ser maior que zero']);
  });

  it('400 "Configure a chave PIX da unidade" when the unit has no key', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    const venda = await vendaAberta(t, c);
    const res = await pix(venda.id, t.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.generalErrors).toEqual(['Configure a chave PIX da unidade']);
  });

  it('needs `vendas`: the cashier may, the groomer may not', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    await configurarPix(t, CHAVE);
    const venda = await vendaAberta(t, c);
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    expect((await pix(venda.id, caixa.headers)).statusCode).toBe(200);
    const banhista = await usuarioComPerfil(ctx, t, 'banhista');
    expect((await pix(venda.id, banhista.headers)).statusCode).toBe(403);
  });

  it('tenancy: another unit of the tenant and another tenant get 404, and use their own key', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    await configurarPix(t, CHAVE);
    const venda = await vendaAberta(t, c);

    const bairro = await novaUnidade(ctx, t);
    await configurarPix(t, 'bairro@pix.com.br', bairro.id, 'Campinas');
    expect((await pix(venda.id, bairro.headers)).statusCode).toBe(404);
    const vendaBairro = await vendaAberta(t, c, scopeOf(t, bairro.id));
    const doBairro = await pix(vendaBairro.id, bairro.headers);
    expect(doBairro.statusCode, doBairro.body).toBe(200);
    expect(doBairro.json<PixVenda>().chave).toBe('bairro@pix.com.br');

    const outro = await newTenant(ctx);
    await configurarPix(outro, 'outro@pix.com.br');
    expect((await pix(venda.id, outro.headers)).statusCode).toBe(404);
  });
});

describe('receipt of a sale left open', () => {
  it('prints the open amount as a PIX QR with its "copia e cola" text when the unit has a key', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    const venda = await vendaAberta(t, c);

    const sem = await ctx.app.inject({ url: `${URL}/${venda.id}/imprimir`, headers: t.headers });
    expect(sem.statusCode).toBe(200);
    expect(textoDoPdf(sem.rawPayload)).not.toContain('PIX copia e cola');

    await configurarPix(t, CHAVE);
    const esperado = (await pix(venda.id, t.headers)).json<PixVenda>().payload;
    const com = await ctx.app.inject({ url: `${URL}/${venda.id}/imprimir`, headers: t.headers });
    expect(com.statusCode).toBe(200);
    const texto = textoDoPdf(com.rawPayload).replace(/\s+/g, '');
    expect(texto).toContain('PIXcopiaecola');
    expect(texto).toContain(esperado.replace(/\s+/g, ''));
  });
});

describe('the till context (GET /pdv/obter-caixas-para-pdv)', () => {
  it('says whether the unit has a PIX key and emits the NFC-e by itself, per unit', async () => {
    const t = await newTenant(ctx);
    const bairro = await novaUnidade(ctx, t);
    const contexto = async (headers: Record<string, string>) => {
      const res = await ctx.app.inject({ url: '/api/comercial/pdv/obter-caixas-para-pdv', headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ pixConfigurado: boolean; nfceEmissaoAutomatica: boolean }>();
    };
    expect(await contexto(t.headers)).toMatchObject({ pixConfigurado: false, nfceEmissaoAutomatica: false });
    await configurarPix(t, CHAVE);
    await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      tx.update(unidadesNegocio).set({ nfceEmissaoAutomatica: true }).where(eq(unidadesNegocio.id, t.unidadeNegocioId)),
    );
    expect(await contexto(t.headers)).toMatchObject({ pixConfigurado: true, nfceEmissaoAutomatica: true });
    expect(await contexto(bairro.headers)).toMatchObject({ pixConfigurado: false, nfceEmissaoAutomatica: false });
  });
});

describe("the sales list answers each sale's fiscal status (issue #18 item 8)", () => {
  it("statusFiscal is the newest NFC-e's status, null without one; another unit's documents do not show", async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    const item = { produtoId: c.racao.id, descricao: c.racao.nome, quantidade: 1, valorUnitario: 100 };
    const pago = [{ formaPagamentoId: c.formas.dinheiro, tipo: 'dinheiro' as const, valor: 100 }];
    const comNota = await inserirVenda(ctx, scopeOf(t), { status: 'Finalizada', itens: [item], pagamentos: pago });
    const semNota = await inserirVenda(ctx, scopeOf(t), { status: 'Finalizada', itens: [item], pagamentos: pago });
    await inserirDocumentos(ctx, scopeOf(t), [
      { vendaId: comNota.id, numero: 1, status: 'rejeitada', xml: '<NFe/>', emitidoEm: new Date(Date.now() - 60_000) },
      { vendaId: comNota.id, numero: 2, status: 'contingencia', tipoEmissao: '9', xml: '<NFe/>', emitidoEm: new Date() },
    ]);
    const res = await ctx.app.inject({ url: `${URL}?pageSize=100`, headers: t.headers });
    expect(res.statusCode, res.body).toBe(200);
    const porId = new Map(
      res.json<{ items: { id: string; statusFiscal: string | null }[] }>().items.map((v) => [v.id, v.statusFiscal]),
    );
    expect(porId.get(comNota.id)).toBe('contingencia');
    expect(porId.get(semNota.id)).toBeNull();

    const bairro = await novaUnidade(ctx, t);
    const doBairro = await ctx.app.inject({ url: `${URL}?pageSize=100`, headers: bairro.headers });
    expect(doBairro.json<{ items: { id: string }[] }>().items.map((v) => v.id)).not.toContain(comNota.id);
  });
});
