/**
 * Demo history of the point of sale (issue #4 item 9), in the Pet Shop Demo's Matriz: opening
 * stock for every stock-controlled product (both units), then two months of days, each with
 * the cashier's register opened, 25–45 sales (every payment kind: cash with change, PIX,
 * debit, credit in installments, customer credit, a prazo, split payments), a sale left open
 * now and then, quotes, returns (cash or credit), customer credit deposits, a sangria and the
 * register closed with a small difference on some days; today's register stays open.
 *
 * Everything goes through the product's own use cases (salvarVenda, registrarDevolucao,
 * abrirCaixa, fecharCaixa…), so the demo is what the till would have written. They stamp
 * "now"; after each day the day's rows are moved to that day (business hours 08:30–19:30
 * in the unit's zone) by `moverParaODia`. Deterministic (seeded PRNG).
 *
 * Size: DEMO_VENDAS_DIAS days (default 60; the e2e server uses fewer to start fast).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import { calcularVenda, vendaInputSchema, type VendaInput } from '@petshop/shared/venda';
import { devolucaoInputSchema } from '@petshop/shared/devolucao';
import { fecharCaixaInputSchema } from '@petshop/shared/caixa';
import type { Db } from '../client.ts';
import { queryRows } from '../rows.ts';
import { formasPagamento, pessoas, produtos, unidadesMedida, usuarios } from '../schema/index.ts';
import { abrirCaixa } from '../../modules/comercial/caixas/abrir-caixa.ts';
import { findCaixaAbertoDoUsuario } from '../../modules/comercial/caixas/caixa-ledger.ts';
import { listSomasPorForma } from '../../modules/comercial/caixas/caixas-repository.ts';
import { deixarVendaAberta } from '../../modules/comercial/pdv/deixar-venda-aberta.ts';
import { fecharCaixa } from '../../modules/comercial/caixas/fechar-caixa.ts';
import { creditoClienteCaixa, sangriaCaixa } from '../../modules/comercial/caixas/movimentar-caixa.ts';
import type { PdvContexto } from '../../modules/comercial/pdv-contexto.ts';
import { registrarDevolucao } from '../../modules/comercial/devolucoes/registrar-devolucao.ts';
import { salvarVenda } from '../../modules/comercial/vendas/salvar-venda.ts';
import { movimentarEstoque } from '../../modules/estoque/movimentar-estoque.ts';
import { enterTenantScope } from '../tenant-scope.ts';
import type { DemoIds } from './demo.ts';
import { int as entre, pick, seededRandom } from './generators.ts';

/** Days of history before today (DEMO_VENDAS_DIAS, default 60). */
export const DEMO_VENDAS_DIAS = Number(process.env.DEMO_VENDAS_DIAS ?? 60);
const DIAS = DEMO_VENDAS_DIAS;

type ProdutoDemo = { id: string; preco: number; fracionado: boolean };
type Rnd = () => number;

/** Opening stock: a count for every controlled product (kg products in kg), as an adjustment. */
const estoqueInicial = async (tx: Db, usuarioId: string, rnd: Rnd): Promise<void> => {
  const rows = await tx
    .select({ id: produtos.id, fracionado: unidadesMedida.permiteVendaFracionada, custo: produtos.precoCusto })
    .from(produtos)
    .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
    .where(and(eq(produtos.tipo, 'produto'), eq(produtos.controlaEstoque, true)));
  await movimentarEstoque(
    tx,
    rows.map((p) => ({
      produtoId: p.id,
      quantidade: p.fracionado ? entre(rnd, 80, 300) : entre(rnd, 40, 160),
      custoUnitario: Number(p.custo),
    })),
    {
      tipo: 'ajuste_entrada',
      origem: 'ajuste',
      usuarioId,
      observacao: 'Estoque inicial (dados de demonstração)',
      permitirNegativo: true,
    },
  );
};

