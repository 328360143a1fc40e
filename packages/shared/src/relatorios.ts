/**
 * Reports (issue #20; spec §2 "Reports under /relatorios/", §5 report filters, §7 "Reports";
 * DOMAIN.md §11): the catalogue of the nine reports, the filters every report accepts and the
 * envelope every report answers. Each report's own filters and rows live beside it
 * (relatorios-vendas.ts, relatorios-abc.ts, relatorios-estoque.ts, relatorios-clientes.ts,
 * relatorios-banho-tosa.ts).
 *
 * Every report is read with `GET /api/relatorios/{id}` (JSON, one page) and exported with
 * `GET /api/relatorios/{id}/exportar?formato=csv|xlsx|pdf` (every row of the same filters, with the
 * totals row; the PDF is A4 landscape with the unit's header and the filters printed).
 */
import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, emptyToUndefined, pageSchema, pageSizeSchema, querySchema } from './http.ts';

/** The reports, by the id of their API call (spec §7). */
export const RELATORIO_IDS = [
  'vendas-por-produto',
  'vendas-por-categoria',
  'produtos-proximo-vencimento',
  'posicao-estoque',
  'curva-abc-produtos',
  'curva-abc-clientes',
  'novos-clientes',
  'banho-tosa-por-dia',
  'atividades-banho-tosa-por-responsavel',
] as const;
export type RelatorioId = (typeof RELATORIO_IDS)[number];

/** Groups of the reports index. */
export const GRUPOS_RELATORIO = ['Vendas', 'Estoque', 'Clientes', 'Banho e tosa'] as const;
export type GrupoRelatorio = (typeof GRUPOS_RELATORIO)[number];

export type RelatorioInfo = {
  titulo: string;
  descricao: string;
  grupo: GrupoRelatorio;
  /** The screen under /relatorios/ (spec §2: banho-tosa-por-dia is read by the screen banho-tosa-por-periodo). */
  rota: string;
  /** Whether the report reads a period (dataInicio/dataFim, default the current month). */
  temPeriodo: boolean;
};

/** What the reports index, the screens' titles and the PDFs' titles say of each report. */
export const RELATORIOS: Record<RelatorioId, RelatorioInfo> = {
  'vendas-por-produto': {
    titulo: 'Vendas por produto',
    descricao: 'Quantidade, faturamento, custo, margem e participação de cada produto no período.',
    grupo: 'Vendas',
    rota: '/relatorios/vendas-por-produto',
    temPeriodo: true,
  },
  'vendas-por-categoria': {
    titulo: 'Vendas por categoria',
    descricao: 'A árvore de categorias com quantidade, faturamento, custo e margem de cada uma.',
    grupo: 'Vendas',
    rota: '/relatorios/vendas-por-categoria',
    temPeriodo: true,
  },
  'curva-abc-produtos': {
    titulo: 'Curva ABC de produtos',
    descricao: 'Os produtos que fazem 80 % (A), 15 % (B) e 5 % (C) do faturamento, com o gráfico de Pareto.',
    grupo: 'Vendas',
    rota: '/relatorios/curva-abc-produtos',
    temPeriodo: true,
  },
  'curva-abc-clientes': {
    titulo: 'Curva ABC de clientes',
    descricao: 'Os clientes que fazem 80 % (A), 15 % (B) e 5 % (C) do faturamento, com o gráfico de Pareto.',
    grupo: 'Clientes',
    rota: '/relatorios/curva-abc-clientes',
    temPeriodo: true,
  },
  'novos-clientes': {
    titulo: 'Novos clientes',
    descricao: 'Clientes cadastrados no período, por como conheceram a loja, com a primeira compra.',
    grupo: 'Clientes',
    rota: '/relatorios/novos-clientes',
    temPeriodo: true,
  },
  'produtos-proximo-vencimento': {
    titulo: 'Produtos próximos do vencimento',
    descricao: 'Lotes que vencem nos próximos dias e os já vencidos, com quantidade e valor a custo.',
    grupo: 'Estoque',
    rota: '/relatorios/produtos-proximos-vencimento',
    temPeriodo: false,
  },
  'posicao-estoque': {
    titulo: 'Posição de estoque',
    descricao: 'Saldo, custo médio e valor de cada produto, com os totais; itens abaixo do mínimo.',
    grupo: 'Estoque',
    rota: '/relatorios/posicao-estoque',
    temPeriodo: false,
  },
  'banho-tosa-por-dia': {
    titulo: 'Banho e tosa por período',
    descricao: 'Atendimentos por dia, por tipo e status, faturamento e taxa de não comparecimento.',
    grupo: 'Banho e tosa',
    rota: '/relatorios/banho-tosa-por-periodo',
    temPeriodo: true,
  },
  'atividades-banho-tosa-por-responsavel': {
    titulo: 'Banho e tosa por profissional',
    descricao: 'Por profissional: pets atendidos, serviços, tempo em cada etapa e faturamento.',
    grupo: 'Banho e tosa',
    rota: '/relatorios/atividades-banho-tosa-por-responsavel',
    temPeriodo: true,
  },
};

