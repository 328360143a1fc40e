/**
 * Payables (issue #6; DOMAIN.md §7; spec §7 "Finance"): create in installments (idempotent),
 * partial then full settlement with interest/fine/discount, refusals (above what is open,
 * cancelled, future date, other unit's account, chave repeated), reversal of one settlement
 * and of all, the account balance = saldo inicial + Σ movements throughout, overdue filter and
 * totals, update/delete rules (settled, purchase), validation errors by field, CSV/XLSX
 * export, attachments, and tenancy (another tenant and another unit of the same tenant).
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { gerarParcelas, type Despesa } from '@petshop/shared/financeiro';
import { todayISO } from '@petshop/shared/format';
import type { Compra } from '@petshop/shared/compra';
import { addDays } from '@petshop/shared/venda';
import { baixasFinanceiras, contas, despesas, movimentacoesFinanceiras } from '../src/db/schema/index.ts';
import { noTenant, novoProduto, segundaUnidade } from './fixtures/vendas.ts';
import { categoriaPorNome, contasDaUnidade, saldoDaConta, titulosApi } from './financeiro-helper.ts';
import { newTenant, PNG_1PX, useTestApp, usuarioComPerfil, validCnpj, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/financeiro/despesas';
type Errors = { errors: Record<string, string[]> };

const hoje = () => todayISO('America/Sao_Paulo');
const H = (t: TenantFixture, headers?: Record<string, string>) => headers ?? t.headers;
const get = (t: TenantFixture, url: string, headers?: Record<string, string>) => ctx.app.inject({ url, headers: H(t, headers) });
const post = (t: TenantFixture, url: string, payload: object, headers?: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url, headers: H(t, headers), payload });
const put = (t: TenantFixture, url: string, payload: object, headers?: Record<string, string>) =>
  ctx.app.inject({ method: 'PUT', url, headers: H(t, headers), payload });
const patch = (t: TenantFixture, url: string, payload: object, headers?: Record<string, string>) =>
  ctx.app.inject({ method: 'PATCH', url, headers: H(t, headers), payload });
const del = (t: TenantFixture, url: string, headers?: Record<string, string>) =>
  ctx.app.inject({ method: 'DELETE', url, headers: H(t, headers) });

/** The unit's accounts by type, the bank one starting at `saldoInicial`. */
const contasDa = (t: TenantFixture, saldoInicial = 1000) => contasDaUnidade(ctx, t, saldoInicial);
const saldo = (t: TenantFixture, contaId: string) => saldoDaConta(ctx, t, contaId);

/** saldo_inicial + Σ movements, straight from the tables. */
const saldoPelasMovimentacoes = (t: TenantFixture, contaId: string) =>
  noTenant(ctx, t, async (tx) => {
    const [row] = await tx
      .select({
        s: sql<string>`(select saldo_inicial from contas where id = ${contaId}) + coalesce((select sum(valor) from movimentacoes_financeiras where conta_id = ${contaId}), 0)`,
      })
      .from(contas)
      .where(eq(contas.id, contaId));
    return Number(row!.s);
  });

const movimentos = (t: TenantFixture, contaId: string) =>
  noTenant(ctx, t, (tx) =>
    tx
      .select()
      .from(movimentacoesFinanceiras)
      .where(eq(movimentacoesFinanceiras.contaId, contaId))
      .orderBy(asc(movimentacoesFinanceiras.createdAt), asc(movimentacoesFinanceiras.id)),
  );

const categoria = (t: TenantFixture, nome: string, tipo: 'despesa' | 'receita' = 'despesa') =>
  categoriaPorNome(ctx, t, nome, tipo);

