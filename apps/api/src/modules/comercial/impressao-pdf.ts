/**
 * Building blocks of the till's printed documents (the sale receipt, issue #4; the register's
 * closing report and the return receipt, issue #15): pdfmake 0.3 on the server in the standard
 * PDF font Helvetica (no font file to embed; WinAnsi covers Portuguese), an 80 mm roll whose
 * height pdfmake fits to the content (a thermal printer cuts right after the footer) or an A4
 * sheet, uncompressed (a receipt is a few kilobytes either way, and tests read its text).
 *
 * - `findUnidadeCupom`: the scope's unit as the header shows it (null outside a unit);
 * - `cabecalhoUnidade`, `linha`, `separador`, `rodape`: header, "label ….. value" rows, the
 *   dashed rule and the "Impresso em" footer;
 * - `assinatura`: a line to sign over a name;
 * - `documentDefinition`, `renderPdf`: page setup and styles for a format, then the bytes (pdfmake's
 *   fonts and access policies are set up by the first `renderPdf`, not by importing this file).
 */
import { createRequire } from 'node:module';
import { dirname, resolve, sep } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pdfmake from 'pdfmake';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { z } from 'zod';
import { formatCep, formatCnpj, formatDateTime, formatMoney, formatTelefone } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { arquivos, unidadesNegocio } from '../../db/schema/index.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';

/** Layouts of a printed document: thermal roll or A4 sheet. */
export const FORMATOS_CUPOM = ['80mm', 'a4'] as const;
export type FormatoCupom = (typeof FORMATOS_CUPOM)[number];

/** 80 mm in PDF points (1 pt = 1/72 in). */
export const LARGURA_80MM = 226.77;

/** The unit as a document's header shows it. */
export type UnidadeCupom = {
  nomeFantasia: string;
  razaoSocial: string;
  cnpj: string;
  telefone: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
  timeZone: string;
};

