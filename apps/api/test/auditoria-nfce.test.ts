/**
 * NfceCancelada in the audit log (issue #22 item 4): recorded once, when SEFAZ registered the
 * cancellation event (número/série, chave, justificativa, who, unit, IP); a refused second
 * attempt records nothing.
 */
import { describe, expect, it } from 'vitest';
import type { EventoAuditoria } from '@petshop/shared/auditoria';
import type { DocumentoFiscal } from '@petshop/shared/fiscal';
import type { Page } from '@petshop/shared/http';
import { emitir, FISCAL, lojaNfce, useFiscalTestApp, vendaNfce } from './fiscal-helper.ts';

const ctx = useFiscalTestApp();
const JUSTIFICATIVA = 'Cliente desistiu da compra no caixa';

describe('NfceCancelada', () => {
  it('a NFC-e cancelada pela SEFAZ fica no registro de auditoria, uma vez', async () => {
    const loja = await lojaNfce(ctx);
    const venda = await vendaNfce(ctx, loja);
    const doc = (await emitir(ctx, loja.t.headers, venda.id)).json<DocumentoFiscal>();
    expect(doc.status).toBe('autorizada');
    const cancelar = () =>
      ctx.app.inject({
        method: 'POST',
        url: `${FISCAL}/documentos/${doc.id}/cancelamento`,
        headers: loja.t.headers,
        payload: { justificativa: JUSTIFICATIVA },
      });
    expect((await cancelar()).statusCode).toBe(200);
    expect((await cancelar()).statusCode).toBe(400);

    const res = await ctx.app.inject({
      url: '/api/auditoria',
      headers: loja.t.headers,
      query: { acao: 'NfceCancelada' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json<Page<EventoAuditoria>>();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      acaoNome: 'NFC-e cancelada',
      entidade: 'documento_fiscal',
      entidadeId: doc.id,
      usuarioId: loja.t.usuarioId,
      unidadeNegocioId: loja.t.unidadeNegocioId,
      descricao: `NFC-e nº ${doc.numero} (série ${doc.serie}) cancelada: ${JUSTIFICATIVA}`,
      antes: { numero: doc.numero, serie: doc.serie, chave: doc.chave, status: 'Autorizada' },
      depois: { status: 'Cancelada', justificativa: JUSTIFICATIVA },
    });
    expect(items[0]!.ip).toBeTruthy();
    expect((items[0]!.depois as { protocolo: string }).protocolo).toMatch(/^\d{15}$/);
  });
});
