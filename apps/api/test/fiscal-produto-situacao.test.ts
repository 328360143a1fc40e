/**
 * The products' fiscal status (issue #18 item 7): GET and POST /api/fiscal/produto-situacao,
 * against the selected unit's CRT; the SQL predicate agrees with the TypeScript rules.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProdutoSituacao } from '@petshop/shared/fiscal';
import { problemasFiscais } from '@petshop/shared/situacao-fiscal';
import type { Db } from '../src/db/client.ts';
import { produtos, unidadesMedida, unidadesNegocio } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { sqlSituacaoCompleta } from '../src/modules/fiscal/produto-situacao-repository.ts';
import { newTenant, novaUnidade, usuarioComPerfil, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/fiscal/produto-situacao';

type Page = { items: ProdutoSituacao[]; total: number; crt: string };
type Errors = { errors: Record<string, string[]> };

const noTenant = <T>(t: TenantFixture, fn: (tx: Db) => Promise<T>) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId }, fn);

const setCrt = (unidadeId: string, crt: string) =>
  ctx.database.db.update(unidadesNegocio).set({ crt }).where(eq(unidadesNegocio.id, unidadeId));

type Fiscal = Partial<Record<'ncm' | 'cest' | 'cfop' | 'origem' | 'csosn' | 'cst' | 'pisCst' | 'cofinsCst', string | null>>;

/** Inserts products (name, kind, fiscal data) into `t`'s catalogue; their ids in order. */
const inserir = async (t: TenantFixture, itens: { nome: string; tipo?: string; ativo?: boolean; fiscal?: Fiscal }[]) =>
  noTenant(t, async (tx) => {
    const [un] = await tx.select({ id: unidadesMedida.id }).from(unidadesMedida).where(eq(unidadesMedida.sigla, 'UN'));
    const rows = await tx
      .insert(produtos)
      .values(
        itens.map((p) => ({
          nome: p.nome,
          tipo: p.tipo ?? 'produto',
          ativo: p.ativo ?? true,
          unidadeMedidaId: un!.id,
          ...p.fiscal,
          origem: p.fiscal?.origem ?? '0',
        })),
      )
      .returning({ id: produtos.id });
    return rows.map((r) => r.id);
  });

const COMPLETO: Fiscal = { ncm: '23091000', cfop: '5102', origem: '0', csosn: '102' };

