/**
 * Account balances, transfers and the ledger (issue #6 items 1–2; DOMAIN.md §7 "Contas"):
 * GET /api/financeiro/contas/saldo, POST /contas/transferencia (+ /{id}/estornar) and
 * GET /movimentacoes (+ /exportar). A transfer keeps the unit's total balance, is done once
 * per id, refuses the same account, inactive accounts and other units' or tenants' accounts;
 * the ledger carries the running balance of one account and its balance before the period.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Conta } from '@petshop/shared/conta';
import type { MovimentacoesPage, SaldoContas, Transferencia } from '@petshop/shared/financeiro';
import { todayISO } from '@petshop/shared/format';
import { addDays } from '@petshop/shared/venda';
import { authHeaders, newTenant, novaUnidade, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();

const saldo = async (headers: Record<string, string>) => {
  const res = await ctx.app.inject({ url: '/api/financeiro/contas/saldo', headers });
  expect(res.statusCode).toBe(200);
  return res.json<SaldoContas>();
};
const transferir = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/financeiro/contas/transferencia', headers, payload });
const estornar = (headers: Record<string, string>, id: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/financeiro/contas/transferencia/${id}/estornar`, headers });
const movimentacoes = async (headers: Record<string, string>, qs = '') => {
  const res = await ctx.app.inject({ url: `/api/financeiro/movimentacoes?pageSize=100${qs}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MovimentacoesPage>();
};

/** The unit's Caixa and Conta bancária, and a new bank account with R$ 1.000,00 of opening balance. */
const contasDe = async (t: TenantFixture, headers = t.headers) => {
  const { contas } = await saldo(headers);
  const caixa = contas.find((c) => c.tipo === 'caixa')!;
  const banco = contas.find((c) => c.tipo === 'banco')!;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/financeiro/contas',
    headers,
    payload: { nome: 'Nubank PJ', tipo: 'banco', saldoInicial: 1000 },
  });
  expect(res.statusCode).toBe(201);
  return { caixa, banco, nubank: res.json<Conta>() };
};