const novoFornecedor = async (t: TenantFixture, razaoSocial = 'Imobiliária Centro Ltda') => {
  const res = await post(t, '/api/inventario/fornecedores', { razaoSocial, cpfCnpj: validCnpj() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; razaoSocial: string }>();
};

const { criar, obter, baixar, lista } = titulosApi<Despesa>(ctx, URL);

/** A simple open payable due on `dataVencimento`. */
const simples = (t: TenantFixture, descricao: string, valor: number, dataVencimento = hoje(), extra: object = {}) =>
  criar(t, { descricao, parcelas: [{ dataVencimento, valor }], ...extra });

describe('despesas: create in installments', () => {
  it('creates one payable per installment sharing a group; posting the same id again creates nothing', async () => {
    const t = await newTenant(ctx);
    const fornecedor = await novoFornecedor(t);
    const aluguel = await categoria(t, 'Aluguel');
    const { banco } = await contasDa(t);
    const id = randomUUID();
    const parcelas = gerarParcelas(1000, 3, '2030-01-31');
    const body = {
      id,
      descricao: 'Aluguel da loja',
      fornecedorId: fornecedor.id,
      categoriaFinanceiraId: aluguel.id,
      contaId: banco.id,
      documento: 'CT-2030',
      dataEmissao: '15/01/2030',
      observacoes: 'Contrato de 12 meses',
      parcelas,
    };
    const primeira = await criar(t, body);
    expect(primeira).toMatchObject({
      id,
      grupoId: id,
      descricao: 'Aluguel da loja',
      parcela: 1,
      totalParcelas: 3,
      valor: 333.34,
      valorPago: 0,
      valorEmAberto: 333.34,
      status: 'EmAberto',
      vencida: false,
      dataEmissao: '2030-01-15',
      dataVencimento: '2030-01-31',
      fornecedor: { id: fornecedor.id, nome: 'Imobiliária Centro Ltda' },
      categoriaFinanceira: { id: aluguel.id, nome: 'Aluguel' },
      conta: { id: banco.id, nome: banco.nome },
      documento: 'CT-2030',
      origem: 'manual',
      compra: null,
      baixas: [],
      anexos: [],
    });
    // Again with the same id (a double click): the same payable, nothing new.
    const repetida = await post(t, URL, body);
    expect(repetida.statusCode).toBe(201);
    expect(repetida.json<Despesa>().id).toBe(id);

    const { items, total, totais } = await lista(t);
    expect(total).toBe(3);
    expect(items.map((d) => [d.parcela, d.totalParcelas, d.valor, d.dataVencimento, d.grupoId])).toEqual([
      [1, 3, 333.34, '2030-01-31', id],
      [2, 3, 333.33, '2030-02-28', id],
      [3, 3, 333.33, '2030-03-31', id],
    ]);
    expect(totais).toEqual({
      quantidade: 3,
      valor: 1000,
      valorPago: 0,
      valorEmAberto: 1000,
      valorEmAbertoLiquido: 1000,
      valorVencido: 0,
    });
    const rows = await noTenant(ctx, t, (tx) => tx.select().from(despesas).where(eq(despesas.grupoId, id)));
    expect(rows).toHaveLength(3);
  });

  it('answers 400 by field, in Portuguese, for bad bodies and references', async () => {
    const t = await newTenant(ctx);
    const outro = await newTenant(ctx);
    const { banco: contaDeOutro } = await contasDa(outro);
    const vendas = await categoria(t, 'Vendas de produtos', 'receita');

    const vazio = await post(t, URL, { descricao: '', parcelas: [] });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json<Errors>().errors).toMatchObject({
      descricao: [expect.stringMatching(/Descrição/)],
      parcelas: ['Informe ao menos uma parcela'],
    });
    const parcelaRuim = await post(t, URL, { descricao: 'Luz', parcelas: [{ dataVencimento: '31/02/2030', valor: 0 }] });
    expect(parcelaRuim.statusCode).toBe(400);
    expect(Object.keys(parcelaRuim.json<Errors>().errors).sort()).toEqual(['parcelas.0.dataVencimento', 'parcelas.0.valor']);

    const casos: [object, string, string][] = [
      [{ categoriaFinanceiraId: vendas.id }, 'categoriaFinanceiraId', 'Escolha uma categoria de despesa'],
      [{ categoriaFinanceiraId: randomUUID() }, 'categoriaFinanceiraId', 'Categoria não encontrada'],
      [{ fornecedorId: randomUUID() }, 'fornecedorId', 'Fornecedor não encontrado'],
      [{ formaPagamentoId: randomUUID() }, 'formaPagamentoId', 'Forma de pagamento não encontrada'],
      [{ contaId: contaDeOutro.id }, 'contaId', 'Conta não encontrada ou inativa nesta unidade'],
    ];
    for (const [extra, campo, mensagem] of casos) {
      const res = await post(t, URL, { descricao: 'Energia', parcelas: [{ dataVencimento: hoje(), valor: 10 }], ...extra });
      expect(res.statusCode, campo).toBe(400);
      expect(res.json<Errors>().errors).toEqual({ [campo]: [mensagem] });
    }
    expect((await lista(t)).total).toBe(0);
  });
});

