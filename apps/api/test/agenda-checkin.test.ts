/**
 * Check-in and cancelling of appointments with their sale em atendimento (issue #17 items 2
 * and 3): moving to Em atendimento (by status or by leaving Aguardando on the board) opens and
 * links the sale; cancelling cancels an unpaid one, and is refused while payments exist.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Atendimento } from '@petshop/shared/agenda';
import { withTenant } from '../src/db/tenant-scope.ts';
import {
  agendarOk,
  banho,
  inserirPacote,
  mudarAtividade,
  mudarStatus,
  novaAgenda,
  obter,
  type Agenda,
} from './agenda-atendimentos-fixtures.ts';
import { formasDoTenant } from './fixtures/vendas.ts';
import { useTestApp } from './helper.ts';

const ctx = useTestApp();

const noEscopo = <T>(a: Agenda, fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) =>
  withTenant(ctx.database.db, { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId }, fn);

const venda = (a: Agenda, id: string) =>
  noEscopo(a, async (tx) => {
    const r = (await tx.execute(
      sql`select status, em_atendimento as "emAtendimento", cliente_id as "clienteId", pet_id as "petId" from vendas where id = ${id}`,
    )) as unknown as { rows: { status: string; emAtendimento: boolean; clienteId: string; petId: string }[] };
    return r.rows[0];
  });

describe('check-in', () => {
  it('Em atendimento abre a venda em atendimento do tutor e do pet e a vincula', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const res = await mudarStatus(ctx, a.t.headers, id, 'EmAtendimento');
    expect(res.statusCode, res.body).toBe(200);
    const at = res.json<Atendimento>();
    expect(at.status).toBe('EmAtendimento');
    expect(at.vendaId).toEqual(expect.any(String));
    expect(at.vendaNumero).toEqual(expect.any(Number));
    expect(at.statusFinanceiro).toBe('EmAberto');
    expect(await venda(a, at.vendaId!)).toMatchObject({
      status: 'EmAberto',
      emAtendimento: true,
      clienteId: a.clienteId,
      petId: a.petId,
    });
    // Back from Pronto to Em atendimento keeps the same sale.
    await mudarStatus(ctx, a.t.headers, id, 'Pronto');
    const volta = await mudarStatus(ctx, a.t.headers, id, 'EmAtendimento');
    expect(volta.json<Atendimento>().vendaId).toBe(at.vendaId);
  });

  it('Pronto direto de Agendado (sem check-in) também abre a venda em atendimento', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const at = (await mudarStatus(ctx, a.t.headers, id, 'Pronto')).json<Atendimento>();
    expect(at).toMatchObject({ status: 'Pronto', atividade: 'Finalizado', statusFinanceiro: 'EmAberto' });
    expect(at.vendaId).toEqual(expect.any(String));
    expect(await venda(a, at.vendaId!)).toMatchObject({ status: 'EmAberto', emAtendimento: true, petId: a.petId });
  });

  it('sair de Aguardando no quadro faz o check-in (status, venda, histórico)', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    await mudarStatus(ctx, a.t.headers, id, 'Confirmado');
    const res = await mudarAtividade(ctx, a.banhista.headers, id, 'Banho');
    expect(res.statusCode, res.body).toBe(200);
    const at = await obter(ctx, a.t.headers, id);
    expect(at).toMatchObject({ status: 'EmAtendimento', atividade: 'Banho' });
    expect(at.vendaId).toEqual(expect.any(String));
    expect(at.historico.map((h) => [h.campo, h.de, h.para, h.usuarioNome])).toEqual([
      ['status', null, 'Agendado', 'Administradora Teste'],
      ['status', 'Agendado', 'Confirmado', 'Administradora Teste'],
      ['atividade', 'Aguardando', 'Banho', 'Bia Banhista'],
      ['status', 'Confirmado', 'EmAtendimento', 'Bia Banhista'],
    ]);
  });

  it('coberto por pacote, sem nada a cobrar: sem venda e Baixada', async () => {
    const a = await novaAgenda(ctx);
    await inserirPacote(ctx, a, { sessoes: 4 });
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const at = (await mudarStatus(ctx, a.t.headers, id, 'EmAtendimento')).json<Atendimento>();
    expect(at.vendaId).toBeNull();
    expect(at.statusFinanceiro).toBe('Baixada');
  });
});

describe('cancelar com venda', () => {
  it('cancela junto a venda em atendimento sem pagamentos efetivados', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const vendaId = (await mudarStatus(ctx, a.t.headers, id, 'EmAtendimento')).json<Atendimento>().vendaId!;
    const dinheiro = (await formasDoTenant(ctx, a.t)).dinheiro;
    // A payment only entered (not effected) goes with the draft.
    await noEscopo(a, (tx) =>
      tx.execute(sql`insert into venda_financeiros (venda_id, chave, forma_pagamento_id, tipo_forma, valor, valor_recebido)
                     values (${vendaId}, 'p1', ${dinheiro.id}, 'dinheiro', 20, 20)`),
    );
    const res = await mudarStatus(ctx, a.t.headers, id, 'Cancelado', 'Cliente foi embora');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Atendimento>().vendaId).toBeNull();
    expect((await venda(a, vendaId))?.status).toBe('Cancelada');
  });

  it('recusa cancelar enquanto a venda tem pagamento: "Estorne os pagamentos no PDV antes de cancelar"', async () => {
    const a = await novaAgenda(ctx);
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const vendaId = (await mudarStatus(ctx, a.t.headers, id, 'EmAtendimento')).json<Atendimento>().vendaId!;
    const dinheiro = (await formasDoTenant(ctx, a.t)).dinheiro;
    // A payment effected at the till (its money moved): only the till can reverse it.
    await noEscopo(a, (tx) =>
      tx.execute(sql`insert into venda_financeiros (venda_id, chave, forma_pagamento_id, tipo_forma, valor, valor_recebido, efetivado_em)
                     values (${vendaId}, 'p1', ${dinheiro.id}, 'dinheiro', 20, 20, now())`),
    );
    const res = await mudarStatus(ctx, a.t.headers, id, 'Cancelado');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.generalErrors).toEqual(['Estorne os pagamentos no PDV antes de cancelar']);
    const at = await obter(ctx, a.t.headers, id);
    expect(at.status).toBe('EmAtendimento');
    expect(at.vendaId).toBe(vendaId);
    expect((await venda(a, vendaId))?.status).toBe('EmAberto');
  });
});
