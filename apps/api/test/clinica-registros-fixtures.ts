/**
 * Fixtures of the clinical records and chart tests (issue #19): a customer with a pet, and a
 * multipart body with several file parts of the same name (`anexos`), which helper.ts
 * `multipart` (one file per name) cannot build.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Pessoa } from '@petshop/shared/pessoa';
import type { Pet } from '@petshop/shared/pet';
import type { TestContext } from './helper.ts';

/** A minimal PDF (enough for the first bytes' check and a download round trip). */
export const PDF_MIN = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** A Windows executable's first bytes ('MZ'). */
export const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64, 1)]);

/** A customer named `tutor` and a pet (dog) of theirs, created through the API. */
export const criarPetComTutor = async (
  ctx: TestContext,
  headers: Record<string, string>,
  pet: Record<string, unknown> = {},
  tutor = 'Ana Tutora',
): Promise<{ pet: Pet; tutor: Pessoa }> => {
  const resPessoa = await ctx.app.inject({
    method: 'POST',
    url: '/api/pessoal/pessoas',
    headers,
    payload: { nome: tutor, telefones: [{ numero: '11987654321' }] },
  });
  expect(resPessoa.statusCode, resPessoa.body).toBe(201);
  const pessoa = resPessoa.json<Pessoa>();
  const resPet = await ctx.app.inject({
    method: 'POST',
    url: '/api/animal/pets',
    headers,
    payload: { nome: 'Rex', tutores: [{ pessoaId: pessoa.id, principal: true }], ...pet },
  });
  expect(resPet.statusCode, resPet.body).toBe(201);
  return { pet: resPet.json<Pet>(), tutor: pessoa };
};

export type ArquivoParte = { name: string; filename: string; contentType: string; content: Buffer };

/** A multipart body: the `dados` part (JSON text as given, so a test can send it malformed) and the file parts in order. */
export const multipartPartes = (dados: unknown, partes: ArquivoParte[] = [], dadosCru?: string) => {
  const boundary = `----clinica${randomUUID()}`;
  const chunks: Buffer[] = [];
  const push = (s: string) => chunks.push(Buffer.from(s));
  push(`--${boundary}\r\nContent-Disposition: form-data; name="dados"\r\n\r\n${dadosCru ?? JSON.stringify(dados)}\r\n`);
  for (const p of partes) {
    push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`,
    );
    chunks.push(p.content);
    push('\r\n');
  }
  push(`--${boundary}--\r\n`);
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** Sends a multipart request with `partes`. */
export const injectPartes = (
  ctx: TestContext,
  method: 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  dados: unknown,
  partes: ArquivoParte[] = [],
  dadosCru?: string,
) => {
  const body = multipartPartes(dados, partes, dadosCru);
  return ctx.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
};
