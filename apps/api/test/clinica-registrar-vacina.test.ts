/**
 * Registrar vacina (issue #19 item 3; DOMAIN.md §9): POST /api/clinica/animais/ficha-animal/registrar-vacina
 * completes the planned dose, plans the next one (the protocol's, the yearly booster, or the date
 * given), takes the dose out of the unit's stock (its lot, FEFO) and adds it to the pet's sale em
 * atendimento, which the till finishes without taking the dose out of stock again nor putting it
 * back on a cancellation or a return. Idempotent by the client's id; tenant and unit isolation;
 * permissions.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Planejamento, VacinaAplicada } from '@petshop/shared/clinica';
import { todayISO } from '@petshop/shared/format';
import type { Page } from '@petshop/shared/http';
import { addDays, type Venda, type VendaResumo } from '@petshop/shared/venda';
import {
  lotes,
  movimentacoesEstoque,
  pets,
  planejamentosVacina,
  usuarios,
  vacinasAplicadas,
  vendaItens,
  vendas,
} from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { movimentarEstoque } from '../src/modules/estoque/movimentar-estoque.ts';
import {
  abrirCaixa,
  darEntrada,
  formasDoTenant,
  noTenant,
  novoCliente,
  novoProduto,
  pagamento,
  PDV,
  pdvOk,
  permitirEstoqueNegativo,
  saldoEstoque,
  segundaUnidade,
} from './fixtures/vendas.ts';
import { newTenant, usuarioComPerfil, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();

const URL = '/api/clinica/animais/ficha-animal/registrar-vacina';
type Errors = { errors: Record<string, string[]> };
const hoje = () => todayISO('America/Sao_Paulo');
const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

type Clinica = {
  t: TenantFixture;
  vet: { headers: Record<string, string>; usuarioId: string };
  produtoId: string;
  vacinaId: string;
  protocoloId: string;
  clienteId: string;
  petId: string;
};

const post = (headers: Record<string, string>, payload: object, url = URL) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });

const registrar = async (headers: Record<string, string>, payload: object, url = URL): Promise<VacinaAplicada> => {
  const res = await post(headers, payload, url);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<VacinaAplicada>();
};

/**
 * A tenant with a vet (CRMV), the V10 vaccine on a product at R$ 80,00 (10 in stock, or lots
 * when `controlaLote`), its puppy protocol (3 doses 21 days apart, yearly booster) and Rex with his owner.
 */
const novaClinica = async (opts: { controlaLote?: boolean; estoque?: number; precoVenda?: number } = {}): Promise<Clinica> => {
  const t = await newTenant(ctx);
  const vet = await usuarioComPerfil(ctx, t, 'veterinario', 'Dra. Ana Souza');
  await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.update(usuarios).set({ crmv: 'CRMV-SP 12345' }).where(eq(usuarios.id, vet.usuarioId)),
  );
  const produto = await novoProduto(ctx, t, {
    nome: `Vacina V10 ${randomUUID().slice(0, 6)}`,
    precoVenda: opts.precoVenda ?? 80,
    controlaLote: opts.controlaLote ?? false,
    estoque: opts.controlaLote ? undefined : (opts.estoque ?? 10),
  });
  const vacina = await ctx.app.inject({
    method: 'POST',
    url: '/api/clinica/vacinas',
    headers: t.headers,
    payload: { nome: `V10 ${randomUUID().slice(0, 6)}`, fabricante: 'Zoetis', produtoId: produto.id },
  });
  expect(vacina.statusCode, vacina.body).toBe(201);
  const vacinaId = vacina.json<{ id: string }>().id;
  const protocolo = await ctx.app.inject({
    method: 'POST',
    url: '/api/clinica/vacinas/protocolos',
    headers: t.headers,
    payload: {
      nome: 'V10 filhote',
      vacinaId,
      doses: [
        { descricao: '1ª dose', intervaloDias: 0 },
        { descricao: '2ª dose', intervaloDias: 21 },
        { descricao: '3ª dose', intervaloDias: 21 },
      ],
      reforcoDias: 365,
    },
  });
  expect(protocolo.statusCode, protocolo.body).toBe(201);
  const cliente = await novoCliente(ctx, t, { nome: 'Maria Silva', pet: 'Rex' });
  return {
    t,
    vet,
    produtoId: produto.id,
    vacinaId,
    protocoloId: protocolo.json<{ id: string }>().id,
    clienteId: cliente.id,
    petId: cliente.petId!,
  };
};

