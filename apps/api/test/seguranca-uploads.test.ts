/**
 * Issue #22 item 7 (and item 9's readBody limit): uploads that must be refused with a clear 4xx
 * in Portuguese and leave nothing stored (rows of `arquivos`, `pessoas`, `unidades_negocio` counted
 * before and after): a 50 MB body (413 before it is read), the 5 MB file limit at its edge
 * (5 MB − 1 and 5 MB stored, 5 MB + 1 refused), a zip bomb and a sheet thousands of columns wide
 * as an XLSX import, an SVG with a script as a logo (also disguised as a PNG), a "PFX" that is not one.
 */
import { Readable } from 'node:stream';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { arquivos, pessoas, unidadesNegocio } from '../src/db/schema/index.ts';
import { injectMultipart, multipart, newTenant, PNG_1PX, useTestApp, validCnpj, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
let t: TenantFixture;

const MB = 1024 * 1024;

/** How many rows `t` has in the tables an upload could write to. */
const contagem = async () => {
  const contar = async (tabela: typeof arquivos | typeof pessoas | typeof unidadesNegocio) => {
    const [row] = await ctx.database.db.select({ n: count() }).from(tabela).where(eq(tabela.tenantId, t.tenantId));
    return row!.n;
  };
  return { arquivos: await contar(arquivos), pessoas: await contar(pessoas), unidades: await contar(unidadesNegocio) };
};

/** Runs `fn` and checks that nothing was stored for the tenant meanwhile. */
const semGravar = async (fn: () => Promise<void>) => {
  const antes = await contagem();
  await fn();
  expect(await contagem()).toEqual(antes);
};

/** A PNG of exactly `bytes` bytes (a real 1×1 PNG followed by padding). */
const pngDe = (bytes: number) => Buffer.concat([PNG_1PX, Buffer.alloc(bytes - PNG_1PX.length, 0)]);

const criarPessoa = (files: Parameters<typeof multipart>[1] = {}) =>
  injectMultipart(ctx, 'POST', '/api/pessoal/pessoas', t.headers, { nome: 'Cliente do Teste de Envio' }, files);

const novaUnidade = (fiscal: Record<string, unknown> = {}) => ({
  nomeFantasia: 'Loja Nova',
  razaoSocial: 'Loja Nova Ltda',
  cnpj: validCnpj(),
  fiscal: { crt: '1', ambiente: 'homologacao', ...fiscal },
});

const criarUnidade = (files: Parameters<typeof multipart>[1], fiscal: Record<string, unknown> = {}) =>
  injectMultipart(ctx, 'POST', '/api/geral/unidades_negocio', t.headers, novaUnidade(fiscal), files);

// --- ZIP building for the XLSX cases -------------------------------------------------------------

type ParteZip = { nome: string; dados: Buffer; tamanho: number; declarado?: number };

/** Raw deflate of `vezes` × `bloco` zero bytes, made by repeating one compressed block (fast, small). */
const zerosCompactados = (bloco: number, vezes: number): Buffer => {
  const um = deflateRawSync(Buffer.alloc(bloco), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: vezes }, () => um), Buffer.from([0x03, 0x00])]);
};

const parteTexto = (nome: string, texto: string): ParteZip => {
  const bruto = Buffer.from(texto);
  return { nome, dados: deflateRawSync(bruto), tamanho: bruto.length };
};

