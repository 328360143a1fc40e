/**
 * Issue #15 item 2: a new tenant can pay its payables by boleto and by bank transfer — the
 * default methods exist, the baixa records them and reads them back, and the payables list
 * filtered by due date from today answers the nearest first (item 3's default view).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Despesa } from '@petshop/shared/financeiro';
import type { FormaPagamento } from '@petshop/shared/forma-pagamento';
import { todayISO } from '@petshop/shared/format';
import { addDays } from '@petshop/shared/venda';
import { contasDaUnidade, titulosApi } from './financeiro-helper.ts';
import { newTenant, useTestApp } from './helper.ts';

const ctx = useTestApp();
const { criar, baixar, obter, lista } = titulosApi<Despesa>(ctx, '/api/financeiro/despesas');

describe('payables paid by boleto and bank transfer', () => {
  it('a new tenant has both methods; a baixa by each is recorded with it', async () => {
    const t = await newTenant(ctx);
    const { banco } = await contasDaUnidade(ctx, t, 1000);
    const res = await ctx.app.inject({ url: '/api/financeiro/formas-pagamento?pageSize=100', headers: t.headers });
    const formas = res.json<{ items: FormaPagamento[] }>().items;
    const boleto = formas.find((f) => f.tipo === 'boleto')!;
    const transferencia = formas.find((f) => f.tipo === 'transferencia')!;
    expect(boleto).toMatchObject({ nome: 'Boleto', ativo: true });
    expect(transferencia).toMatchObject({ nome: 'Transferência bancária', ativo: true });

    const hoje = todayISO('America/Sao_Paulo');
    const energia = await criar(t, { descricao: 'Energia', parcelas: [{ dataVencimento: hoje, valor: 180 }] });
    const aluguel = await criar(t, { descricao: 'Aluguel', parcelas: [{ dataVencimento: addDays(hoje, 2), valor: 2500 }] });
    await baixar(t, energia.id, { formaPagamentoId: boleto.id, chave: randomUUID() });
    await baixar(t, aluguel.id, { formaPagamentoId: transferencia.id, contaId: banco.id, chave: randomUUID() });
    const paga = await obter(t, energia.id);
    expect(paga.status).toBe('Baixada');
    expect(paga.baixas[0]!.formaPagamento).toMatchObject({ id: boleto.id, nome: 'Boleto' });
    expect(paga.baixas[0]!.conta!.id).toBe(banco.id);
    expect((await obter(t, aluguel.id)).baixas[0]!.formaPagamento).toMatchObject({
      id: transferencia.id,
      nome: 'Transferência bancária',
    });
  });

  it('open payables due from today come nearest first; overdue ones are apart', async () => {
    const t = await newTenant(ctx);
    const hoje = todayISO('America/Sao_Paulo');
    for (const [descricao, dias] of [
      ['Daqui a um mês', 30],
      ['Vencida', -10],
      ['Hoje', 0],
      ['Amanhã', 1],
    ] as const)
      await criar(t, { descricao, parcelas: [{ dataVencimento: addDays(hoje, dias), valor: 10 }] });
    const aVencer = await lista(t, `&status=EmAberto,BaixaParcial&dataInicio=${hoje}`);
    expect(aVencer.items.map((d) => d.descricao)).toEqual(['Hoje', 'Amanhã', 'Daqui a um mês']);
    const vencidas = await lista(t, '&status=Vencida&pageSize=1');
    expect(vencidas.totais).toMatchObject({ quantidade: 1, valorEmAberto: 10 });
  });
});
