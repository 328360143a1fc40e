/**
 * Cancellation (event 110111 within 30 minutes) and inutilização of skipped numbers (issue #18
 * item 4), against the fake SEFAZ over TLS; each logged.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DocumentoFiscal, InutilizacaoFiscal } from '@petshop/shared/fiscal';
import { documentosFiscais, eventosFiscais, inutilizacoesFiscais, unidadesNegocio } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { cancelarNfce } from '../src/modules/fiscal/cancelar-nfce.ts';
import { schemaError } from './fakes/sefaz.ts';
import { emitir, FISCAL, lojaNfce, useFiscalTestApp, vendaNfce, type LojaNfce } from './fiscal-helper.ts';
import { newTenant, usuarioComPerfil } from './helper.ts';

const ctx = useFiscalTestApp();

const JUSTIFICATIVA = 'Cliente desistiu da compra no caixa';

const autorizada = async (loja: LojaNfce): Promise<DocumentoFiscal> => {
  const venda = await vendaNfce(ctx, loja);
  const res = await emitir(ctx, loja.t.headers, venda.id);
  expect(res.json<DocumentoFiscal>().status).toBe('autorizada');
  return res.json<DocumentoFiscal>();
};

const cancelar = (headers: Record<string, string>, id: string, justificativa = JUSTIFICATIVA) =>
  ctx.app.inject({ method: 'POST', url: `${FISCAL}/documentos/${id}/cancelamento`, headers, payload: { justificativa } });

describe('cancelamento da NFC-e', () => {
  it('dentro de 30 min: evento 110111 registrado, cancelada com protocolo, motivo e procEventoNFe; registrado no log', async () => {
    const loja = await lojaNfce(ctx);
    const doc = await autorizada(loja);
    const res = await cancelar(loja.t.headers, doc.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DocumentoFiscal>()).toMatchObject({
      status: 'cancelada',
      justificativaCancelamento: JUSTIFICATIVA,
      podeCancelar: false,
      podeRetransmitir: false,
    });
    expect(res.json<DocumentoFiscal>().dataCancelamento).toBeTruthy();
    const [row] = await withTenant(ctx.database.db, loja.t, (tx) =>
      tx.select().from(documentosFiscais).where(eq(documentosFiscais.id, doc.id)),
    );
    expect(row!.protocoloCancelamento).toMatch(/^\d{15}$/);
    expect(row!.xmlCancelamento).toContain('<procEventoNFe');
    expect(row!.xmlCancelamento).toContain('<tpEvento>110111</tpEvento>');
    expect(ctx.sefaz.autorizadas.get(doc.chave)?.cancelamento).not.toBeNull();
    const eventos = await withTenant(ctx.database.db, loja.t, (tx) =>
      tx.select().from(eventosFiscais).where(eq(eventosFiscais.documentoFiscalId, doc.id)),
    );
    expect(eventos.find((e) => e.tipo === 'cancelamento')).toMatchObject({ cStat: '135', usuarioId: loja.t.usuarioId });
    // Again: not authorised any more.
    const de_novo = await cancelar(loja.t.headers, doc.id);
    expect(de_novo.statusCode).toBe(400);
    expect(de_novo.json().errors.generalErrors[0]).toMatch(/Só uma NFC-e autorizada pode ser cancelada/);
  });

  it('fora dos 30 min (relógio injetado): 400 dizendo quando o prazo terminou, nada enviado', async () => {
    const loja = await lojaNfce(ctx);
    const doc = await autorizada(loja);
    const escopo = { tenantId: loja.t.tenantId, unidadeNegocioId: loja.t.unidadeNegocioId, usuarioId: loja.t.usuarioId };
    const antes = ctx.sefaz.requisicoes.length;
    const daqui31 = new Date(Date.parse(doc.dataAutorizacao!) + 31 * 60_000);
    await expect(cancelarNfce(ctx.app, escopo, doc.id, { justificativa: JUSTIFICATIVA }, daqui31)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(
        /prazo de cancelamento da NFC-e \(30 minutos após a autorização\) terminou em \d{2}\/\d{2}\/\d{4}/,
      ),
    });
    expect(ctx.sefaz.requisicoes.length).toBe(antes);
    // Through the API: the authorisation 31 minutes ago.
    await withTenant(ctx.database.db, loja.t, (tx) =>
      tx
        .update(documentosFiscais)
        .set({ dataAutorizacao: new Date(Date.now() - 31 * 60_000) })
        .where(eq(documentosFiscais.id, doc.id)),
    );
    const res = await cancelar(loja.t.headers, doc.id);
    expect(res.statusCode).toBe(400);
    const detalhe = await ctx.app.inject({ url: `${FISCAL}/documentos/${doc.id}`, headers: loja.t.headers });
    expect(detalhe.json<DocumentoFiscal>()).toMatchObject({ status: 'autorizada', podeCancelar: false });
  });

  it('justificativa curta: 400 no campo; Caixa (vendas) não cancela: 403; outra loja: 404', async () => {
    const loja = await lojaNfce(ctx);
    const doc = await autorizada(loja);
    const curta = await cancelar(loja.t.headers, doc.id, 'curta');
    expect(curta.statusCode).toBe(400);
    expect(curta.json().errors.justificativa[0]).toMatch(/15 caracteres/);
    const caixa = await usuarioComPerfil(ctx, loja.t, 'caixa');
    expect((await cancelar(caixa.headers, doc.id)).statusCode).toBe(403);
    const outro = await newTenant(ctx);
    expect((await cancelar(outro.headers, doc.id)).statusCode).toBe(404);
  });
});

const inutilizar = (headers: Record<string, string>, body: object) =>
  ctx.app.inject({ method: 'POST', url: `${FISCAL}/inutilizacoes`, headers, payload: body });

describe('inutilização de números', () => {
  it('inutiliza números pulados (102), lista; recusa números emitidos, já inutilizados ou ainda não alcançados', async () => {
    const loja = await lojaNfce(ctx);
    await autorizada(loja); // nº 1
    // The series jumped to 5: numbers 2–4 were skipped.
    await withTenant(ctx.database.db, loja.t, (tx) =>
      tx.update(unidadesNegocio).set({ nfceProximoNumero: 5 }).where(eq(unidadesNegocio.id, loja.t.unidadeNegocioId)),
    );
    const ok = await inutilizar(loja.t.headers, {
      serie: 1,
      numeroInicial: 2,
      numeroFinal: 4,
      justificativa: 'Números pulados por falha no sistema',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<InutilizacaoFiscal>()).toMatchObject({
      status: 'inutilizada',
      cStat: '102',
      numeroInicial: 2,
      numeroFinal: 4,
    });
    expect(ok.json<InutilizacaoFiscal>().protocolo).toBeTruthy();
    const [row] = await withTenant(ctx.database.db, loja.t, (tx) => tx.select().from(inutilizacoesFiscais));
    // The official element is ProcInutNFe (capital P, procInutNFe_v4.00.xsd).
    expect(schemaError(row!.xml, 'procInutNFe_v4.00.xsd')).toBeNull();

    const emitido = await inutilizar(loja.t.headers, {
      serie: 1,
      numeroInicial: 1,
      numeroFinal: 1,
      justificativa: 'Números pulados por falha no sistema',
    });
    expect(emitido.statusCode).toBe(400);
    expect(emitido.json().errors.generalErrors[0]).toMatch(/Números com NFC-e emitida não podem ser inutilizados: 1/);
    const repetido = await inutilizar(loja.t.headers, {
      serie: 1,
      numeroInicial: 3,
      numeroFinal: 3,
      justificativa: 'Números pulados por falha no sistema',
    });
    expect(repetido.statusCode).toBe(400);
    expect(repetido.json().errors.generalErrors[0]).toMatch(/já foram inutilizados/);
    const futuro = await inutilizar(loja.t.headers, {
      serie: 1,
      numeroInicial: 5,
      numeroFinal: 6,
      justificativa: 'Números pulados por falha no sistema',
    });
    expect(futuro.statusCode).toBe(400);
    expect(futuro.json().errors.numeroFinal[0]).toMatch(/ainda não foi usado/);
    const invalido = await inutilizar(loja.t.headers, { serie: 1, numeroInicial: 3, numeroFinal: 2, justificativa: 'x' });
    expect(invalido.statusCode).toBe(400);
    expect(Object.keys(invalido.json().errors).sort()).toEqual(['justificativa', 'numeroFinal']);

    const lista = await ctx.app.inject({ url: `${FISCAL}/inutilizacoes`, headers: loja.t.headers });
    expect(lista.statusCode).toBe(200);
    expect(lista.json<{ items: InutilizacaoFiscal[]; total: number }>()).toMatchObject({
      total: 1,
      items: [{ numeroInicial: 2, numeroFinal: 4 }],
    });
    // The next emission skips the inutilizados (the setting edited back to 2).
    await withTenant(ctx.database.db, loja.t, (tx) =>
      tx.update(unidadesNegocio).set({ nfceProximoNumero: 2 }).where(eq(unidadesNegocio.id, loja.t.unidadeNegocioId)),
    );
    expect((await autorizada(loja)).numero).toBe(5);
    // Another tenant sees none; a cashier may not.
    const outro = await newTenant(ctx);
    expect(
      (await ctx.app.inject({ url: `${FISCAL}/inutilizacoes`, headers: outro.headers })).json<{ total: number }>().total,
    ).toBe(0);
    const caixa = await usuarioComPerfil(ctx, loja.t, 'caixa');
    expect(
      (
        await inutilizar(caixa.headers, {
          serie: 1,
          numeroInicial: 2,
          numeroFinal: 2,
          justificativa: 'Números pulados por falha',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('rejeitada pela SEFAZ: linha rejeitada com o motivo e 400', async () => {
    const loja = await lojaNfce(ctx);
    await withTenant(ctx.database.db, loja.t, (tx) =>
      tx.update(unidadesNegocio).set({ nfceProximoNumero: 20 }).where(eq(unidadesNegocio.id, loja.t.unidadeNegocioId)),
    );
    const body = { serie: 1, numeroInicial: 10, numeroFinal: 12, justificativa: 'Números pulados por falha no sistema' };
    expect((await inutilizar(loja.t.headers, body)).statusCode).toBe(201);
    // Only our own check prevents sending it again; remove our row to let SEFAZ refuse it (563/256).
    await withTenant(ctx.database.db, loja.t, (tx) => tx.delete(inutilizacoesFiscais));
    const res = await inutilizar(loja.t.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.generalErrors[0]).toMatch(/^A SEFAZ recusou a inutilização: (563|256) - /);
    const rows = await withTenant(ctx.database.db, loja.t, (tx) => tx.select().from(inutilizacoesFiscais));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'rejeitada' });
  });
});