/** Export formats of a report. */
export const FORMATOS_RELATORIO = ['csv', 'xlsx', 'pdf'] as const;
export type FormatoRelatorio = (typeof FORMATOS_RELATORIO)[number];

/** Longest period a report reads, in days (two years: a 12-month ABC against the year before). */
export const MAX_DIAS_PERIODO_RELATORIO = 731;

const dataFiltroSchema = z.preprocess(emptyToUndefined, z.iso.date({ error: 'Data inválida' }).optional());

const diasEntre = (inicio: string, fim: string): number =>
  Math.round((Date.parse(`${fim}T00:00:00Z`) - Date.parse(`${inicio}T00:00:00Z`)) / 86_400_000);

/**
 * The filters every report accepts (spec §2 and §5): page (invalid or zero → 1), pageSize
 * (default 20), query, dataInicio and dataFim ('yyyy-MM-dd', both days included; absent → the
 * current month in the unit's time zone, spec §9), produtoId. 400 when dataFim is before
 * dataInicio or the period is longer than two years.
 */
export const relatorioQueryBaseSchema = z.object({
  page: pageSchema.default(DEFAULT_PAGE),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
  query: querySchema,
  dataInicio: dataFiltroSchema,
  dataFim: dataFiltroSchema,
  produtoId: z.preprocess(emptyToUndefined, z.uuid({ error: 'Produto inválido' }).optional()),
});
export type RelatorioQueryBase = z.infer<typeof relatorioQueryBaseSchema>;

/** Adds the period's checks to a report's query schema (base fields plus its own). */
export const comPeriodoValido = <T extends z.ZodType<RelatorioQueryBase>>(schema: T) =>
  schema.superRefine((q, ctx) => {
    if (q.dataInicio && q.dataFim) {
      if (q.dataFim < q.dataInicio) {
        ctx.addIssue({ code: 'custom', path: ['dataFim'], message: 'A data final deve ser igual ou posterior à inicial' });
      } else if (diasEntre(q.dataInicio, q.dataFim) >= MAX_DIAS_PERIODO_RELATORIO) {
        ctx.addIssue({ code: 'custom', path: ['dataFim'], message: 'O período pode ter no máximo 2 anos' });
      }
    }
  });

/** The base query as a report without filters of its own reads it. */
export const relatorioQuerySchema = comPeriodoValido(relatorioQueryBaseSchema);

/** `?formato=` of an export. */
export const formatoRelatorioSchema = z.object({
  formato: z.enum(FORMATOS_RELATORIO, { error: 'Formato inválido: use csv, xlsx ou pdf' }),
});

/** The period a report read, resolved ('yyyy-MM-dd', both days included). */
export const periodoRelatorioSchema = z.object({ dataInicio: z.iso.date(), dataFim: z.iso.date() });
export type PeriodoRelatorio = z.infer<typeof periodoRelatorioSchema>;

/**
 * The answer of every report: one page of rows, how many rows in all, the totals of ALL the rows
 * (not the page's), the period read (null for a report without one), and `criterio`: one pt-BR
 * sentence saying what was counted (e.g. how returns and cancelled sales are treated), which the
 * screen and the PDF print. `extra` adds what the report's chart needs (computed over all rows).
 */
export const relatorioRespostaSchema = <
  L extends z.ZodType,
  T extends z.ZodType,
  X extends z.ZodRawShape = Record<never, z.ZodType>,
>(
  linha: L,
  totais: T,
  extra?: X,
) =>
  z.object({
    items: z.array(linha),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totais,
    periodo: periodoRelatorioSchema.nullable(),
    criterio: z.string(),
    ...(extra ?? ({} as X)),
  });

/**
 * How the sales reports count (one rule for all of them and the home page, said on every
 * screen): sales FINALISED in the period, by the date of finalising in the unit's time zone;
 * cancelled sales left out; returns subtracted on the day of the return; the sale's discount
 * spread over its items in proportion to their value; freight left out. A sale left open with a
 * balance counts when it is paid off.
 */
export const CRITERIO_VENDAS =
  'Vendas finalizadas no período (data da finalização, no fuso da unidade); vendas canceladas não entram; devoluções são abatidas na data da devolução; o desconto da venda é rateado entre os itens; frete não entra. Vendas deixadas em aberto entram quando quitadas.';
