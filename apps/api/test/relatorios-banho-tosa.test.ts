/**
 * The bath-and-grooming reports (issue #20): banho-tosa-por-dia and
 * atividades-banho-tosa-por-responsavel against a small agenda written by hand (statuses, sales,
 * a return, activity transitions at known instants), every figure computed here by hand.
 * November 2026 in São Paulo: a 23:30 appointment on 30/11 belongs to November, one at 00:30 on
 * 01/12 does not.
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AtividadesBanhoTosaResposta, BanhoTosaPorDiaResposta } from '@petshop/shared/relatorios-banho-tosa';
import { atendimentoServicos } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { inserirAtendimentos, inserirPetComTutor } from './agenda-fixtures.ts';
import { inserirServico, novaAgenda, type Agenda } from './agenda-atendimentos-fixtures.ts';
import { novaUnidade, usuarioComPerfil, useTestApp, type TestContext } from './helper.ts';
import { inserirDevolucao, inserirVenda, scopeOf, textoDoPdf } from './vendas-helper.ts';

const ctx: TestContext = useTestApp();
const POR_DIA = '/api/relatorios/banho-tosa-por-dia';
const POR_RESPONSAVEL = '/api/relatorios/atividades-banho-tosa-por-responsavel';
const NOVEMBRO = 'dataInicio=2026-11-01&dataFim=2026-11-30';
const TZ = 'America/Sao_Paulo';

type Fixture = {
  a: Agenda;
  thorId: string;
  produtoUnhaId: string;
  outraUnidade: { id: string; headers: Record<string, string> };
};

/** Activity moves of an appointment at local instants ('yyyy-MM-ddTHH:mm' in São Paulo). */
const inserirHistorico = (
  a: Agenda,
  atendimentoId: string,
  movimentos: [de: string, para: string, em: string][],
  unidadeNegocioId = a.t.unidadeNegocioId,
) =>
  withTenant(ctx.database.db, { tenantId: a.t.tenantId, unidadeNegocioId }, async (tx) => {
    for (const [de, para, em] of movimentos)
      await tx.execute(
        sql`insert into atendimento_historico (atendimento_id, campo, de, para, em)
            values (${atendimentoId}, 'atividade', ${de}, ${para}, (${em}::timestamp at time zone ${TZ}))`,
      );
  });

const inserirServicos = (a: Agenda, lista: { atendimentoId: string; produtoId: string; valor: number }[]) =>
  withTenant(ctx.database.db, { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId }, async (tx) => {
    for (const s of lista)
      await tx.insert(atendimentoServicos).values({
        atendimentoId: s.atendimentoId,
        ordem: 1,
        produtoId: s.produtoId,
        descricao: 'Serviço',
        valor: s.valor.toFixed(2),
      });
  });

let f: Fixture;

