/**
 * Printed documents of issue #15: the register's closing report
 * (GET /api/comercial/caixas/{id}/imprimir) and the return receipt
 * (GET /api/comercial/devolucoes/{id}/imprimir), 80 mm and A4 PDFs whose text is read back;
 * the closing report's data builder on its own; 404 outside the tenant or unit.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Caixa } from '@petshop/shared/caixa';
import type { Devolucao } from '@petshop/shared/devolucao';
import { pessoas } from '../src/db/schema/index.ts';
import { dadosFechamento } from '../src/modules/comercial/caixas/imprimir-fechamento-caixa.ts';
import {
  abrirCaixa,
  formasDoTenant,
  noTenant,
  novoCliente,
  novoProduto,
  segundaUnidade,
  vendaFinalizada,
} from './fixtures/vendas.ts';
import { largurasDoPdf, textoDoPdf } from './vendas-helper.ts';
import { newTenant, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const CAIXAS = '/api/comercial/caixas';
const DEVOLUCOES = '/api/comercial/devolucoes';
type Headers = Record<string, string>;

const get = (headers: Headers, url: string) => ctx.app.inject({ url, headers });
const post = (headers: Headers, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers, payload });

/** pt-BR CPF mask of 11 digits. */
const mascaraCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/**
 * A register (R$ 100,00) with two cash sales (3 treats R$ 37,50; a bag of food R$ 150,00, for
 * a customer), a sangria, a suprimento, a cash return of one treat and a credit return of the
 * food; then closed by the administrator counting R$ 250,00 in cash.
 */
