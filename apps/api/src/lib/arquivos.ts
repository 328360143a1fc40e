/** Stored files (photos, logos): saved inside a tenant scope, served at /api/arquivos/{id}. */
import { arquivos } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import type { UploadedFile } from './request-body.ts';

/** Saves `file` in the scope's tenant and answers its id. */
export const storeArquivo = async (tx: Db, file: UploadedFile): Promise<string> => {
  const [row] = await tx
    .insert(arquivos)
    .values({ nome: file.filename.slice(0, 200), mimeType: file.mimetype, tamanho: file.buffer.length, conteudo: file.buffer })
    .returning({ id: arquivos.id });
  return row!.id;
};

/** Public URL of a stored file, or null. The id is a random UUID, unguessable. */
export const arquivoUrl = (id: string | null | undefined): string | null => (id ? `/api/arquivos/${id}` : null);
