/**
 * The audit log (issue #22 item 4): append-only (the app's role and the table's owner can neither
 * update, delete nor truncate it), GET /api/auditoria (Administrador only; filters, paging, names,
 * the unit's days, tenant isolation) and the VendaCancelada hook of the sale's cancellation (a real
 * sale only, once). DB-agnostic: runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EventoAuditoria } from '@petshop/shared/auditoria';
import type { Page } from '@petshop/shared/http';
import type { Venda } from '@petshop/shared/venda';
import { auditoriaEventos } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { registrarAuditoria } from '../src/modules/auditoria/registrar-auditoria.ts';
import { abrirCaixa, novoProduto, PDV, pdvOk, segundaUnidade, vendaFinalizada, vendaInput } from './fixtures/vendas.ts';
import { newTenant, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
type Erros = { errors: Record<string, string[]> };

const listar = (headers: Record<string, string>, query: Record<string, string | number> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/auditoria', headers, query: query as Record<string, string> });
const listarOk = async (headers: Record<string, string>, query: Record<string, string | number> = {}) => {
  const res = await listar(headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<EventoAuditoria>>();
};

/** Events written straight (as the app's role), one minute apart in order, the last the newest. */
const inserirEventos = (
  t: TenantFixture,
  linhas: {
    acao: string;
    descricao: string;
    usuarioId?: string | null;
    unidadeNegocioId?: string | null;
    entidade?: string;
    entidadeId?: string;
    criadoEm?: Date;
  }[],
) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId }, async (tx) => {
    const base = Date.now() - (linhas.length + 1) * 60_000;
    const rows = await tx
      .insert(auditoriaEventos)
      .values(
        linhas.map((l, i) => ({
          acao: l.acao,
          entidade: l.entidade ?? 'produto',
          entidadeId: l.entidadeId ?? null,
          descricao: l.descricao,
          usuarioId: l.usuarioId === undefined ? t.usuarioId : l.usuarioId,
          unidadeNegocioId: l.unidadeNegocioId === undefined ? t.unidadeNegocioId : l.unidadeNegocioId,
          antes: { precoVenda: i },
          depois: { precoVenda: i + 1 },
          criadoEm: l.criadoEm ?? new Date(base + i * 60_000),
        })),
      )
      .returning({ id: auditoriaEventos.id });
    return rows.map((r) => r.id);
  });

const cancelar = (headers: Record<string, string>, id: string, motivo?: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `${PDV}/excluir-venda/${id}${motivo ? `?motivo=${encodeURIComponent(motivo)}` : ''}`,
    headers,
  });

/** Runs `fn` and expects it to be refused by the database. */
const recusado = async (fn: () => Promise<unknown>) => {
  let erro: unknown = null;
  try {
    await fn();
  } catch (e) {
    erro = e;
  }
  expect(erro, 'o banco deveria recusar').not.toBeNull();
};

describe('auditoria_eventos é só de inserção', () => {
  it('o papel do app e o dono da tabela não alteram, não apagam e não truncam; o registro fica igual', async () => {
    const t = await newTenant(ctx);
    const escopo = { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId, usuarioId: t.usuarioId, ip: '10.0.0.7' };
    await withTenant(ctx.database.db, escopo, (tx) =>
      registrarAuditoria(tx, {
        acao: 'PrecoAlterado',
        entidade: 'produto',
        entidadeId: 'p-1',
        descricao: 'Preço de venda de Ração X: R$ 10,00 → R$ 12,00',
        antes: { precoVenda: 10 },
        depois: { precoVenda: 12 },
      }),
    );
    const ler = () =>
      withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
        tx.select().from(auditoriaEventos).where(eq(auditoriaEventos.entidadeId, 'p-1')),
      );
    const [original] = await ler();
    // The scope's defaults: who, where and from which address.
    expect(original).toMatchObject({
      acao: 'PrecoAlterado',
      usuarioId: t.usuarioId,
      unidadeNegocioId: t.unidadeNegocioId,
      ip: '10.0.0.7',
      antes: { precoVenda: 10 },
      depois: { precoVenda: 12 },
    });
    const id = original!.id;

    // As petshop_app (withTenant): privileges revoked.
    await recusado(() =>
      withTenant(ctx.database.db, escopo, (tx) => tx.execute(sql`update auditoria_eventos set descricao = 'x' where id = ${id}`)),
    );
    await recusado(() =>
      withTenant(ctx.database.db, escopo, (tx) => tx.execute(sql`delete from auditoria_eventos where id = ${id}`)),
    );
    await recusado(() => withTenant(ctx.database.db, escopo, (tx) => tx.execute(sql`truncate auditoria_eventos`)));
    // As the owner (plain db, RLS bypassed): the trigger refuses.
    await recusado(() => ctx.database.db.execute(sql`update auditoria_eventos set descricao = 'x' where id = ${id}`));
    await recusado(() => ctx.database.db.execute(sql`delete from auditoria_eventos where id = ${id}`));
    await recusado(() => ctx.database.db.execute(sql`truncate auditoria_eventos`));

    expect(await ler()).toEqual([original]);
  });
});

