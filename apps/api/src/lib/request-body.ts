/**
 * Reads a body that may come as multipart/form-data (a `dados` part holding the JSON, plus
 * file parts) or as plain JSON, validates it with a shared zod schema and checks each file
 * against its rule. Used by every create/update that takes a photo, logo or certificate.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, fieldError, zodIssuesToErrors } from './errors.ts';

export type UploadedFile = { filename: string; mimetype: string; buffer: Buffer };

export type FileRule = {
  /** Field name shown in errors, e.g. 'foto'. */
  label: string;
  maxBytes: number;
  /** Accepted MIME types (images) or file-name extensions (lower case, with dot). */
  mimeTypes?: readonly string[];
  extensions?: readonly string[];
  /** The accepted types as told in the refusal ('PDF, PNG, JPEG ou WebP'); default the images'. */
  typesText?: string;
  /** Several parts may carry this name: all of them come in `fileLists[name]` (`files[name]` is the first). */
  multiple?: boolean;
};

/** Per-request options of the multipart reading. */
export type ReadBodyOptions = {
  /** Largest file part in bytes, when a route takes more than the plugin's default (app.ts, 5 MB). */
  fileSize?: number;
};

export const IMAGE_RULE = {
  label: 'Imagem',
  maxBytes: 5 * 1024 * 1024,
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
} as const satisfies FileRule;

const isMultipart = (request: FastifyRequest) => request.isMultipart();

const formatSize = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The parts as read, with the plugin's `files` limit (app.ts: 4 a request; a 413 otherwise) as a 400. */
async function* filesLimitAsBadRequest<T>(parts: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* parts;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest('Envie no máximo 4 arquivos por vez');
    throw error;
  }
}

/**
 * Returns `{ dados, files }`. 400 when the JSON is malformed, a field fails the schema, a
 * file part is not one of `fileRules`, or a file breaks its rule (size, type, extension).
 * `fileLists` holds every part of a rule marked `multiple`, in the order sent.
 */
export const readBody = async <S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  fileRules: Record<string, FileRule> = {},
  options: ReadBodyOptions = {},
): Promise<{ dados: z.output<S>; files: Record<string, UploadedFile>; fileLists: Record<string, UploadedFile[]> }> => {
  let raw: unknown = request.body;
  const files: Record<string, UploadedFile> = {};
  const fileLists: Record<string, UploadedFile[]> = {};
  if (isMultipart(request)) {
    const fields: Record<string, unknown> = {};
    const parts = filesLimitAsBadRequest(
      options.fileSize ? request.parts({ limits: { fileSize: options.fileSize } }) : request.parts(),
    );
    for await (const part of parts) {
      if (part.type === 'file') {
        const rule = fileRules[part.fieldname];
        if (!rule) {
          await part.toBuffer().catch(() => undefined);
          throw fieldError(part.fieldname, 'Arquivo não esperado neste formulário');
        }
        let buffer: Buffer;
        try {
          buffer = await part.toBuffer();
        } catch {
          throw fieldError(part.fieldname, `${rule.label}: arquivo maior que ${formatSize(rule.maxBytes)}`);
        }
        if (buffer.length === 0) continue;
        if (buffer.length > rule.maxBytes) {
          throw fieldError(part.fieldname, `${rule.label}: arquivo maior que ${formatSize(rule.maxBytes)}`);
        }
        const name = part.filename.toLowerCase();
        if (rule.mimeTypes && !rule.mimeTypes.includes(part.mimetype)) {
          throw fieldError(
            part.fieldname,
            `${rule.label}: tipo de arquivo não aceito (use ${rule.typesText ?? 'PNG, JPEG, WebP ou GIF'})`,
          );
        }
        if (rule.extensions && !rule.extensions.some((ext) => name.endsWith(ext))) {
          throw fieldError(part.fieldname, `${rule.label}: extensão não aceita (use ${rule.extensions.join(', ')})`);
        }
        const file = { filename: part.filename, mimetype: part.mimetype, buffer };
        if (rule.multiple) {
          fileLists[part.fieldname] = [...(fileLists[part.fieldname] ?? []), file];
          files[part.fieldname] ??= file;
        } else files[part.fieldname] = file;
      } else {
        fields[part.fieldname] = part.value;
      }
    }
    if (typeof fields.dados === 'string') {
      try {
        raw = JSON.parse(fields.dados);
      } catch {
        throw badRequest({ dados: ['Dados do formulário em formato inválido (JSON esperado)'] });
      }
    } else {
      raw = fields;
    }
  }
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw badRequest(zodIssuesToErrors(parsed.error));
  return { dados: parsed.data, files, fileLists };
};