/** Applies the puppy protocol to Rex from `dataInicio`: its three planned doses, in order. */
const aplicarProtocolo = async (c: Clinica, dataInicio: string): Promise<Planejamento[]> => {
  const res = await post(
    c.vet.headers,
    { petId: c.petId, protocoloId: c.protocoloId, dataInicio },
    '/api/clinica/planejamentos/aplicar-protocolo',
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ doses: Planejamento[] }>().doses;
};

const planejadas = (c: Clinica) =>
  noTenant(ctx, c.t, (tx) =>
    tx
      .select()
      .from(planejamentosVacina)
      .where(eq(planejamentosVacina.petId, c.petId))
      .orderBy(planejamentosVacina.dataPrevista, planejamentosVacina.createdAt),
  );

const movimentosDaDose = (c: Clinica, id: string, unidadeNegocioId?: string) =>
  noTenant(
    ctx,
    c.t,
    (tx) =>
      tx
        .select()
        .from(movimentacoesEstoque)
        .where(and(eq(movimentacoesEstoque.origem, 'vacina'), eq(movimentacoesEstoque.origemId, id))),
    unidadeNegocioId,
  );

const obterVenda = async (headers: Record<string, string>, id: string): Promise<Venda> => {
  const res = await ctx.app.inject({ url: `${PDV}/${id}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Venda>();
};

/** The till's search of sales being served and open (tab venda), by the pet's or owner's name. */
const buscarNoPdv = async (headers: Record<string, string>, query: string): Promise<string[]> => {
  const res = await ctx.app.inject({
    url: `${PDV}/listar-venda-orcamento?tab=venda&query=${encodeURIComponent(query)}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<VendaResumo>>().items.map((v) => v.id);
};

/** The till finishes `venda` as it reads it (its lines sent back by id, `quantidades` changed), paid in cash. */
const finalizarNoCaixa = async (c: Clinica, venda: Venda, quantidades: Record<string, number> = {}): Promise<Venda> => {
  const formas = await formasDoTenant(ctx, c.t);
  await abrirCaixa(ctx, c.t, 100);
  const itens = venda.itens.map((i) => ({
    id: i.id,
    produtoId: i.produtoId,
    quantidade: quantidades[i.id] ?? i.quantidade,
    desconto: 0,
    tipoDesconto: 'Valor',
  }));
  const total = venda.itens.reduce((s, i) => s + i.valorUnitario * (quantidades[i.id] ?? i.quantidade), 0);
  const finalizada = await pdvOk(ctx, c.t.headers, 'salvar-venda', {
    id: venda.id,
    tipo: 'Venda',
    clienteId: venda.cliente!.id,
    petId: venda.pet!.id,
    itens,
    desconto: 0,
    tipoDesconto: 'Valor',
    valorEntregaFrete: 0,
    financeiros: [pagamento(formas.dinheiro, total)],
  });
  expect(finalizada.status).toBe('Finalizada');
  return finalizada;
};

/** Lots of the vaccine's product put in stock in the first unit. */
const entrarLotes = (c: Clinica, lotesNovos: { numero: string; dataValidade: string; quantidade: number }[]) =>
  noTenant(ctx, c.t, (tx) =>
    movimentarEstoque(
      tx,
      [
        {
          produtoId: c.produtoId,
          quantidade: lotesNovos.reduce((s, l) => s + l.quantidade, 0),
          custoUnitario: 40,
          lotes: lotesNovos.map((l) => ({ ...l, dataFabricacao: null })),
        },
      ],
      { tipo: 'ajuste_entrada', origem: 'ajuste', usuarioId: c.t.usuarioId, permitirNegativo: true },
    ),
  );

const loteQuantidades = async (c: Clinica): Promise<Record<string, number>> =>
  Object.fromEntries(
    (
      await noTenant(ctx, c.t, (tx) =>
        tx.select({ numero: lotes.numero, q: lotes.quantidade }).from(lotes).where(eq(lotes.produtoId, c.produtoId)),
      )
    ).map((l) => [l.numero, Number(l.q)]),
  );

describe('registrar vacina: the planned dose and the next one', () => {
  it('completes the earliest planned dose, keeps the protocol next dose planned, stores the vet, through /api/clinicas', async () => {
    const c = await novaClinica();
    const doses = await aplicarProtocolo(c, hoje());
    const id = randomUUID();
    const dose = await registrar(
      c.vet.headers,
      { id, petId: c.petId, vacinaId: c.vacinaId, lote: 'ABC123' },
      URL.replace('/api/clinica/', '/api/clinicas/'),
    );
    expect(dose).toMatchObject({
      id,
      petId: c.petId,
      vacinaId: c.vacinaId,
      planejamentoId: doses[0]!.id,
      dataAplicacao: hoje(),
      lote: 'ABC123',
      loteId: null,
      fabricante: 'Zoetis',
      veterinarioId: c.vet.usuarioId,
      veterinarioNome: 'Dra. Ana Souza',
      veterinarioCrmv: 'CRMV-SP 12345',
      unidadeNegocioId: c.t.unidadeNegocioId,
      proximaDose: { id: doses[1]!.id, descricao: '2ª dose', dataPrevista: addDays(hoje(), 21), status: 'pendente' },
    });
    const linhas = await planejadas(c);
    expect(linhas.map((p) => [p.descricao, p.status, p.vacinaAplicadaId])).toEqual([
      ['1ª dose', 'aplicada', id],
      ['2ª dose', 'pendente', null],
      ['3ª dose', 'pendente', null],
    ]);
    // The chart's read: every dose of the pet, newest first, the planned one completed.
    const planos = await ctx.app.inject({
      url: `/api/clinica/planejamentos?petId=${c.petId}&status=aplicada`,
      headers: c.vet.headers,
    });
    expect(planos.statusCode, planos.body).toBe(200);
    expect(planos.json<Page<Planejamento>>().items.map((p) => [p.id, p.vacinaAplicadaId, p.dataAplicacao])).toEqual([
      [doses[0]!.id, id, hoje()],
    ]);
  });

  it('the last dose of the protocol plans the yearly booster at +365; an applied dose cannot be applied again', async () => {
    const c = await novaClinica();
    const inicio = addDays(hoje(), -42);
    const doses = await aplicarProtocolo(c, inicio);
    for (const [n, d] of doses.entries()) {
      const dose = await registrar(c.vet.headers, {
        petId: c.petId,
        vacinaId: c.vacinaId,
        planejamentoId: d.id,
        dataAplicacao: d.dataPrevista,
      });
      if (n < 2) expect(dose.proximaDose?.id).toBe(doses[n + 1]!.id);
      else
        expect(dose.proximaDose).toMatchObject({
          descricao: 'Reforço anual',
          dataPrevista: addDays(d.dataPrevista, 365),
          status: 'pendente',
          protocoloId: c.protocoloId,
          aplicacaoProtocoloId: null,
        });
    }
    const linhas = await planejadas(c);
    expect(linhas.map((p) => [p.descricao, p.status, p.dataPrevista])).toEqual([
      ['1ª dose', 'aplicada', inicio],
      ['2ª dose', 'aplicada', addDays(inicio, 21)],
      ['3ª dose', 'aplicada', addDays(inicio, 42)],
      ['Reforço anual', 'pendente', addDays(inicio, 42 + 365)],
    ]);
    // The booster applied (early, today) plans the next one a year after it.
    const reforco = linhas[3]!;
    const anual = await registrar(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, planejamentoId: reforco.id });
    expect(anual.proximaDose).toMatchObject({
      descricao: 'Reforço anual',
      dataPrevista: addDays(hoje(), 365),
      status: 'pendente',
    });
    expect(anual.proximaDose!.id).not.toBe(reforco.id);

    const outra = await post(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, planejamentoId: doses[0]!.id });
    expect(outra.statusCode).toBe(400);
    expect(outra.json<Errors>().errors).toEqual({ planejamentoId: ['Esta dose planejada já foi aplicada'] });
  });

  it('proximaDose overrides: the protocol next dose moves to it; without a plan it plans a Reforço; without either nothing', async () => {
    const c = await novaClinica();
    const doses = await aplicarProtocolo(c, hoje());
    const data = addDays(hoje(), 30);
    const primeira = await registrar(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, proximaDose: data });
    expect(primeira.proximaDose).toMatchObject({ id: doses[1]!.id, descricao: '2ª dose', dataPrevista: data });
    expect((await planejadas(c)).length).toBe(3);

    // Another pet, no plan: a dose alone plans nothing; with proximaDose a 'Reforço'.
    const outro = await novoCliente(ctx, c.t, { pet: 'Mel' });
    const sozinha = await registrar(c.vet.headers, { petId: outro.petId, vacinaId: c.vacinaId });
    expect(sozinha).toMatchObject({ planejamentoId: null, proximaDose: null });
    const comData = await registrar(c.vet.headers, {
      petId: outro.petId,
      vacinaId: c.vacinaId,
      proximaDose: addDays(hoje(), 365),
    });
    expect(comData.proximaDose).toMatchObject({ descricao: 'Reforço', dataPrevista: addDays(hoje(), 365), status: 'pendente' });

    const antes = await post(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, proximaDose: hoje() });
    expect(antes.statusCode).toBe(400);
    expect(antes.json<Errors>().errors).toEqual({ proximaDose: ['A próxima dose deve ser depois da data da aplicação'] });
  });
});

