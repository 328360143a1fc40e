/**
 * Receivables (issue #6; DOMAIN.md §7; spec §7 GET /api/financeiro/receitas): manual ones in
 * installments (idempotent), settlement and reversal with the account balance, overdue, update
 * and delete rules; a real credit-card sale through the PDV API shows up with its fee, refuses
 * changes here, and settles with the fee in proportion (the fees of partial settlements add up
 * to the receivable's fee); filters, CSV/XLSX export, validation by field, and tenancy
 * (another tenant and another unit of the same tenant).
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { gerarParcelas, type Receita } from '@petshop/shared/financeiro';
import { fromCents, todayISO, toCents } from '@petshop/shared/format';
import { addDays, valorTaxa } from '@petshop/shared/venda';
import {
  abrirCaixa,
  formasDoTenant,
  novoCliente,
  novoProduto,
  pagamento,
  pdvOk,
  segundaUnidade,
  vendaInput,
} from './fixtures/vendas.ts';
import { categoriaPorNome, contasDaUnidade, saldoDaConta, titulosApi } from './financeiro-helper.ts';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/financeiro/receitas';
type Errors = { errors: Record<string, string[]> };

const hoje = () => todayISO('America/Sao_Paulo');
const req = (
  t: TenantFixture,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers = t.headers,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const contasDa = (t: TenantFixture, saldoInicial = 0) => contasDaUnidade(ctx, t, saldoInicial);
const saldo = (t: TenantFixture, contaId: string) => saldoDaConta(ctx, t, contaId);
const categoria = (t: TenantFixture, nome: string, tipo: 'despesa' | 'receita' = 'receita') =>
  categoriaPorNome(ctx, t, nome, tipo);
const { criar, obter, baixar, lista } = titulosApi<Receita>(ctx, URL);

/** A tenant with an open register, a product and a finalised credit-card sale in `parcelas`. */
const vendaNoCartao = async (t: TenantFixture, valor: number, parcelas: number) => {
  const formas = await formasDoTenant(ctx, t);
  await abrirCaixa(ctx, t, 100);
  const produto = await novoProduto(ctx, t, { nome: 'Coleira antipulgas', precoVenda: valor, estoque: 10 });
  const venda = await pdvOk(
    ctx,
    t.headers,
    'salvar-venda',
    vendaInput({ itens: [{ produto, quantidade: 1 }], financeiros: [pagamento(formas.cartao_credito, valor, { parcelas })] }),
  );
  expect(venda.status).toBe('Finalizada');
  return { venda, cartao: formas.cartao_credito };
};

