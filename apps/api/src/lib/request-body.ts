/**
 * Reads a body that may come as multipart/form-data (a `dados` part holding the JSON, plus
 * file parts) or as plain JSON, validates it with a shared zod schema and checks each file
 * against its rule. Used by every create/update that takes a photo, logo, certificate,
 * spreadsheet or clinical attachment.
 *
 * Limits (issue #22, docs/security.md), all in bytes:
 * - a file part: MULTIPART_LIMITS.fileSize, 5 MB (5 × 1024 × 1024 = 5 242 880), unless the route
 *   raises it (`options.fileSize`: the clinic's attachments, 10 MB) — and its rule's `maxBytes`;
 *   reading stops there, so a bigger file never sits in memory whole. 5 MB is accepted, 5 MB + 1
 *   refused with 400 on the part's field ('Foto: arquivo maior que 5 MB');
 * - at most MULTIPART_LIMITS.files (4) file parts and 20 fields of at most 1 MB each;
 * - the whole multipart request: a declared `content-length` over what the form can carry
 *   (4 files × the file limit + 2 MB) is refused at once with 413 before a byte is read
 *   ('Envio grande demais …'); a JSON body over 2 MB gets Fastify's 413 (app.ts bodyLimit).
 * Images are checked by their first bytes, not by the type the browser declares: PNG, JPEG,
 * WebP, GIF or PDF as the rule allows, stored with the type found; an SVG (it can carry scripts)
 * is refused with its own message.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { GENERAL_ERRORS } from '@petshop/shared/http';
import { AppError, badRequest, fieldError, zodIssuesToErrors } from './errors.ts';

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
  /** Largest file part in bytes, when a route takes more than the plugin's default (MULTIPART_LIMITS.fileSize, 5 MB). */
  fileSize?: number;
};

/** @fastify/multipart's limits for every route (registered in app.ts): 5 MB a file, 4 files, 20 fields of 1 MB. */
export const MULTIPART_LIMITS = { fileSize: 5 * 1024 * 1024, files: 4, fields: 20, fieldSize: 1024 * 1024 } as const;

/** What a multipart request may carry besides its files (the `dados` JSON and the parts' headers), bytes. */
const MULTIPART_FIELDS_ALLOWANCE = 2 * 1024 * 1024;

export const IMAGE_RULE = {
  label: 'Imagem',
  maxBytes: 5 * 1024 * 1024,
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
} as const satisfies FileRule;

const isMultipart = (request: FastifyRequest) => request.isMultipart();

/** '5 MB', '64 KB': sizes as the user reads them. */
const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * The type of a file by its first bytes: PNG, JPEG, WebP, GIF, PDF, 'image/svg+xml' for SVG/XML
 * text, or null for anything else.
 */
export const fileTypeOf = (buffer: Buffer): string | null => {
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'image/jpeg';
  if (buffer.subarray(0, 4).toString('latin1') === 'RIFF' && buffer.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  if (/^GIF8[79]a$/.test(buffer.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (buffer.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const inicio = buffer
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (inicio.startsWith('<?xml') || inicio.startsWith('<svg') || inicio.startsWith('<!doctype svg') || /<svg[\s>]/.test(inicio)) {
    return 'image/svg+xml';
  }
  return null;
};

/** 413 before reading a multipart request whose declared size is over what the form can carry. */
const assertMultipartSize = (request: FastifyRequest, fileSize: number) => {
  const declared = Number(request.headers['content-length']);
  const max = MULTIPART_LIMITS.files * fileSize + MULTIPART_FIELDS_ALLOWANCE;
  if (Number.isFinite(declared) && declared > max) {
    throw new AppError(413, {
      [GENERAL_ERRORS]: [
        `Envio grande demais (${formatSize(declared)}): cada arquivo pode ter até ${formatSize(fileSize)}, no máximo ${MULTIPART_LIMITS.files} por vez`,
      ],
    });
  }
};

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
 * file part is not one of `fileRules`, or a file breaks its rule (size over the part limit or
 * `maxBytes`, content type by its first bytes, extension); 413 when the declared request size
 * is over what the form can carry (limits above). `fileLists` holds every part of a rule marked
 * `multiple`, in the order sent. Files of a rule with `mimeTypes` come back with the type found
 * in their content.
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
    assertMultipartSize(request, options.fileSize ?? MULTIPART_LIMITS.fileSize);
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
        let mimetype = part.mimetype;
        if (rule.mimeTypes) {
          const found = fileTypeOf(buffer);
          if (found === 'image/svg+xml' || part.mimetype === 'image/svg+xml' || name.endsWith('.svg')) {
            throw fieldError(
              part.fieldname,
              `${rule.label}: imagens SVG não são aceitas, pois podem conter scripts (use ${rule.typesText ?? 'PNG, JPEG, WebP ou GIF'})`,
            );
          }
          if (!found || !rule.mimeTypes.includes(found)) {
            throw fieldError(
              part.fieldname,
              `${rule.label}: tipo de arquivo não aceito (use ${rule.typesText ?? 'PNG, JPEG, WebP ou GIF'})`,
            );
          }
          mimetype = found;
        }
        if (rule.extensions && !rule.extensions.some((ext) => name.endsWith(ext))) {
          throw fieldError(part.fieldname, `${rule.label}: extensão não aceita (use ${rule.extensions.join(', ')})`);
        }
        const file = { filename: part.filename, mimetype, buffer };
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
