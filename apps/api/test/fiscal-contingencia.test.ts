/**
 * Offline contingency and the worker (issue #18 item 3): SEFAZ silent or down → the till gets its
 * NFC-e in contingency (tpEmis 9) in under 5 s; the worker (`transmitirPendentesNfce`, called
 * directly with its clock) transmits it when SEFAZ answers again, backs off while it does not,
 * resolves a 'pendente' by asking SEFAZ first, and two concurrent runs send each document once.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentoFiscal } from '@petshop/shared/fiscal';
import { documentosFiscais } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { transmitirPendentesNfce } from '../src/modules/fiscal/transmitir-pendentes-nfce.ts';
import { schemaError } from './fakes/sefaz.ts';
import { emitir, FISCAL, lojaNfce, useFiscalTestApp, vendaNfce, type LojaNfce } from './fiscal-helper.ts';

const ctx = useFiscalTestApp();

afterEach(() => ctx.sefaz.definirModo('normal'));

const linha = async (loja: LojaNfce, id: string) => {
  const [row] = await withTenant(ctx.database.db, loja.t, (tx) =>
    tx.select().from(documentosFiscais).where(eq(documentosFiscais.id, id)),
  );
  return row!;
};

/** Every NFC-e of the loja in contingency, issued with SEFAZ 'fora' (fast). */
const emContingencia = async (loja: LojaNfce, n: number): Promise<DocumentoFiscal[]> => {
  ctx.sefaz.definirModo('fora');
  const docs: DocumentoFiscal[] = [];
  for (let i = 0; i < n; i++) {
    const venda = await vendaNfce(ctx, loja, [{ produto: loja.petisco, quantidade: i + 1 }]);
    const res = await emitir(ctx, loja.t.headers, venda.id);
    expect(res.statusCode, res.body).toBe(201);
    docs.push(res.json<DocumentoFiscal>());
  }
  ctx.sefaz.definirModo('normal');
  return docs;
};

