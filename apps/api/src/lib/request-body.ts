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
};

export const IMAGE_RULE = {
  label: 'Imagem',
  maxBytes: 5 * 1024 * 1024,
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
} as const satisfies FileRule;

const isMultipart = (request: FastifyRequest) => request.isMultipart();

const formatSize = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Returns `{ dados, files }`. 400 when the JSON is malformed, a field fails the schema, a
 * file part is not one of `fileRules`, or a file breaks its rule (size, type, extension).
 */
export const readBody = async <S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  fileRules: Record<string, FileRule> = {},
): Promise<{ dados: z.output<S>; files: Record<string, UploadedFile> }> => {
  let raw: unknown = request.body;
  const files: Record<string, UploadedFile> = {};
  if (isMultipart(request)) {
    const fields: Record<string, unknown> = {};
    for await (const part of request.parts()) {
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
          throw fieldError(part.fieldname, `${rule.label}: tipo de arquivo não aceito (use PNG, JPEG, WebP ou GIF)`);
        }
        if (rule.extensions && !rule.extensions.some((ext) => name.endsWith(ext))) {
          throw fieldError(part.fieldname, `${rule.label}: extensão não aceita (use ${rule.extensions.join(', ')})`);
        }
        files[part.fieldname] = { filename: part.filename, mimetype: part.mimetype, buffer };
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
  return { dados: parsed.data, files };
};