const STANDARD_FONTS = new Set(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique']);
let pdfmakeConfigurado = false;

/**
 * Registers Helvetica and pdfmake's access policies, once per process (they are process-wide in
 * pdfmake). Documents are built from our own data: never fetch a URL; read local files only for
 * the standard fonts and pdfmake's own bundled fonts.
 */
const configurePdfmake = (): void => {
  if (pdfmakeConfigurado) return;
  const pdfmakeDir = dirname(createRequire(import.meta.url).resolve('pdfmake/package.json'));
  pdfmake.addFonts({
    Helvetica: {
      normal: 'Helvetica',
      bold: 'Helvetica-Bold',
      italics: 'Helvetica-Oblique',
      bolditalics: 'Helvetica-BoldOblique',
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path) || resolve(path).startsWith(pdfmakeDir + sep));
  pdfmakeConfigurado = true;
};

/** `?formato=80mm|a4` of a print route (default 80mm), as the sale receipt's. */
export const formatoImpressaoQuerySchema = z.object({
  formato: z.enum(FORMATOS_CUPOM, { error: 'Formato inválido (use 80mm ou a4)' }).default('80mm'),
});

/** The 200 answer of a print route in the OpenAPI document. */
export const respostaPdf = (descricao: string) => z.any().meta({ description: descricao, type: 'string', format: 'binary' });

const MARGEM_80MM = 8;
const MARGEM_A4 = 40;
/** A4 width in points (pdfmake's 'A4' = 595.28 × 841.89). */
const LARGURA_A4 = 595.28;

/** Usable width of a page of `formato`, in points. */
export const larguraUtil = (formato: FormatoCupom): number =>
  formato === '80mm' ? LARGURA_80MM - 2 * MARGEM_80MM : LARGURA_A4 - 2 * MARGEM_A4;

/**
 * The scope's unit (or the tenant's unit `unidadeId`: a clinic document prints the unit that wrote
 * it) as the document's header shows it; null when there is no such unit.
 */
export const findUnidadeCupom = async (tx: Db, unidadeId?: string): Promise<UnidadeCupom | null> => {
  const [unidade] = await tx
    .select({
      nomeFantasia: unidadesNegocio.nomeFantasia,
      razaoSocial: unidadesNegocio.razaoSocial,
      cnpj: unidadesNegocio.cnpj,
      telefone: unidadesNegocio.telefone,
      logradouro: unidadesNegocio.logradouro,
      numero: unidadesNegocio.numero,
      complemento: unidadesNegocio.complemento,
      bairro: unidadesNegocio.bairro,
      cidade: unidadesNegocio.cidade,
      uf: unidadesNegocio.uf,
      cep: unidadesNegocio.cep,
      timeZone: unidadesNegocio.timeZone,
    })
    .from(unidadesNegocio)
    .where(eq(unidadesNegocio.id, unidadeId ?? sql`${currentUnidadeNegocioId}`));
  return unidade ?? null;
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The stored logo as a data URL when its bytes are PNG or JPEG (WebP/GIF logos are left out), else null. */
const logoDataUrl = (conteudo: Buffer | Uint8Array | null | undefined): string | null => {
  if (!conteudo) return null;
  const bytes = Buffer.from(conteudo);
  if (bytes.subarray(0, 4).equals(PNG)) return `data:image/png;base64,${bytes.toString('base64')}`;
  if (bytes.subarray(0, 3).equals(JPEG)) return `data:image/jpeg;base64,${bytes.toString('base64')}`;
  return null;
};

/**
 * The logo of the unit `unidadeId` (else the scope's) as a data URL pdfmake embeds (PNG or JPEG),
 * or null without one.
 */
export const findLogoUnidade = async (tx: Db, unidadeId?: string): Promise<string | null> => {
  const [row] = await tx
    .select({ conteudo: arquivos.conteudo })
    .from(unidadesNegocio)
    .innerJoin(arquivos, eq(arquivos.id, unidadesNegocio.logoArquivoId))
    .where(eq(unidadesNegocio.id, unidadeId ?? sql`${currentUnidadeNegocioId}`));
  return logoDataUrl(row?.conteudo);
};

/** The fields of a postal address as units and people store them (null when blank). */
export type EnderecoLinha = Pick<UnidadeCupom, 'logradouro' | 'numero' | 'complemento' | 'bairro' | 'cidade' | 'uf' | 'cep'>;

/**
 * An address on one line: 'Rua X, 10 - Sala 2 - Centro - Cidade/UF - CEP 00000-000' ('' without
 * one). `espacoCep` goes between 'CEP' and the number: a no-break space by default (a unit's
 * header never wraps them apart), a plain one where the text is a template's value (the tutor's).
 */
export const enderecoDa = (e: EnderecoLinha, espacoCep = '\u00a0'): string => {
  const rua = [e.logradouro, e.numero].filter(Boolean).join(', ');
  const cidade = [e.cidade, e.uf].filter(Boolean).join('/');
  return [rua, e.complemento, e.bairro, cidade, e.cep ? `CEP${espacoCep}${formatCep(e.cep)}` : null].filter(Boolean).join(' - ');
};

export type OpcoesLinha = { bold?: boolean; fontSize?: number; margin?: [number, number, number, number]; color?: string };

/** Indentation of a detail under its line (installments, change, refund). */
export const DETALHE: OpcoesLinha = { margin: [6, 0, 0, 0], color: '#333333' };

/** A label on the left and a value on the right (never wrapped), in one row. */
export const linha = (rotulo: string, valor: string, opcoes: OpcoesLinha = {}): Content => ({
  columns: [
    { text: rotulo, width: '*' },
    { text: valor, width: 'auto', alignment: 'right', noWrap: true },
  ],
  columnGap: 4,
  ...opcoes,
});

/** The dashed rule between blocks, `largura` points long. */
export const separador = (largura: number): Content => ({
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: largura, y2: 0, lineWidth: 0.5, dash: { length: 2 } }],
  margin: [0, 3, 0, 3],
});

/** A line of a document's items: the quantity already written with its unit; money in reais. */
export type ItemImpresso = {
  descricao: string;
  quantidade: string;
  valorUnitario: number;
  valorDesconto?: number;
  valorTotal: number;
};

/**
 * The items of a document laid out for `formato`. 80 mm: two lines each ("1. description", then
 * "qty x unit  desc. …" and the total at the right). A4: a table with `rotuloDescricao` as the
 * description's header and, when `colunaDesconto`, a discount column ('—' when none).
 */
export const tabelaItens = (
  formato: FormatoCupom,
  itens: ItemImpresso[],
  { rotuloDescricao, colunaDesconto }: { rotuloDescricao: string; colunaDesconto: boolean },
): Content => {
  const direita = (text: string): TableCell => ({ text, alignment: 'right', noWrap: true });
  if (formato === '80mm') {
    return {
      table: {
        widths: ['*', 'auto'],
        body: itens.flatMap((item, i): TableCell[][] => {
          const desconto = item.valorDesconto ? `  desc. ${formatMoney(item.valorDesconto)}` : '';
          return [
            [{ text: `${i + 1}. ${item.descricao}`, colSpan: 2 }, {}],
            [
              { text: `${item.quantidade} x ${formatMoney(item.valorUnitario)}${desconto}`, color: '#333333' },
              direita(formatMoney(item.valorTotal)),
            ],
          ];
        }),
      },
      layout: {
        hLineWidth: () => 0,
        vLineWidth: () => 0,
        paddingLeft: () => 0,
        paddingRight: () => 0,
        paddingTop: () => 0.5,
        paddingBottom: () => 0.5,
      },
    };
  }
  const cabecalho = ['#', rotuloDescricao, 'Qtd.', 'Vl. unit.', ...(colunaDesconto ? ['Desconto'] : []), 'Total'];
  return {
    table: {
      headerRows: 1,
      widths: [16, '*', ...cabecalho.slice(2).map(() => 'auto' as const)],
      body: [
        cabecalho.map((t, i) => ({ text: t, bold: true, alignment: i >= 2 ? ('right' as const) : ('left' as const) })),
        ...itens.map((item, i): TableCell[] => [
          String(i + 1),
          item.descricao,
          direita(item.quantidade),
          direita(formatMoney(item.valorUnitario)),
          ...(colunaDesconto ? [direita(item.valorDesconto ? formatMoney(item.valorDesconto) : '—')] : []),
          direita(formatMoney(item.valorTotal)),
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
  };
};

/**
 * The unit's name, company name, CNPJ, address and phone, then a rule and `titulo`. With `logo`
 * (a PNG or JPEG data URL: the unit's logo), the logo sits at the left of those lines.
 */
export const cabecalhoUnidade = (unidade: UnidadeCupom, titulo: string, largura: number, logo?: string | null): Content[] => {
  const endereco = enderecoDa(unidade);
  const linhas: Content[] = [
    { text: unidade.nomeFantasia, style: 'empresa' },
    { text: unidade.razaoSocial, alignment: 'center' },
    { text: `CNPJ ${formatCnpj(unidade.cnpj)}`, alignment: 'center' },
    ...(endereco ? [{ text: endereco, alignment: 'center' as const }] : []),
    ...(unidade.telefone ? [{ text: `Tel. ${formatTelefone(unidade.telefone)}`, alignment: 'center' as const }] : []),
  ];
  const LOGO = 64;
  const identificacao: Content[] = logo
    ? [
        {
          columns: [
            { image: logo, fit: [LOGO, LOGO], width: LOGO },
            { stack: linhas, width: '*' },
            // As wide as the logo, so the lines stay centred on the page.
            { text: '', width: LOGO },
          ],
          columnGap: 8,
        },
      ]
    : linhas;
  return [...identificacao, separador(largura), { text: titulo, style: 'titulo' }];
};

/** A signature line over `nome` (and its role). */
export const assinatura = (papel: string, nome?: string): Content => ({
  stack: [
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 170, y2: 0, lineWidth: 0.5 }], alignment: 'center', margin: [0, 26, 0, 2] },
    { text: nome ? `${papel}: ${nome}` : papel, alignment: 'center' },
  ],
  unbreakable: true,
});

/** "Documento sem valor fiscal" and the print time in the unit's time zone. */
export const rodape = (agora: Date, timeZone: string): Content => ({
  stack: [{ text: 'Documento sem valor fiscal', bold: true }, { text: `Impresso em ${formatDateTime(agora, timeZone)}` }],
  alignment: 'center',
  margin: [0, 2, 0, 0],
});

/** The document definition of `content` laid out for `formato` (the receipt's page setup and styles). */
export const documentDefinition = (formato: FormatoCupom, titulo: string, autor: string, content: Content[]) => {
  const termica = formato === '80mm';
  return {
    pageSize: termica ? { width: LARGURA_80MM, height: 'auto' as const } : ('A4' as const),
    pageMargins: termica ? MARGEM_80MM : MARGEM_A4,
    compress: false,
    info: { title: titulo, author: autor },
    defaultStyle: { font: 'Helvetica', fontSize: termica ? 7.5 : 10, lineHeight: 1.1 },
    styles: {
      empresa: { fontSize: termica ? 10 : 14, bold: true, alignment: 'center' as const },
      titulo: {
        fontSize: termica ? 9 : 12,
        bold: true,
        alignment: 'center' as const,
        margin: [0, 0, 0, 3] as [number, number, number, number],
      },
      secao: { bold: true, margin: [0, 2, 0, 1] as [number, number, number, number] },
    },
    content,
  };
};

/** The PDF bytes of a definition made by `documentDefinition`. */
export const renderPdf = (definicao: ReturnType<typeof documentDefinition>): Promise<Buffer> => {
  configurePdfmake();
  return pdfmake.createPdf(definicao).getBuffer();
};