beforeAll(async () => {
  const a = await novaAgenda(ctx);
  const { petId: thorId, clienteId: joaoId } = await inserirPetComTutor(ctx, a.t.tenantId, 'Thor', 'João Pereira');
  const produtoUnhaId = await inserirServico(ctx, a.t.tenantId, 'Corte de unha serviço', 40);
  const escopo = { tenantId: a.t.tenantId, unidadeNegocioId: a.t.unidadeNegocioId };
  const scope = scopeOf(a.t);

  // A1's sale: 50,00 finalised. A2's: 40,00 − 5,00 discount = 35,00, then 10,00 returned → 25,00.
  // A5's: still open → 0.
  const venda1 = await inserirVenda(ctx, scope, {
    status: 'Finalizada',
    emAtendimento: true,
    clienteId: a.clienteId,
    itens: [{ produtoId: a.produtoBanhoId, descricao: 'Banho', quantidade: 1, valorUnitario: 50 }],
  });
  const venda2 = await inserirVenda(ctx, scope, {
    status: 'Finalizada',
    emAtendimento: true,
    clienteId: joaoId,
    desconto: 5,
    itens: [{ produtoId: produtoUnhaId, descricao: 'Unha', quantidade: 1, valorUnitario: 40 }],
  });
  await inserirDevolucao(ctx, scope, { vendaId: venda2.id, clienteId: joaoId, valorTotal: 10 });
  const venda5 = await inserirVenda(ctx, scope, {
    status: 'EmAberto',
    emAtendimento: true,
    clienteId: a.clienteId,
    itens: [{ produtoId: a.produtoBanhoId, descricao: 'Banho', quantidade: 1, valorUnitario: 50 }],
  });

  const rex = { petId: a.petId, clienteId: a.clienteId };
  const thor = { petId: thorId, clienteId: joaoId };
  const bia = a.banhista.usuarioId;
  const [a1, a2, , , a5] = await inserirAtendimentos(ctx, escopo, [
    // A1
    {
      ...rex,
      tipoAtendimentoId: a.banhoId,
      inicio: '2026-11-10T09:00',
      fim: '2026-11-10T10:00',
      status: 'Finalizado',
      atividade: 'Finalizado',
      responsavelId: bia,
      vendaId: venda1.id,
    },
    // A2
    {
      ...thor,
      tipoAtendimentoId: a.unhaId,
      inicio: '2026-11-10T10:00',
      fim: '2026-11-10T10:15',
      status: 'Pronto',
      atividade: 'Finalizado',
      responsavelId: a.t.usuarioId,
      vendaId: venda2.id,
    },
    // A3, A4
    {
      ...rex,
      tipoAtendimentoId: a.banhoId,
      inicio: '2026-11-10T11:00',
      fim: '2026-11-10T12:00',
      status: 'NaoCompareceu',
      responsavelId: bia,
    },
    {
      ...rex,
      tipoAtendimentoId: a.banhoId,
      inicio: '2026-11-10T12:00',
      fim: '2026-11-10T13:00',
      status: 'Cancelado',
      responsavelId: bia,
    },
    // A5: 23:30 on the last day of November, São Paulo (02:30 UTC on 01/12).
    {
      ...rex,
      tipoAtendimentoId: a.banhoId,
      inicio: '2026-11-30T23:30',
      fim: '2026-12-01T00:30',
      status: 'EmAtendimento',
      atividade: 'Tosa',
      responsavelId: bia,
      vendaId: venda5.id,
    },
    // December, and a clinic consultation: out.
    {
      ...rex,
      tipoAtendimentoId: a.banhoId,
      inicio: '2026-12-01T00:30',
      fim: '2026-12-01T01:30',
      status: 'Finalizado',
      responsavelId: bia,
    },
    {
      ...rex,
      tipoAtendimentoId: a.consultaId,
      inicio: '2026-11-10T14:00',
      fim: '2026-11-10T14:30',
      status: 'Finalizado',
      responsavelId: bia,
    },
  ]);
  await inserirServicos(a, [
    { atendimentoId: a1!, produtoId: a.produtoBanhoId, valor: 50 },
    { atendimentoId: a2!, produtoId: produtoUnhaId, valor: 40 },
    { atendimentoId: a5!, produtoId: a.produtoBanhoId, valor: 50 },
  ]);
  // A1: Banho 30 min, Secagem 15, Tosa 30. A2: Banho 20. A5: Banho 20, Secagem 20 (past midnight), Tosa still open.
  await inserirHistorico(a, a1!, [
    ['Aguardando', 'Banho', '2026-11-10T09:05'],
    ['Banho', 'Secagem', '2026-11-10T09:35'],
    ['Secagem', 'Tosa', '2026-11-10T09:50'],
    ['Tosa', 'Finalizado', '2026-11-10T10:20'],
  ]);
  await inserirHistorico(a, a2!, [
    ['Aguardando', 'Banho', '2026-11-10T10:00'],
    ['Banho', 'Finalizado', '2026-11-10T10:20'],
  ]);
  await inserirHistorico(a, a5!, [
    ['Aguardando', 'Banho', '2026-11-30T23:30'],
    ['Banho', 'Secagem', '2026-11-30T23:50'],
    ['Secagem', 'Tosa', '2026-12-01T00:10'],
  ]);

  // Another unit of the same tenant: its appointment of 10/11 is not the first unit's.
  const outra = await novaUnidade(ctx, a.t, 'Loja Bairro');
  await inserirAtendimentos(ctx, { tenantId: a.t.tenantId, unidadeNegocioId: outra.id }, [
    { ...rex, tipoAtendimentoId: a.banhoId, inicio: '2026-11-10T09:00', fim: '2026-11-10T10:00', status: 'Finalizado' },
  ]);

  f = { a, thorId, produtoUnhaId, outraUnidade: outra };
});