describe('/api/financeiro/contas/saldo and transferencia', () => {
  it('lists every active account with its balance and the total', async () => {
    const t = await newTenant(ctx);
    const { nubank } = await contasDe(t);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/financeiro/contas',
      headers: t.headers,
      payload: { nome: 'Conta antiga', tipo: 'banco', saldoInicial: 50, ativo: false },
    });
    const s = await saldo(t.headers);
    expect(s.contas.map((c) => [c.nome, c.tipo, c.saldo])).toEqual([
      ['Caixa', 'caixa', 0],
      ['Conta bancária', 'banco', 0],
      ['Nubank PJ', 'banco', 1000],
    ]);
    expect(s.total).toBe(1000);
    expect(s.contas.find((c) => c.id === nubank.id)).toBeDefined();
  });

  it('moves money between two accounts keeping the total; the same id moves once', async () => {
    const t = await newTenant(ctx);
    const { banco, nubank } = await contasDe(t);
    const id = randomUUID();
    const res = await transferir(t.headers, { id, contaOrigemId: nubank.id, contaDestinoId: banco.id, valor: '250,50' });
    expect(res.statusCode, res.body).toBe(201);
    const tr = res.json<Transferencia>();
    expect(tr).toEqual({
      id,
      data: todayISO(),
      valor: 250.5,
      contaOrigem: { id: nubank.id, nome: 'Nubank PJ', saldo: 749.5 },
      contaDestino: { id: banco.id, nome: 'Conta bancária', saldo: 250.5 },
    });
    // Double click / retry: the first transfer answers, nothing moves again.
    const de_novo = await transferir(t.headers, { id, contaOrigemId: nubank.id, contaDestinoId: banco.id, valor: 999 });
    expect(de_novo.statusCode).toBe(201);
    expect(de_novo.json<Transferencia>()).toEqual(tr);
    const dois = await Promise.all(
      [1, 2].map(() => transferir(t.headers, { id, contaOrigemId: nubank.id, contaDestinoId: banco.id, valor: 1 })),
    );
    expect(dois.map((r) => r.statusCode)).toEqual([201, 201]);

    const s = await saldo(t.headers);
    expect(s.total).toBe(1000);
    expect(s.contas.find((c) => c.id === nubank.id)!.saldo).toBe(749.5);
    expect(s.contas.find((c) => c.id === banco.id)!.saldo).toBe(250.5);
    const ledger = await movimentacoes(t.headers, '&origem=transferencia');
    expect(ledger.items.map((m) => [m.conta.nome, m.valor, m.origemId, m.origem])).toEqual(
      expect.arrayContaining([
        ['Nubank PJ', -250.5, id, 'transferencia'],
        ['Conta bancária', 250.5, id, 'transferencia'],
      ]),
    );
    expect(ledger.total).toBe(2);
    expect(ledger.items[0]!.descricao).toBe('Transferência de Nubank PJ para Conta bancária');
    expect(ledger.items[0]!.usuario).toBe('Administradora Teste');
  });

  it('refuses the same account, bad values, future dates and inactive accounts, in Portuguese', async () => {
    const t = await newTenant(ctx);
    const { caixa, banco, nubank } = await contasDe(t);
    const mesma = await transferir(t.headers, { contaOrigemId: banco.id, contaDestinoId: banco.id, valor: 10 });
    expect(mesma.statusCode).toBe(400);
    expect(mesma.json().errors.contaDestinoId).toEqual(['A conta de destino deve ser diferente da conta de origem']);
    const zero = await transferir(t.headers, { contaOrigemId: banco.id, contaDestinoId: caixa.id, valor: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors.valor).toEqual(['Valor deve ser maior que zero']);
    const semConta = await transferir(t.headers, { contaDestinoId: caixa.id, valor: 5 });
    expect(semConta.statusCode).toBe(400);
    expect(semConta.json().errors.contaOrigemId).toEqual(['Escolha a conta de origem']);
    const futura = await transferir(t.headers, {
      contaOrigemId: nubank.id,
      contaDestinoId: caixa.id,
      valor: 5,
      data: addDays(todayISO(), 1),
    });
    expect(futura.statusCode).toBe(400);
    expect(futura.json().errors.data).toEqual(['A data da transferência não pode ser depois de hoje']);

    await ctx.app.inject({
      method: 'PUT',
      url: `/api/financeiro/contas/${caixa.id}`,
      headers: t.headers,
      payload: { nome: 'Caixa', tipo: 'caixa', ativo: false },
    });
    const inativa = await transferir(t.headers, { contaOrigemId: nubank.id, contaDestinoId: caixa.id, valor: 5 });
    expect(inativa.statusCode).toBe(400);
    expect(inativa.json().errors.contaDestinoId).toEqual(['Conta de destino está inativa']);
    expect((await saldo(t.headers)).total).toBe(1000);
    expect((await movimentacoes(t.headers)).total).toBe(0);
  });

  it("another unit's or tenant's account is refused; their transfers are not found", async () => {
    const t = await newTenant(ctx);
    const { banco, nubank } = await contasDe(t);
    const { headers: filial } = await novaUnidade(ctx, t);
    const daFilial = (await saldo(filial)).contas[0]!;
    const outra = await newTenant(ctx);
    const deOutro = (await saldo(outra.headers)).contas[0]!;

    const paraFilial = await transferir(t.headers, { contaOrigemId: nubank.id, contaDestinoId: daFilial.id, valor: 10 });
    expect(paraFilial.statusCode).toBe(400);
    expect(paraFilial.json().errors.contaDestinoId).toEqual(['Conta de destino não encontrada nesta unidade']);
    const deOutroTenant = await transferir(t.headers, { contaOrigemId: deOutro.id, contaDestinoId: banco.id, valor: 10 });
    expect(deOutroTenant.statusCode).toBe(400);
    expect(deOutroTenant.json().errors.contaOrigemId).toEqual(['Conta de origem não encontrada nesta unidade']);

    const tr = (
      await transferir(t.headers, { contaOrigemId: nubank.id, contaDestinoId: banco.id, valor: 10 })
    ).json<Transferencia>();
    expect((await estornar(filial, tr.id)).statusCode).toBe(404);
    expect((await estornar(outra.headers, tr.id)).statusCode).toBe(404);
    expect((await movimentacoes(filial)).total).toBe(0);
    expect((await movimentacoes(outra.headers)).total).toBe(0);
    const alheia = await ctx.app.inject({ url: `/api/financeiro/movimentacoes?contaId=${nubank.id}`, headers: outra.headers });
    expect(alheia.statusCode).toBe(404);
    expect((await saldo(filial)).total).toBe(0);
  });

  it('reverses a transfer once: opposite entries, balances back', async () => {
    const t = await newTenant(ctx);
    const { banco, nubank } = await contasDe(t);
    const ontem = addDays(todayISO(), -1);
    const tr = (
      await transferir(t.headers, { contaOrigemId: nubank.id, contaDestinoId: banco.id, valor: 300, data: ontem })
    ).json<Transferencia>();
    expect(tr.data).toBe(ontem);
    const res = await estornar(t.headers, tr.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Transferencia>()).toEqual({
      ...tr,
      contaOrigem: { ...tr.contaOrigem, saldo: 1000 },
      contaDestino: { ...tr.contaDestino, saldo: 0 },
    });
    const duas = await estornar(t.headers, tr.id);
    expect(duas.statusCode).toBe(400);
    expect(duas.json().errors.generalErrors).toEqual(['Transferência já estornada']);
    expect((await estornar(t.headers, randomUUID())).statusCode).toBe(404);

    const ledger = await movimentacoes(t.headers, `&dataInicio=${ontem}`);
    expect(ledger.total).toBe(4);
    const estornos = ledger.items.filter((m) => m.descricao.startsWith('Estorno de transferência'));
    expect(estornos.map((m) => [m.conta.nome, m.valor, m.data, m.origemId])).toEqual(
      expect.arrayContaining([
        ['Nubank PJ', 300, todayISO(), tr.id],
        ['Conta bancária', -300, todayISO(), tr.id],
      ]),
    );
    expect(estornos[0]!.descricao).toMatch(/^Estorno de transferência de \d{2}\/\d{2}\/\d{4} \(R\$\s300,00\)$/);
    const s = await saldo(t.headers);
    expect(s.contas.map((c) => c.saldo)).toEqual([0, 0, 1000]);
  });
});

