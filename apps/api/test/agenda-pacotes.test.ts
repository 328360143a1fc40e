/**
 * Packages (issue #17 item 6; DOMAIN.md §3): a package product sold at the till gives the
 * customer its sessions; an appointment of the covered type takes one; expired or used-up
 * packages are not taken; cancelling the sale cancels its packages (refused once used); the
 * last session goes to exactly one of two bookings; GET …/pacotes of the person and of the pet,
 * kept per tenant and per unit.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '@petshop/shared/venda';
import { todayISO } from '@petshop/shared/format';
import type { AtendimentoDetalhe, Pacote } from '@petshop/shared/agenda';
import type { Produto } from '@petshop/shared/produto';
import { withTenant } from '../src/db/tenant-scope.ts';
import { consumirSessaoPacote } from '../src/modules/agenda/pacotes-sessoes.ts';
import {
  agendarOk,
  banho,
  diaDaqui,
  inserirPacote,
  novaAgenda,
  obter,
  sessoesUsadas,
  type Agenda,
} from './agenda-atendimentos-fixtures.ts';
import {
  abrirCaixa,
  formasDoTenant,
  pagamento,
  PDV,
  pdvOk,
  pdvPost,
  unidadeMedidaId,
  vendaFinalizada,
  vendaInput,
} from './fixtures/vendas.ts';
import { newTenant, novaUnidade, useTestApp } from './helper.ts';

const ctx = useTestApp();
type Errors = { errors: Record<string, string[]> };

const hoje = () => todayISO('America/Sao_Paulo');

/** A package product "4 banhos" (service, 4 sessions of the bath type, valid 90 days), R$ 180,00. */
const produtoPacote = async (a: Agenda, extra: object = {}): Promise<Produto> => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/inventario/produtos',
    headers: a.t.headers,
    payload: {
      tipo: 'servico',
      nome: `4 banhos ${randomUUID().slice(0, 6)}`,
      unidadeMedidaId: await unidadeMedidaId(ctx, a.t, 'UN'),
      precoVenda: 180,
      pacote: { sessoes: 4, validadeDias: 90, tipoAtendimentoId: a.banhoId },
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Produto>();
};

const pacotesDa = async (headers: Record<string, string>, url: string): Promise<Pacote[]> => {
  const res = await ctx.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Pacote[]>();
};
const pacotesDoCliente = (a: Agenda, headers = a.t.headers) => pacotesDa(headers, `/api/pessoal/pessoas/${a.clienteId}/pacotes`);
const pacotesDoPet = (a: Agenda, headers = a.t.headers) => pacotesDa(headers, `/api/animal/pets/${a.petId}/pacotes`);

/** A tenant with the agenda, an open register and the package product; the package sold to Maria for Rex. */
const vendido = async () => {
  const a = await novaAgenda(ctx);
  await abrirCaixa(ctx, a.t, 100);
  const produto = await produtoPacote(a);
  const venda = await vendaFinalizada(ctx, a.t, { itens: [{ produto, quantidade: 1 }], clienteId: a.clienteId, petId: a.petId });
  return { a, produto, venda };
};

