/**
 * LGPD (Lei 13.709/2018) requests of a customer (issue #22 item 6; DOMAIN.md §2 "marketing
 * consent"): their data handed to them (art. 18 II/V: JSON and a readable PDF) and their
 * anonymisation (art. 18 IV/VI: name, documents and contacts erased; sales, fiscal documents and
 * clinical records kept — the law lets the controller keep what another law obliges it to keep,
 * art. 16 I). Both acts are audited. Permission `dados-pessoais` (Administrador, Gerente).
 *
 * - GET  /api/pessoal/pessoas/{id}/lgpd/exportar?formato=json|pdf — the file (attachment).
 * - POST /api/pessoal/pessoas/{id}/lgpd/anonimizar — body anonimizarPessoaInputSchema; answers
 *   the anonymised pessoa (pessoaSchema). Irreversible.
 */
import { z } from 'zod';
import { requiredText } from './validators.ts';

/** The word the user types to confirm an anonymisation (the screen asks for it). */
export const CONFIRMACAO_ANONIMIZAR = 'ANONIMIZAR';

/** The name an anonymised customer keeps (their sales still show a customer). */
export const NOME_ANONIMIZADO = 'Cliente anonimizado';

export const exportarDadosPessoaisQuerySchema = z.object({
  formato: z.enum(['json', 'pdf'], { error: 'Formato inválido: use json ou pdf' }).default('json'),
});
export type ExportarDadosPessoaisQuery = z.infer<typeof exportarDadosPessoaisQuerySchema>;

export const anonimizarPessoaInputSchema = z.object({
  confirmacao: z.literal(CONFIRMACAO_ANONIMIZAR, { error: `Digite ${CONFIRMACAO_ANONIMIZAR} para confirmar` }),
  motivo: requiredText('Motivo', 500),
});
export type AnonimizarPessoaInput = z.infer<typeof anonimizarPessoaInputSchema>;