describe('contingência offline', () => {
  it('SEFAZ em silêncio: a venda tem sua NFC-e em contingência em menos de 5 s; o worker a autoriza depois', async () => {
    const loja = await lojaNfce(ctx);
    const venda = await vendaNfce(ctx, loja);
    ctx.sefaz.definirModo('silencio');
    const inicio = performance.now();
    const res = await emitir(ctx, loja.t.headers, venda.id);
    const ms = performance.now() - inicio;
    ctx.sefaz.definirModo('normal');
    expect(res.statusCode, res.body).toBe(201);
    expect(ms).toBeLessThan(5000);
    const doc = res.json<DocumentoFiscal>();
    expect(doc).toMatchObject({
      status: 'contingencia',
      tipoEmissao: '9',
      numero: 1,
      podeRetransmitir: true,
      podeCancelar: false,
    });
    expect(doc.qrCode).toContain(doc.chave);
    const row = await linha(loja, doc.id);
    expect(row.xml).toContain('<tpEmis>9</tpEmis>');
    expect(row.xml).toMatch(/<dhCont>[^<]+<\/dhCont><xJust>SEFAZ indisponível[^<]*<\/xJust>/);
    expect(row.chave.charAt(34)).toBe('9');
    expect(row.contingenciaDesde).not.toBeNull();

    // The worker, SEFAZ back: authorised, nfeProc valid.
    const feitos = await transmitirPendentesNfce(ctx.app, new Date(), { tenantIds: [loja.t.tenantId] });
    expect(feitos).toContainEqual({ documentoId: doc.id, resultado: 'autorizada' });
    const depois = await linha(loja, doc.id);
    expect(depois.status).toBe('autorizada');
    expect(depois.tipoEmissao).toBe('9');
    expect(depois.proximaTentativaEm).toBeNull();
    expect(schemaError(depois.xml, 'procNFe_v4.00.xsd')).toBeNull();
    expect(ctx.sefaz.autorizadas.get(doc.chave)?.numero).toBe(1);
    // The till reads its sale's status.
    const lista = await ctx.app.inject({ url: `${FISCAL}/documentos?vendaId=${venda.id}`, headers: loja.t.headers });
    expect(lista.json<{ items: DocumentoFiscal[] }>().items[0]).toMatchObject({ status: 'autorizada', tipoEmissao: '9' });
  });

  it('SEFAZ fora do ar: o worker adia 1, 2, 5, 10, 30 min e avisa após 24 h; transmite quando volta', async () => {
    const loja = await lojaNfce(ctx);
    const [doc] = await emContingencia(loja, 1);
    ctx.sefaz.definirModo('fora');
    const warn = vi.spyOn(ctx.app.log, 'warn');
    let agora = new Date();
    const esperas: number[] = [];
    for (let i = 0; i < 6; i++) {
      const feitos = await transmitirPendentesNfce(ctx.app, agora, { tenantIds: [loja.t.tenantId] });
      expect(feitos).toContainEqual({ documentoId: doc!.id, resultado: 'adiado' });
      const row = await linha(loja, doc!.id);
      expect(row.status).toBe('contingencia');
      esperas.push(Math.round((row.proximaTentativaEm!.getTime() - agora.getTime()) / 60_000));
      // Not due before its time.
      expect(
        (await transmitirPendentesNfce(ctx.app, agora, { tenantIds: [loja.t.tenantId] })).map((f) => f.documentoId),
      ).not.toContain(doc!.id);
      agora = row.proximaTentativaEm!;
    }
    expect(esperas).toEqual([1, 2, 5, 10, 30, 30]);
    expect(warn).not.toHaveBeenCalledWith(expect.anything(), expect.stringContaining('24 h'));
    const depoisDeUmDia = new Date(Date.now() + 25 * 60 * 60_000);
    await transmitirPendentesNfce(ctx.app, depoisDeUmDia, { tenantIds: [loja.t.tenantId] });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ documentoFiscalId: doc!.id }), expect.stringContaining('24 h'));
    warn.mockRestore();

    ctx.sefaz.definirModo('normal');
    const feitos = await transmitirPendentesNfce(ctx.app, new Date(Date.now() + 26 * 60 * 60_000), {
      tenantIds: [loja.t.tenantId],
    });
    expect(feitos).toContainEqual({ documentoId: doc!.id, resultado: 'autorizada' });
    expect((await linha(loja, doc!.id)).tentativas).toBe(9);
  });

  it('duas execuções simultâneas do worker enviam cada documento uma só vez', async () => {
    const loja = await lojaNfce(ctx);
    const docs = await emContingencia(loja, 4);
    ctx.sefaz.requisicoes.length = 0;
    const [a, b] = await Promise.all([
      transmitirPendentesNfce(ctx.app, new Date(), { tenantIds: [loja.t.tenantId] }),
      transmitirPendentesNfce(ctx.app, new Date(), { tenantIds: [loja.t.tenantId] }),
    ]);
    const ids = [...a, ...b].map((f) => f.documentoId).filter((id) => docs.some((d) => d.id === id));
    expect(ids.sort()).toEqual(docs.map((d) => d.id).sort());
    for (const d of docs) {
      const envios = ctx.sefaz.requisicoes.filter((r) => r.servico === 'NFeAutorizacao4' && r.corpo.includes(d.chave));
      expect(envios).toHaveLength(1);
    }
    const rows = await withTenant(ctx.database.db, loja.t, (tx) =>
      tx
        .select({ status: documentosFiscais.status })
        .from(documentosFiscais)
        .where(
          inArray(
            documentosFiscais.id,
            docs.map((d) => d.id),
          ),
        ),
    );
    expect(rows.map((r) => r.status)).toEqual(['autorizada', 'autorizada', 'autorizada', 'autorizada']);
  });

  it("'pendente' (a API caiu durante o envio): o worker consulta a SEFAZ antes; autorizada lá → guardada sem reenviar", async () => {
    const loja = await lojaNfce(ctx);
    // 'lento': SEFAZ authorises the NFC-e but answers only after the till gave up (contingency).
    ctx.sefaz.definirModo({ modo: 'lento', atrasoMs: 6000 });
    const venda = await vendaNfce(ctx, loja);
    const res = await emitir(ctx, loja.t.headers, venda.id);
    ctx.sefaz.definirModo('normal');
    const doc = res.json<DocumentoFiscal>();
    // The till moved on in contingency; simulate the crash case instead: the row as it was
    // before the answer (pendente, tpEmis 1, its first key), its lease over.
    const primeira = [...ctx.sefaz.autorizadas.values()].find(
      (x) => x.numero === doc.numero && x.chave.slice(6, 20) === doc.chave.slice(6, 20),
    );
    expect(doc.status).toBe('contingencia');
    expect(primeira).toBeDefined();
    await withTenant(ctx.database.db, loja.t, (tx) =>
      tx
        .update(documentosFiscais)
        .set({
          status: 'pendente',
          tipoEmissao: '1',
          chave: primeira!.chave,
          xml: primeira!.nfe,
          contingenciaDesde: null,
          proximaTentativaEm: new Date(Date.now() - 1000),
        })
        .where(eq(documentosFiscais.id, doc.id)),
    );
    ctx.sefaz.requisicoes.length = 0;
    const feitos = await transmitirPendentesNfce(ctx.app, new Date(), { tenantIds: [loja.t.tenantId] });
    expect(feitos).toContainEqual({ documentoId: doc.id, resultado: 'autorizada' });
    expect(ctx.sefaz.requisicoes.map((r) => r.servico)).toEqual(['NFeConsultaProtocolo4']);
    const row = await linha(loja, doc.id);
    expect(row).toMatchObject({ status: 'autorizada', chave: primeira!.chave, protocolo: primeira!.protocolo });
  });

  it('SEFAZ lenta autorizou a versão normal depois que o caixa desistiu: o worker a encontra e a guarda, sem 539', async () => {
    const loja = await lojaNfce(ctx);
    ctx.sefaz.definirModo({ modo: 'lento', atrasoMs: 6000 });
    const venda = await vendaNfce(ctx, loja);
    const res = await emitir(ctx, loja.t.headers, venda.id);
    ctx.sefaz.definirModo('normal');
    const doc = res.json<DocumentoFiscal>();
    expect(doc).toMatchObject({ status: 'contingencia', tipoEmissao: '9' });
    const normal = [...ctx.sefaz.autorizadas.values()].find(
      (x) => x.numero === doc.numero && x.chave.slice(6, 20) === doc.chave.slice(6, 20),
    );
    expect(normal).toBeDefined();
    expect(normal!.chave).not.toBe(doc.chave);
    ctx.sefaz.requisicoes.length = 0;
    const feitos = await transmitirPendentesNfce(ctx.app, new Date(), { tenantIds: [loja.t.tenantId] });
    expect(feitos).toContainEqual({ documentoId: doc.id, resultado: 'autorizada' });
    expect(ctx.sefaz.requisicoes.map((r) => r.servico)).toEqual(['NFeConsultaProtocolo4']);
    const row = await linha(loja, doc.id);
    expect(row).toMatchObject({ status: 'autorizada', chave: normal!.chave, tipoEmissao: '1', protocolo: normal!.protocolo });
    expect(schemaError(row.xml, 'procNFe_v4.00.xsd')).toBeNull();
    expect(row.xml).toContain('<tpEmis>1</tpEmis>');
  });

  it("'pendente' desconhecido da SEFAZ (217): o worker envia", async () => {
    const loja = await lojaNfce(ctx);
    const [doc] = await emContingencia(loja, 1);
    const row = await linha(loja, doc!.id);
    await withTenant(ctx.database.db, loja.t, (tx) =>
      tx.update(documentosFiscais).set({ status: 'pendente' }).where(eq(documentosFiscais.id, doc!.id)),
    );
    ctx.sefaz.requisicoes.length = 0;
    const feitos = await transmitirPendentesNfce(ctx.app, new Date(), { tenantIds: [loja.t.tenantId] });
    expect(feitos).toContainEqual({ documentoId: doc!.id, resultado: 'autorizada' });
    expect(ctx.sefaz.requisicoes.filter((r) => r.corpo.includes(row.chave)).map((r) => r.servico)).toEqual([
      'NFeConsultaProtocolo4',
      'NFeAutorizacao4',
    ]);
  });

  it('retransmitir um documento em contingência transmite agora; com a SEFAZ fora, continua em contingência', async () => {
    const loja = await lojaNfce(ctx);
    const [doc] = await emContingencia(loja, 1);
    ctx.sefaz.definirModo('fora');
    const r1 = await ctx.app.inject({
      method: 'POST',
      url: `${FISCAL}/documentos/${doc!.id}/retransmitir`,
      headers: loja.t.headers,
    });
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json<DocumentoFiscal>()).toMatchObject({ status: 'contingencia', tentativas: 2 });
    ctx.sefaz.definirModo('normal');
    const r2 = await ctx.app.inject({
      method: 'POST',
      url: `${FISCAL}/documentos/${doc!.id}/retransmitir`,
      headers: loja.t.headers,
    });
    expect(r2.json<DocumentoFiscal>()).toMatchObject({ status: 'autorizada', podeCancelar: true, podeRetransmitir: false });
    const r3 = await ctx.app.inject({
      method: 'POST',
      url: `${FISCAL}/documentos/${doc!.id}/retransmitir`,
      headers: loja.t.headers,
    });
    expect(r3.statusCode).toBe(400);
    expect(r3.json().errors.generalErrors[0]).toMatch(/autorizada/);
  });
});