/** Restocks what runs low (< 12), the way a purchase would (purchases arrive with issue #5). */
const reporEstoque = async (tx: Db, usuarioId: string): Promise<void> => {
  const baixos = await queryRows<{ produto_id: string; custo: string }>(
    tx,
    sql`select e.produto_id, p.preco_custo as custo from estoques e join produtos p on p.id = e.produto_id where e.quantidade < 12`,
  );
  if (baixos.length === 0) return;
  await movimentarEstoque(
    tx,
    baixos.map((b) => ({ produtoId: b.produto_id, quantidade: 60, custoUnitario: Number(b.custo) })),
    {
      tipo: 'ajuste_entrada',
      origem: 'ajuste',
      usuarioId,
      observacao: 'Reposição (dados de demonstração)',
      permitirNegativo: true,
    },
  );
};

/**
 * Moves every row the day's work stamped "now" (created in this transaction) to `diasAtras` days
 * ago: sales spread over 08:30–19:30 in the unit's zone by number, the rows that hang off a
 * sale (payments, register and stock movements, receivables, credit, returns) next to it,
 * the register from 08:20 to 19:45, due dates moved by the same number of days.
 */
const moverParaODia = async (tx: Db, diasAtras: number): Promise<void> => {
  // now() is the transaction's start: the rows this transaction wrote (older days were moved already),
  // not those of a user working in the demo while its history is seeded (issue #22 item 1).
  const recente = sql`now()`;
  const dia = sql`((now() at time zone u.time_zone)::date - ${diasAtras}::int)`;
  const inicio = sql`((${dia} + time '08:30') at time zone u.time_zone)`;
  await tx.execute(sql`
    with r as (
      select v.id, row_number() over (order by v.numero) as rn, count(*) over () as c, ${inicio} as inicio
        from vendas v join unidades_negocio u on u.id = v.unidade_negocio_id
       where v.created_at >= ${recente}
    )
    update vendas v set
      created_at = r.inicio + (r.rn - 1) * (interval '11 hours' / r.c),
      updated_at = r.inicio + (r.rn - 1) * (interval '11 hours' / r.c) + interval '3 minutes',
      data_finalizacao = case when v.data_finalizacao is null then null
        else r.inicio + (r.rn - 1) * (interval '11 hours' / r.c) + interval '3 minutes' end,
      validade_orcamento = case when v.validade_orcamento is null then null else v.validade_orcamento - ${diasAtras}::int end,
      snapshot = null, snapshot_em = null
      from r where r.id = v.id`);
  await tx.execute(sql`update venda_financeiros f set
      created_at = v.created_at + interval '2 minutes',
      efetivado_em = case when f.efetivado_em is null then null else coalesce(v.data_finalizacao, v.created_at + interval '3 minutes') end
      from vendas v where v.id = f.venda_id and f.created_at >= ${recente}`);
  await tx.execute(sql`update devolucoes d set created_at = v.created_at + interval '2 hours'
      from vendas v where v.id = d.venda_id and d.created_at >= ${recente}`);
  await tx.execute(sql`update movimentacoes_caixa m set created_at = coalesce(
        (select v.created_at + interval '3 minutes' from vendas v where v.id = m.venda_id),
        (select d.created_at from devolucoes d where d.id = m.devolucao_id),
        case m.tipo when 'abertura' then ((${dia} + time '08:20') at time zone u.time_zone)
                    else ((${dia} + time '19:30') at time zone u.time_zone) end)
      from unidades_negocio u where u.id = m.unidade_negocio_id and m.created_at >= ${recente}`);
  await tx.execute(sql`update caixas c set
      data_abertura = ((${dia} + time '08:20') at time zone u.time_zone),
      created_at = ((${dia} + time '08:20') at time zone u.time_zone),
      data_fechamento = case when c.data_fechamento is null then null else ((${dia} + time '19:45') at time zone u.time_zone) end,
      updated_at = ((${dia} + time '19:45') at time zone u.time_zone)
      from unidades_negocio u where u.id = c.unidade_negocio_id and c.created_at >= ${recente}`);
  await tx.execute(sql`update movimentacoes_estoque m set created_at = coalesce(
        (select v.created_at + interval '3 minutes' from vendas v where v.id = m.origem_id),
        (select d.created_at from devolucoes d where d.id = m.origem_id),
        m.created_at - make_interval(days => ${diasAtras}))
      where m.created_at >= ${recente}`);
  await tx.execute(sql`update receitas r set
      data_emissao = r.data_emissao - ${diasAtras}::int,
      data_vencimento = r.data_vencimento - ${diasAtras}::int,
      created_at = coalesce((select v.created_at from vendas v where v.id = r.venda_id), r.created_at - make_interval(days => ${diasAtras})),
      updated_at = coalesce((select v.created_at from vendas v where v.id = r.venda_id), r.created_at - make_interval(days => ${diasAtras}))
      where r.created_at >= ${recente}`);
  await tx.execute(sql`update credito_cliente_lancamentos l set created_at = coalesce(
        (select v.created_at + interval '3 minutes' from vendas v where v.id = l.origem_id),
        (select d.created_at from devolucoes d where d.id = l.origem_id),
        l.created_at - make_interval(days => ${diasAtras}) - interval '5 hours')
      where l.created_at >= ${recente}`);
  await tx.execute(sql`update movimentacoes_financeiras m set
      data = m.data - ${diasAtras}::int, created_at = m.created_at - make_interval(days => ${diasAtras})
      where m.created_at >= ${recente}`);
};