const listar = async (headers: Record<string, string>, qs = '') => {
  const res = await ctx.app.inject({ url: `${URL}?pageSize=100${qs}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};
const salvar = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url: URL, headers, payload });

describe('GET /api/fiscal/produto-situacao', () => {
  it('lists the active goods, incomplete first then by name, with their problems for the unit CRT', async () => {
    const t = await newTenant(ctx);
    const [semNcm, ok, , , cfopRuim] = await inserir(t, [
      { nome: 'Zeta Ração sem NCM', fiscal: { ...COMPLETO, ncm: null } },
      { nome: 'Areia Sanitária', fiscal: COMPLETO },
      { nome: 'Banho', tipo: 'servico' },
      { nome: 'Coleira inativa', ativo: false },
      { nome: 'Brinquedo CFOP 5949', fiscal: { ...COMPLETO, cfop: '5949' } },
    ]);
    const page = await listar(t.headers, '&query=');
    const nossos = page.items.filter((p) => [semNcm, ok, cfopRuim].includes(p.id));
    expect(nossos.map((p) => p.nome)).toEqual(['Brinquedo CFOP 5949', 'Zeta Ração sem NCM', 'Areia Sanitária']);
    expect(page.items.some((p) => p.nome === 'Banho' || p.nome === 'Coleira inativa')).toBe(false);
    const sem = page.items.find((p) => p.id === semNcm)!;
    expect(sem.completo).toBe(false);
    expect(sem.problemas).toEqual([{ campo: 'ncm', mensagem: 'NCM é obrigatório' }]);
    expect(page.items.find((p) => p.id === ok)).toMatchObject({
      completo: true,
      problemas: [],
      fiscal: { ncm: '23091000', csosn: '102' },
    });
    // Incomplete rows all come before complete ones.
    const firstComplete = page.items.findIndex((p) => p.completo);
    expect(page.items.slice(firstComplete).every((p) => p.completo)).toBe(true);

    // Pages of 2 put together give the same order (the incomplete walk, then the complete one).
    const todos = await listar(t.headers);
    const paginas: string[] = [];
    for (let n = 1; n <= Math.ceil(todos.total / 2); n++) {
      const p = (await ctx.app.inject({ url: `${URL}?pageSize=2&page=${n}`, headers: t.headers })).json<Page>();
      expect(p.total).toBe(todos.total);
      paginas.push(...p.items.map((x) => x.id));
    }
    expect(paginas).toEqual(todos.items.map((x) => x.id));

    // pendentes=true: only the incomplete; total counts them.
    const pend = await listar(t.headers, '&pendentes=true');
    expect(pend.items.every((p) => !p.completo)).toBe(true);
    expect(pend.items.map((p) => p.id)).toEqual(expect.arrayContaining([semNcm, cfopRuim]));
    expect(pend.total).toBe(pend.items.length);
    const completos = await listar(t.headers, '&pendentes=false');
    expect(completos.items.map((p) => p.id)).toContain(ok);
    expect(completos.items.every((p) => p.completo)).toBe(true);
  });

  it('answers only `ids` (services and inactive ones too) and searches by name, code or barcode', async () => {
    const t = await newTenant(ctx);
    const [a, servico, inativo] = await inserir(t, [
      { nome: 'Ração Golden 15 kg', fiscal: { ...COMPLETO, ncm: '2309' } },
      { nome: 'Tosa', tipo: 'servico' },
      { nome: 'Petisco antigo', ativo: false },
      { nome: 'Outro produto' },
    ]);
    const page = await listar(t.headers, `&ids=${a},${servico},${inativo}`);
    expect(page.total).toBe(3);
    expect(page.items.map((p) => p.id).sort()).toEqual([a, servico, inativo].sort());
    expect(page.items.find((p) => p.id === servico)).toMatchObject({ completo: true, problemas: [] });
    expect(page.items.find((p) => p.id === a)!.problemas).toEqual([{ campo: 'ncm', mensagem: 'NCM deve ter 8 dígitos' }]);
    const busca = await listar(t.headers, '&query=golden');
    expect(busca.items.map((p) => p.id)).toEqual([a]);
  });

  it('judges by the SELECTED unit regime: CSOSN for CRT 1, CST for CRT 3', async () => {
    const t = await newTenant(ctx);
    const outra = await novaUnidade(ctx, t);
    await setCrt(outra.id, '3');
    const [id] = await inserir(t, [{ nome: 'Shampoo', fiscal: COMPLETO }]);
    const simples = await listar(t.headers, `&ids=${id}`);
    expect(simples.items[0]!.completo).toBe(true);
    expect(simples.crt).toBe('1');
    const normal = await listar(outra.headers, `&ids=${id}`);
    expect(normal.crt).toBe('3');
    expect(normal.items[0]!.problemas.map((p) => p.campo)).toEqual(['cst', 'pisCst', 'cofinsCst']);
  });

  it('needs fiscal or produtos.gerenciar; another tenant sees nothing of ours', async () => {
    const t = await newTenant(ctx);
    const [id] = await inserir(t, [{ nome: 'Ração sem dados' }]);
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    expect((await ctx.app.inject({ url: URL, headers: caixa.headers })).statusCode).toBe(403);
    const financeiro = await usuarioComPerfil(ctx, t, 'financeiro');
    expect((await ctx.app.inject({ url: URL, headers: financeiro.headers })).statusCode).toBe(403);
    const gerente = await usuarioComPerfil(ctx, t, 'gerente');
    expect((await listar(gerente.headers, `&ids=${id}`)).total).toBe(1);

    const outro = await newTenant(ctx);
    const page = await listar(outro.headers, `&ids=${id}`);
    expect(page).toMatchObject({ total: 0, items: [] });
    expect((await listar(outro.headers)).items.some((p) => p.id === id)).toBe(false);
  });

  it('rejects a bad query with the errors map', async () => {
    const t = await newTenant(ctx);
    const res = await ctx.app.inject({ url: `${URL}?ids=abc`, headers: t.headers });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<Errors>().errors)[0]).toMatch(/^ids/);
  });
});

describe('POST /api/fiscal/produto-situacao', () => {
  it('fixes many products at once and answers their new status', async () => {
    const t = await newTenant(ctx);
    const [a, b] = await inserir(t, [{ nome: 'Ração A' }, { nome: 'Ração B', fiscal: { ncm: '2309' } }]);
    const res = await salvar(t.headers, {
      produtos: [
        { id: a, fiscal: { ncm: '2309.10.00', cfop: '5102', origem: '0', csosn: '102' } },
        // Partial fix: CSOSN still missing → saved, reported.
        { id: b, fiscal: { ncm: '23091000' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { produtos: salvos } = res.json<{ produtos: ProdutoSituacao[] }>();
    expect(salvos.map((p) => p.id)).toEqual([a, b]);
    expect(salvos[0]).toMatchObject({ completo: true, fiscal: { ncm: '23091000', cfop: '5102', csosn: '102' } });
    expect(salvos[1]).toMatchObject({
      completo: false,
      problemas: [{ campo: 'csosn', mensagem: 'CSOSN é obrigatório no Simples Nacional' }],
    });
    const page = await listar(t.headers, `&ids=${a},${b}`);
    expect(page.items.find((p) => p.id === a)!.completo).toBe(true);
    expect(page.items.find((p) => p.id === b)!.fiscal).toMatchObject({ ncm: '23091000', cfop: '5102', origem: '0' });
    // The same request again: the same answer.
    const again = await salvar(t.headers, {
      produtos: [{ id: a, fiscal: { ncm: '23091000', cfop: '5102', origem: '0', csosn: '102' } }],
    });
    expect(again.json<{ produtos: ProdutoSituacao[] }>().produtos[0]).toEqual(salvos[0]);
  });

  it('refuses invalid values keyed produtos.{i}.fiscal.{campo} and saves nothing', async () => {
    const t = await newTenant(ctx);
    const [a, b] = await inserir(t, [{ nome: 'A' }, { nome: 'B' }]);
    const res = await salvar(t.headers, {
      produtos: [
        { id: a, fiscal: { ...COMPLETO } },
        { id: b, fiscal: { ncm: '123', cfop: '5949', csosn: '102' } },
      ],
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<Errors>();
    expect(errors['produtos.1.fiscal.ncm']).toEqual(['NCM deve ter 8 dígitos']);
    expect(Object.keys(errors)).toEqual(['produtos.1.fiscal.ncm']);

    const regra = await salvar(t.headers, {
      produtos: [
        { id: a, fiscal: { ...COMPLETO } },
        { id: b, fiscal: { ...COMPLETO, cfop: '5949' } },
      ],
    });
    expect(regra.statusCode).toBe(400);
    expect(regra.json<Errors>().errors).toEqual({
      'produtos.1.fiscal.cfop': ['CFOP 5949 não é aceito na NFC-e (use 5101, 5102, 5103, 5104, 5115, 5405, 5656, 5667)'],
    });
    const st = await salvar(t.headers, { produtos: [{ id: a, fiscal: { ...COMPLETO, cfop: '5405' } }] });
    expect(st.json<Errors>().errors).toEqual({ 'produtos.0.fiscal.cfop': ['CFOP 5405 (mercadoria com ST) exige CSOSN 500'] });
    // Nothing of the refused requests was written.
    const page = await listar(t.headers, `&ids=${a},${b}`);
    expect(page.items.every((p) => p.fiscal.ncm === null)).toBe(true);

    const repetido = await salvar(t.headers, {
      produtos: [
        { id: a, fiscal: COMPLETO },
        { id: a, fiscal: COMPLETO },
      ],
    });
    expect(repetido.json<Errors>().errors).toEqual({ 'produtos.1.id': ['Produto repetido na lista'] });
    const vazio = await salvar(t.headers, { produtos: [] });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json<Errors>().errors.produtos).toEqual(['Informe ao menos um produto']);
  });

  it('is all or nothing: an id of another tenant → 404 and nothing saved', async () => {
    const t = await newTenant(ctx);
    const outro = await newTenant(ctx);
    const [nosso] = await inserir(t, [{ nome: 'Nosso' }]);
    const [deles] = await inserir(outro, [{ nome: 'Deles' }]);
    const res = await salvar(t.headers, {
      produtos: [
        { id: nosso, fiscal: COMPLETO },
        { id: deles, fiscal: COMPLETO },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json<Errors>().errors.generalErrors).toEqual(['Produto não encontrado']);
    expect((await listar(t.headers, `&ids=${nosso}`)).items[0]!.fiscal.ncm).toBeNull();
    expect((await listar(outro.headers, `&ids=${deles}`)).items[0]!.fiscal.ncm).toBeNull();
  });

  it('needs produtos.gerenciar (fiscal alone only reads)', async () => {
    const t = await newTenant(ctx);
    const [id] = await inserir(t, [{ nome: 'X' }]);
    const body = { produtos: [{ id, fiscal: COMPLETO }] };
    for (const perfil of ['caixa', 'financeiro', 'recepcao']) {
      const u = await usuarioComPerfil(ctx, t, perfil);
      expect((await salvar(u.headers, body)).statusCode, perfil).toBe(403);
    }
    const gerente = await usuarioComPerfil(ctx, t, 'gerente');
    expect((await salvar(gerente.headers, body)).statusCode).toBe(200);
  });
});

describe('sqlSituacaoCompleta', () => {
  it('agrees with problemasFiscais on a generated set, for every CRT', async () => {
    const t = await newTenant(ctx);
    // A fixed-seed generator (mulberry32) over pools of valid, invalid and blank values.
    let seed = 18;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(pool: readonly T[]): T => pool[Math.floor(rand() * pool.length)]!;
    const pools = {
      tipo: ['produto', 'produto', 'produto', 'servico'],
      ncm: ['23091000', '23091000', '00000000', '2309', '2309100A', null, '', ' 23091000 '],
      cest: [null, null, '2200100', '220010', '', '0600500'],
      cfop: ['5102', '5102', '5405', '5656', '5949', '6102', null, '5101'],
      origem: ['0', '0', '8', '9', ''],
      csosn: ['102', '102', '500', '201', '999', null, '900'],
      cst: ['00', '60', '10', '11', null, '40'],
      pisCst: [null, '49', '01', '10', ''],
      cofinsCst: [null, '99', '01', '50'],
    } as const;
    const gerados = Array.from({ length: 800 }, (_, i) => ({
      nome: `Gerado ${i}`,
      tipo: pick(pools.tipo),
      fiscal: {
        ncm: pick(pools.ncm),
        cest: pick(pools.cest),
        cfop: pick(pools.cfop),
        origem: pick(pools.origem),
        csosn: pick(pools.csosn),
        cst: pick(pools.cst),
        pisCst: pick(pools.pisCst),
        cofinsCst: pick(pools.cofinsCst),
      },
    }));
    const ids = await inserir(t, gerados);
    for (const crt of ['1', '2', '3', '4']) {
      const rows = await noTenant(t, (tx) =>
        tx
          .select({ id: produtos.id, completo: sql<boolean>`${sqlSituacaoCompleta(crt)}` })
          .from(produtos)
          .where(sql`${produtos.nome} like 'Gerado %'`),
      );
      const sqlById = new Map(rows.map((r) => [r.id, r.completo]));
      const desacordos = gerados.filter((g, i) => {
        const ts = problemasFiscais({ tipo: g.tipo, ...g.fiscal }, crt).length === 0;
        return sqlById.get(ids[i]!) !== ts;
      });
      expect(desacordos, `CRT ${crt}`).toEqual([]);
      // The set exercises both answers.
      const completos = rows.filter((r) => r.completo).length;
      expect(completos).toBeGreaterThan(10);
      expect(completos).toBeLessThan(rows.length - 10);
    }
  });
});
