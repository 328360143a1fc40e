/**
 * One report = one definition (issue #20 item 1): its filters, its columns, and how it reads a
 * page or every row with the totals. `relatorioRoutes` turns a definition into its two calls:
 *
 * - GET /api/relatorios/{id}            one page as JSON: `{ items, total, page, pageSize, totais,
 *                                       periodo, criterio, …extra }` (relatorioRespostaSchema)
 * - GET /api/relatorios/{id}/exportar   the same filters, every row (up to MAX_EXPORT_ROWS) and
 *                                       the totals row, as CSV or XLSX (lib/spreadsheet-export.ts)
 *                                       or PDF (A4 landscape, the unit's header, the filters
 *                                       printed: relatorio-pdf.ts, rendered off the event loop)
 *
 * Both need PERMISSOES.relatorios (Administrador, Gerente, Financeiro; DOMAIN.md §1) and read the
 * selected unit only (the scope's RLS and each report's `where`). The period (when the report
 * has one) is resolved once here in the unit's time zone (periodo.ts) and handed to `consultar`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { apiErrorSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import {
  formatoRelatorioSchema,
  RELATORIOS,
  type PeriodoRelatorio,
  type RelatorioId,
  type RelatorioQueryBase,
} from '@petshop/shared/relatorios';
import type { Db } from '../../db/client.ts';
import { runTogether } from '../../db/run-together.ts';
import {
  MAX_EXPORT_ROWS,
  spreadsheetResponseSchema,
  writeSpreadsheet,
  type SpreadsheetColumn,
} from '../../lib/spreadsheet-export.ts';
import { enviarPlanilhaExportada, registrarExportacao } from '../../lib/registrar-exportacao.ts';
import { getUnidadeAtual, type UnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { respostaPdf } from '../comercial/impressao-pdf.ts';
import { descreverPeriodo, resolverPeriodo } from './periodo.ts';
import { findCabecalhoRelatorio, imprimirRelatorio } from './relatorio-pdf.ts';

/** A column of a report: how its cells are written (spreadsheet and PDF) and its total. */
export type ColunaRelatorio<L, T> = SpreadsheetColumn<L> & {
  /** The totals row's cell of this column (empty when absent; the first column says 'Total'). */
  total?: (totais: T) => string | number | null | undefined;
  /** Width in the PDF: points, '*' (share the rest, the default for the first column) or 'auto'. */
  larguraPdf?: number | '*' | 'auto';
};

/** What a report reads with: the scoped transaction, the unit (time zone, today) and the period. */
export type ContextoRelatorio = {
  tx: Db;
  unidade: UnidadeAtual;
  /** Null for a report without a period (stock position, expiry). */
  periodo: PeriodoRelatorio | null;
};

/** A page (`limit`/`offset`) or null: every row, up to MAX_EXPORT_ROWS (exports). */
export type PaginaRelatorio = { limit: number; offset: number } | null;

/** What `consultar` answers: the rows, how many in all, the totals of all, and the chart's data. */
export type ResultadoRelatorio<L, T, X extends Record<string, unknown> = Record<string, never>> = {
  items: L[];
  total: number;
  totais: T;
} & X;

export type DefinicaoRelatorio<Q extends RelatorioQueryBase, L, T, X extends Record<string, unknown>> = {
  id: RelatorioId;
  /** Its query (relatorioQueryBaseSchema extended, with comPeriodoValido when it has a period). */
  querystring: z.ZodType<Q>;
  /** Its JSON answer (relatorioRespostaSchema(linha, totais, extra)), for the docs and the serializer. */
  resposta: z.ZodType;
  /** The OpenAPI description: what it counts, the filters, the order. */
  descricao: string;
  /** One pt-BR sentence the screen and the PDF print: what was counted (returns, cancellations…). */
  criterio: string;
  colunas: readonly ColunaRelatorio<L, T>[];
  consultar: (ctx: ContextoRelatorio, filtros: Q, pagina: PaginaRelatorio) => Promise<ResultadoRelatorio<L, T, X>>;
  /** The report's own filters as the PDF prints them ('Categoria: Rações'), besides period and query. */
  descreverFiltros?: (ctx: ContextoRelatorio, filtros: Q) => Promise<string[]>;
};

/**
 * Memory a report's sorts and hash aggregates may use before spilling to disk, for this transaction
 * only: a year's ABC curve groups ~100k products and sorts them (PostgreSQL's default 4 MB spills
 * both; measured on the bench: 356 → 327 ms for that step).
 */
const WORK_MEM_RELATORIO = '32MB';

const contexto = async (tx: Db, id: RelatorioId, filtros: RelatorioQueryBase): Promise<ContextoRelatorio> => {
  const [unidade] = await runTogether(
    getUnidadeAtual(tx),
    tx.execute(sql`select set_config('work_mem', ${WORK_MEM_RELATORIO}, true)`),
  );
  return { tx, unidade, periodo: RELATORIOS[id].temPeriodo ? resolverPeriodo(filtros, unidade.timeZone) : null };
};