describe('/api/financeiro/movimentacoes', () => {
  it('lists newest first with the running balance, the balance before the period, in/out and filters', async () => {
    const t = await newTenant(ctx);
    const { caixa, banco, nubank } = await contasDe(t);
    const hoje = todayISO();
    const d = (n: number) => addDays(hoje, -n);
    const mover = async (origem: string, destino: string, valor: number, data: string, descricao?: string) => {
      const res = await transferir(t.headers, { contaOrigemId: origem, contaDestinoId: destino, valor, data, descricao });
      expect(res.statusCode, res.body).toBe(201);
    };
    await mover(nubank.id, banco.id, 100, d(10));
    await mover(nubank.id, caixa.id, 40, d(5), 'Troco para o caixa');
    await mover(banco.id, nubank.id, 30, d(2));
    await mover(nubank.id, banco.id, 10, hoje);

    const extrato = await movimentacoes(t.headers, `&contaId=${nubank.id}&dataInicio=${d(6)}`);
    expect(extrato.items.map((m) => [m.data, m.valor, m.saldoApos])).toEqual([
      [hoje, -10, 880],
      [d(2), 30, 890],
      [d(5), -40, 860],
    ]);
    expect(extrato.saldoAnterior).toBe(900);
    expect(extrato.saldoFinal).toBe(880);
    expect(extrato.entradas).toBe(30);
    expect(extrato.saidas).toBe(50);
    expect(extrato.total).toBe(3);

    // The period ends before today: saldoFinal is the balance at its end.
    const ate = await movimentacoes(t.headers, `&contaId=${nubank.id}&dataInicio=${d(30)}&dataFim=${d(3)}`);
    expect(ate.items.map((m) => m.saldoApos)).toEqual([860, 900]);
    expect([ate.saldoAnterior, ate.saldoFinal]).toEqual([1000, 860]);

    // Every account: no running balance; text and page filters.
    const todas = await movimentacoes(t.headers, `&dataInicio=${d(30)}`);
    expect(todas.total).toBe(8);
    expect(todas.items.every((m) => m.saldoApos === null)).toBe(true);
    expect([todas.saldoAnterior, todas.saldoFinal, todas.entradas, todas.saidas]).toEqual([null, null, 180, 180]);
    const troco = await movimentacoes(t.headers, `&dataInicio=${d(30)}&query=TROCO`);
    expect(troco.items.map((m) => [m.conta.nome, m.valor])).toEqual(
      expect.arrayContaining([
        ['Caixa', 40],
        ['Nubank PJ', -40],
      ]),
    );
    const pagina = await ctx.app.inject({
      url: `/api/financeiro/movimentacoes?dataInicio=${d(30)}&pageSize=3&page=3`,
      headers: t.headers,
    });
    expect(pagina.json<MovimentacoesPage>().items).toHaveLength(2);
    // Default period: the last 30 days.
    expect((await movimentacoes(t.headers)).total).toBe(8);

    const invertido = await ctx.app.inject({
      url: `/api/financeiro/movimentacoes?dataInicio=${hoje}&dataFim=${d(1)}`,
      headers: t.headers,
    });
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().errors.dataFim).toEqual(['A data final deve ser igual ou posterior à data inicial']);
    const origem = await ctx.app.inject({ url: '/api/financeiro/movimentacoes?origem=venda', headers: t.headers });
    expect(origem.statusCode).toBe(400);
    expect(Object.keys(origem.json().errors).some((k) => k.startsWith('origem'))).toBe(true);
  });

  it('exports the filtered ledger as CSV and XLSX', async () => {
    const t = await newTenant(ctx);
    const { banco, nubank } = await contasDe(t);
    await transferir(t.headers, { contaOrigemId: nubank.id, contaDestinoId: banco.id, valor: 1234.5, descricao: 'Reserva' });
    const csv = await ctx.app.inject({
      url: `/api/financeiro/movimentacoes/exportar?formato=csv&contaId=${nubank.id}`,
      headers: t.headers,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="movimentacoes-.*\.csv"/);
    const linhas = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(linhas[0]).toBe('Data;Conta;Descrição;Origem;Categoria;Entrada;Saída;Saldo após;Usuário');
    expect(linhas[1]).toBe(
      `${todayISO().split('-').reverse().join('/')};Nubank PJ;Reserva;Transferência;;;1.234,50;-234,50;Administradora Teste`,
    );

    const xlsx = await ctx.app.inject({ url: '/api/financeiro/movimentacoes/exportar?formato=xlsx', headers: t.headers });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Movimentações')!;
    expect(sheet.rowCount).toBe(3);
    const valores = [2, 3].map((r) => [
      sheet.getRow(r).getCell(2).value,
      sheet.getRow(r).getCell(6).value,
      sheet.getRow(r).getCell(7).value,
    ]);
    expect(valores).toEqual(
      expect.arrayContaining([
        ['Conta bancária', 1234.5, null],
        ['Nubank PJ', null, 1234.5],
      ]),
    );
    const ruim = await ctx.app.inject({ url: '/api/financeiro/movimentacoes/exportar?formato=pdf', headers: t.headers });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().errors.formato).toEqual(['Formato inválido (use csv ou xlsx)']);
  });

  it('needs the financeiro permission (the cashier only reads the balances)', async () => {
    const t = await newTenant(ctx);
    const { banco, nubank } = await contasDe(t);
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    expect((await saldo(caixa.headers)).total).toBe(1000);
    const transf = await transferir(caixa.headers, { contaOrigemId: nubank.id, contaDestinoId: banco.id, valor: 1 });
    expect(transf.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/financeiro/movimentacoes', headers: caixa.headers })).statusCode).toBe(403);
    const semToken = await ctx.app.inject({ url: '/api/financeiro/movimentacoes' });
    expect(semToken.statusCode).toBe(401);
    const semUnidade = await ctx.app.inject({ url: '/api/financeiro/contas/saldo', headers: authHeaders(t.token) });
    expect(semUnidade.statusCode).toBe(400);
  });
});