describe('receitas manuais', () => {
  it('creates installments (idempotent), settles, reverses, and keeps the account = saldo inicial + movements', async () => {
    const t = await newTenant(ctx);
    const { banco } = await contasDa(t, 200);
    const cliente = await novoCliente(ctx, t, { nome: 'Maria Tutora' });
    const servicos = await categoria(t, 'Serviços veterinários');
    const id = randomUUID();
    const body = {
      id,
      descricao: 'Tratamento do Rex',
      pessoaId: cliente.id,
      categoriaFinanceiraId: servicos.id,
      contaId: banco.id,
      parcelas: gerarParcelas(250, 2, hoje(), 'quinzenal'),
    };
    const primeira = await criar(t, body);
    expect(primeira).toMatchObject({
      id,
      grupoId: id,
      origem: 'manual',
      venda: null,
      pessoa: { id: cliente.id, nome: 'Maria Tutora' },
      valor: 125,
      valorTaxa: 0,
      valorLiquido: 125,
      parcela: 1,
      totalParcelas: 2,
      status: 'EmAberto',
    });
    expect((await criar(t, body)).id).toBe(id);
    await criar(t, { descricao: 'Outra pessoa', parcelas: [{ dataVencimento: hoje(), valor: 5 }] });
    expect((await lista(t, `&pessoaId=${cliente.id}`)).total).toBe(2);
    expect((await lista(t, '&query=maria')).total).toBe(2);
    const { items } = await lista(t, `&pessoaId=${cliente.id}`);
    expect(items.map((r) => [r.parcela, r.valor, r.dataVencimento])).toEqual([
      [1, 125, hoje()],
      [2, 125, addDays(hoje(), 15)],
    ]);

    const parcial = await baixar(t, id, { valor: 100, juros: 5 });
    expect(parcial).toMatchObject({ status: 'BaixaParcial', valorPago: 100, valorEmAberto: 25 });
    expect(parcial.baixas[0]).toMatchObject({ valor: 100, juros: 5, taxa: 0, total: 105 });
    expect(await saldo(t, banco.id)).toBe(305);
    const total = await baixar(t, id, {});
    expect(total).toMatchObject({ status: 'Baixada', valorPago: 125, dataBaixa: hoje() });
    expect(await saldo(t, banco.id)).toBe(330);

    const alterar = await req(t, 'PUT', `${URL}/${id}`, { descricao: 'x', dataVencimento: hoje(), valor: 1 });
    expect(alterar.statusCode).toBe(400);
    expect(alterar.json<Errors>().errors.generalErrors).toEqual(['Receita com baixa: cancele a baixa antes de alterar']);
    const excluir = await req(t, 'DELETE', `${URL}/${id}`);
    expect(excluir.statusCode).toBe(400);

    const estornada = (await req(t, 'POST', `${URL}/cancelar-baixar`, { id })).json<Receita>();
    expect(estornada).toMatchObject({ status: 'EmAberto', valorPago: 0, dataBaixa: null });
    expect(await saldo(t, banco.id)).toBe(200);

    const alterada = await req(t, 'PUT', `${URL}/${id}`, {
      descricao: 'Tratamento do Rex (revisto)',
      pessoaId: cliente.id,
      categoriaFinanceiraId: servicos.id,
      dataVencimento: addDays(hoje(), 3),
      valor: 130,
    });
    expect(alterada.statusCode, alterada.body).toBe(200);
    expect(alterada.json<Receita>()).toMatchObject({ valor: 130, descricao: 'Tratamento do Rex (revisto)' });
    const cancelada = await req(t, 'DELETE', `${URL}/${id}`);
    expect(cancelada.json<Receita>().status).toBe('Cancelada');
    const baixarCancelada = await req(t, 'PATCH', `${URL}/${id}/baixa`, {});
    expect(baixarCancelada.statusCode).toBe(400);
    expect(baixarCancelada.json<Errors>().errors.generalErrors).toEqual(['Receita cancelada não pode ser baixada']);
  });

  it('validates fields and references in Portuguese, and filters overdue ones', async () => {
    const t = await newTenant(ctx);
    await contasDa(t);
    const aluguel = await categoria(t, 'Aluguel', 'despesa');
    const casos: [object, string, string][] = [
      [{ categoriaFinanceiraId: aluguel.id }, 'categoriaFinanceiraId', 'Escolha uma categoria de receita'],
      [{ pessoaId: randomUUID() }, 'pessoaId', 'Cliente não encontrado'],
      [{ pessoaId: 'abc' }, 'pessoaId', 'Cliente inválido'],
    ];
    for (const [extra, campo, mensagem] of casos) {
      const res = await req(t, 'POST', URL, { descricao: 'Hotel', parcelas: [{ dataVencimento: hoje(), valor: 10 }], ...extra });
      expect(res.statusCode, campo).toBe(400);
      expect(res.json<Errors>().errors).toEqual({ [campo]: [mensagem] });
    }
    const semValor = await req(t, 'POST', URL, { descricao: 'Hotel', parcelas: [{ dataVencimento: hoje() }] });
    expect(semValor.json<Errors>().errors['parcelas.0.valor']).toEqual(['Valor da parcela é obrigatório']);

    const atrasada = await criar(t, {
      descricao: 'Hospedagem',
      parcelas: [{ dataVencimento: addDays(hoje(), -3), valor: 90 }],
    });
    await criar(t, { descricao: 'Adestramento', parcelas: [{ dataVencimento: addDays(hoje(), 3), valor: 60 }] });
    const vencidas = await lista(t, '&status=Vencida');
    expect(vencidas.items.map((r) => [r.id, r.vencida])).toEqual([[atrasada.id, true]]);
    expect(vencidas.totais).toEqual({
      quantidade: 1,
      valor: 90,
      valorPago: 0,
      valorEmAberto: 90,
      valorEmAbertoLiquido: 90,
      valorVencido: 90,
    });
    expect((await lista(t)).totais).toMatchObject({ quantidade: 2, valor: 150, valorVencido: 90 });
  });
});

