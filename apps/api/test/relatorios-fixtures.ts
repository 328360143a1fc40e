/**
 * The reports' hand-computed month (issue #20): one scenario every report test builds, with
 * every expected figure worked out BY HAND below (never by the code under test). Build it in a
 * fresh tenant with `cenarioRelatorios(ctx, t, { mes: '2026-03' })`; it writes, straight into
 * the tables (./vendas-helper.ts), in `t`'s first unit (America/Sao_Paulo, UTC−3 all year):
 *
 * Catalogue (tenant-wide)
 *   categories  Alimentação (top level) ⊃ Rações Secas (its child); a new tenant's default
 *               categories (Rações, Petiscos…, modules/inventario/defaults.ts) stay without sales
 *   brands      Premier, Sanol
 *   P1 "Ração Premium Cães 10 kg"  código RP10, GTIN 7890000000017, Rações Secas, Premier, price 100,00, cost 60,00
 *   P2 "Petisco Bifinho 65 g"      código PB65, GTIN 7890000000024, Alimentação, Premier, price   5,00, cost  2,00
 *   P3 "Shampoo Neutro 500 ml"     código SN500, GTIN 7890000000031, NO category ("Sem categoria"), Sanol, price 20,00, cost 8,00
 *   customers   Ana Souza, Bruno Lima, Carla Dias
 *
 * Sales of the month M (first unit; every one by t's administrator)
 *   S1 Ana,   day 05 10:00  P1 4×100 = 400 + P3 2×20 = 40 + P2 10×5 = 50 → gross 490,00, sale discount
 *             49,00 (R$) → net 441,00 (×0,9 on each item: P1 360,00, P3 36,00, P2 45,00). Paid PIX 441,00.
 *   S2 Bruno, day 12 15:00  P3 3×20 = 60 + P2 4×5 = 20 → 80,00, freight 12,00 → net 92,00 (freight is no
 *             product's revenue: P3 60,00, P2 20,00). Paid cash 92,00 (100,00 tendered, change 8,00).
 *   S3 Carla, LAST day 23:30 (02:30 UTC of the next day: still in M)  P2 2×5 = 10 + P3 1×20 = 20 → 30,00.
 *             Paid credit card 30,00.
 *   S4 Bruno, day 10 11:00  P1 5×100 = 500,00, CANCELLED (data_finalizacao set, status Cancelada): never counted.
 *   S5 Carla, day 1 of M+1 00:30 (03:30 UTC)  P1 1×100 = 100,00: belongs to M+1, never to M.
 *   S6 Ana,   day 05 10:00 in the SECOND unit "Filial Centro"  P1 2×100 = 200,00: never in the first unit.
 *   R1 return of S1 on day 20 14:00: 4 × P2 at the net unit value 4,50 = 18,00 (credit to Ana); its
 *             cost 4 × 2,00 = 8,00 goes back to stock.
 *
 * Expected (first unit, month M). Percentages are exact fractions; the 2-decimal value is the
 * fraction rounded half up.
 *   P1  quantity  4         revenue 360,00                       cost 4×60 = 240,00             margin 120,00 (1/3 = 33,33 %)
 *   P2  quantity 10+4+2−4 = 12  revenue 45+20+10−18 = 57,00      cost 16×2 − 4×2 = 24,00        margin  33,00 (33/57 = 57,89 %)
 *   P3  quantity 2+3+1 = 6  revenue 36+60+20 = 116,00            cost 6×8 = 48,00               margin  68,00 (68/116 = 58,62 %)
 *   total quantity 22, revenue 533,00, cost 312,00, margin 221,00 (221/533 = 41,46 %)
 *   share of revenue: P1 360/533 = 67,54 %, P3 116/533 = 21,76 %, P2 57/533 = 10,69 %
 *   by category (a category includes its sub-categories):
 *     Alimentação  P1+P2: quantity 16, revenue 417,00, cost 264,00, margin 153,00 (36,69 %), share 78,24 %
 *       Rações Secas P1:    quantity  4, revenue 360,00, cost 240,00, margin 120,00 (33,33 %), share 67,54 %
 *     Sem categoria P3: quantity 6, revenue 116,00, cost  48,00, margin  68,00 (58,62 %), share 21,76 %
 *   by brand: Premier 417,00, Sanol 116,00
 *   by customer (returns subtracted from the sale's customer, freight out):
 *     Ana 441 − 18 = 423,00 (79,36 %), Bruno 80,00 (15,01 %), Carla 30,00 (5,63 %)
 *   month: faturamento 533,00; 3 sales (S1, S2, S3; the return is no sale); average ticket
 *     533 ÷ 3 = 177,67 (faturamento ÷ sales); sales' net totals incl. freight 441+92+30 = 563,00.
 *   ABC by the 80/15/5 rule (classeAbc(cumulative share BEFORE the item): A while < 80 %, B while < 95 %, else C),
 *     ordered by revenue desc:
 *     products:  P1 (before 0 %) A, P3 (before 67,54 %) A, P2 (before 89,31 %) B
 *     customers: Ana (before 0 %) A, Bruno (before 79,36 %) A, Carla (before 94,37 %) B
 *     (a rule on the cumulative share INCLUDING the item would give A, B, C in both: these figures tell the two apart).
 */
