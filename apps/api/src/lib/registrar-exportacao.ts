/**
 * Records a download of the tenant's data in the audit log (DadosExportados, issue #22 item 4):
 * a report or list exported to CSV, XLSX or PDF, the fiscal XMLs. Called by the export routes
 * after the file was built and before it is sent, in a short transaction of its own
 * (`request.scoped`), so the export's reads stay one short transaction and a failed export
 * records nothing. The event's unit is the request's unit (exports are of one unit's data).
 *
 * `depois`: { formato, relatorio or lista, filtros, linhas } — `filtros` is the querystring as
 * received without `formato`, the page and empty values (what the user filtered by, not data).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatCount } from '@petshop/shared/format';
import { registrarAuditoria } from '../modules/auditoria/registrar-auditoria.ts';
import { sendSpreadsheet, type Spreadsheet } from './spreadsheet-export.ts';

export type Exportacao = {
  /** 'csv' | 'xlsx' | 'pdf' | 'xml' | 'zip'. */
  formato: string;
  /** What was exported, for a person: "Relatório Vendas por produto", "Lista de despesas". */
  titulo: string;
  /** A report's id (`relatorio`) or a list's name (`lista`): the event's `entidadeId`. */
  relatorio?: string;
  lista?: string;
  /** Rows written (documents, for the fiscal XMLs). */
  linhas: number;
  /** The event's sentence; default "<titulo>: exportação em XLSX de 120 linhas". */
  descricao?: string;
  /** The filters; default: the request's querystring (see the file's comment). */
  filtros?: Record<string, unknown>;
};

const IGNORADOS = new Set(['formato', 'page', 'pageSize']);

/** The querystring's filters the user set (see the file's comment). */
export const filtrosDaConsulta = (query: unknown): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(
      ([k, v]) => !IGNORADOS.has(k) && v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  );

/** Inserts the DadosExportados event of `exportacao` (see the file's comment). */
export const registrarExportacao = (request: FastifyRequest, exportacao: Exportacao): Promise<void> =>
  request.scoped((tx) =>
    registrarAuditoria(tx, {
      acao: 'DadosExportados',
      entidade: 'exportacao',
      entidadeId: exportacao.relatorio ?? exportacao.lista ?? null,
      descricao:
        exportacao.descricao ??
        `${exportacao.titulo}: exportação em ${exportacao.formato.toUpperCase()} de ${formatCount(exportacao.linhas, 'linha', 'linhas')}`,
      depois: {
        formato: exportacao.formato,
        ...(exportacao.relatorio ? { relatorio: exportacao.relatorio } : {}),
        ...(exportacao.lista ? { lista: exportacao.lista } : {}),
        filtros: exportacao.filtros ?? filtrosDaConsulta(request.query),
        linhas: exportacao.linhas,
      },
    }),
  );

/**
 * Records the export of `planilha` (its format by the file's extension, its rows) and sends it
 * as a download (`sendSpreadsheet`): what a list's or report's export route answers.
 */
export const enviarPlanilhaExportada = async (
  request: FastifyRequest,
  reply: FastifyReply,
  planilha: Spreadsheet,
  exportacao: Omit<Exportacao, 'formato' | 'linhas'>,
): Promise<FastifyReply> => {
  await registrarExportacao(request, {
    ...exportacao,
    formato: planilha.nome.endsWith('.csv') ? 'csv' : 'xlsx',
    linhas: planilha.linhas,
  });
  return sendSpreadsheet(reply, planilha);
};