const cenario = async (t: TenantFixture) => {
  await formasDoTenant(ctx, t);
  const caixaId = await abrirCaixa(ctx, t, 100);
  const petisco = await novoProduto(ctx, t, { nome: 'Petisco Bifinho', precoVenda: 12.5, estoque: 50 });
  const racao = await novoProduto(ctx, t, { nome: 'Ração Premier 10 kg', precoVenda: 150, estoque: 10 });
  const cliente = await novoCliente(ctx, t, { nome: 'Carla Devolve' });
  const vendaPetisco = await vendaFinalizada(ctx, t, { itens: [{ produto: petisco, quantidade: 3 }] });
  const vendaRacao = await vendaFinalizada(ctx, t, { itens: [{ produto: racao, quantidade: 1 }], clienteId: cliente.id });
  for (const [acao, valor, descricao] of [
    ['sangria', 50, 'Depósito no banco'],
    ['suprimento', 20, 'Troco extra'],
  ] as const) {
    const res = await post(t.headers, `${CAIXAS}/${caixaId}/${acao}`, { valor, descricao });
    expect(res.statusCode, res.body).toBe(201);
  }
  const devolver = async (payload: object) => {
    const res = await post(t.headers, DEVOLUCOES, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Devolucao>();
  };
  const emDinheiro = await devolver({
    vendaId: vendaPetisco.id,
    itens: [{ vendaItemId: vendaPetisco.itens[0]!.id, quantidade: 1 }],
    reembolso: 'dinheiro',
    motivo: 'Embalagem violada',
  });
  const emCredito = await devolver({
    vendaId: vendaRacao.id,
    itens: [{ vendaItemId: vendaRacao.itens[0]!.id, quantidade: 1 }],
    reembolso: 'credito_cliente',
  });
  return { caixaId, cliente, vendaPetisco, vendaRacao, emDinheiro, emCredito };
};

describe('GET /api/comercial/caixas/{id}/imprimir', () => {
  it('answers the closing report as an 80 mm PDF by default and A4 on request', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(t);
    // Cash: 100 + 37,50 + 150 − 50 + 20 − 12,50 = 245,00; counted 250,00 (R$ 5,00 over).
    const fechar = await post(t.headers, `${CAIXAS}/${c.caixaId}/fechar`, {
      contagens: [{ formaPagamentoId: null, valorContado: 250 }],
      observacoes: 'Conferido com a gerente',
    });
    expect(fechar.statusCode, fechar.body).toBe(200);
    const numero = fechar.json<Caixa>().numero;

    const res = await get(t.headers, `${CAIXAS}/${c.caixaId}/imprimir`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="fechamento-caixa-${numero}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(largurasDoPdf(res.rawPayload)).toEqual([226.77]);
    const texto = textoDoPdf(res.rawPayload);
    for (const trecho of [
      'Loja Centro',
      'FECHAMENTO DE CAIXA',
      `Caixa nº ${numero}Fechado`,
      'Operador: Administradora Teste',
      'Aberto em ',
      'Fechado em ',
      'por Administradora Teste',
      'Valor de aberturaR$ 100,00',
      'Conferência por forma de pagamento',
      'DinheiroEsperadoR$ 245,00ContadoR$ 250,00Diferença+R$ 5,00',
      'Quantidade de vendas2',
      'Total recebido em vendasR$ 187,50',
      'Sangria-R$ 50,00',
      'Depósito no banco-R$ 50,00',
      'SuprimentoR$ 20,00',
      'Troco extraR$ 20,00',
      'Devoluções (reembolso em dinheiro)',
      `Devolução nº ${c.emDinheiro.numero} (venda nº ${c.vendaPetisco.numero})`,
      'Obs.: Conferido com a gerente',
      'Operador: Administradora Teste',
      'Conferente',
      'Documento sem valor fiscal',
    ]) {
      expect(texto).toContain(trecho);
    }
    // Only cash refunds leave the register: the credit return is not in the report.
    expect(texto).not.toContain(`Devolução nº ${c.emCredito.numero}`);
    expect(texto).not.toContain('Fechamento cego');

    const a4 = await get(t.headers, `${CAIXAS}/${c.caixaId}/imprimir?formato=a4`);
    expect(a4.statusCode).toBe(200);
    expect(largurasDoPdf(a4.rawPayload)).toEqual([595.28]);
    const textoA4 = textoDoPdf(a4.rawPayload);
    expect(textoA4).toContain('Forma de pagamentoEsperadoContadoDiferença');
    expect(textoA4).toContain('DinheiroR$ 245,00R$ 250,00+R$ 5,00');
    expect(textoA4).toContain('Total recebido em vendasR$ 187,50');

    const invalido = await get(t.headers, `${CAIXAS}/${c.caixaId}/imprimir?formato=a5`);
    expect(invalido.statusCode).toBe(400);
  });

  it('prints an open register as a partial check, and is 404 outside the tenant or the unit', async () => {
    const t = await newTenant(ctx);
    const caixaId = await abrirCaixa(ctx, t, 80);
    const texto = textoDoPdf((await get(t.headers, `${CAIXAS}/${caixaId}/imprimir`)).rawPayload);
    expect(texto).toContain('CAIXA ABERTO — CONFERÊNCIA PARCIAL');
    expect(texto).toContain('DinheiroEsperadoR$ 80,00Contado—');
    expect(texto).not.toContain('Diferença');

    const outro = await newTenant(ctx);
    const fora = await get(outro.headers, `${CAIXAS}/${caixaId}/imprimir`);
    expect(fora.statusCode).toBe(404);
    expect(fora.json().errors.generalErrors).toEqual(['Caixa não encontrado']);
    const bairro = await segundaUnidade(ctx, t);
    expect((await get(bairro.headers, `${CAIXAS}/${caixaId}/imprimir`)).statusCode).toBe(404);
    // Reading registers needs caixa or financeiro: reception cannot print them.
    const recepcao = await usuarioComPerfil(ctx, t, 'recepcao');
    expect((await get(recepcao.headers, `${CAIXAS}/${caixaId}/imprimir`)).statusCode).toBe(403);
  });
});

describe('GET /api/comercial/devolucoes/{id}/imprimir', () => {
  it('answers the return receipt (80 mm by default, A4 on request) with the sale, items, total, refund and customer', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(t);
    const res = await get(t.headers, `${DEVOLUCOES}/${c.emCredito.id}/imprimir`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="devolucao-${c.emCredito.numero}.pdf"`);
    expect(largurasDoPdf(res.rawPayload)).toEqual([226.77]);
    const [pessoa] = await noTenant(ctx, t, (tx) =>
      tx.select({ cpfCnpj: pessoas.cpfCnpj }).from(pessoas).where(eq(pessoas.id, c.cliente.id)),
    );
    const texto = textoDoPdf(res.rawPayload);
    for (const trecho of [
      'Loja Centro',
      'COMPROVANTE DE DEVOLUÇÃO',
      `Devolução nº ${c.emCredito.numero}`,
      `Venda nº ${c.vendaRacao.numero}`,
      'Operador: Administradora Teste',
      `Cliente: Carla Devolve — CPF ${mascaraCpf(pessoa!.cpfCnpj!)}`,
      '1. Ração Premier 10 kg',
      '1 UN x R$ 150,00',
      'TOTAL DEVOLVIDOR$ 150,00',
      'ReembolsoCrédito do cliente (para usar em compras)',
      'Cliente: Carla Devolve',
      'Documento sem valor fiscal',
    ]) {
      expect(texto).toContain(trecho);
    }

    const a4 = await get(t.headers, `${DEVOLUCOES}/${c.emDinheiro.id}/imprimir?formato=a4`);
    expect(a4.statusCode).toBe(200);
    expect(largurasDoPdf(a4.rawPayload)).toEqual([595.28]);
    const textoA4 = textoDoPdf(a4.rawPayload);
    expect(textoA4).toContain('#ProdutoQtd.Vl. unit.Total');
    expect(textoA4).toContain('Petisco Bifinho');
    expect(textoA4).toContain('TOTAL DEVOLVIDOR$ 12,50');
    expect(textoA4).toContain('ReembolsoDinheiro (devolvido do caixa)');
    expect(textoA4).toContain('Cliente: Consumidor');
    expect(textoA4).toContain('Motivo: Embalagem violada');
  });

  it('is 404 for a return of another tenant or unit', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(t);
    const outro = await newTenant(ctx);
    const fora = await get(outro.headers, `${DEVOLUCOES}/${c.emDinheiro.id}/imprimir`);
    expect(fora.statusCode).toBe(404);
    expect(fora.json().errors.generalErrors).toEqual(['Devolução não encontrada']);
    const bairro = await segundaUnidade(ctx, t);
    expect((await get(bairro.headers, `${DEVOLUCOES}/${c.emDinheiro.id}/imprimir`)).statusCode).toBe(404);
  });
});

describe('dadosFechamento (the closing report data)', () => {
  const caixa = (over: Partial<Caixa> = {}): Caixa => ({
    id: 'c1',
    numero: 7,
    status: 'Fechado',
    usuario: { id: 'u1', nome: 'Ana' },
    dataAbertura: '2026-11-26T11:00:00.000Z',
    dataFechamento: '2026-11-26T21:00:00.000Z',
    fechadoPor: { id: 'u1', nome: 'Ana' },
    valorAbertura: 50,
    entradas: 130,
    saidas: 10,
    saldoDinheiro: 90,
    valorEsperado: 90,
    valorContado: 85,
    diferenca: -5,
    fechamentoCego: false,
    observacoes: null,
    totaisPorForma: [
      {
        formaPagamentoId: null,
        nome: 'Dinheiro',
        tipo: 'dinheiro',
        conferir: true,
        entradas: 100,
        saidas: 10,
        esperado: 90,
        contado: 85,
        diferenca: -5,
      },
      {
        formaPagamentoId: 'p',
        nome: 'PIX',
        tipo: 'pix',
        conferir: true,
        entradas: 30,
        saidas: 0,
        esperado: 30,
        contado: 30.1,
        diferenca: 0.1,
      },
    ],
    conferencia: null,
    movimentacoes: [
      ['abertura', 50, null],
      ['recebimento', 30, 'v1'],
      ['recebimento', 20, 'v1'],
      ['recebimento', 30, 'v2'],
      ['sangria', -10, null],
    ].map(([tipo, valor, venda], i) => ({
      id: `m${i}`,
      caixaId: 'c1',
      caixaNumero: 7,
      caixaStatus: 'Fechado' as const,
      tipo: tipo as Caixa['movimentacoes'][number]['tipo'],
      valor: valor as number,
      descricao: `mov ${i}`,
      formaPagamento: null,
      usuario: null,
      venda: venda ? { id: venda as string, numero: 1 } : null,
      devolucao: null,
      conta: null,
      categoriaFinanceira: null,
      pessoa: null,
      createdAt: '2026-11-26T12:00:00.000Z',
    })),
    ...over,
  });

  it('totals per method, counts sales once, lists withdrawals', () => {
    const d = dadosFechamento(caixa(), []);
    expect(d.total).toEqual({ esperado: 120, contado: 115.1, diferenca: -4.9 });
    expect(d.vendas).toEqual({ quantidade: 2, total: 80 });
    expect(d.movimentos).toEqual([
      {
        tipo: 'sangria',
        rotulo: 'Sangria',
        itens: [{ createdAt: '2026-11-26T12:00:00.000Z', descricao: 'mov 4', valor: -10 }],
        total: -10,
      },
    ]);
  });

  it('withholds expected amounts, differences and the sales amount under a blind closing', () => {
    const d = dadosFechamento(caixa({ fechamentoCego: true }), []);
    expect(d.cego).toBe(true);
    expect(d.formas.map((f) => [f.esperado, f.contado, f.diferenca])).toEqual([
      [null, 85, null],
      [null, 30.1, null],
    ]);
    expect(d.total).toEqual({ esperado: null, contado: 115.1, diferenca: null });
    expect(d.vendas).toEqual({ quantidade: 2, total: null });
  });

  it('an open register has no counted total nor difference yet', () => {
    const d = dadosFechamento(
      caixa({
        status: 'Aberto',
        totaisPorForma: caixa().totaisPorForma.map((t) => ({ ...t, contado: null, diferenca: null })),
      }),
      [],
    );
    expect(d.aberto).toBe(true);
    expect(d.total).toEqual({ esperado: 120, contado: null, diferenca: null });
  });
});