describe('despesas: settlement and reversal', () => {
  it('settles partially then fully (interest, fine and discount move the account, not the value), refuses more than open, reverses one then all', async () => {
    const t = await newTenant(ctx);
    const { banco } = await contasDa(t, 1000);
    const aluguel = await categoria(t, 'Aluguel');
    const despesa = await criar(t, {
      descricao: 'Aluguel',
      categoriaFinanceiraId: aluguel.id,
      contaId: banco.id,
      parcelas: gerarParcelas(600, 2, hoje()),
    });
    expect(despesa.valor).toBe(300);

    const chave = randomUUID();
    const parcial = await baixar(t, despesa.id, { chave, valor: '100,00', juros: 2, multa: 1.5, desconto: 0.5 });
    expect(parcial).toMatchObject({ status: 'BaixaParcial', valor: 300, valorPago: 100, valorEmAberto: 200, dataBaixa: null });
    expect(parcial.baixas).toMatchObject([
      {
        dataPagamento: hoje(),
        valor: 100,
        juros: 2,
        multa: 1.5,
        desconto: 0.5,
        taxa: 0,
        total: 103,
        conta: { id: banco.id },
        usuario: 'Administradora Teste',
        estornadaEm: null,
      },
    ]);
    expect(await saldo(t, banco.id)).toBe(897);
    // The same chave again (a double click): the same answer, nothing settled twice.
    const repetida = await baixar(t, despesa.id, { chave, valor: 100 });
    expect(repetida.valorPago).toBe(100);
    expect(repetida.baixas).toHaveLength(1);
    expect(await saldo(t, banco.id)).toBe(897);

    const demais = await patch(t, `${URL}/${despesa.id}/baixa`, { valor: 200.01 });
    expect(demais.statusCode).toBe(400);
    expect(demais.json<Errors>().errors).toEqual({ valor: ['Valor maior que o saldo em aberto de R$ 200,00'] });
    const futura = await patch(t, `${URL}/${despesa.id}/baixa`, { dataPagamento: addDays(hoje(), 1) });
    expect(futura.statusCode).toBe(400);
    expect(futura.json<Errors>().errors.dataPagamento).toEqual(['Data de pagamento não pode ser posterior a hoje']);
    const descontoDemais = await patch(t, `${URL}/${despesa.id}/baixa`, { valor: 10, desconto: 11 });
    expect(descontoDemais.statusCode).toBe(400);
    expect(descontoDemais.json<Errors>().errors.desconto).toEqual(['Desconto e taxa não podem passar do valor pago']);

    // The rest (no valor = all that is open), with a discount.
    const total = await baixar(t, despesa.id, { desconto: 10, dataPagamento: hoje() });
    expect(total).toMatchObject({ status: 'Baixada', valor: 300, valorPago: 300, valorEmAberto: 0, dataBaixa: hoje() });
    expect(total.baixas.map((b) => [b.valor, b.total])).toEqual([
      [200, 190],
      [100, 103],
    ]);
    expect(await saldo(t, banco.id)).toBe(707);
    const movs = await movimentos(t, banco.id);
    expect(movs.map((m) => [Number(m.valor), m.origem, m.origemId, m.categoriaFinanceiraId, m.descricao])).toEqual([
      [-103, 'baixa_despesa', parcial.baixas[0]!.id, aluguel.id, 'Pagamento: Aluguel (1/2)'],
      [-190, 'baixa_despesa', total.baixas[0]!.id, aluguel.id, 'Pagamento: Aluguel (1/2)'],
    ]);
    const nadaAberto = await patch(t, `${URL}/${despesa.id}/baixa`, { valor: 1 });
    expect(nadaAberto.statusCode).toBe(400);
    expect(nadaAberto.json<Errors>().errors.valor).toEqual(['Despesa já baixada: não há saldo em aberto']);

    // Settled: changed only by reversing.
    const alterar = await put(t, `${URL}/${despesa.id}`, { descricao: 'Outra', dataVencimento: hoje(), valor: 300 });
    expect(alterar.statusCode).toBe(400);
    expect(alterar.json<Errors>().errors.generalErrors).toEqual(['Despesa com baixa: cancele a baixa antes de alterar']);
    const excluir = await del(t, `${URL}/${despesa.id}`);
    expect(excluir.statusCode).toBe(400);
    expect(excluir.json<Errors>().errors.generalErrors).toEqual(['Despesa com baixa: cancele a baixa antes de excluir']);

    // Reverse the last settlement: back to partial, the account gets the 190 back.
    const umaRes = await post(t, `${URL}/cancelar-baixar`, { id: despesa.id, baixaId: total.baixas[0]!.id });
    expect(umaRes.statusCode, umaRes.body).toBe(200);
    const uma = umaRes.json<Despesa>();
    expect(uma).toMatchObject({ status: 'BaixaParcial', valorPago: 100, valorEmAberto: 200, dataBaixa: null });
    expect(uma.baixas[0]!.estornadaEm).not.toBeNull();
    expect(uma.baixas[1]!.estornadaEm).toBeNull();
    expect(await saldo(t, banco.id)).toBe(897);

    // Reverse all that is left: open again, the account back where it started.
    const todas = (await post(t, `${URL}/cancelar-baixar`, { id: despesa.id })).json<Despesa>();
    expect(todas).toMatchObject({ status: 'EmAberto', valorPago: 0, valorEmAberto: 300, dataBaixa: null });
    expect(todas.baixas.every((b) => b.estornadaEm !== null)).toBe(true);
    expect(await saldo(t, banco.id)).toBe(1000);
    expect(await saldoPelasMovimentacoes(t, banco.id)).toBe(1000);
    const estornos = (await movimentos(t, banco.id)).filter((m) => m.origem === 'estorno_baixa_despesa');
    expect(estornos.map((m) => [Number(m.valor), m.descricao])).toEqual([
      [190, 'Estorno de pagamento: Aluguel (1/2)'],
      [103, 'Estorno de pagamento: Aluguel (1/2)'],
    ]);
    const rows = await noTenant(ctx, t, (tx) =>
      tx.select().from(baixasFinanceiras).where(eq(baixasFinanceiras.despesaId, despesa.id)),
    );
    expect(rows.every((b) => b.estornadaPorId === t.usuarioId && b.estornoMovimentacaoId !== null)).toBe(true);

    // Reversing again changes nothing; a baixa of another título is 404.
    const denovo = await post(t, `${URL}/cancelar-baixar`, { id: despesa.id });
    expect(denovo.statusCode).toBe(200);
    expect(await saldo(t, banco.id)).toBe(1000);
    const alheia = await post(t, `${URL}/cancelar-baixar`, { id: despesa.id, baixaId: randomUUID() });
    expect(alheia.statusCode).toBe(404);

    // Open again: it can be changed and deleted (Cancelada), and then not settled.
    const alterada = await put(t, `${URL}/${despesa.id}`, {
      descricao: 'Aluguel de março',
      categoriaFinanceiraId: aluguel.id,
      dataVencimento: '2030-03-10',
      valor: '320,50',
    });
    expect(alterada.statusCode, alterada.body).toBe(200);
    expect(alterada.json<Despesa>()).toMatchObject({ descricao: 'Aluguel de março', valor: 320.5, dataVencimento: '2030-03-10' });
    const excluida = await del(t, `${URL}/${despesa.id}`);
    expect(excluida.statusCode).toBe(200);
    expect(excluida.json<Despesa>().status).toBe('Cancelada');
    const cancelada = await patch(t, `${URL}/${despesa.id}/baixa`, {});
    expect(cancelada.statusCode).toBe(400);
    expect(cancelada.json<Errors>().errors.generalErrors).toEqual(['Despesa cancelada não pode ser baixada']);
    // Cancelled ones leave the default list, and show with status=Cancelada.
    expect((await lista(t)).items.map((d) => [d.parcela, d.status])).toEqual([[2, 'EmAberto']]);
    expect((await lista(t, '&status=Cancelada')).items.map((d) => d.id)).toEqual([despesa.id]);
  });

  it('uses the default account, writes no ledger entry for a total of 0, and refuses an account of another unit', async () => {
    const t = await newTenant(ctx);
    const { banco } = await contasDa(t, 0);
    const outra = await segundaUnidade(ctx, t);
    const [contaOutraUnidade] = await noTenant(
      ctx,
      t,
      (tx) => tx.insert(contas).values({ nome: 'Banco da outra loja', tipo: 'banco' }).returning({ id: contas.id }),
      outra.id,
    );
    const despesa = await simples(t, 'Taxa de alvará', 80);
    const recusada = await patch(t, `${URL}/${despesa.id}/baixa`, { contaId: contaOutraUnidade!.id });
    expect(recusada.statusCode).toBe(400);
    expect(recusada.json<Errors>().errors).toEqual({ contaId: ['Conta não encontrada ou inativa nesta unidade'] });
    const semTitulo = await patch(t, `${URL}/${despesa.id}/baixa`, { contaId: 'x' });
    expect(semTitulo.statusCode).toBe(400);
    expect(semTitulo.json<Errors>().errors.contaId).toEqual(['Conta inválida']);

    const baixada = await baixar(t, despesa.id, { valor: 80, desconto: 80 });
    expect(baixada).toMatchObject({ status: 'Baixada', valorPago: 80 });
    expect(baixada.baixas[0]).toMatchObject({ total: 0, conta: { id: banco.id } });
    expect(await movimentos(t, banco.id)).toEqual([]);
    expect(await saldo(t, banco.id)).toBe(0);
  });

  it('serialises two settlements of the same money: one wins, the other finds nothing open', async () => {
    const t = await newTenant(ctx);
    const { banco } = await contasDa(t, 500);
    const despesa = await simples(t, 'Internet', 120);
    const [a, b] = await Promise.all([
      patch(t, `${URL}/${despesa.id}/baixa`, { contaId: banco.id }),
      patch(t, `${URL}/${despesa.id}/baixa`, { contaId: banco.id }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(await saldo(t, banco.id)).toBe(380);
    expect((await obter(t, despesa.id)).baixas).toHaveLength(1);

    // Two partial settlements with the same chave at once: both answer 200, one settlement.
    const outra = await simples(t, 'Energia', 90);
    const chave = randomUUID();
    const pedidos = await Promise.all([1, 2].map(() => patch(t, `${URL}/${outra.id}/baixa`, { chave, valor: 30 })));
    expect(pedidos.map((p) => p.statusCode)).toEqual([200, 200]);
    expect(pedidos.map((p) => p.json<Despesa>().valorPago)).toEqual([30, 30]);
    expect(await saldo(t, banco.id)).toBe(350);
    // A chave of another título is refused.
    const alheia = await patch(t, `${URL}/${despesa.id}/baixa`, { chave, valor: 1 });
    expect(alheia.statusCode).toBe(400);
    expect(alheia.json<Errors>().errors).toEqual({ chave: ['Esta chave já foi usada em outra baixa'] });
  });
});

describe('despesas: overdue, purchases, export, attachments', () => {
  it('filters overdue (open or partial due before today) and totals them; EmAberto includes overdue open ones', async () => {
    const t = await newTenant(ctx);
    await contasDa(t);
    const vencida = await simples(t, 'Energia de ontem', 50, addDays(hoje(), -1));
    const parcialVencida = await simples(t, 'Água do mês passado', 40, addDays(hoje(), -30));
    await baixar(t, parcialVencida.id, { valor: 15 });
    const hojeMesmo = await simples(t, 'Telefone', 30, hoje());
    const paga = await simples(t, 'Marketing', 20, addDays(hoje(), -5));
    await baixar(t, paga.id, {});

    expect((await obter(t, vencida.id)).vencida).toBe(true);
    expect((await obter(t, hojeMesmo.id)).vencida).toBe(false);
    const vencidas = await lista(t, '&status=Vencida');
    expect(vencidas.items.map((d) => d.id)).toEqual([parcialVencida.id, vencida.id]);
    expect(vencidas.totais).toEqual({
      quantidade: 2,
      valor: 90,
      valorPago: 15,
      valorEmAberto: 75,
      valorEmAbertoLiquido: 75,
      valorVencido: 75,
    });
    expect((await lista(t, '&status=EmAberto')).items.map((d) => d.id)).toEqual([vencida.id, hojeMesmo.id]);
    expect((await lista(t, '&status=Baixada,BaixaParcial')).items.map((d) => d.id)).toEqual([parcialVencida.id, paga.id]);
    const todas = await lista(t);
    expect(todas.totais).toEqual({
      quantidade: 4,
      valor: 140,
      valorPago: 35,
      valorEmAberto: 105,
      valorEmAbertoLiquido: 105,
      valorVencido: 75,
    });
    expect((await lista(t, `&dataInicio=${addDays(hoje(), -2)}&dataFim=${hoje()}`)).items.map((d) => d.id)).toEqual([
      vencida.id,
      hojeMesmo.id,
    ]);
    expect((await lista(t, '&query=agua')).items.map((d) => d.id)).toEqual([parcialVencida.id]);

    // Category with its subcategories; account.
    const operacionais = await categoria(t, 'Despesas operacionais');
    const energia = await categoria(t, 'Energia');
    const { banco } = await contasDa(t);
    const luz = await simples(t, 'Luz da loja', 10, hoje(), { categoriaFinanceiraId: energia.id, contaId: banco.id });
    expect((await lista(t, `&categoriaFinanceiraId=${operacionais.id}`)).items.map((d) => d.id)).toEqual([luz.id]);
    expect((await lista(t, `&categoriaFinanceiraId=${energia.id}`)).items.map((d) => d.id)).toEqual([luz.id]);
    expect((await lista(t, `&contaId=${banco.id}`)).items.map((d) => d.id)).toEqual([luz.id]);
    const ruim = await get(t, `${URL}?status=Atrasada`);
    expect(ruim.statusCode).toBe(400);
    expect(Object.keys(ruim.json<Errors>().errors)[0]).toMatch(/^status/);
  });

  it('a purchase payable appears in the list, keeps its value and refuses delete', async () => {
    const t = await newTenant(ctx);
    await contasDa(t);
    const fornecedor = await novoFornecedor(t, 'Distribuidora PetMix Ltda');
    const produto = await novoProduto(ctx, t, { nome: 'Ração Premium 1 kg', precoVenda: 20 });
    const compraRes = await post(t, '/api/compras', {
      fornecedorId: fornecedor.id,
      numeroNota: '777',
      dataEntrada: hoje(),
      itens: [{ produtoId: produto.id, quantidade: 10, custoUnitario: 8 }],
      parcelas: [{ dataVencimento: addDays(hoje(), 30), valor: 80 }],
    });
    expect(compraRes.statusCode, compraRes.body).toBe(201);
    const compra = compraRes.json<Compra>();
    expect((await post(t, `/api/compras/${compra.id}/finalizar`, {})).statusCode).toBe(200);

    const [despesa] = (await lista(t, `&fornecedorId=${fornecedor.id}`)).items;
    expect(despesa).toMatchObject({ origem: 'compra', compra: { id: compra.id, numero: compra.numero }, valor: 80 });
    const excluir = await del(t, `${URL}/${despesa!.id}`);
    expect(excluir.statusCode).toBe(400);
    expect(excluir.json<Errors>().errors.generalErrors).toEqual(['Exclua ou cancele a compra']);
    const valor = await put(t, `${URL}/${despesa!.id}`, { descricao: despesa!.descricao, dataVencimento: hoje(), valor: 81 });
    expect(valor.statusCode).toBe(400);
    expect(valor.json<Errors>().errors.valor).toEqual(['O valor de uma conta de compra é alterado pela compra']);
    const data = await put(t, `${URL}/${despesa!.id}`, { descricao: despesa!.descricao, dataVencimento: hoje(), valor: 80 });
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json<Despesa>().dataVencimento).toBe(hoje());
  });

  it('exports every filtered row as CSV (BOM, ";", pt-BR numbers) and XLSX', async () => {
    const t = await newTenant(ctx);
    await contasDa(t);
    const fornecedor = await novoFornecedor(t, 'Companhia de Energia SA');
    const energia = await categoria(t, 'Energia');
    await criar(t, {
      descricao: 'Energia elétrica',
      fornecedorId: fornecedor.id,
      categoriaFinanceiraId: energia.id,
      parcelas: [
        { dataVencimento: '2030-05-10', valor: 1234.56 },
        { dataVencimento: '2030-06-10', valor: 99.9 },
      ],
    });
    await simples(t, 'Outra coisa', 5, '2030-05-11');

    const csv = await get(t, `${URL}/exportar?formato=csv&query=energia`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="despesas-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const linhas = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(linhas).toHaveLength(3);
    expect(linhas[0]).toBe(
      'Vencimento;Descrição;Parcela;Fornecedor;Categoria;Documento;Forma de pagamento;Conta;Situação;Valor;Pago;Em aberto;Data da baixa;Emissão',
    );
    expect(linhas[1]).toBe(
      `10/05/2030;Energia elétrica;1/2;Companhia de Energia SA;Energia;;;;Em aberto;1.234,56;0,00;1.234,56;;${hoje().split('-').reverse().join('/')}`,
    );
    expect(linhas[2]!.startsWith('10/06/2030;Energia elétrica;2/2;')).toBe(true);

    const xlsx = await get(t, `${URL}/exportar?formato=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Despesas')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Descrição');
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(2).value)).toEqual([
      'Energia elétrica',
      'Outra coisa',
      'Energia elétrica',
    ]);
    expect(sheet.getRow(2).getCell(10).value).toBe(1234.56);
    expect(sheet.getRow(5).getCell(1).value).toBe('Total');

    const ruim = await get(t, `${URL}/exportar?formato=pdf`);
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json<Errors>().errors.formato).toEqual(['Formato inválido (use csv ou xlsx)']);
  });

  it('attaches PDF/PNG/JPEG up to 10 MB, lists and removes them', async () => {
    const t = await newTenant(ctx);
    const despesa = await simples(t, 'Conta de água', 70);
    const enviar = (filename: string, contentType: string, content: Buffer, id = despesa.id, headers = t.headers) => {
      const boundary = `----anexo${randomUUID()}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return ctx.app.inject({
        method: 'POST',
        url: `${URL}/${id}/anexos`,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const r1 = await enviar('boleto.pdf', 'application/pdf', pdf);
    expect(r1.statusCode, r1.body).toBe(201);
    const r2 = await enviar('comprovante.png', 'image/png', PNG_1PX);
    expect(r2.statusCode).toBe(201);
    const anexos = r2.json<Despesa>().anexos;
    expect(anexos.map((a) => [a.nome, a.tamanho])).toEqual([
      ['boleto.pdf', pdf.length],
      ['comprovante.png', PNG_1PX.length],
    ]);
    const arquivo = await ctx.app.inject({ url: anexos[0]!.url });
    expect(arquivo.statusCode).toBe(200);
    expect(arquivo.headers['content-type']).toBe('application/pdf');
    expect(arquivo.rawPayload.equals(pdf)).toBe(true);
    expect((await lista(t)).items[0]!.anexos).toHaveLength(2);

    // Larger than the global 5 MB of other uploads, within 10 MB.
    const grande = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5.5 * 1024 * 1024)]);
    const r3 = await enviar('foto.jpg', 'image/jpeg', grande);
    expect(r3.statusCode, r3.body).toBe(201);
    const demais = await enviar('enorme.pdf', 'application/pdf', Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]));
    expect(demais.statusCode).toBe(400);
    expect(demais.json<Errors>().errors).toEqual({ arquivo: ['Arquivo maior que 10 MB'] });
    const exe = await enviar('virus.pdf', 'application/pdf', Buffer.from('MZ not a pdf'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json<Errors>().errors).toEqual({ arquivo: ['Tipo de arquivo não aceito: envie PDF, PNG ou JPEG'] });
    const boundary = `----dois${randomUUID()}`;
    const parte = (nome: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${nome}"\r\nContent-Type: application/pdf\r\n\r\n${pdf.toString('latin1')}\r\n`;
    const dois = await ctx.app.inject({
      method: 'POST',
      url: `${URL}/${despesa.id}/anexos`,
      headers: { ...t.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(`${parte('a.pdf')}${parte('b.pdf')}--${boundary}--\r\n`, 'latin1'),
    });
    expect(dois.statusCode).toBe(400);
    expect(dois.json<Errors>().errors).toEqual({ arquivo: ['Envie um arquivo por vez'] });
    const semArquivo = await post(t, `${URL}/${despesa.id}/anexos`, {});
    expect(semArquivo.statusCode).toBe(400);
    expect(Object.keys(semArquivo.json<Errors>().errors)).toEqual(['arquivo']);

    // Tenancy: another tenant cannot attach to or remove from it.
    const outro = await newTenant(ctx);
    expect((await enviar('x.png', 'image/png', PNG_1PX, despesa.id, outro.headers)).statusCode).toBe(404);
    expect((await del(outro, `${URL}/${despesa.id}/anexos/${anexos[0]!.id}`)).statusCode).toBe(404);

    const removida = await del(t, `${URL}/${despesa.id}/anexos/${anexos[0]!.id}`);
    expect(removida.statusCode).toBe(200);
    expect(removida.json<Despesa>().anexos.map((a) => a.nome)).toEqual(['comprovante.png', 'foto.jpg']);
    expect((await ctx.app.inject({ url: anexos[0]!.url })).statusCode).toBe(404);
    expect((await del(t, `${URL}/${despesa.id}/anexos/${anexos[0]!.id}`)).statusCode).toBe(404);
  });
});

describe('despesas: tenancy', () => {
  it('another tenant and another unit of the same tenant get 404 on ids and see nothing in lists', async () => {
    const t = await newTenant(ctx);
    await contasDa(t);
    const despesa = await simples(t, 'Salários', 3000);
    const baixada = await simples(t, 'Pró-labore', 1000);
    await baixar(t, baixada.id, {});
    const outro = await newTenant(ctx);
    const unidade = await segundaUnidade(ctx, t);

    for (const [quem, headers] of [
      [outro, outro.headers],
      [t, unidade.headers],
    ] as const) {
      expect((await get(quem, `${URL}/${despesa.id}`, headers)).statusCode).toBe(404);
      expect(
        (await put(quem, `${URL}/${despesa.id}`, { descricao: 'x', dataVencimento: hoje(), valor: 1 }, headers)).statusCode,
      ).toBe(404);
      expect((await del(quem, `${URL}/${despesa.id}`, headers)).statusCode).toBe(404);
      expect((await patch(quem, `${URL}/${despesa.id}/baixa`, {}, headers)).statusCode).toBe(404);
      expect((await post(quem, `${URL}/cancelar-baixar`, { id: baixada.id }, headers)).statusCode).toBe(404);
      const vista = await lista(quem, '&status=EmAberto,BaixaParcial,Baixada,Cancelada', headers);
      expect(vista.items).toEqual([]);
      expect(vista.totais.quantidade).toBe(0);
      const csv = await get(quem, `${URL}/exportar?formato=csv`, headers);
      expect(csv.body.trim().split('\r\n')).toHaveLength(1);
      // The same id posted in another unit is not "the existing one": it is refused, not answered.
      const mesmoId = await post(
        quem,
        URL,
        { id: despesa.id, descricao: 'x', parcelas: [{ dataVencimento: hoje(), valor: 1 }] },
        headers,
      );
      expect(mesmoId.statusCode).toBe(400);
    }
    const intacta = await obter(t, despesa.id);
    expect(intacta).toMatchObject({ descricao: 'Salários', status: 'EmAberto' });
    expect((await obter(t, baixada.id)).status).toBe('Baixada');
  });

  it('documents every call under the financeiro tag', async () => {
    const docs = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }>();
    const esperadas: [string, string][] = [
      ['/api/financeiro/despesas/', 'get'],
      ['/api/financeiro/despesas/', 'post'],
      ['/api/financeiro/despesas/{id}', 'get'],
      ['/api/financeiro/despesas/{id}', 'put'],
      ['/api/financeiro/despesas/{id}', 'delete'],
      ['/api/financeiro/despesas/{id}/baixa', 'patch'],
      ['/api/financeiro/despesas/cancelar-baixar', 'post'],
      ['/api/financeiro/despesas/exportar', 'get'],
      ['/api/financeiro/despesas/{id}/anexos', 'post'],
      ['/api/financeiro/despesas/{id}/anexos/{anexoId}', 'delete'],
      ['/api/financeiro/receitas/', 'get'],
      ['/api/financeiro/receitas/{id}/baixa', 'patch'],
      ['/api/financeiro/receitas/cancelar-baixar', 'post'],
      ['/api/financeiro/receitas/exportar', 'get'],
      ['/api/financeiro/recebimentos/resumo', 'get'],
      ['/api/financeiro/recebimentos/confirmar', 'post'],
    ];
    for (const [path, method] of esperadas) {
      const rota = docs.paths[path] ?? docs.paths[path.replace(/\/$/, '')];
      expect(rota?.[method]?.tags, `${method} ${path}`).toEqual(['financeiro']);
    }
  });

  it('needs the financeiro permission', async () => {
    const t = await newTenant(ctx);
    const operador = await usuarioComPerfil(ctx, t, 'caixa');
    const res = await ctx.app.inject({ url: URL, headers: operador.headers });
    expect(res.statusCode).toBe(403);
  });
});