describe('GET /api/auditoria', () => {
  it('mais recentes primeiro, paginado, com os nomes de hoje do usuário e da unidade, e os filtros', async () => {
    const t = await newTenant(ctx);
    const gerente = await usuarioComPerfil(ctx, t, 'gerente', 'Gabriel Gerente');
    const bairro = await segundaUnidade(ctx, t);
    const linhas = Array.from({ length: 23 }, (_, i) => ({
      acao: i % 3 === 0 ? 'EstoqueAjustado' : 'PrecoAlterado',
      descricao: i === 5 ? 'Preço de venda de Ração Pêssego: R$ 10,00 → R$ 12,00' : `Evento ${i}`,
      usuarioId: i % 2 === 0 ? t.usuarioId : gerente.usuarioId,
      unidadeNegocioId: i === 7 ? bairro.id : i === 8 ? null : t.unidadeNegocioId,
      entidadeId: i === 9 || i === 11 ? 'produto-9' : `produto-${i}`,
    }));
    const ids = await inserirEventos(t, linhas);

    const p1 = await listarOk(t.headers, { pageSize: 10 });
    expect(p1.total).toBe(23);
    expect(p1.items.map((e) => e.id)).toEqual(ids.slice(13).reverse());
    const p3 = await listarOk(t.headers, { pageSize: 10, page: 3 });
    expect(p3.items.map((e) => e.id)).toEqual(ids.slice(0, 3).reverse());
    const alem = await listarOk(t.headers, { pageSize: 10, page: 9 });
    expect(alem).toMatchObject({ items: [], total: 23 });

    const doBairro = await listarOk(t.headers, { unidadeNegocioId: bairro.id });
    expect(doBairro.items).toHaveLength(1);
    expect(doBairro.items[0]).toMatchObject({
      id: ids[7],
      acao: 'PrecoAlterado',
      acaoNome: 'Preço alterado',
      usuarioId: gerente.usuarioId,
      usuarioNome: 'Gabriel Gerente',
      unidadeNegocioId: bairro.id,
      unidadeNegocioNome: 'Loja Bairro',
      antes: { precoVenda: 7 },
      depois: { precoVenda: 8 },
    });
    // A tenant-wide act has no unit.
    const todos = await listarOk(t.headers, { pageSize: 100 });
    expect(todos.items.find((e) => e.id === ids[8])).toMatchObject({ unidadeNegocioId: null, unidadeNegocioNome: null });
    expect(todos.items.find((e) => e.id === ids[0])).toMatchObject({
      usuarioNome: 'Administradora Teste',
      unidadeNegocioNome: 'Loja Centro',
    });

    const ajustes = await listarOk(t.headers, { acao: 'EstoqueAjustado', pageSize: 100 });
    expect(ajustes.items.map((e) => e.id)).toEqual(ids.filter((_, i) => i % 3 === 0).reverse());
    const doGerente = await listarOk(t.headers, { usuarioId: gerente.usuarioId, pageSize: 100 });
    expect(doGerente.total).toBe(11);
    expect(doGerente.items.every((e) => e.usuarioId === gerente.usuarioId)).toBe(true);
    const historico = await listarOk(t.headers, { entidade: 'produto', entidadeId: 'produto-9' });
    expect(historico.items.map((e) => e.id)).toEqual([ids[11], ids[9]]);
    expect((await listarOk(t.headers, { entidade: 'venda', entidadeId: 'produto-9' })).total).toBe(0);

    // Search: the description or the user's name, accents and case ignored.
    expect((await listarOk(t.headers, { query: 'racao PESSEGO' })).items.map((e) => e.id)).toEqual([ids[5]]);
    expect((await listarOk(t.headers, { query: 'gabriel', pageSize: 100 })).total).toBe(11);
    expect(
      (await listarOk(t.headers, { query: 'gabriel', acao: 'EstoqueAjustado', pageSize: 100 })).items.map((e) => e.id),
    ).toEqual(ids.filter((_, i) => i % 3 === 0 && i % 2 === 1).reverse());
    // LIKE wildcards are text.
    expect((await listarOk(t.headers, { query: '%' })).total).toBe(0);
  });

  it('o período são dias no fuso da unidade, os dois incluídos', async () => {
    const t = await newTenant(ctx);
    // 02:30 UTC on 01/12 is 23:30 on 30/11 in São Paulo (the unit's default zone).
    const [noite, dia1, dia2] = await inserirEventos(t, [
      { acao: 'PrecoAlterado', descricao: 'noite de 30/11', criadoEm: new Date('2026-12-01T02:30:00Z') },
      { acao: 'PrecoAlterado', descricao: '01/12', criadoEm: new Date('2026-12-01T15:00:00Z') },
      { acao: 'PrecoAlterado', descricao: '02/12 à noite', criadoEm: new Date('2026-12-03T02:59:00Z') },
    ]);
    const ids = async (q: Record<string, string>) => (await listarOk(t.headers, q)).items.map((e) => e.id);
    expect(await ids({ dataInicio: '2026-11-30', dataFim: '2026-11-30' })).toEqual([noite]);
    expect(await ids({ dataInicio: '2026-12-01', dataFim: '2026-12-02' })).toEqual([dia2, dia1]);
    expect(await ids({ dataInicio: '2026-12-02' })).toEqual([dia2]);
    expect(await ids({ dataFim: '2026-12-01' })).toEqual([dia1, noite]);
  });

  it('filtros inválidos → 400 com as mensagens em português', async () => {
    const t = await newTenant(ctx);
    const invertido = await listar(t.headers, { dataInicio: '2026-12-05', dataFim: '2026-12-01' });
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json<Erros>().errors.dataFim).toEqual(['A data final deve ser igual ou posterior à inicial']);
    const res = await listar(t.headers, { acao: 'Nada', usuarioId: 'abc' });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<Erros>();
    expect(errors.acao).toEqual(['Ação inválida']);
    expect(errors.usuarioId).toEqual(['Identificador inválido']);
    expect((await listar(t.headers, { dataInicio: '2026-13-40' })).json<Erros>().errors.dataInicio).toEqual(['Data inválida']);
  });

  it('só Administrador: Gerente e Caixa recebem 403', async () => {
    const t = await newTenant(ctx);
    const gerente = await usuarioComPerfil(ctx, t, 'gerente');
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    expect((await listar(gerente.headers)).statusCode).toBe(403);
    expect((await listar(caixa.headers)).statusCode).toBe(403);
    expect((await listar({ authorization: 'Bearer x' })).statusCode).toBe(401);
  });

  it('um tenant nunca vê os eventos de outro, nem filtrando pela unidade dele', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const [idA] = await inserirEventos(a, [{ acao: 'PrecoAlterado', descricao: 'Segredo do tenant A' }]);
    await inserirEventos(b, [{ acao: 'PrecoAlterado', descricao: 'Evento do tenant B' }]);
    expect((await listarOk(a.headers)).items.map((e) => e.id)).toEqual([idA]);
    const deB = await listarOk(b.headers, { pageSize: 100 });
    expect(deB.items.map((e) => e.descricao)).toEqual(['Evento do tenant B']);
    expect((await listarOk(b.headers, { unidadeNegocioId: a.unidadeNegocioId })).total).toBe(0);
    expect((await listarOk(b.headers, { usuarioId: a.usuarioId })).total).toBe(0);
    expect((await listarOk(b.headers, { query: 'Segredo' })).total).toBe(0);
    // B's headers with A's unit: not B's unit → refused before reading.
    const res = await listar({ ...b.headers, 'x-unidade-negocio': a.unidadeNegocioId });
    expect([400, 403]).toContain(res.statusCode);
  });
});

