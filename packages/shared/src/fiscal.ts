/**
 * Fiscal documents (issue #18; DOMAIN.md §8, spec §7 "Fiscal"): the NFC-e (modelo 65) of a
 * finalised sale, its cancellation, the *inutilização* of skipped numbers, the list of
 * documents and the products' fiscal status (*situação fiscal*).
 *
 * Routes: POST /api/fiscal/nfce; GET /api/fiscal/documentos (+ /{id}, /{id}/xml, /{id}/pdf,
 * POST /{id}/retransmitir, POST /{id}/cancelamento, GET /xml-mensal?mes=yyyy-MM);
 * POST /api/fiscal/inutilizacoes; GET and POST /api/fiscal/produto-situacao;
 * GET /api/comercial/vendas/{id}/pix (the BR Code of a sale's open amount).
 */
import { z } from 'zod';
import { emptyToUndefined, listQuerySchema, pageOf } from './http.ts';
import { cpfCnpjSchema, dateInput, listParam, moneyInput, optional } from './validators.ts';
import { fiscalProdutoInputSchema, fiscalProdutoSchema } from './produto.ts';

/** Status of a fiscal document, with its label (the `/fiscal/` screen's badges). */
export const STATUS_DOCUMENTO_FISCAL = {
  pendente: 'Transmitindo',
  autorizada: 'Autorizada',
  rejeitada: 'Rejeitada',
  contingencia: 'Em contingência',
  cancelada: 'Cancelada',
  denegada: 'Denegada',
} as const;
export type StatusDocumentoFiscal = keyof typeof STATUS_DOCUMENTO_FISCAL;
const STATUS_IDS = Object.keys(STATUS_DOCUMENTO_FISCAL) as [StatusDocumentoFiscal, ...StatusDocumentoFiscal[]];

/** The till never waits longer than this for SEFAZ before issuing in contingency (issue #18 item 3), in ms. */
export const NFCE_TEMPO_MAXIMO_PDV_MS = 5000;
/** A cancellation is accepted up to 30 minutes after authorisation (NFC-e, Ajuste SINIEF 07/2005 / NT 2011.004). */
export const NFCE_PRAZO_CANCELAMENTO_MINUTOS = 30;
/** Minimum length of a cancellation / inutilização reason (schema `xJust`: 15 to 255 characters). */
export const JUSTIFICATIVA_MINIMA = 15;

const justificativaSchema = z
  .string({ error: 'Justificativa é obrigatória' })
  .trim()
  .min(JUSTIFICATIVA_MINIMA, { error: `Justificativa deve ter ao menos ${JUSTIFICATIVA_MINIMA} caracteres` })
  .max(255, { error: 'Justificativa deve ter até 255 caracteres' });

/** POST /api/fiscal/nfce: issue the NFC-e of a finalised sale, optionally with the consumer's CPF/CNPJ. */
export const emitirNfceInputSchema = z.object({
  vendaId: z.uuid({ error: 'Venda inválida' }),
  /** "CPF na nota?": digits or formatted; empty = consumer not identified. */
  cpf: optional(cpfCnpjSchema),
});
export type EmitirNfceInput = z.infer<typeof emitirNfceInputSchema>;

/** POST /api/fiscal/documentos/{id}/cancelamento. */
export const cancelarNfceInputSchema = z.object({ justificativa: justificativaSchema });
export type CancelarNfceInput = z.infer<typeof cancelarNfceInputSchema>;

/** POST /api/fiscal/inutilizacoes: numbers of the unit's series never authorised. */
export const inutilizarNumerosInputSchema = z
  .object({
    serie: z.coerce.number({ error: 'Série inválida' }).int({ error: 'Série inválida' }).min(0).max(999),
    numeroInicial: z.coerce
      .number({ error: 'Número inicial inválido' })
      .int()
      .min(1, { error: 'Número inicial inválido' })
      .max(999_999_999),
    numeroFinal: z.coerce
      .number({ error: 'Número final inválido' })
      .int()
      .min(1, { error: 'Número final inválido' })
      .max(999_999_999),
    justificativa: justificativaSchema,
  })
  .refine((v) => v.numeroFinal >= v.numeroInicial, {
    path: ['numeroFinal'],
    error: 'Número final deve ser maior ou igual ao inicial',
  });
export type InutilizarNumerosInput = z.infer<typeof inutilizarNumerosInputSchema>;

/** GET /api/fiscal/documentos: page, pageSize, query (number, key, sale number, CPF), period and statuses. */
export const documentosFiscaisQuerySchema = listQuerySchema.extend({
  dataInicio: dateInput('Data inicial'),
  dataFim: dateInput('Data final'),
  status: listParam(z.enum(STATUS_IDS, { error: 'Status inválido' })),
  vendaId: optional(z.uuid({ error: 'Venda inválida' })),
});
export type DocumentosFiscaisQuery = z.infer<typeof documentosFiscaisQuerySchema>;