import { eq } from 'drizzle-orm';
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import { categoriasProduto, formasPagamento, marcas, produtos, unidadesMedida } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { novaUnidade, type TenantFixture, type TestContext } from './helper.ts';
import { inserirDevolucao, inserirVenda, novoCliente, scopeOf } from './vendas-helper.ts';

export type Produto = { id: string; nome: string; codigo: string; gtin: string };

export type CenarioRelatorios = {
  mes: string;
  /** First and last day of the month, yyyy-MM-dd. */
  dataInicio: string;
  dataFim: string;
  unidadeNegocioId: string;
  /** The second unit (one sale, S6) and its administrator headers. */
  outraUnidade: { id: string; headers: Record<string, string> };
  produtos: { p1: Produto; p2: Produto; p3: Produto };
  categorias: { alimentos: string; racoes: string };
  marcas: { premier: string; sanol: string };
  clientes: { ana: string; bruno: string; carla: string };
  vendas: { s1: string; s2: string; s3: string; s4Cancelada: string; s5MesSeguinte: string; s6OutraUnidade: string };
  devolucaoId: string;
};

/** The expected figures (see the file's comment for the arithmetic). Money in reais, percentages 0–100 (2 decimals). */
export const ESPERADO = {
  produtos: {
    p1: {
      quantidade: 4,
      faturamento: 360,
      custo: 240,
      margem: 120,
      margemPercentual: 33.33,
      participacao: 67.54,
      classeAbc: 'A',
    },
    p2: { quantidade: 12, faturamento: 57, custo: 24, margem: 33, margemPercentual: 57.89, participacao: 10.69, classeAbc: 'B' },
    p3: { quantidade: 6, faturamento: 116, custo: 48, margem: 68, margemPercentual: 58.62, participacao: 21.76, classeAbc: 'A' },
  },
  /** Products by revenue desc. */
  ordemProdutos: ['p1', 'p3', 'p2'] as const,
  totais: { quantidade: 22, faturamento: 533, custo: 312, margem: 221, margemPercentual: 41.46 },
  categorias: {
    alimentos: {
      nome: 'Alimentação',
      nivel: 0,
      quantidade: 16,
      faturamento: 417,
      custo: 264,
      margem: 153,
      margemPercentual: 36.69,
      participacao: 78.24,
    },
    racoes: {
      nome: 'Rações Secas',
      nivel: 1,
      quantidade: 4,
      faturamento: 360,
      custo: 240,
      margem: 120,
      margemPercentual: 33.33,
      participacao: 67.54,
    },
    semCategoria: {
      nome: 'Sem categoria',
      nivel: 0,
      quantidade: 6,
      faturamento: 116,
      custo: 48,
      margem: 68,
      margemPercentual: 58.62,
      participacao: 21.76,
    },
  },
  marcas: { premier: 417, sanol: 116 },
  clientes: {
    ana: { faturamento: 423, participacao: 79.36, classeAbc: 'A' },
    bruno: { faturamento: 80, participacao: 15.01, classeAbc: 'A' },
    carla: { faturamento: 30, participacao: 5.63, classeAbc: 'B' },
  },
  /** Customers by revenue desc. */
  ordemClientes: ['ana', 'bruno', 'carla'] as const,
  mes: { faturamento: 533, numeroVendas: 3, ticketMedio: 177.67, valorLiquidoVendas: 563, frete: 12, devolucoes: 18 },
} as const;