const get = async <T>(url: string, headers = f.a.t.headers): Promise<T> => {
  const res = await ctx.app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

const statusZerados = { Agendado: 0, Confirmado: 0, EmAtendimento: 0, Pronto: 0, Finalizado: 0, Cancelado: 0, NaoCompareceu: 0 };

describe('GET /relatorios/banho-tosa-por-dia', () => {
  it('counts per day and status, revenue by the sales, no-shows and pets; 23:30 on 30/11 is November', async () => {
    const r = await get<BanhoTosaPorDiaResposta>(`${POR_DIA}?${NOVEMBRO}`);
    expect(r.periodo).toEqual({ dataInicio: '2026-11-01', dataFim: '2026-11-30' });
    expect(r.total).toBe(2);
    expect(r.items).toEqual([
      {
        data: '2026-11-10',
        atendimentos: 4,
        porStatus: { ...statusZerados, Finalizado: 1, Pronto: 1, NaoCompareceu: 1, Cancelado: 1 },
        petsAtendidos: 2,
        faturamento: 75, // 50 + (35 − 10)
        taxaNaoComparecimento: 33.33, // 1 ÷ (4 − 1)
      },
      {
        data: '2026-11-30',
        atendimentos: 1,
        porStatus: { ...statusZerados, EmAtendimento: 1 },
        petsAtendidos: 1,
        faturamento: 0,
        taxaNaoComparecimento: 0,
      },
    ]);
    expect(r.totais).toEqual({
      dias: 2,
      atendimentos: 5,
      porStatus: { ...statusZerados, Finalizado: 1, Pronto: 1, NaoCompareceu: 1, Cancelado: 1, EmAtendimento: 1 },
      petsAtendidos: 2, // Rex and Thor
      faturamento: 75,
      taxaNaoComparecimento: 25, // 1 ÷ (5 − 1)
    });
    expect(r.tipos.map((t) => [t.tipoAtendimentoId, t.atendimentos, t.faturamento])).toEqual([
      [f.a.banhoId, 4, 50],
      [f.a.unhaId, 1, 25],
    ]);
    expect(r.grafico.map((p) => [p.data, p.porStatus.Finalizado, p.faturamento])).toEqual([
      ['2026-11-10', 1, 75],
      ['2026-11-30', 0, 0],
    ]);
    expect(r.criterio).toContain('Faturamento');

    const dezembro = await get<BanhoTosaPorDiaResposta>(`${POR_DIA}?dataInicio=2026-12-01&dataFim=2026-12-31`);
    expect(dezembro.items.map((d) => [d.data, d.atendimentos])).toEqual([['2026-12-01', 1]]);
  });

  it('filters by status, type, service product and pet or tutor name; pages', async () => {
    const finalizados = await get<BanhoTosaPorDiaResposta>(`${POR_DIA}?${NOVEMBRO}&status=Finalizado`);
    expect(finalizados.items.map((d) => [d.data, d.atendimentos, d.faturamento])).toEqual([['2026-11-10', 1, 50]]);
    const unha = await get<BanhoTosaPorDiaResposta>(`${POR_DIA}?${NOVEMBRO}&tipoAtendimentoId=${f.a.unhaId}`);
    expect(unha.totais.atendimentos).toBe(1);
    expect(unha.totais.faturamento).toBe(25);
    const servico = await get<BanhoTosaPorDiaResposta>(`${POR_DIA}?${NOVEMBRO}&produtoId=${f.produtoUnhaId}`);
    expect(servico.totais.atendimentos).toBe(1);
    const joao = await get<BanhoTosaPorDiaResposta>(`${POR_DIA}?${NOVEMBRO}&query=joao`);
    expect(joao.totais.atendimentos).toBe(1);
    expect(joao.totais.porStatus.Pronto).toBe(1);
    const pagina2 = await get<BanhoTosaPorDiaResposta>(`${POR_DIA}?${NOVEMBRO}&pageSize=1&page=2`);
    expect(pagina2.items.map((d) => d.data)).toEqual(['2026-11-30']);
    expect(pagina2.total).toBe(2);
    expect(pagina2.totais.atendimentos).toBe(5);
  });

  it('400 in Portuguese for bad filters', async () => {
    const res = await ctx.app.inject({
      url: `${POR_DIA}?status=Voando&tipoAtendimentoId=x&dataInicio=2026-11-30&dataFim=2026-11-01`,
      headers: f.a.t.headers,
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors.status).toEqual(['Status inválido']);
    expect(errors.tipoAtendimentoId).toEqual(['Tipo de atendimento inválido']);
  });

  it('exports every day with the totals row (XLSX read back)', async () => {
    const res = await ctx.app.inject({ url: `${POR_DIA}/exportar?${NOVEMBRO}&formato=xlsx`, headers: f.a.t.headers });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const linha = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(linha(1)).toEqual([
      'Dia',
      'Atendimentos',
      'Agendado',
      'Confirmado',
      'Em atendimento',
      'Pronto',
      'Finalizado',
      'Cancelado',
      'Não compareceu',
      'Pets atendidos',
      'Faturamento',
      'Não comparecimento (%)',
    ]);
    expect(sheet.rowCount).toBe(4);
    expect(linha(2).slice(1)).toEqual([4, 0, 0, 0, 1, 1, 1, 1, 2, 75, 33.33]);
    expect(linha(4)).toEqual(['Total', 5, 0, 0, 1, 1, 1, 1, 1, 2, 75, 25]);

    const pdf = await ctx.app.inject({
      url: `${POR_DIA}/exportar?${NOVEMBRO}&formato=pdf&status=Pronto`,
      headers: f.a.t.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const texto = textoDoPdf(pdf.rawPayload);
    for (const trecho of [
      'Loja Centro',
      'BANHO E TOSA POR PERÍODO',
      '01/11/2026 a 30/11/2026',
      'Status: Pronto',
      'R$ 25,00',
      'Total',
    ])
      expect(texto).toContain(trecho);
  });
});

describe('GET /relatorios/atividades-banho-tosa-por-responsavel', () => {
  it('per professional: appointments, pets, services, minutes per stage, hours, revenue, ticket', async () => {
    const r = await get<AtividadesBanhoTosaResposta>(`${POR_RESPONSAVEL}?${NOVEMBRO}`);
    expect(r.total).toBe(2);
    expect(r.items).toEqual([
      {
        responsavelId: f.a.banhista.usuarioId,
        nome: 'Bia Banhista',
        atendimentos: 2, // A1, A5 (A3 no-show and A4 cancelled out)
        concluidos: 1,
        pets: 1,
        servicos: 1, // A1's; A5 is not concluded
        minutosPorEtapa: { Banho: 25, Secagem: 17.5, Tosa: 30 }, // (30+20)/2, (15+20)/2, 30 (A5's Tosa open)
        horas: 1.92, // (75 + 40) / 60
        faturamento: 50,
        atendimentosFaturados: 1,
        ticketMedio: 50,
      },
      {
        responsavelId: f.a.t.usuarioId,
        nome: 'Administradora Teste',
        atendimentos: 1,
        concluidos: 1,
        pets: 1,
        servicos: 1,
        minutosPorEtapa: { Banho: 20, Secagem: null, Tosa: null },
        horas: 0.33,
        faturamento: 25,
        atendimentosFaturados: 1,
        ticketMedio: 25,
      },
    ]);
    expect(r.totais).toEqual({
      profissionais: 2,
      atendimentos: 3,
      concluidos: 2,
      pets: 2,
      servicos: 2,
      minutosPorEtapa: { Banho: 23.3, Secagem: 17.5, Tosa: 30 }, // (30+20+20)/3
      horas: 2.25, // 135 / 60
      faturamento: 75,
      atendimentosFaturados: 2,
      ticketMedio: 37.5,
    });
    expect(r.grafico).toEqual([
      { nome: 'Bia Banhista', faturamento: 50, pets: 1 },
      { nome: 'Administradora Teste', faturamento: 25, pets: 1 },
    ]);
    expect(r.porTipo).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ responsavelId: f.a.banhista.usuarioId, tipoAtendimentoId: f.a.banhoId, atendimentos: 1 }),
        expect.objectContaining({ responsavelId: f.a.t.usuarioId, tipoAtendimentoId: f.a.unhaId, atendimentos: 1 }),
      ]),
    );
    expect(r.porTipo).toHaveLength(2);
  });

  it('filters by the professional name', async () => {
    const r = await get<AtividadesBanhoTosaResposta>(`${POR_RESPONSAVEL}?${NOVEMBRO}&query=bia`);
    expect(r.items.map((l) => l.nome)).toEqual(['Bia Banhista']);
    expect(r.totais.atendimentos).toBe(2);
    expect(r.totais.faturamento).toBe(50);
  });

  it('exports with the totals row (XLSX read back)', async () => {
    const res = await ctx.app.inject({ url: `${POR_RESPONSAVEL}/exportar?${NOVEMBRO}&formato=xlsx`, headers: f.a.t.headers });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const linha = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(linha(2)).toEqual(['Bia Banhista', 2, 1, 1, 1, 25, 17.5, 30, 1.92, 50, 50]);
    expect(linha(4)).toEqual(['Total', 3, 2, 2, 2, 23.3, 17.5, 30, 2.25, 75, 37.5]);
  });
});

