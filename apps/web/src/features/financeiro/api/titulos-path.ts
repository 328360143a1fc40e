import type { TipoTitulo } from '#lib/query-keys.ts';

export const titulosPath = (tipo: TipoTitulo) => `/financeiro/${tipo}`;

export const tituloPath = (tipo: TipoTitulo, id: string) => `${titulosPath(tipo)}/${encodeURIComponent(id)}`;