describe('receitas de vendas', () => {
  it('a credit-card sale from the PDV appears with its fee, refuses changes here, and settles with the fee in proportion', async () => {
    const t = await newTenant(ctx);
    const { banco } = await contasDa(t, 0);
    const { venda, cartao } = await vendaNoCartao(t, 100, 3);
    await criar(t, { descricao: 'Receita manual', parcelas: [{ dataVencimento: hoje(), valor: 10 }] });

    const doCartao = await lista(t, '&tipoForma=cartao_credito,cartao_debito,pix');
    expect(doCartao.items.map((r) => [r.parcela, r.valor, r.valorTaxa, r.valorLiquido, r.dataVencimento])).toEqual(
      [33.34, 33.33, 33.33].map((v, i) => {
        const taxa = valorTaxa(v, cartao.taxaPercentual);
        return [i + 1, v, taxa, fromCents(toCents(v) - toCents(taxa)), addDays(hoje(), cartao.diasRecebimento + 30 * i)];
      }),
    );
    const primeira = doCartao.items[0]!;
    expect(primeira).toMatchObject({
      origem: 'venda',
      venda: { id: venda.id, numero: venda.numero },
      formaPagamento: { id: cartao.id, tipo: 'cartao_credito' },
      conta: { id: banco.id },
      descricao: `Venda nº ${venda.numero} – parcela 1/3`,
      categoriaFinanceira: { nome: 'Vendas de produtos' },
    });
    expect((await lista(t)).total).toBe(4);
    expect((await lista(t, `&formaPagamentoId=${cartao.id}`)).total).toBe(3);
    expect((await lista(t, `&query=${encodeURIComponent(`Venda nº ${venda.numero}`)}`)).total).toBe(3);

    for (const res of [
      await req(t, 'PUT', `${URL}/${primeira.id}`, { descricao: 'x', dataVencimento: hoje(), valor: 33.34 }),
      await req(t, 'DELETE', `${URL}/${primeira.id}`),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json<Errors>().errors.generalErrors).toEqual(['Receitas de vendas são alteradas pela venda']);
    }

    // 20 of 33,34 now, the rest later: each bears its share of the fee; together, the receivable's fee.
    const parcial = await baixar(t, primeira.id, { valor: 20 });
    const taxaParcial = fromCents(Math.round((toCents(primeira.valorTaxa) * 2000) / 3334));
    expect(parcial.baixas[0]).toMatchObject({ valor: 20, taxa: taxaParcial, total: fromCents(2000 - toCents(taxaParcial)) });
    const final = await baixar(t, primeira.id, {});
    expect(final.status).toBe('Baixada');
    expect(final.baixas.reduce((s, b) => s + toCents(b.taxa), 0)).toBe(toCents(primeira.valorTaxa));
    expect(await saldo(t, banco.id)).toBe(primeira.valorLiquido);
    // A fee sent explicitly wins (the acquirer charged something else).
    const segunda = doCartao.items[1]!;
    const comTaxa = await baixar(t, segunda.id, { taxa: 2 });
    expect(comTaxa.baixas[0]).toMatchObject({ valor: 33.33, taxa: 2, total: 31.33 });
    expect(await saldo(t, banco.id)).toBe(fromCents(toCents(primeira.valorLiquido) + 3133));
  });

  it('exports receivables with fee and net columns', async () => {
    const t = await newTenant(ctx);
    await contasDa(t);
    const { cartao } = await vendaNoCartao(t, 1000, 1);
    const csv = await req(t, 'GET', `${URL}/exportar?formato=csv&tipoForma=cartao_credito`);
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [cabecalho, linha, ...resto] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(resto).toEqual([]);
    expect(cabecalho!.split(';')).toEqual([
      'Vencimento',
      'Descrição',
      'Parcela',
      'Cliente',
      'Categoria',
      'Documento',
      'Forma de pagamento',
      'Conta',
      'Situação',
      'Valor',
      'Taxa',
      'Líquido',
      'Pago',
      'Em aberto',
      'Data da baixa',
      'Emissão',
    ]);
    const taxa = valorTaxa(1000, cartao.taxaPercentual);
    const celulas = linha!.split(';');
    expect(celulas.slice(9, 14)).toEqual([
      '1.000,00',
      taxa.toFixed(2).replace('.', ','),
      (1000 - taxa).toFixed(2).replace('.', ','),
      '0,00',
      '1.000,00',
    ]);
    expect(celulas[6]).toBe(cartao.nome);

    const xlsx = await req(t, 'GET', `${URL}/exportar?formato=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Receitas')!;
    expect(sheet.getRow(2).getCell(10).value).toBe(1000);
    expect(sheet.getRow(2).getCell(11).value).toBe(taxa);
  });
});

describe('receitas: tenancy', () => {
  it('another tenant and another unit of the same tenant get 404 on ids and see nothing', async () => {
    const t = await newTenant(ctx);
    await contasDa(t);
    const receita = await criar(t, { descricao: 'Banho e tosa mensal', parcelas: [{ dataVencimento: hoje(), valor: 80 }] });
    const outro = await newTenant(ctx);
    const unidade = await segundaUnidade(ctx, t);
    for (const headers of [outro.headers, unidade.headers]) {
      expect((await req(t, 'GET', `${URL}/${receita.id}`, undefined, headers)).statusCode).toBe(404);
      expect(
        (await req(t, 'PUT', `${URL}/${receita.id}`, { descricao: 'x', dataVencimento: hoje(), valor: 1 }, headers)).statusCode,
      ).toBe(404);
      expect((await req(t, 'DELETE', `${URL}/${receita.id}`, undefined, headers)).statusCode).toBe(404);
      expect((await req(t, 'PATCH', `${URL}/${receita.id}/baixa`, {}, headers)).statusCode).toBe(404);
      expect((await req(t, 'POST', `${URL}/cancelar-baixar`, { id: receita.id }, headers)).statusCode).toBe(404);
      const vista = await lista(t, '', headers);
      expect(vista.items).toEqual([]);
      expect(vista.totais.valor).toBe(0);
    }
    expect((await obter(t, receita.id)).status).toBe('EmAberto');
  });
});