describe('registrar vacina: stock', () => {
  it('takes one unit out of the unit stock with a saida_vacina movement', async () => {
    const c = await novaClinica();
    const dose = await registrar(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, cobrar: false });
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(9);
    const movs = await movimentosDaDose(c, dose.id);
    expect(movs.map((m) => [m.tipo, Number(m.quantidade), Number(m.saldoResultante), m.produtoId])).toEqual([
      ['saida_vacina', -1, 9, c.produtoId],
    ]);
    expect(movs[0]!.observacao).toMatch(/^Vacina V10 .+ — Rex$/);
    // The stock screen's ledger reads it with its label.
    const ledger = await ctx.app.inject({
      url: `/api/estoques/movimentacoes?produtoId=${c.produtoId}&tipo=saida_vacina`,
      headers: c.t.headers,
    });
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(ledger.json<Page<{ tipoLabel: string; origem: string }>>().items.map((m) => [m.tipoLabel, m.origem])).toEqual([
      ['Saída por vacina aplicada', 'vacina'],
    ]);
  });

  it('lots: FEFO skipping expired lots, the lot chosen recorded; an expired lot, an empty one and a foreign one are 400', async () => {
    const c = await novaClinica({ controlaLote: true });
    const validade30 = addDays(hoje(), 30);
    await entrarLotes(c, [
      { numero: 'L100', dataValidade: addDays(hoje(), 100), quantidade: 2 },
      { numero: 'L30', dataValidade: validade30, quantidade: 1 },
      { numero: 'VENCIDO', dataValidade: addDays(hoje(), -5), quantidade: 3 },
    ]);
    const dose = await registrar(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, cobrar: false });
    const [l30] = await noTenant(ctx, c.t, (tx) => tx.select().from(lotes).where(eq(lotes.numero, 'L30')));
    expect(dose).toMatchObject({ lote: 'L30', loteId: l30!.id, validadeLote: validade30 });
    expect(await loteQuantidades(c)).toEqual({ L100: 2, L30: 0, VENCIDO: 3 });
    expect((await movimentosDaDose(c, dose.id)).map((m) => [m.tipo, Number(m.quantidade), m.loteId])).toEqual([
      ['saida_vacina', -1, l30!.id],
    ]);

    // The lot typed on the vial wins over the stock lot's number.
    const digitado = await registrar(c.vet.headers, {
      petId: c.petId,
      vacinaId: c.vacinaId,
      cobrar: false,
      lote: 'X-9',
      validadeLote: addDays(hoje(), 90),
    });
    expect(digitado).toMatchObject({ lote: 'X-9', validadeLote: addDays(hoje(), 90) });
    expect(await loteQuantidades(c)).toEqual({ L100: 1, L30: 0, VENCIDO: 3 });

    const [vencido] = await noTenant(ctx, c.t, (tx) => tx.select().from(lotes).where(eq(lotes.numero, 'VENCIDO')));
    const comVencido = await post(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, loteId: vencido!.id });
    expect(comVencido.statusCode).toBe(400);
    expect(comVencido.json<Errors>().errors).toEqual({ loteId: [`Lote vencido em ${br(addDays(hoje(), -5))}`] });
    const vazio = await post(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, loteId: l30!.id });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json<Errors>().errors).toEqual({ loteId: ['O lote L30 não tem saldo em estoque'] });
    const alheio = await post(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, loteId: randomUUID() });
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json<Errors>().errors).toEqual({ loteId: ['Lote não encontrado no estoque desta unidade'] });
    // Nothing moved by the refusals.
    expect(await loteQuantidades(c)).toEqual({ L100: 1, L30: 0, VENCIDO: 3 });

    // Only expired lots left: 400 naming it.
    await registrar(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, cobrar: false });
    const soVencidos = await post(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId });
    expect(soVencidos.statusCode).toBe(400);
    expect(soVencidos.json<Errors>().errors.loteId).toEqual([
      `Lote VENCIDO vencido em ${br(addDays(hoje(), -5))}: não há lote válido em estoque`,
    ]);
  });

  it('insufficient stock follows the unit rule with the till message', async () => {
    const c = await novaClinica({ estoque: 0 });
    await permitirEstoqueNegativo(ctx, c.t, false);
    const res = await post(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId });
    expect(res.statusCode).toBe(400);
    expect(res.json<Errors>().errors.generalErrors![0]).toMatch(/^Estoque insuficiente de "Vacina V10 .+": disponível 0 UN$/);
    expect(await noTenant(ctx, c.t, (tx) => tx.select().from(vacinasAplicadas))).toEqual([]);
    await permitirEstoqueNegativo(ctx, c.t, true);
    await registrar(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId });
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(-1);
  });
});