describe('VendaCancelada', () => {
  it('uma venda finalizada cancelada pelo usuário X na unidade U: ação, usuário, unidade, IP, antes e depois — uma vez só', async () => {
    const t = await newTenant(ctx);
    const gerente = await usuarioComPerfil(ctx, t, 'gerente', 'Gabriel Gerente');
    await abrirCaixa(ctx, t, 100);
    await abrirCaixa(ctx, t, 100, gerente.usuarioId);
    const racao = await novoProduto(ctx, t, { nome: 'Ração Golden 15 kg', precoVenda: 320, estoque: 5 });
    const venda = await vendaFinalizada(ctx, t, { itens: [{ produto: racao, quantidade: 1 }] });

    const res = await cancelar(gerente.headers, venda.id, 'Cliente desistiu');
    expect(res.statusCode, res.body).toBe(200);
    // A retry answers the cancelled sale and records nothing more.
    expect((await cancelar(gerente.headers, venda.id, 'Cliente desistiu')).statusCode).toBe(200);

    const eventos = await listarOk(t.headers, { entidade: 'venda', entidadeId: venda.id });
    expect(eventos.total).toBe(1);
    const [e] = eventos.items;
    expect(e).toMatchObject({
      acao: 'VendaCancelada',
      acaoNome: 'Venda cancelada',
      entidade: 'venda',
      entidadeId: venda.id,
      usuarioId: gerente.usuarioId,
      usuarioNome: 'Gabriel Gerente',
      unidadeNegocioId: t.unidadeNegocioId,
      unidadeNegocioNome: 'Loja Centro',
      descricao: `Venda nº ${venda.numero} (R$ 320,00) cancelada: Cliente desistiu`,
      antes: { numero: venda.numero, status: 'Finalizada', total: 320 },
      depois: { status: 'Cancelada', motivo: 'Cliente desistiu' },
    });
    expect(e!.ip).toBeTruthy();
    expect((await listarOk(t.headers, { acao: 'VendaCancelada' })).items.map((x) => x.id)).toEqual([e!.id]);
  });

  it('um rascunho ou orçamento descartado não registra nada', async () => {
    const t = await newTenant(ctx);
    await abrirCaixa(ctx, t, 100);
    const petisco = await novoProduto(ctx, t, { nome: 'Petisco', precoVenda: 12.5, estoque: 10 });
    const rascunho = await pdvOk(ctx, t.headers, 'snapshot', {
      venda: vendaInput({ itens: [{ produto: petisco, quantidade: 1 }] }),
    });
    expect((await cancelar(t.headers, rascunho.id)).statusCode).toBe(200);
    const orcamento = await pdvOk(ctx, t.headers, 'snapshot', {
      venda: vendaInput({ tipo: 'Orcamento', itens: [{ produto: petisco, quantidade: 2 }] }),
    });
    const res = await cancelar(t.headers, orcamento.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Venda>().status).toBe('Cancelada');
    expect((await listarOk(t.headers)).total).toBe(0);
  });

  it('a venda cancelada na segunda unidade fica com essa unidade', async () => {
    const t = await newTenant(ctx);
    const bairro = await segundaUnidade(ctx, t);
    await abrirCaixa(ctx, t, 50, t.usuarioId, bairro.id);
    const racao = await novoProduto(ctx, t, { nome: 'Ração Bairro', precoVenda: 99.9, estoque: 3, unidadeNegocioId: bairro.id });
    const venda = await vendaFinalizada(
      ctx,
      { ...t, unidadeNegocioId: bairro.id, headers: bairro.headers },
      {
        itens: [{ produto: racao, quantidade: 1 }],
      },
    );
    expect((await cancelar(bairro.headers, venda.id, 'Lançada em duplicidade')).statusCode).toBe(200);
    const [e] = (await listarOk(t.headers, { acao: 'VendaCancelada' })).items;
    expect(e).toMatchObject({ unidadeNegocioId: bairro.id, unidadeNegocioNome: 'Loja Bairro', usuarioId: t.usuarioId });
    expect((await listarOk(t.headers, { unidadeNegocioId: t.unidadeNegocioId })).total).toBe(0);
  });
});
