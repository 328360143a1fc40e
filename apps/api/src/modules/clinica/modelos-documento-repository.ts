/**
 * Reads of the document/prescription templates (issue #19 item 5): the tenant's, shared by its
 * units (row-level security keeps other tenants out).
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { ListModelosDocumentoQuery, ModeloDocumento } from '@petshop/shared/clinica';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { modelosDocumento } from '../../db/schema/index.ts';
import { containsText } from '../../db/search.ts';
import { notFound } from '../../lib/errors.ts';
import { alphabetical, countWhere, pageOfRows, pageWindow } from '../inventario/shared.ts';

/** 404 message of a template. */
export const MODELO_NAO_ENCONTRADO = 'Modelo de documento não encontrado';

const columns = {
  id: modelosDocumento.id,
  tipo: modelosDocumento.tipo,
  nome: modelosDocumento.nome,
  conteudo: modelosDocumento.conteudo,
  controleEspecial: modelosDocumento.controleEspecial,
  ativo: modelosDocumento.ativo,
  createdAt: modelosDocumento.createdAt,
};

type Row = Omit<ModeloDocumento, 'createdAt'> & { createdAt: Date };

const toModelo = (row: Row): ModeloDocumento => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * The templates: `tipo` (receita/documento) and `ativo` filters, `query` contains in the name
 * (accent- and case-insensitive); ordered by name.
 */
export const listModelosDocumento = async (tx: Db, query: ListModelosDocumentoQuery): Promise<Page<ModeloDocumento>> => {
  const filters: (SQL | undefined)[] = [];
  if (query.query) filters.push(containsText(modelosDocumento.nome, query.query));
  if (query.tipo) filters.push(eq(modelosDocumento.tipo, query.tipo));
  if (query.ativo) filters.push(eq(modelosDocumento.ativo, query.ativo === 'true'));
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  const items = await tx
    .select(columns)
    .from(modelosDocumento)
    .where(where)
    .orderBy(...alphabetical(modelosDocumento.nome), asc(modelosDocumento.id))
    .limit(limit)
    .offset(offset);
  const total = await countWhere(tx, modelosDocumento, where);
  return pageOfRows(items.map(toModelo), total, query);
};

/** One template of the tenant, or null. */
export const findModeloDocumento = async (tx: Db, id: string): Promise<ModeloDocumento | null> => {
  const [row] = await tx.select(columns).from(modelosDocumento).where(eq(modelosDocumento.id, id));
  return row ? toModelo(row) : null;
};

/** One template of the tenant; 404 'Modelo de documento não encontrado' (also for an inactive one when `ativo`). */
export const getModeloDocumento = async (
  tx: Db,
  id: string,
  { ativo = false }: { ativo?: boolean } = {},
): Promise<ModeloDocumento> => {
  const modelo = await findModeloDocumento(tx, id);
  if (!modelo || (ativo && !modelo.ativo)) throw notFound(MODELO_NAO_ENCONTRADO);
  return modelo;
};