describe('registrar vacina: the sale em atendimento', () => {
  it('opens the pet sale em atendimento with the product price, found at the till; the next dose joins it', async () => {
    const c = await novaClinica();
    const dose = await registrar(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId });
    expect(dose.vendaId).toEqual(expect.any(String));
    expect(dose.vendaNumero).toEqual(expect.any(Number));
    const venda = await obterVenda(c.t.headers, dose.vendaId!);
    expect(venda).toMatchObject({
      numero: dose.vendaNumero,
      tipo: 'Venda',
      status: 'EmAberto',
      emAtendimento: true,
      cliente: { id: c.clienteId, nome: 'Maria Silva' },
      pet: { id: c.petId, nome: 'Rex' },
      valorLiquido: 80,
      valorEmAberto: 80,
    });
    expect(venda.itens.map((i) => [i.produtoId, i.quantidade, i.valorUnitario, i.valorTotal])).toEqual([
      [c.produtoId, 1, 80, 80],
    ]);
    expect(await buscarNoPdv(c.t.headers, 'rex')).toEqual([venda.id]);
    const [linha] = await noTenant(ctx, c.t, (tx) => tx.select().from(vendaItens).where(eq(vendaItens.vendaId, venda.id)));
    expect(linha!.vacinaAplicadaId).toBe(dose.id);

    // A second vaccine the same day lands on the same sale.
    const segunda = await registrar(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId });
    expect(segunda.vendaId).toBe(venda.id);
    const depois = await obterVenda(c.t.headers, venda.id);
    expect(depois.itens.map((i) => [i.id === venda.itens[0]!.id, i.valorUnitario])).toEqual([
      [true, 80],
      [false, 80],
    ]);
    expect(depois.valorLiquido).toBe(160);
  });

  it('finalised at the till, the dose does not leave stock again; cancelling the sale does not put it back', async () => {
    const c = await novaClinica();
    const dose = await registrar(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId });
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(9);
    const venda = await obterVenda(c.t.headers, dose.vendaId!);
    // The till's autosave sends the line back by its id, with a made-up field: the dose stays on it.
    await pdvOk(ctx, c.t.headers, 'snapshot', {
      venda: {
        id: venda.id,
        tipo: 'Venda',
        clienteId: c.clienteId,
        petId: c.petId,
        itens: venda.itens.map((i) => ({
          id: i.id,
          produtoId: i.produtoId,
          quantidade: 1,
          desconto: 0,
          tipoDesconto: 'Valor',
          vacinaAplicadaId: null,
        })),
      },
    });
    const finalizada = await finalizarNoCaixa(c, venda);
    expect(finalizada.valorLiquido).toBe(80);
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(9);
    const [linha] = await noTenant(ctx, c.t, (tx) => tx.select().from(vendaItens).where(eq(vendaItens.vendaId, venda.id)));
    expect(linha!.vacinaAplicadaId).toBe(dose.id);
    const daVenda = await noTenant(ctx, c.t, (tx) =>
      tx.select().from(movimentacoesEstoque).where(eq(movimentacoesEstoque.origemId, venda.id)),
    );
    expect(daVenda).toEqual([]);

    const cancelar = await ctx.app.inject({
      method: 'DELETE',
      url: `${PDV}/excluir-venda/${venda.id}?motivo=${encodeURIComponent('Lançada errado')}`,
      headers: c.t.headers,
    });
    expect(cancelar.statusCode, cancelar.body).toBe(200);
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(9);
  });

  it('a vaccine line the till raised to 2: only the extra unit leaves at the till and comes back on a return; a client cannot flag a new line', async () => {
    const c = await novaClinica();
    const dose = await registrar(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId });
    const venda = await obterVenda(c.t.headers, dose.vendaId!);
    const linhaVacina = venda.itens[0]!;
    const finalizada = await finalizarNoCaixa(c, venda, { [linhaVacina.id]: 2 });
    expect(finalizada.valorLiquido).toBe(160);
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(8);

    const devolucao = await ctx.app.inject({
      method: 'POST',
      url: '/api/comercial/devolucoes',
      headers: c.t.headers,
      payload: { vendaId: venda.id, itens: [{ vendaItemId: linhaVacina.id, quantidade: 2 }], reembolso: 'credito_cliente' },
    });
    expect(devolucao.statusCode, devolucao.body).toBe(201);
    // The applied dose stays gone: 8 + 1.
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(9);

    // A sale of the till: a line sent with vacinaAplicadaId is stored without it, and its stock leaves.
    const outra = await pdvOk(ctx, c.t.headers, 'snapshot', {
      venda: {
        id: randomUUID(),
        tipo: 'Venda',
        itens: [
          {
            id: randomUUID(),
            produtoId: c.produtoId,
            quantidade: 1,
            desconto: 0,
            tipoDesconto: 'Valor',
            vacinaAplicadaId: dose.id,
          },
        ],
      },
    });
    const [nova] = await noTenant(ctx, c.t, (tx) => tx.select().from(vendaItens).where(eq(vendaItens.vendaId, outra.id)));
    expect(nova!.vacinaAplicadaId).toBeNull();
  });

  it('cobrar false: no sale; the dose still leaves stock', async () => {
    const c = await novaClinica();
    const dose = await registrar(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, cobrar: false });
    expect(dose).toMatchObject({ vendaId: null, vendaNumero: null });
    expect(await noTenant(ctx, c.t, (tx) => tx.select().from(vendas).where(eq(vendas.petId, c.petId)))).toEqual([]);
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(9);
  });

  it('the same id posted twice: one dose, one stock movement, one sale line', async () => {
    const c = await novaClinica();
    await aplicarProtocolo(c, hoje());
    const payload = { id: randomUUID(), petId: c.petId, vacinaId: c.vacinaId };
    const [a, b] = [await registrar(c.vet.headers, payload), await registrar(c.vet.headers, payload)];
    expect(b).toEqual(a);
    expect(await noTenant(ctx, c.t, (tx) => tx.select().from(vacinasAplicadas))).toHaveLength(1);
    expect(await movimentosDaDose(c, a.id)).toHaveLength(1);
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(9);
    expect((await obterVenda(c.t.headers, a.vendaId!)).itens).toHaveLength(1);
    expect((await planejadas(c)).filter((p) => p.status === 'aplicada')).toHaveLength(1);

    // A double click: both requests at once.
    const outro = { id: randomUUID(), petId: c.petId, vacinaId: c.vacinaId };
    const juntas = await Promise.all([post(c.vet.headers, outro), post(c.vet.headers, outro)]);
    expect(juntas.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(juntas[1]!.json<VacinaAplicada>()).toEqual(juntas[0]!.json<VacinaAplicada>());
    expect(await noTenant(ctx, c.t, (tx) => tx.select().from(vacinasAplicadas))).toHaveLength(2);
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(8);
    expect((await obterVenda(c.t.headers, a.vendaId!)).itens).toHaveLength(2);
  });
});

