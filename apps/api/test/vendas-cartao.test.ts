/**
 * Card payment details (issue #15 item 4): a card payment carries the brand (NFC-e tBand code),
 * the authorisation code / NSU and the acquirer with its CNPJ — the acquirer defaulting to the
 * payment method's — saved with the sale, read back and printed on the receipt as
 * 'Visa • NSU 123456'; refused with a 400 on the field on a cash payment and when invalid; the
 * method's default acquirer is kept by the settings API; another tenant sees none of it.
 */
import { describe, expect, it } from 'vitest';
import type { FormaPagamento } from '@petshop/shared/forma-pagamento';
import type { Venda } from '@petshop/shared/venda';
import { abrirCaixa, formasDoTenant, novoProduto, pagamento, pdvOk, pdvPost, vendaInput } from './fixtures/vendas.ts';
import { newTenant, useTestApp, validCnpj, type TenantFixture } from './helper.ts';
import { textoDoPdf } from './vendas-helper.ts';

const ctx = useTestApp();
const FORMAS = '/api/financeiro/formas-pagamento';

const defineAdquirente = async (t: TenantFixture, forma: { id: string }, adquirente: string, cnpj: string) => {
  const atual = (await ctx.app.inject({ url: `${FORMAS}/${forma.id}`, headers: t.headers })).json<FormaPagamento>();
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `${FORMAS}/${forma.id}`,
    headers: t.headers,
    payload: { ...atual, adquirente, adquirenteCnpj: cnpj },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FormaPagamento>();
};

const cenario = async (t: TenantFixture) => {
  const formas = await formasDoTenant(ctx, t);
  const caixaId = await abrirCaixa(ctx, t);
  const racao = await novoProduto(ctx, t, { nome: 'Ração Premium 10 kg', precoVenda: 100, estoque: 20 });
  return { formas, caixaId, racao };
};

