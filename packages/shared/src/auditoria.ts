/**
 * Audit log (issue #22 item 4): an append-only record of the sensitive acts of a tenant — who,
 * when, in which unit, what, and the values before and after. Written by the API in the same
 * transaction as the act (apps/api/src/modules/auditoria/registrar-auditoria.ts); read by
 * Administradores only (`GET /api/auditoria`, screen /configuracoes/geral/auditoria).
 */
import { z } from 'zod';
import { emptyToUndefined, listQuerySchema, pageOf } from './http.ts';

/** Every kind of act the log records, with its label. Codes are stable: the database keeps them. */
export const ACOES_AUDITORIA = {
  VendaCancelada: 'Venda cancelada',
  NfceCancelada: 'NFC-e cancelada',
  DescontoAcimaDoLimite: 'Desconto acima do limite',
  PrecoAlterado: 'Preço alterado',
  EstoqueAjustado: 'Estoque ajustado',
  CaixaFechadoComDiferenca: 'Caixa fechado com diferença',
  PagamentoEstornado: 'Pagamento estornado',
  UsuarioCriado: 'Usuário criado',
  UsuarioAlterado: 'Usuário alterado',
  UsuarioDesativado: 'Usuário desativado',
  SenhaRedefinida: 'Senha redefinida',
  PermissoesAlteradas: 'Perfis de acesso alterados',
  CertificadoEnviado: 'Certificado digital enviado',
  DadosExportados: 'Dados exportados',
  DadosImportados: 'Dados importados',
  DadosPessoaisExportados: 'Dados pessoais exportados (LGPD)',
  ClienteAnonimizado: 'Cliente anonimizado (LGPD)',
} as const;
export type AcaoAuditoria = keyof typeof ACOES_AUDITORIA;
export const ACAO_AUDITORIA_IDS = Object.keys(ACOES_AUDITORIA) as [AcaoAuditoria, ...AcaoAuditoria[]];

/** The values an event recorded (field → value, in the domain's terms: reais, kg, percent). */
export type ValoresAuditoria = Record<string, unknown>;

/** One recorded act. `usuarioNome`/`unidadeNegocioNome`: today's names of the ids recorded. */
export const eventoAuditoriaSchema = z.object({
  id: z.string(),
  criadoEm: z.string(),
  /** An AcaoAuditoria code; one this release does not know (an older or newer one's) comes as recorded. */
  acao: z.string(),
  /** The code's label; an unknown code's own text. */
  acaoNome: z.string(),
  usuarioId: z.string().nullable(),
  usuarioNome: z.string().nullable(),
  unidadeNegocioId: z.string().nullable(),
  unidadeNegocioNome: z.string().nullable(),
  /** The kind of record acted on ('venda', 'produto', 'caixa', 'usuario', 'pessoa', 'relatorio', …). */
  entidade: z.string(),
  entidadeId: z.string().nullable(),
  /** One sentence in Portuguese a person reads ("Venda nº 123 cancelada: cliente desistiu"). */
  descricao: z.string(),
  antes: z.record(z.string(), z.unknown()).nullable(),
  depois: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type EventoAuditoria = z.infer<typeof eventoAuditoriaSchema>;
export const eventosAuditoriaPageSchema = pageOf(eventoAuditoriaSchema);

const dataFiltro = z.preprocess(emptyToUndefined, z.iso.date({ error: 'Data inválida' }).optional());
const uuidFiltro = z.preprocess(emptyToUndefined, z.uuid({ error: 'Identificador inválido' }).optional());

/**
 * GET /api/auditoria: page, pageSize, query (searches the description and the user's name),
 * dataInicio/dataFim ('yyyy-MM-dd', both included, in the tenant's time zone), acao, usuarioId,
 * unidadeNegocioId, entidade + entidadeId (the history of one record). Newest first.
 */
export const listAuditoriaQuerySchema = listQuerySchema
  .extend({
    dataInicio: dataFiltro,
    dataFim: dataFiltro,
    acao: z.preprocess(emptyToUndefined, z.enum(ACAO_AUDITORIA_IDS, { error: 'Ação inválida' }).optional()),
    usuarioId: uuidFiltro,
    unidadeNegocioId: uuidFiltro,
    entidade: z.preprocess(emptyToUndefined, z.string().trim().max(40).optional()),
    entidadeId: z.preprocess(emptyToUndefined, z.string().trim().max(80).optional()),
  })
  .refine((q) => !q.dataInicio || !q.dataFim || q.dataInicio <= q.dataFim, {
    error: 'A data final deve ser igual ou posterior à inicial',
    path: ['dataFim'],
  });
export type ListAuditoriaQuery = z.infer<typeof listAuditoriaQuerySchema>;