describe('tenancy and permissions', () => {
  it('another unit of the tenant and another tenant see none of it', async () => {
    const outra = await novaUnidade(ctx, f.a.t, 'Loja Praia');
    const vazia = await get<BanhoTosaPorDiaResposta>(`${POR_DIA}?${NOVEMBRO}`, outra.headers);
    expect(vazia.total).toBe(0);
    expect(vazia.totais.atendimentos).toBe(0);
    const outroTenant = await novaAgenda(ctx);
    const dele = await get<AtividadesBanhoTosaResposta>(`${POR_RESPONSAVEL}?${NOVEMBRO}`, outroTenant.t.headers);
    expect(dele.total).toBe(0);
    const seu = await get<BanhoTosaPorDiaResposta>(`${POR_DIA}?${NOVEMBRO}`, outroTenant.t.headers);
    expect(seu.totais.atendimentos).toBe(0);
  });

  it('the unit with one appointment on 10/11 sees exactly it', async () => {
    // The fixture's 'Loja Bairro' holds one Finalizado bath without a sale.
    const r = await get<BanhoTosaPorDiaResposta>(`${POR_DIA}?${NOVEMBRO}`, f.outraUnidade.headers);
    expect(r.totais).toMatchObject({ atendimentos: 1, faturamento: 0, petsAtendidos: 1 });
  });

  it('Caixa and Banhista 403, Financeiro 200', async () => {
    const caixa = await usuarioComPerfil(ctx, f.a.t, 'caixa');
    const financeiro = await usuarioComPerfil(ctx, f.a.t, 'financeiro');
    for (const url of [POR_DIA, POR_RESPONSAVEL]) {
      expect((await ctx.app.inject({ url, headers: caixa.headers })).statusCode).toBe(403);
      expect((await ctx.app.inject({ url, headers: f.a.banhista.headers })).statusCode).toBe(403);
      expect((await ctx.app.inject({ url: `${url}/exportar?formato=csv`, headers: caixa.headers })).statusCode).toBe(403);
      expect((await ctx.app.inject({ url: `${url}?${NOVEMBRO}`, headers: financeiro.headers })).statusCode).toBe(200);
    }
  });
});