/** A ZIP of deflated parts; `declarado` is the uncompressed size written in its headers (a lie if wanted). */
const zip = (partes: ParteZip[]): Buffer => {
  const locais: Buffer[] = [];
  const centrais: Buffer[] = [];
  let offset = 0;
  for (const p of partes) {
    const nome = Buffer.from(p.nome);
    const declarado = p.declarado ?? p.tamanho;
    const crc = p.declarado === undefined && p.tamanho < 64 * MB ? crc32(Buffer.from(p.dados)) : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(p.dados.length, 18);
    local.writeUInt32LE(declarado, 22);
    local.writeUInt16LE(nome.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(p.dados.length, 20);
    central.writeUInt32LE(declarado, 24);
    central.writeUInt16LE(nome.length, 28);
    central.writeUInt32LE(offset, 42);
    locais.push(local, nome, p.dados);
    centrais.push(central, nome);
    offset += 30 + nome.length + p.dados.length;
  }
  const diretorio = Buffer.concat(centrais);
  const fim = Buffer.alloc(22);
  fim.writeUInt32LE(0x06054b50, 0);
  fim.writeUInt16LE(partes.length, 8);
  fim.writeUInt16LE(partes.length, 10);
  fim.writeUInt32LE(diretorio.length, 12);
  fim.writeUInt32LE(offset, 16);
  return Buffer.concat([...locais, diretorio, fim]);
};

/** An XLSX-looking ZIP whose sheet is 4 GiB of zeros in about 4 MB (64 MiB blocks × 64). */
const bombaXlsx = (declarado?: number) =>
  zip([
    parteTexto(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    parteTexto('xl/workbook.xml', '<?xml version="1.0"?><workbook/>'),
    { nome: 'xl/worksheets/sheet1.xml', dados: zerosCompactados(64 * MB, 64), tamanho: 0, declarado },
  ]);

const importar = (tipo: 'previa' | 'importar', arquivo: { nome: string; conteudo: Buffer }) => {
  const body = multipart(
    {},
    { arquivo: { filename: arquivo.nome, contentType: 'application/octet-stream', content: arquivo.conteudo } },
  );
  const url = tipo === 'previa' ? '/api/importacoes/clientes/previa' : '/api/importacoes/clientes';
  return ctx.app.inject({ method: 'POST', url, headers: { ...t.headers, ...body.headers }, payload: body.payload });
};

beforeAll(async () => {
  t = await newTenant(ctx);
});

describe('uploads refused with a clear message, nothing stored', () => {
  it('a 50 MB multipart body: 413 at once, in Portuguese', async () => {
    await semGravar(async () => {
      const res = await criarPessoa({ foto: { filename: 'enorme.png', contentType: 'image/png', content: pngDe(50 * MB) } });
      expect(res.statusCode).toBe(413);
      expect(res.json().errors.generalErrors).toEqual([
        'Envio grande demais (50 MB): cada arquivo pode ter até 5 MB, no máximo 4 por vez',
      ]);
    });
  });

  it('a 50 MB multipart body over a real connection: the client reads the 413 (no reset while it sends)', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as { port: number };
    const body = multipart(
      { nome: 'Cliente' },
      { foto: { filename: 'enorme.png', contentType: 'image/png', content: pngDe(50 * MB) } },
    );
    await semGravar(async () => {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/api/pessoal/pessoas`, {
          method: 'POST',
          headers: { ...t.headers, ...body.headers },
          body: new Uint8Array(body.payload),
        });
        expect(res.status).toBe(413);
        expect(((await res.json()) as { errors: { generalErrors: string[] } }).errors.generalErrors[0]).toMatch(
          /^Envio grande demais/,
        );
      }
    });
  });

  it('a 50 MB JSON body: 413 in Portuguese', async () => {
    await semGravar(async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/pessoal/pessoas',
        headers: { ...t.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ nome: 'x', observacoes: 'a'.repeat(50 * MB) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().errors.generalErrors).toEqual(['Conteúdo grande demais']);
    });
  });

  it('a 50 MB multipart body sent without content-length (chunked): reading stops at 5 MB, 400 on the field', async () => {
    await semGravar(async () => {
      const body = multipart(
        { nome: 'Cliente' },
        { foto: { filename: 'enorme.png', contentType: 'image/png', content: pngDe(50 * MB) } },
      );
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/pessoal/pessoas',
        headers: { ...t.headers, ...body.headers },
        payload: Readable.from([body.payload.subarray(0, 20 * MB), body.payload.subarray(20 * MB)]),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ foto: ['Foto: arquivo maior que 5 MB'] });
    });
  });

  it('the 5 MB file limit: 5 MB − 1 and 5 MB stored as sent, 5 MB + 1 refused on the field', async () => {
    for (const bytes of [5 * MB - 1, 5 * MB]) {
      const res = await criarPessoa({ foto: { filename: 'foto.png', contentType: 'image/png', content: pngDe(bytes) } });
      expect(res.statusCode, res.body).toBe(201);
      const foto = await ctx.app.inject({ url: res.json<{ fotoUrl: string }>().fotoUrl });
      expect(foto.statusCode).toBe(200);
      expect(foto.rawPayload.length).toBe(bytes);
      expect(foto.headers['content-type']).toBe('image/png');
      expect(foto.headers['x-content-type-options']).toBe('nosniff');
      expect(foto.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
    await semGravar(async () => {
      const res = await criarPessoa({ foto: { filename: 'foto.png', contentType: 'image/png', content: pngDe(5 * MB + 1) } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ foto: ['Foto: arquivo maior que 5 MB'] });
    });
  });

  it('an XLSX zip bomb (4 MB expanding to 4 GiB), its sizes told or hidden: 400 on arquivo, nothing imported', async () => {
    const mensagem = [
      'A planilha descompactada passa de 32 MB: deixe no arquivo apenas a aba com os dados, ou envie-a como .csv',
    ];
    // Its headers claiming 1 000 bytes (a lie JSZip only finds out after decompressing it all), or 4 GiB.
    for (const declarado of [1000, 0xfffffff0]) {
      const conteudo = bombaXlsx(declarado);
      expect(conteudo.length).toBeLessThan(5 * MB);
      await semGravar(async () => {
        for (const tipo of ['previa', 'importar'] as const) {
          const res = await importar(tipo, { nome: 'clientes.xlsx', conteudo });
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().errors).toEqual({ arquivo: mensagem });
        }
      });
    }
    // An XLSX past the limit without lying (40 MB of text in its sheet), also refused.
    const honesta = zip([
      parteTexto('[Content_Types].xml', '<?xml version="1.0"?><Types/>'),
      parteTexto('xl/worksheets/sheet1.xml', `<worksheet>${'<row/>'.repeat((40 * MB) / 6)}</worksheet>`),
    ]);
    const res = await importar('previa', { nome: 'clientes.xlsx', conteudo: honesta });
    expect(res.json().errors).toEqual({ arquivo: mensagem });
  });

  it('an XLSX sheet thousands of columns wide (a cell at XFD2) is refused before its rows are read', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clientes');
    sheet.addRow(['Nome', 'CPF']);
    for (let i = 0; i < 2000; i++) sheet.addRow([`Cliente ${i}`, '']);
    sheet.getCell('XFD2').value = 'x';
    const conteudo = Buffer.from(await workbook.xlsx.writeBuffer());
    await semGravar(async () => {
      const res = await importar('importar', { nome: 'clientes.xlsx', conteudo });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ arquivo: ['A planilha tem 16.384 colunas; o limite é 200 por importação'] });
    });
  });

  it('a real XLSX within the limits still imports', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clientes');
    sheet.addRow(['Nome']);
    sheet.addRow(['Cliente da Planilha']);
    const res = await importar('previa', { nome: 'clientes.xlsx', conteudo: Buffer.from(await workbook.xlsx.writeBuffer()) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('an SVG with a script as a logo, declared as SVG or disguised as PNG: 400 on logo, nothing stored', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    const mensagem = ['Logo: imagens SVG não são aceitas, pois podem conter scripts (use PNG, JPEG, WebP ou GIF)'];
    await semGravar(async () => {
      for (const [filename, contentType, content] of [
        ['logo.svg', 'image/svg+xml', svg],
        ['logo.png', 'image/png', svg],
        ['logo.png', 'image/png', Buffer.from(`\uFEFF  ${svg.toString().replace('<?xml version="1.0"?>\n', '')}`)],
        ['logo.svg', 'image/png', PNG_1PX],
      ] as const) {
        const res = await criarUnidade({ logo: { filename, contentType, content } });
        expect(res.statusCode, `${filename} ${contentType}`).toBe(400);
        expect(res.json().errors).toEqual({ logo: mensagem });
      }
      // HTML (or anything else) called a PNG: refused by its content.
      const html = await criarUnidade({
        logo: { filename: 'logo.png', contentType: 'image/png', content: Buffer.from('<html><script>alert(1)</script></html>') },
      });
      expect(html.statusCode).toBe(400);
      expect(html.json().errors).toEqual({ logo: ['Logo: tipo de arquivo não aceito (use PNG, JPEG, WebP ou GIF)'] });
    });
  });

  it('an image stored with the type found in its content, not the one declared', async () => {
    const res = await criarPessoa({ foto: { filename: 'foto.gif', contentType: 'image/gif', content: PNG_1PX } });
    expect(res.statusCode, res.body).toBe(201);
    const foto = await ctx.app.inject({ url: res.json<{ fotoUrl: string }>().fotoUrl });
    expect(foto.headers['content-type']).toBe('image/png');
  });

  it('a "PFX" that is not one: 400 on fiscal.certificado saying so, nothing stored', async () => {
    await semGravar(async () => {
      for (const content of [
        Buffer.from('isto não é um certificado'),
        PNG_1PX,
        Buffer.from([0x30, 0x03, 0x02, 0x01, 0x03]),
        Buffer.alloc(0x1000, 0x30),
      ]) {
        const res = await criarUnidade(
          {
            logo: { filename: 'logo.png', contentType: 'image/png', content: PNG_1PX },
            certificado: { filename: 'a1.pfx', contentType: 'application/x-pkcs12', content },
          },
          { certificadoSenha: 'senha' },
        );
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toEqual({
          'fiscal.certificado': ['O arquivo não é um certificado A1 (PKCS#12, .pfx ou .p12)'],
        });
      }
      const grande = await criarUnidade(
        { certificado: { filename: 'a1.pfx', contentType: 'application/x-pkcs12', content: Buffer.alloc(65 * 1024, 0x30) } },
        { certificadoSenha: 'senha' },
      );
      expect(grande.statusCode).toBe(400);
      expect(grande.json().errors).toEqual({ certificado: ['Certificado: arquivo maior que 64 KB'] });
    });
  });
});