describe('registrar vacina: isolation, permissions, validation', () => {
  it("another tenant's pet is 404, its vaccine and planned dose 400", async () => {
    const c = await novaClinica();
    const outra = await novaClinica();
    const [dose] = await aplicarProtocolo(outra, hoje());
    const pet = await post(c.vet.headers, { petId: outra.petId, vacinaId: c.vacinaId });
    expect(pet.statusCode).toBe(404);
    expect(pet.json<Errors>().errors).toEqual({ generalErrors: ['Pet não encontrado'] });
    const vacina = await post(c.vet.headers, { petId: c.petId, vacinaId: outra.vacinaId });
    expect(vacina.statusCode).toBe(400);
    expect(vacina.json<Errors>().errors).toEqual({ vacinaId: ['Vacina não encontrada'] });
    const planejada = await post(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, planejamentoId: dose!.id });
    expect(planejada.statusCode).toBe(400);
    expect(planejada.json<Errors>().errors).toEqual({ planejamentoId: ['Dose planejada não encontrada para este pet'] });
    const vet = await post(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, veterinarioId: outra.vet.usuarioId });
    expect(vet.statusCode).toBe(400);
    expect(vet.json<Errors>().errors).toEqual({ veterinarioId: ['Veterinário não encontrado'] });
    // The id of another tenant's dose: refused, nothing done here.
    const alheia = await registrar(outra.vet.headers, { petId: outra.petId, vacinaId: outra.vacinaId, cobrar: false });
    const mesmoId = await post(c.vet.headers, { id: alheia.id, petId: c.petId, vacinaId: c.vacinaId });
    expect(mesmoId.statusCode).toBe(400);
    expect(mesmoId.json<Errors>().errors).toEqual({ id: ['Identificador já usado'] });
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(10);
    expect(await noTenant(ctx, c.t, (tx) => tx.select().from(vendas))).toEqual([]);
    // Nothing of the other tenant changed but its own dose.
    expect(await saldoEstoque(ctx, outra.t, outra.produtoId)).toBe(9);
    expect((await planejadas(outra)).map((p) => p.status)).toEqual(['aplicada', 'pendente', 'pendente']);
  });

  it("another unit: the dose goes to a sale of the scope unit and its stock; the first unit's sale is untouched; its planned dose may be completed", async () => {
    const c = await novaClinica();
    const doses = await aplicarProtocolo(c, hoje());
    const primeira = await registrar(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId });
    const loja2 = await segundaUnidade(ctx, c.t);
    await darEntrada(ctx, c.t, c.produtoId, 5, loja2.id);
    const segunda = await registrar(loja2.headers, { petId: c.petId, vacinaId: c.vacinaId, planejamentoId: doses[1]!.id });
    expect(segunda).toMatchObject({
      unidadeNegocioId: loja2.id,
      planejamentoId: doses[1]!.id,
      proximaDose: { id: doses[2]!.id },
    });
    expect(segunda.vendaId).not.toBe(primeira.vendaId);
    expect((await obterVenda(loja2.headers, segunda.vendaId!)).itens).toHaveLength(1);
    expect((await obterVenda(c.t.headers, primeira.vendaId!)).itens).toHaveLength(1);
    // Unit 2 cannot see unit 1's sale.
    const alheia = await ctx.app.inject({ url: `${PDV}/${primeira.vendaId}`, headers: loja2.headers });
    expect(alheia.statusCode).toBe(404);
    // Stock: each unit's own.
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(9);
    const saldo2 = await noTenant(
      ctx,
      c.t,
      (tx) => tx.execute(sql`select quantidade::float as q from estoques where produto_id = ${c.produtoId}`),
      loja2.id,
    );
    expect((saldo2 as unknown as { rows: { q: number }[] }).rows).toEqual([{ q: 4 }]);
    expect(await movimentosDaDose(c, segunda.id, loja2.id)).toHaveLength(1);
    // Both doses read from either unit (the chart is the tenant's).
    const [doPet1, doPet2] = [
      await noTenant(ctx, c.t, (tx) => tx.select().from(vacinasAplicadas).where(eq(vacinasAplicadas.petId, c.petId))),
      await noTenant(ctx, c.t, (tx) => tx.select().from(vacinasAplicadas).where(eq(vacinasAplicadas.petId, c.petId)), loja2.id),
    ];
    expect(doPet1).toHaveLength(2);
    expect(doPet2).toHaveLength(2);
  });

  it('permission: the vet and the manager record, the cashier and the receptionist get 403', async () => {
    const c = await novaClinica();
    for (const perfil of ['caixa', 'recepcao', 'banhista']) {
      const u = await usuarioComPerfil(ctx, c.t, perfil);
      const res = await post(u.headers, { petId: c.petId, vacinaId: c.vacinaId });
      expect(res.statusCode, perfil).toBe(403);
    }
    const gerente = await usuarioComPerfil(ctx, c.t, 'gerente', 'Gerente Paulo');
    const dose = await registrar(gerente.headers, {
      petId: c.petId,
      vacinaId: c.vacinaId,
      veterinarioId: c.vet.usuarioId,
      cobrar: false,
    });
    expect(dose).toMatchObject({ veterinarioId: c.vet.usuarioId, veterinarioNome: 'Dra. Ana Souza' });
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(9);
  });

  it('400 in Portuguese for bad input, a future date, a deceased pet and an inactive vaccine', async () => {
    const c = await novaClinica();
    const vazio = await post(c.vet.headers, {});
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json<Errors>().errors).toMatchObject({ petId: ['Informe o pet'], vacinaId: ['Informe a vacina'] });
    const lixo = await post(c.vet.headers, { petId: 'x', vacinaId: 3, dataAplicacao: '31/02/2026', cobrar: 'talvez', lote: 5 });
    expect(lixo.statusCode).toBe(400);
    expect(Object.keys(lixo.json<Errors>().errors).sort()).toEqual(['cobrar', 'dataAplicacao', 'lote', 'petId', 'vacinaId']);

    const futura = await post(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId, dataAplicacao: addDays(hoje(), 1) });
    expect(futura.statusCode).toBe(400);
    expect(futura.json<Errors>().errors).toEqual({ dataAplicacao: ['A data da aplicação não pode ser futura'] });

    const inativa = await ctx.app.inject({
      method: 'POST',
      url: '/api/clinica/vacinas',
      headers: c.t.headers,
      payload: { nome: 'Giárdia', ativo: false },
    });
    expect(inativa.statusCode, inativa.body).toBe(201);
    const comInativa = await post(c.vet.headers, { petId: c.petId, vacinaId: inativa.json<{ id: string }>().id });
    expect(comInativa.statusCode).toBe(400);
    expect(comInativa.json<Errors>().errors).toEqual({ vacinaId: ['A vacina "Giárdia" está inativa'] });

    const ontem = addDays(hoje(), -1);
    await noTenant(ctx, c.t, (tx) => tx.update(pets).set({ dataObito: ontem }).where(eq(pets.id, c.petId)));
    const falecido = await post(c.vet.headers, { petId: c.petId, vacinaId: c.vacinaId });
    expect(falecido.statusCode).toBe(400);
    expect(falecido.json<Errors>().errors).toEqual({
      generalErrors: [`Este pet faleceu em ${br(ontem)}: não é possível registrar vacinas`],
    });
    expect(await saldoEstoque(ctx, c.t, c.produtoId)).toBe(10);
  });

  it('a vaccine without product: recorded, no stock, no sale', async () => {
    const c = await novaClinica();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/clinica/vacinas',
      headers: c.t.headers,
      payload: { nome: 'Antirrábica' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const dose = await registrar(c.vet.headers, { petId: c.petId, vacinaId: res.json<{ id: string }>().id });
    expect(dose).toMatchObject({ vendaId: null, fabricante: null, loteId: null });
    const lote = await post(c.vet.headers, { petId: c.petId, vacinaId: res.json<{ id: string }>().id, loteId: randomUUID() });
    expect(lote.statusCode).toBe(400);
    expect(lote.json<Errors>().errors).toEqual({ loteId: ['O produto desta vacina não controla lotes'] });
  });
});