/** Opening stock of both units (the first step of the history). Runs in the Matriz scope of the demo tenant. */
export const seedDemoEstoqueInicial = async (tx: Db, ids: DemoIds): Promise<void> => {
  const rnd = seededRandom(4242);
  const admin = ids.petShop.usuarioId;
  // Both units get opening stock; the history is the Matriz's.
  await enterTenantScope(tx, { tenantId: ids.petShop.tenantId, unidadeNegocioId: ids.petShop.filialId });
  await estoqueInicial(tx, admin, rnd);
  await enterTenantScope(tx, { tenantId: ids.petShop.tenantId, unidadeNegocioId: ids.petShop.unidadeNegocioId });
  await estoqueInicial(tx, admin, rnd);
  await tx.execute(sql`update movimentacoes_estoque set created_at = created_at - make_interval(days => ${DIAS + 1})`);
};

/** What one day of history leaves for the next in the same process (lost on a restart, harmlessly). */
export type EstadoVendasDemo = { comCredito: Set<string> };

/**
 * One day of the history (`diasAtras` days ago; 0 is today, whose register stays open), in one
 * transaction of its own when the server seeds it in the background. Its PRNG is seeded by the
 * day, so a resumed history is the same as one seeded at once. Runs in the Matriz scope.
 */
export const seedDemoVendasDia = async (
  tx: Db,
  ids: DemoIds,
  diasAtras: number,
  estado: EstadoVendasDemo = { comCredito: new Set() },
): Promise<void> => {
  const rnd = seededRandom(4242 + 7919 * (diasAtras + 1));
  const [caixaUser] = await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, 'caixa@demo.com.br'));
  const operador = caixaUser?.id ?? ids.petShop.usuarioId;
  const admin = ids.petShop.usuarioId;

  const catalogo: ProdutoDemo[] = (
    await tx
      .select({ id: produtos.id, preco: produtos.precoVenda, fracionado: unidadesMedida.permiteVendaFracionada })
      .from(produtos)
      .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
      .where(and(eq(produtos.ativo, true), sql`${produtos.precoVenda} > 0`))
      .orderBy(asc(produtos.nome))
  ).map((p) => ({ id: p.id, preco: Number(p.preco), fracionado: p.fracionado }));
  const formas = new Map<TipoFormaPagamento, string>();
  for (const f of await tx
    .select()
    .from(formasPagamento)
    .where(eq(formasPagamento.ativo, true))
    .orderBy(asc(formasPagamento.createdAt)))
    if (!formas.has(f.tipo as TipoFormaPagamento)) formas.set(f.tipo as TipoFormaPagamento, f.id);
  const clientes = await tx
    .select({
      id: pessoas.id,
      petId: sql<string | null>`(select t.pet_id from pet_tutores t where t.pessoa_id = ${pessoas.id} limit 1)`,
    })
    .from(pessoas)
    .where(eq(pessoas.ativo, true))
    .orderBy(asc(pessoas.nome));
  if (catalogo.length === 0 || clientes.length === 0 || !formas.get('dinheiro')) return;

  const ctx: PdvContexto = { usuarioId: operador, pode: () => true };
  const { comCredito } = estado;

  const venda = (caixaId: string, cliente: (typeof clientes)[number] | null): { input: VendaInput; total: number } => {
    // A pet shop's ticket: one to three lines, mostly one unit each.
    const itens = Array.from({ length: pick(rnd, [1, 1, 2, 2, 3]) }, () => {
      const p = pick(rnd, catalogo);
      const quantidade = p.fracionado ? pick(rnd, [0.5, 1, 1.5, 2, 2.25]) : pick(rnd, [1, 1, 1, 2]);
      return { id: randomUUID(), produtoId: p.id, quantidade, valorUnitario: p.preco };
    });
    const desconto = rnd() < 0.1 ? pick(rnd, [5, 10]) : 0;
    const total = calcularVenda({ itens, desconto, tipoDesconto: 'Percentual' }).valorLiquido;
    const input: VendaInput = {
      id: randomUUID(),
      tipo: 'Venda',
      caixaId,
      clienteId: cliente?.id ?? null,
      petId: cliente && rnd() < 0.5 ? cliente.petId : null,
      itens: itens.map(({ id, produtoId, quantidade }) => ({ id, produtoId, quantidade })),
      desconto,
      tipoDesconto: 'Percentual',
    };
    return { input, total };
  };
  const pagamento = (tipo: TipoFormaPagamento, valorRecebido: number, parcelas = 1) => ({
    chave: randomUUID(),
    formaPagamentoId: formas.get(tipo)!,
    valorRecebido: Math.round(valorRecebido * 100) / 100,
    parcelas,
  });

  {
    const hoje = diasAtras === 0;
    await reporEstoque(tx, admin);
    const caixaId =
      (await findCaixaAbertoDoUsuario(tx, operador))?.id ?? (await abrirCaixa(tx, operador, { valorAbertura: 200 }));
    const vendasDoDia: { id: string; clienteId: string | null }[] = [];
    const quantas = hoje ? 12 : entre(rnd, 25, 45);
    for (let n = 0; n < quantas; n++) {
      const cliente = rnd() < 0.45 ? pick(rnd, clientes) : null;
      const { input, total } = venda(caixaId, cliente);
      const sorte = rnd();
      let financeiros;
      if (cliente && comCredito.has(cliente.id) && sorte < 0.05) {
        comCredito.delete(cliente.id);
        financeiros = [
          pagamento('credito_cliente', Math.min(total, 10)),
          pagamento('pix', Math.max(0.01, total - Math.min(total, 10))),
        ];
        if (total <= 10) financeiros = [pagamento('credito_cliente', total)];
      } else if (cliente && sorte < 0.08 && formas.get('a_prazo')) financeiros = [pagamento('a_prazo', total, entre(rnd, 1, 3))];
      else if (sorte < 0.38) financeiros = [pagamento('dinheiro', Math.ceil(total / 10) * 10)];
      else if (sorte < 0.62) financeiros = [pagamento('pix', total)];
      else if (sorte < 0.8) financeiros = [pagamento('cartao_debito', total)];
      else if (sorte < 0.95) financeiros = [pagamento('cartao_credito', total, total > 150 ? entre(rnd, 1, 3) : 1)];
      else {
        const emDinheiro = Math.min(20, Math.floor(total / 2));
        financeiros = [pagamento('dinheiro', emDinheiro), pagamento('cartao_credito', total - emDinheiro)];
      }
      if (cliente && rnd() < 0.03) {
        // Left open: half paid in cash, the rest on the customer's tab.
        await deixarVendaAberta(
          tx,
          vendaInputSchema.parse({ ...input, financeiros: [pagamento('dinheiro', Math.floor(total / 2) || 0.01)] }),
          ctx,
        );
      } else {
        const id = await salvarVenda(tx, vendaInputSchema.parse({ ...input, financeiros }), ctx);
        vendasDoDia.push({ id, clienteId: cliente?.id ?? null });
      }
    }
    // A quote every other day.
    if (diasAtras % 2 === 0) {
      const cliente = pick(rnd, clientes);
      const { input: q } = venda(caixaId, cliente);
      await salvarVenda(tx, vendaInputSchema.parse({ ...q, tipo: 'Orcamento', caixaId: null, desconto: 0 }), ctx);
    }
    // A return every other day: one unit of the first item, as credit when there is a customer.
    if (diasAtras % 2 === 1 && vendasDoDia.length > 0) {
      const alvo = pick(rnd, vendasDoDia);
      const [item] = await queryRows<{ id: string; quantidade: string }>(
        tx,
        sql`select id, quantidade from venda_itens where venda_id = ${alvo.id} order by ordem limit 1`,
      );
      if (item)
        await registrarDevolucao(
          tx,
          devolucaoInputSchema.parse({
            vendaId: alvo.id,
            itens: [{ vendaItemId: item.id, quantidade: Math.min(1, Number(item.quantidade)) }],
            reembolso: alvo.clienteId ? 'credito_cliente' : 'dinheiro',
            motivo: pick(rnd, ['Produto com defeito', 'Cliente trocou de ideia', 'Tamanho errado']),
          }),
          operador,
        );
      if (alvo.clienteId) comCredito.add(alvo.clienteId);
    }
    const ator = { usuarioId: operador, podeOperarDeOutros: true };
    if (diasAtras % 5 === 0) {
      const cliente = pick(rnd, clientes);
      await creditoClienteCaixa(tx, ator, caixaId, {
        pessoaId: cliente.id,
        valor: pick(rnd, [20, 50, 100]),
        descricao: 'Depósito de crédito',
      });
      comCredito.add(cliente.id);
    }
    if (hoje) return;
    await sangriaCaixa(tx, ator, caixaId, { valor: 100, descricao: 'Sangria para o cofre' });
    // Close: every method counted as expected, cash off by a few reais on some days.
    const esperado = await listSomasPorForma(tx, caixaId);
    const contagens = esperado.map((e) => {
      const quebra = e.formaPagamentoId === null && rnd() < 0.3 ? pick(rnd, [-5, -2.5, -0.5, 1, 2]) : 0;
      // listSomasPorForma answers cents.
      return { formaPagamentoId: e.formaPagamentoId, valorContado: Math.max(0, (e.entradas - e.saidas) / 100 + quebra) };
    });
    await fecharCaixa(tx, ator, caixaId, fecharCaixaInputSchema.parse({ contagens }));
    await moverParaODia(tx, diasAtras);
  }
};

/** The whole history at once (tests, `npm run seed:demo`): opening stock, then every day. */
export const seedDemoVendas = async (tx: Db, ids: DemoIds): Promise<void> => {
  await seedDemoEstoqueInicial(tx, ids);
  const estado: EstadoVendasDemo = { comCredito: new Set() };
  for (let diasAtras = DIAS; diasAtras >= 0; diasAtras--) await seedDemoVendasDia(tx, ids, diasAtras, estado);
};