describe('card payments: brand, NSU and acquirer', () => {
  it('saves them, takes the acquirer from the method, reads them back and prints them', async () => {
    const t = await newTenant(ctx);
    const { formas, caixaId, racao } = await cenario(t);
    const stoneCnpj = validCnpj();
    const credito = await defineAdquirente(t, formas.cartao_credito, 'Stone', `${stoneCnpj.slice(0, 2)}.${stoneCnpj.slice(2)}`);
    expect(credito).toMatchObject({ adquirente: 'Stone', adquirenteCnpj: stoneCnpj });
    const cielo = validCnpj();

    const venda = await pdvOk(ctx, t.headers, 'salvar-venda', {
      ...vendaInput({ itens: [{ produto: racao, quantidade: 3 }], caixaId }),
      financeiros: [
        { ...pagamento(formas.cartao_credito, 200), bandeira: '01', autorizacao: ' 123-456 ' },
        {
          ...pagamento(formas.cartao_debito, 100),
          bandeira: '06',
          autorizacao: 'a1b2',
          adquirente: 'Cielo',
          adquirenteCnpj: cielo,
        },
      ],
    });
    expect(venda.status).toBe('Finalizada');
    const lido = await ctx.app.inject({ url: `/api/comercial/pdv/${venda.id}`, headers: t.headers });
    expect(lido.statusCode, lido.body).toBe(200);
    const porTipo = (tipo: string) => lido.json<Venda>().financeiros.find((f) => f.formaPagamento.tipo === tipo)!;
    const [noCredito, noDebito] = [porTipo('cartao_credito'), porTipo('cartao_debito')];
    expect(noCredito).toMatchObject({ bandeira: '01', autorizacao: '123456', adquirente: 'Stone', adquirenteCnpj: stoneCnpj });
    expect(noDebito).toMatchObject({ bandeira: '06', autorizacao: 'A1B2', adquirente: 'Cielo', adquirenteCnpj: cielo });
    expect(venda.financeiros.find((f) => f.bandeira === '01')).toMatchObject({ autorizacao: '123456', adquirente: 'Stone' });

    const cupom = await ctx.app.inject({ url: `/api/comercial/vendas/${venda.id}/imprimir`, headers: t.headers });
    expect(cupom.statusCode).toBe(200);
    const texto = textoDoPdf(cupom.rawPayload);
    expect(texto).toContain('Visa • NSU 123456');
    expect(texto).toContain('Elo • NSU A1B2');

    // Another tenant sees neither the sale nor the method's acquirer.
    const outro = await newTenant(ctx);
    expect((await ctx.app.inject({ url: `/api/comercial/pdv/${venda.id}`, headers: outro.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `${FORMAS}/${credito.id}`, headers: outro.headers })).statusCode).toBe(404);
    const dele = await formasDoTenant(ctx, outro);
    const suaForma = (
      await ctx.app.inject({ url: `${FORMAS}/${dele.cartao_credito.id}`, headers: outro.headers })
    ).json<FormaPagamento>();
    expect(suaForma.adquirente).toBeNull();
  });

  it('refuses card details on other kinds and invalid ones, on the field', async () => {
    const t = await newTenant(ctx);
    const { formas, caixaId, racao } = await cenario(t);
    const tentar = async (extra: object, forma: { id: string } = formas.dinheiro) => {
      const res = await pdvPost(ctx, t.headers, 'salvar-venda', {
        ...vendaInput({ itens: [{ produto: racao, quantidade: 1 }], caixaId }),
        financeiros: [{ ...pagamento(forma, 100), ...extra }],
      });
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ errors: Record<string, string[]> }>().errors;
    };
    expect(await tentar({ bandeira: '01' })).toEqual({ 'financeiros.0.bandeira': ['Somente em pagamentos com cartão'] });
    expect(await tentar({ autorizacao: '123' }, formas.pix)).toEqual({
      'financeiros.0.autorizacao': ['Somente em pagamentos com cartão'],
    });
    expect(await tentar({ adquirente: 'Stone' })).toEqual({ 'financeiros.0.adquirente': ['Somente em pagamentos com cartão'] });
    expect((await tentar({ bandeira: '42' }, formas.cartao_debito))['financeiros.0.bandeira']).toEqual(['Bandeira inválida']);
    expect((await tentar({ autorizacao: 'x'.repeat(21) }, formas.cartao_debito))['financeiros.0.autorizacao']).toEqual([
      'Autorização/NSU deve ter de 1 a 20 letras ou números',
    ]);
    expect((await tentar({ adquirenteCnpj: '11111111111111' }, formas.cartao_debito))['financeiros.0.adquirenteCnpj']).toEqual([
      'CNPJ inválido',
    ]);
    // Blank fields are absent: a cash payment with them empty goes through.
    const ok = await pdvPost(ctx, t.headers, 'salvar-venda', {
      ...vendaInput({ itens: [{ produto: racao, quantidade: 1 }], caixaId }),
      financeiros: [{ ...pagamento(formas.dinheiro, 100), bandeira: '', autorizacao: null }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Venda>().financeiros[0]).toMatchObject({ bandeira: null, autorizacao: null, adquirente: null });
  });

  it('the settings keep a default acquirer only on card methods', async () => {
    const t = await newTenant(ctx);
    const formas = await formasDoTenant(ctx, t);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${FORMAS}/${formas.pix.id}`,
      headers: t.headers,
      payload: { nome: 'PIX', tipo: 'pix', adquirente: 'Stone' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ adquirente: ['Adquirente somente em formas de cartão'] });
    const cnpjRuim = await ctx.app.inject({
      method: 'PUT',
      url: `${FORMAS}/${formas.cartao_debito.id}`,
      headers: t.headers,
      payload: { nome: 'Cartão de débito', tipo: 'cartao_debito', adquirente: 'Rede', adquirenteCnpj: '123' },
    });
    expect(cnpjRuim.json().errors).toEqual({ adquirenteCnpj: ['CNPJ inválido'] });
  });
});