describe('produto pacote', () => {
  it('grava e lê a definição do pacote; só serviços; tipo do tenant', async () => {
    const a = await novaAgenda(ctx);
    const produto = await produtoPacote(a);
    expect(produto.pacote).toEqual({
      sessoes: 4,
      validadeDias: 90,
      tipoAtendimentoId: a.banhoId,
      tipoNome: expect.stringMatching(/^Banho/),
    });

    const naoServico = await ctx.app.inject({
      method: 'POST',
      url: '/api/inventario/produtos',
      headers: a.t.headers,
      payload: {
        tipo: 'produto',
        nome: 'Pacote errado',
        unidadeMedidaId: await unidadeMedidaId(ctx, a.t, 'UN'),
        precoVenda: 10,
        pacote: { sessoes: 4, validadeDias: 90, tipoAtendimentoId: a.banhoId },
      },
    });
    expect(naoServico.statusCode).toBe(400);
    expect(naoServico.json<Errors>().errors['pacote']).toEqual(['Somente serviços podem ser pacotes']);

    const outro = await novaAgenda(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/inventario/produtos',
      headers: a.t.headers,
      payload: {
        tipo: 'servico',
        nome: 'Pacote de outro tenant',
        unidadeMedidaId: await unidadeMedidaId(ctx, a.t, 'UN'),
        precoVenda: 10,
        pacote: { sessoes: 4, validadeDias: 90, tipoAtendimentoId: outro.banhoId },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Errors>().errors['pacote.tipoAtendimentoId']).toEqual(['Tipo de atendimento não encontrado']);

    // Removing the package definition.
    const sem = await ctx.app.inject({
      method: 'PUT',
      url: `/api/inventario/produtos/${produto.id}`,
      headers: a.t.headers,
      payload: { tipo: 'servico', nome: produto.nome, unidadeMedidaId: produto.unidadeMedidaId, precoVenda: 180, pacote: null },
    });
    expect(sem.statusCode, sem.body).toBe(200);
    expect(sem.json<Produto>().pacote).toBeNull();
  });
});

describe('venda de pacote', () => {
  it('vender 4 banhos cria um pacote de 4 sessões, visto no cliente e no pet; um banho agendado usa uma (3 restantes)', async () => {
    const { a, produto, venda } = await vendido();
    const [pacote, ...resto] = await pacotesDoCliente(a);
    expect(resto).toEqual([]);
    expect(pacote).toMatchObject({
      nome: produto.nome,
      clienteId: a.clienteId,
      clienteNome: 'Maria Silva',
      petId: a.petId,
      petNome: 'Rex',
      tipoAtendimentoId: a.banhoId,
      sessoesTotal: 4,
      sessoesUsadas: 0,
      sessoesRestantes: 4,
      validoAte: addDays(hoje(), 90),
      status: 'Ativo',
      vendaId: venda.id,
      vendaNumero: venda.numero,
    });
    expect(await pacotesDoPet(a)).toEqual([pacote]);

    const id = await agendarOk(ctx, a.t.headers, banho(a));
    const at: AtendimentoDetalhe = await obter(ctx, a.t.headers, id);
    expect(at.pacote).toMatchObject({ id: pacote!.id, sessoesRestantes: 3 });
    expect((await pacotesDoCliente(a))[0]).toMatchObject({ sessoesUsadas: 1, sessoesRestantes: 3, status: 'Ativo' });
    expect((await pacotesDoPet(a))[0]!.sessoesRestantes).toBe(3);
  });

  it('finalizar de novo não cria outro pacote; quantidade 2 cria dois', async () => {
    const a = await novaAgenda(ctx);
    await abrirCaixa(ctx, a.t, 100);
    const formas = await formasDoTenant(ctx, a.t);
    const produto = await produtoPacote(a);
    const input = {
      ...vendaInput({ itens: [{ produto, quantidade: 2 }], clienteId: a.clienteId }),
      financeiros: [pagamento(formas.dinheiro, 360)],
    };
    const primeira = await pdvPost(ctx, a.t.headers, 'salvar-venda', input);
    expect(primeira.statusCode, primeira.body).toBe(200);
    const segunda = await pdvPost(ctx, a.t.headers, 'salvar-venda', input);
    expect(segunda.statusCode, segunda.body).toBe(200);
    const pacotes = await pacotesDoCliente(a);
    expect(pacotes.map((p) => [p.sessoesTotal, p.petId, p.status])).toEqual([
      [4, null, 'Ativo'],
      [4, null, 'Ativo'],
    ]);
    // Sold for no pet: any pet of the customer sees it.
    expect(await pacotesDoPet(a)).toHaveLength(2);
  });

  it('venda deixada em aberto com um pacote: o pacote nasce quando o último recebimento a finaliza', async () => {
    const a = await novaAgenda(ctx);
    await abrirCaixa(ctx, a.t, 100);
    const formas = await formasDoTenant(ctx, a.t);
    const produto = await produtoPacote(a);
    const aberta = await pdvPost(ctx, a.t.headers, 'deixar-venda-aberta', {
      ...vendaInput({ itens: [{ produto, quantidade: 1 }], clienteId: a.clienteId, petId: a.petId }),
      financeiros: [pagamento(formas.dinheiro, 100)],
    });
    expect(aberta.statusCode, aberta.body).toBe(200);
    expect(await pacotesDoCliente(a)).toEqual([]);
    const paga = await pdvPost(ctx, a.t.headers, 'salvar-recebimento', {
      vendaId: aberta.json<{ id: string }>().id,
      financeiro: pagamento(formas.pix, 80),
    });
    expect(paga.statusCode, paga.body).toBe(200);
    expect(paga.json<{ status: string }>().status).toBe('Finalizada');
    expect((await pacotesDoCliente(a)).map((p) => [p.sessoesTotal, p.petId, p.status])).toEqual([[4, a.petId, 'Ativo']]);
  });

  it('só uma venda com pacote paga o comando dos pacotes (no caixa e ao quitar uma venda em aberto)', async () => {
    const a = await novaAgenda(ctx);
    await abrirCaixa(ctx, a.t, 100);
    const formas = await formasDoTenant(ctx, a.t);
    const produto = await produtoPacote(a);
    const servico = { id: a.produtoBanhoId };
    // PGlite's client sees every statement (PostgreSQL: the outcomes only).
    const cliente =
      ctx.database.driver === 'pglite'
        ? (
            ctx.database.db as unknown as {
              $client: {
                transaction: <T>(fn: (tx: { query: (t: string, ...r: unknown[]) => unknown }) => Promise<T>) => Promise<T>;
              };
            }
          ).$client
        : null;
    /** How many statements creating packages `fn` ran (null on PostgreSQL). */
    const comandosDePacote = async (fn: () => Promise<unknown>): Promise<number | null> => {
      if (!cliente) {
        await fn();
        return null;
      }
      const transaction = cliente.transaction;
      let n = 0;
      cliente.transaction = (corpo) =>
        transaction((tx) => {
          const query = tx.query;
          tx.query = (texto, ...resto) => {
            if (texto.includes('insert into pacotes')) n++;
            return query(texto, ...resto);
          };
          return corpo(tx);
        });
      try {
        await fn();
      } finally {
        cliente.transaction = transaction;
      }
      return n;
    };
    const esperado = (n: number) => (cliente ? n : null);

    // At the till: a service that is not a package, then the package.
    expect(
      await comandosDePacote(() =>
        vendaFinalizada(ctx, a.t, { itens: [{ produto: servico, quantidade: 1 }], clienteId: a.clienteId }),
      ),
    ).toBe(esperado(0));
    expect(
      await comandosDePacote(() => vendaFinalizada(ctx, a.t, { itens: [{ produto, quantidade: 1 }], clienteId: a.clienteId })),
    ).toBe(esperado(1));
    expect(await pacotesDoCliente(a)).toHaveLength(1);

    // A sale left open, paid off later (finalizarVenda): without a package, then with one.
    for (const [item, valor, n] of [
      [servico, 50, 0],
      [produto, 180, 1],
    ] as const) {
      const aberta = await pdvOk(ctx, a.t.headers, 'deixar-venda-aberta', {
        ...vendaInput({ itens: [{ produto: item, quantidade: 1 }], clienteId: a.clienteId }),
        financeiros: [pagamento(formas.dinheiro, 10)],
      });
      expect(
        await comandosDePacote(() =>
          pdvOk(ctx, a.t.headers, 'salvar-recebimento', { vendaId: aberta.id, financeiro: pagamento(formas.pix, valor - 10) }),
        ),
      ).toBe(esperado(n));
    }
    expect(await pacotesDoCliente(a)).toHaveLength(2);
  });

  it('sem cliente: 400 "Informe o cliente para vender um pacote", nada gravado', async () => {
    const a = await novaAgenda(ctx);
    await abrirCaixa(ctx, a.t, 100);
    const formas = await formasDoTenant(ctx, a.t);
    const produto = await produtoPacote(a);
    const input = { ...vendaInput({ itens: [{ produto, quantidade: 1 }] }), financeiros: [pagamento(formas.dinheiro, 180)] };
    const res = await pdvPost(ctx, a.t.headers, 'salvar-venda', input);
    expect(res.statusCode).toBe(400);
    expect(res.json<Errors>().errors['clienteId']).toEqual(['Informe o cliente para vender um pacote']);
    const obtida = await ctx.app.inject({ url: `${PDV}/${input.id}`, headers: a.t.headers });
    expect(obtida.statusCode).toBe(404);
  });

  it('quantidade fracionada de um pacote: 400 em itens, nada gravado', async () => {
    const a = await novaAgenda(ctx);
    await abrirCaixa(ctx, a.t, 100);
    const formas = await formasDoTenant(ctx, a.t);
    // Sold by the KG (fractions allowed by the unit), so 1,5 reaches the package rule.
    const produto = await produtoPacote(a, { unidadeMedidaId: await unidadeMedidaId(ctx, a.t, 'KG') });
    const input = {
      ...vendaInput({ itens: [{ produto, quantidade: 1.5 }], clienteId: a.clienteId }),
      financeiros: [pagamento(formas.dinheiro, 270)],
    };
    const res = await pdvPost(ctx, a.t.headers, 'salvar-venda', input);
    expect(res.statusCode).toBe(400);
    expect(res.json<Errors>().errors['itens']).toEqual(['Pacotes são vendidos em quantidades inteiras']);
    expect(await pacotesDoCliente(a)).toEqual([]);
  });

  it('cancelar a venda cancela o pacote; recusado quando já usado', async () => {
    const usado = await vendido();
    await agendarOk(ctx, usado.a.t.headers, banho(usado.a));
    const recusa = await ctx.app.inject({
      method: 'DELETE',
      url: `${PDV}/excluir-venda/${usado.venda.id}?motivo=${encodeURIComponent('Cliente desistiu')}`,
      headers: usado.a.t.headers,
    });
    expect(recusa.statusCode).toBe(400);
    expect(recusa.json<Errors>().errors['generalErrors']).toEqual(['O pacote desta venda já foi usado']);
    expect((await pacotesDoCliente(usado.a))[0]!.status).toBe('Ativo');

    const livre = await vendido();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${PDV}/excluir-venda/${livre.venda.id}?motivo=${encodeURIComponent('Cliente desistiu')}`,
      headers: livre.a.t.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await pacotesDoCliente(livre.a))[0]).toMatchObject({ status: 'Cancelado', sessoesRestantes: 4 });
    // A cancelled package is not taken: the bath is charged.
    const id = await agendarOk(ctx, livre.a.t.headers, banho(livre.a));
    expect((await obter(ctx, livre.a.t.headers, id)).pacote).toBeNull();
  });
});

describe('devolução de pacote', () => {
  it('devolver um de dois pacotes cancela um livre; recusada quando o que resta já foi usado', async () => {
    const a = await novaAgenda(ctx);
    await abrirCaixa(ctx, a.t, 500);
    const produto = await produtoPacote(a);
    const venda = await vendaFinalizada(ctx, a.t, {
      itens: [{ produto, quantidade: 2 }],
      clienteId: a.clienteId,
      petId: a.petId,
    });
    await agendarOk(ctx, a.t.headers, banho(a));
    const devolver = (quantidade: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/comercial/devolucoes',
        headers: a.t.headers,
        payload: { vendaId: venda.id, itens: [{ vendaItemId: venda.itens[0]!.id, quantidade }], reembolso: 'dinheiro' },
      });
    const primeira = await devolver(1);
    expect(primeira.statusCode, primeira.body).toBe(201);
    const pacotes = await pacotesDoCliente(a);
    expect(pacotes.map((p) => [p.status, p.sessoesUsadas]).sort()).toEqual([
      ['Ativo', 1],
      ['Cancelado', 0],
    ]);
    const segunda = await devolver(1);
    expect(segunda.statusCode).toBe(400);
    expect(segunda.json<Errors>().errors['generalErrors']).toEqual(['O pacote desta venda já foi usado']);
  });
});

describe('consumo de sessões', () => {
  it('pacote vencido ou esgotado não é usado; status Expirado e Esgotado', async () => {
    const a = await novaAgenda(ctx);
    await inserirPacote(ctx, a, { sessoes: 4, validoAte: diaDaqui(-1) });
    await inserirPacote(ctx, a, { sessoes: 2, usadas: 2 });
    const id = await agendarOk(ctx, a.t.headers, banho(a));
    expect((await obter(ctx, a.t.headers, id)).pacote).toBeNull();
    expect((await pacotesDoCliente(a)).map((p) => p.status).sort()).toEqual(['Esgotado', 'Expirado']);
  });

  it('duas reservas da última sessão ao mesmo tempo: exatamente uma leva', async () => {
    const a = await novaAgenda(ctx);
    const pacoteId = await inserirPacote(ctx, a, { sessoes: 4, usadas: 3 });
    const escopo = { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId };
    const pedido = { clienteId: a.clienteId, petId: a.petId, tipoAtendimentoId: a.banhoId, data: a.dia };
    const resultados = await Promise.all([
      withTenant(ctx.database.db, escopo, (tx) => consumirSessaoPacote(tx, pedido)),
      withTenant(ctx.database.db, escopo, (tx) => consumirSessaoPacote(tx, pedido)),
    ]);
    expect(resultados.filter((r) => r === pacoteId)).toHaveLength(1);
    expect(resultados.filter((r) => r === null)).toHaveLength(1);
    expect(await sessoesUsadas(ctx, a, pacoteId)).toBe(4);
  });
});

describe('isolamento', () => {
  it('outro tenant: 404; outra unidade do mesmo tenant: não vê os pacotes', async () => {
    const { a } = await vendido();
    const outro = await newTenant(ctx);
    for (const url of [`/api/pessoal/pessoas/${a.clienteId}/pacotes`, `/api/animal/pets/${a.petId}/pacotes`]) {
      const res = await ctx.app.inject({ url, headers: outro.headers });
      expect(res.statusCode, url).toBe(404);
    }
    const unidade = await novaUnidade(ctx, a.t);
    expect(await pacotesDoCliente(a, unidade.headers)).toEqual([]);
    expect(await pacotesDoPet(a, unidade.headers)).toEqual([]);
    expect(await pacotesDoCliente(a)).toHaveLength(1);
    const n = await withTenant(ctx.database.db, { tenantId: a.t.tenantId, unidadeNegocioId: unidade.id }, (tx) =>
      tx.execute(sql`select count(*)::int as n from pacotes`),
    );
    expect((n as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
