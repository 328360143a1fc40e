import type { TipoTitulo } from '#lib/query-keys.ts';
import { titulosPath } from './titulos-path.ts';

/** GET /financeiro/{tipo}/exportar?formato&<filters>: the export of the list (ExportarMenu). */
export const exportarTitulosUrl = (tipo: TipoTitulo) => `${titulosPath(tipo)}/exportar`;