/** The filters printed on a PDF: the period, the search, the report's own. */
const filtrosImpressos = async <Q extends RelatorioQueryBase>(
  def: DefinicaoRelatorio<Q, unknown, unknown, Record<string, unknown>>,
  ctx: ContextoRelatorio,
  filtros: Q,
): Promise<string[]> => [
  ...(ctx.periodo ? [`Período: ${descreverPeriodo(ctx.periodo)}`] : []),
  ...(filtros.query ? [`Busca: ${filtros.query}`] : []),
  ...((await def.descreverFiltros?.(ctx, filtros)) ?? []),
];

/** The two routes of a report (see the file's comment). */
export const relatorioRoutes =
  <Q extends RelatorioQueryBase, L, T, X extends Record<string, unknown>>(
    def: DefinicaoRelatorio<Q, L, T, X>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const info = RELATORIOS[def.id];
    const tags = ['relatorios'];
    const config = { permission: PERMISSOES.relatorios };
    const errors = { 400: apiErrorSchema, 403: apiErrorSchema };

    app.get(
      `/${def.id}`,
      {
        config,
        schema: {
          tags,
          summary: info.titulo,
          description: `${def.descricao} ${def.criterio}`,
          querystring: def.querystring,
          response: { 200: def.resposta, ...errors },
        },
      },
      async (request) =>
        request.scoped(async (tx) => {
          const filtros = request.query as Q;
          const ctx = await contexto(tx, def.id, filtros);
          const pagina = { limit: filtros.pageSize, offset: (filtros.page - 1) * filtros.pageSize };
          const resultado = await def.consultar(ctx, filtros, pagina);
          return { ...resultado, page: filtros.page, pageSize: filtros.pageSize, periodo: ctx.periodo, criterio: def.criterio };
        }),
    );

    app.get(
      `/${def.id}/exportar`,
      {
        config,
        schema: {
          tags,
          summary: `${info.titulo}: exportar (CSV, XLSX ou PDF)`,
          description: `Os mesmos filtros de GET /relatorios/${def.id}, todas as linhas (até ${MAX_EXPORT_ROWS}) e a linha de totais. formato=pdf: A4 paisagem com o cabeçalho da unidade e os filtros impressos.`,
          querystring: z.intersection(def.querystring, formatoRelatorioSchema),
          response: { 200: z.union([spreadsheetResponseSchema, respostaPdf('O relatório em PDF')]), ...errors },
        },
      },
      async (request, reply) => {
        const { formato, ...resto } = request.query as Q & z.infer<typeof formatoRelatorioSchema>;
        const filtros = resto as unknown as Q;
        const nome = `${def.id}`;
        const dados = await request.scoped(async (tx) => {
          const ctx = await contexto(tx, def.id, filtros);
          const resultado = await def.consultar(ctx, filtros, null);
          const impressao =
            formato === 'pdf'
              ? { filtros: await filtrosImpressos(def as never, ctx, filtros), cabecalho: await findCabecalhoRelatorio(tx) }
              : null;
          return { ctx, resultado, impressao };
        });
        const { ctx, resultado } = dados;
        const sufixo = ctx.periodo ? `-${ctx.periodo.dataInicio}-a-${ctx.periodo.dataFim}` : '';
        const linhaTotal = def.colunas.map((c, i) => (i === 0 ? 'Total' : (c.total?.(resultado.totais) ?? null)));
        if (dados.impressao) {
          const pdf = await imprimirRelatorio(dados.impressao.cabecalho, {
            titulo: info.titulo,
            filtros: dados.impressao.filtros,
            criterio: def.criterio,
            colunas: def.colunas,
            linhas: resultado.items,
            linhaTotal,
            emitidoPor: request.auth?.nome ?? '',
            timeZone: ctx.unidade.timeZone,
          });
          await registrarExportacao(request, {
            formato: 'pdf',
            titulo: `Relatório ${info.titulo}`,
            relatorio: def.id,
            linhas: resultado.items.length,
          });
          return reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', `attachment; filename="${nome}${sufixo}.pdf"`)
            .header('cache-control', 'no-store')
            .send(pdf);
        }
        const planilha = await writeSpreadsheet(formato === 'csv' ? 'csv' : 'xlsx', {
          nome: `${nome}${sufixo}`,
          titulo: info.titulo,
          colunas: def.colunas,
          linhas: resultado.items,
          linhaTotal,
        });
        return enviarPlanilhaExportada(request, reply, planilha, {
          titulo: `Relatório ${info.titulo}`,
          relatorio: def.id,
        });
      },
    );
  };