export const NOMES = {
  p1: 'Ração Premium Cães 10 kg',
  p2: 'Petisco Bifinho 65 g',
  p3: 'Shampoo Neutro 500 ml',
  ana: 'Ana Souza',
  bruno: 'Bruno Lima',
  carla: 'Carla Dias',
  outraUnidade: 'Filial Centro',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** Last day of a yyyy-MM month (28–31). */
const ultimoDia = (mes: string): number => {
  const [y, m] = mes.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/** The month after yyyy-MM. */
const mesSeguinte = (mes: string): string => {
  const [y, m] = mes.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${pad(m + 1)}`;
};

/** An instant at São Paulo wall-clock time (UTC−3; no daylight saving since 2019). */
const sp = (dia: string, hora: string): Date => new Date(`${dia}T${hora}:00-03:00`);

/** Builds the scenario in `t` (see the file's comment). */
export const cenarioRelatorios = async (
  ctx: TestContext,
  t: TenantFixture,
  { mes }: { mes: string },
): Promise<CenarioRelatorios> => {
  const seguinte = mesSeguinte(mes);
  const fim = ultimoDia(mes);
  const outraUnidade = await novaUnidade(ctx, t, NOMES.outraUnidade);

  const catalogo = await withTenant(ctx.database.db, scopeOf(t), async (tx) => {
    const [un] = await tx.select({ id: unidadesMedida.id }).from(unidadesMedida).where(eq(unidadesMedida.sigla, 'UN'));
    const unidadeMedidaId =
      un?.id ??
      (await tx.insert(unidadesMedida).values({ sigla: 'UN', descricao: 'Unidade' }).returning({ id: unidadesMedida.id }))[0]!.id;
    const [alimentos] = await tx
      .insert(categoriasProduto)
      .values({ nome: 'Alimentação' })
      .returning({ id: categoriasProduto.id });
    const [racoes] = await tx
      .insert(categoriasProduto)
      .values({ nome: 'Rações Secas', categoriaPaiId: alimentos!.id })
      .returning({ id: categoriasProduto.id });
    const [premier] = await tx.insert(marcas).values({ nome: 'Premier' }).returning({ id: marcas.id });
    const [sanol] = await tx.insert(marcas).values({ nome: 'Sanol' }).returning({ id: marcas.id });
    const produto = async (
      nome: string,
      codigo: string,
      gtin: string,
      categoriaId: string | null,
      marcaId: string,
      precoVenda: string,
      precoCusto: string,
    ): Promise<Produto> => {
      const [p] = await tx
        .insert(produtos)
        .values({ nome, codigo, codigoBarras: gtin, categoriaId, marcaId, unidadeMedidaId, precoVenda, precoCusto })
        .returning({ id: produtos.id });
      return { id: p!.id, nome, codigo, gtin };
    };
    const formas = {} as Record<'pix' | 'dinheiro' | 'cartao_credito', string>;
    const nomesFormas = { pix: 'PIX', dinheiro: 'Dinheiro', cartao_credito: 'Cartão de crédito' } as const;
    for (const [tipo, nome] of Object.entries(nomesFormas) as [keyof typeof nomesFormas, string][]) {
      const [existente] = await tx
        .select({ id: formasPagamento.id })
        .from(formasPagamento)
        .where(eq(formasPagamento.tipo, tipo satisfies TipoFormaPagamento))
        .limit(1);
      formas[tipo] =
        existente?.id ??
        (await tx.insert(formasPagamento).values({ nome, tipo, maxParcelas: 12 }).returning({ id: formasPagamento.id }))[0]!.id;
    }
    return {
      categorias: { alimentos: alimentos!.id, racoes: racoes!.id },
      marcas: { premier: premier!.id, sanol: sanol!.id },
      produtos: {
        p1: await produto(NOMES.p1, 'RP10', '7890000000017', racoes!.id, premier!.id, '100.00', '60.00'),
        p2: await produto(NOMES.p2, 'PB65', '7890000000024', alimentos!.id, premier!.id, '5.00', '2.00'),
        p3: await produto(NOMES.p3, 'SN500', '7890000000031', null, sanol!.id, '20.00', '8.00'),
      },
      formas,
    };
  });
  const { p1, p2, p3 } = catalogo.produtos;
  const { formas } = catalogo;
  const ana = (await novoCliente(ctx, t, NOMES.ana)).id;
  const bruno = (await novoCliente(ctx, t, NOMES.bruno)).id;
  const carla = (await novoCliente(ctx, t, NOMES.carla)).id;

  const scope = scopeOf(t);
  const i1 = (quantidade: number, valorUnitario = 100) => ({
    produtoId: p1.id,
    descricao: p1.nome,
    quantidade,
    valorUnitario,
    precoCusto: 60,
  });
  const i2 = (quantidade: number) => ({ produtoId: p2.id, descricao: p2.nome, quantidade, valorUnitario: 5, precoCusto: 2 });
  const i3 = (quantidade: number) => ({ produtoId: p3.id, descricao: p3.nome, quantidade, valorUnitario: 20, precoCusto: 8 });

  const s1 = await inserirVenda(ctx, scope, {
    status: 'Finalizada',
    clienteId: ana,
    itens: [i1(4), i3(2), i2(10)],
    desconto: 49,
    tipoDesconto: 'Valor',
    pagamentos: [{ formaPagamentoId: formas.pix, tipo: 'pix', valor: 441 }],
    createdAt: sp(`${mes}-05`, '10:00'),
  });
  const s2 = await inserirVenda(ctx, scope, {
    status: 'Finalizada',
    clienteId: bruno,
    itens: [i3(3), i2(4)],
    valorEntregaFrete: 12,
    pagamentos: [{ formaPagamentoId: formas.dinheiro, tipo: 'dinheiro', valor: 92, valorRecebido: 100 }],
    createdAt: sp(`${mes}-12`, '15:00'),
  });
  const s3 = await inserirVenda(ctx, scope, {
    status: 'Finalizada',
    clienteId: carla,
    itens: [i2(2), i3(1)],
    pagamentos: [{ formaPagamentoId: formas.cartao_credito, tipo: 'cartao_credito', valor: 30 }],
    createdAt: sp(`${mes}-${pad(fim)}`, '23:30'),
  });
  const s4 = await inserirVenda(ctx, scope, {
    status: 'Cancelada',
    clienteId: bruno,
    itens: [i1(5)],
    createdAt: sp(`${mes}-10`, '11:00'),
    dataFinalizacao: sp(`${mes}-10`, '11:00'),
  });
  const s5 = await inserirVenda(ctx, scope, {
    status: 'Finalizada',
    clienteId: carla,
    itens: [i1(1)],
    pagamentos: [{ formaPagamentoId: formas.pix, tipo: 'pix', valor: 100 }],
    createdAt: sp(`${seguinte}-01`, '00:30'),
  });
  const s6 = await inserirVenda(ctx, scopeOf(t, outraUnidade.id), {
    status: 'Finalizada',
    clienteId: ana,
    itens: [i1(2)],
    pagamentos: [{ formaPagamentoId: formas.pix, tipo: 'pix', valor: 200 }],
    createdAt: sp(`${mes}-05`, '10:00'),
  });
  const r1 = await inserirDevolucao(ctx, scope, {
    vendaId: s1.id,
    clienteId: ana,
    valorTotal: 18,
    itens: [{ ordem: 3, produtoId: p2.id, quantidade: 4, valorUnitario: 4.5, valorTotal: 18 }],
    createdAt: sp(`${mes}-20`, '14:00'),
  });

  return {
    mes,
    dataInicio: `${mes}-01`,
    dataFim: `${mes}-${pad(fim)}`,
    unidadeNegocioId: t.unidadeNegocioId,
    outraUnidade,
    produtos: catalogo.produtos,
    categorias: catalogo.categorias,
    marcas: catalogo.marcas,
    clientes: { ana, bruno, carla },
    vendas: { s1: s1.id, s2: s2.id, s3: s3.id, s4Cancelada: s4.id, s5MesSeguinte: s5.id, s6OutraUnidade: s6.id },
    devolucaoId: r1.id,
  };
};