/** A fiscal document as the list, the till and the detail show it. Money in reais (string, 2 decimals). */
export const documentoFiscalSchema = z.object({
  id: z.string(),
  vendaId: z.string(),
  vendaNumero: z.number(),
  modelo: z.number(),
  serie: z.number(),
  numero: z.number(),
  chave: z.string(),
  /** '1' normal, '9' offline contingency. */
  tipoEmissao: z.string(),
  ambiente: z.string(),
  status: z.enum(STATUS_IDS),
  cStat: z.string().nullable(),
  /** SEFAZ's reason, in Portuguese as SEFAZ writes it. */
  motivo: z.string().nullable(),
  protocolo: z.string().nullable(),
  dataAutorizacao: z.string().nullable(),
  emitidoEm: z.string(),
  cpfDestinatario: z.string().nullable(),
  clienteNome: z.string().nullable(),
  valorTotal: z.string(),
  tentativas: z.number(),
  justificativaCancelamento: z.string().nullable(),
  dataCancelamento: z.string().nullable(),
  /** Whether it may still be cancelled now (authorised, within 30 minutes). */
  podeCancelar: z.boolean(),
  /** Whether a retry makes sense (rejected or in contingency). */
  podeRetransmitir: z.boolean(),
  /** The consumer's consultation URL (urlChave) and the QR code's text. */
  urlConsulta: z.string().nullable(),
  qrCode: z.string().nullable(),
});
export type DocumentoFiscal = z.infer<typeof documentoFiscalSchema>;
export const documentosFiscaisPageSchema = pageOf(documentoFiscalSchema);

/** An inutilização as answered by POST /api/fiscal/inutilizacoes. */
export const inutilizacaoFiscalSchema = z.object({
  id: z.string(),
  serie: z.number(),
  numeroInicial: z.number(),
  numeroFinal: z.number(),
  justificativa: z.string(),
  status: z.enum(['inutilizada', 'rejeitada']),
  cStat: z.string().nullable(),
  motivo: z.string().nullable(),
  protocolo: z.string().nullable(),
  createdAt: z.string(),
});
export type InutilizacaoFiscal = z.infer<typeof inutilizacaoFiscalSchema>;

/** GET /api/fiscal/documentos/xml-mensal: the month (yyyy-MM) whose XMLs go in one zip. */
export const xmlMensalQuerySchema = z.object({
  mes: z.preprocess(
    emptyToUndefined,
    z.string({ error: 'Mês é obrigatório' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Mês inválido (use aaaa-mm)' }),
  ),
});

// ---------------------------------------------------------------------------------------------
// Products' fiscal status (issue #18 item 7; DOMAIN.md §4 "Situação fiscal")

/** GET /api/fiscal/produto-situacao: optionally only `ids`, optionally only the incomplete ones. */
export const produtoSituacaoQuerySchema = listQuerySchema.extend({
  ids: listParam(z.uuid({ error: 'Produto inválido' })),
  /** true: only products with something missing or invalid. */
  pendentes: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : emptyToUndefined(v)), z.boolean().optional()),
});
export type ProdutoSituacaoQuery = z.infer<typeof produtoSituacaoQuerySchema>;

/** One problem of a product's fiscal data, on the field it concerns (`ncm`, `cfop`, `csosn`, `cst`, `cest`, `pisCst`, `cofinsCst`, `origem`). */
export const problemaFiscalSchema = z.object({ campo: z.string(), mensagem: z.string() });
export type ProblemaFiscal = z.infer<typeof problemaFiscalSchema>;

export const produtoSituacaoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  codigo: z.string().nullable(),
  codigoBarras: z.string().nullable(),
  /** 'produto' | 'servico': services are not on an NFC-e and are always complete. */
  tipo: z.string(),
  fiscal: fiscalProdutoSchema,
  completo: z.boolean(),
  problemas: z.array(problemaFiscalSchema),
});
export type ProdutoSituacao = z.infer<typeof produtoSituacaoSchema>;
/** The page, with the selected unit's CRT the statuses were judged against (the screen shows CSOSN or CST by it). */
export const produtosSituacaoPageSchema = pageOf(produtoSituacaoSchema).extend({ crt: z.enum(['1', '2', '3', '4']) });
export type ProdutosSituacaoPage = z.infer<typeof produtosSituacaoPageSchema>;

/** POST /api/fiscal/produto-situacao: fix many products at once (each its whole fiscal data). */
export const salvarProdutosSituacaoInputSchema = z.object({
  produtos: z
    .array(z.object({ id: z.uuid({ error: 'Produto inválido' }), fiscal: fiscalProdutoInputSchema }))
    .min(1, { error: 'Informe ao menos um produto' })
    .max(500, { error: 'Até 500 produtos por vez' }),
});
export type SalvarProdutosSituacaoInput = z.infer<typeof salvarProdutosSituacaoInputSchema>;
/** Its answer: the products as they are now, with their status. */
export const salvarProdutosSituacaoResultSchema = z.object({ produtos: z.array(produtoSituacaoSchema) });

// ---------------------------------------------------------------------------------------------
// PIX at the till (issue #18 item 9)

/** GET /api/comercial/vendas/{id}/pix: the BR Code (EMV "copia e cola") for the sale's open amount, in reais. */
export const pixVendaSchema = z.object({ payload: z.string(), valor: z.string(), chave: z.string(), txid: z.string() });
export type PixVenda = z.infer<typeof pixVendaSchema>;
/** Its query: the amount to charge (reais), default the sale's open amount. */
export const pixVendaQuerySchema = z.object({ valor: optional(moneyInput('Valor')) });

/**
 * When POST /api/fiscal/nfce refuses a sale because of its products' fiscal data, the 400's
 * `errors` carries, beside `generalErrors` (which products and what), this key with the
 * products' ids: the till sends the user to /fiscal/situacao-fiscal-produtos/?ids=…&returnTo=….
 */
export const ERRO_PRODUTOS_FISCAIS = 'produtoIds';
/** The 400's key when the unit's fiscal settings are incomplete (certificate, CSC, IE, address). */
export const ERRO_UNIDADE_FISCAL = 'unidade';
