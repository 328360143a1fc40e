/**
 * LGPD (Lei 13.709/2018) requests of a customer (issue #22 item 6; DOMAIN.md §2 "marketing
 * consent"): their data handed to them (art. 18 II/V: JSON and a readable PDF) and their
 * anonymisation (art. 18 IV/VI: name, documents and contacts erased; sales, fiscal documents and
 * clinical records kept — the law lets the controller keep what another law obliges it to keep,
 * art. 16 I). Both acts are audited. Permission `dados-pessoais` (Administrador, Gerente).
 *
 * - GET  /api/pessoal/pessoas/{id}/lgpd/exportar?formato=json|pdf — the file (attachment).
 * - POST /api/pessoal/pessoas/{id}/lgpd/anonimizar — body anonimizarPessoaInputSchema; answers
 *   the anonymised pessoa (pessoaSchema). Irreversible: the customer can no longer be edited.
 * - GET  /api/pessoal/pessoas/{id}/lgpd/anonimizacao — anonimizacaoSchema (permission `clientes`):
 *   when it was anonymised, for the edit screen's read-only notice.
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

/** GET …/lgpd/anonimizacao: the instant (ISO) the customer was anonymised, or null. */
export const anonimizacaoSchema = z.object({ anonimizadoEm: z.string().nullable() });
export type Anonimizacao = z.infer<typeof anonimizacaoSchema>;

/**
 * Whether a customer was anonymised (the screen's "Anonimizado" badge): the anonymisation leaves
 * the name NOME_ANONIMIZADO, no document and the person inactive. The API's own check (already
 * anonymised → 400) reads the audit log, which cannot be edited.
 */
export const pessoaAnonimizada = (p: { nome: string; cpfCnpj: string | null; ativo: boolean }): boolean =>
  p.nome === NOME_ANONIMIZADO && p.cpfCnpj === null && !p.ativo;

const texto = z.string().nullable();
/** Money in reais, quantities in the item's unit, weights in kg: numbers. Dates 'yyyy-MM-dd', instants ISO. */
const numero = z.number();

/**
 * The JSON document GET …/lgpd/exportar?formato=json answers (the PDF shows the same sections):
 * who the controller is and when/by whom it was generated; the person's every field; the marketing
 * consent; the pets they are tutor of (weight history, vaccines); their purchases in every unit of
 * the tenant (items, payments, returns); their appointments; the WhatsApp messages sent to them.
 */
export const dadosPessoaisSchema = z.object({
  cabecalho: z.object({
    /** The controller (controlador, LGPD art. 5 VI): the tenant's name and CNPJ. */
    controlador: z.object({ nome: z.string(), cnpj: texto }),
    geradoEm: z.string(),
    geradoPor: z.string(),
    observacao: z.string(),
  }),
  pessoa: z.object({
    id: z.string(),
    nome: z.string(),
    cpfCnpj: texto,
    rg: texto,
    dataNascimento: texto,
    sexo: texto,
    email: texto,
    telefones: z.array(z.object({ numero: z.string(), tipo: z.string(), whatsapp: z.boolean() })),
    endereco: z.object({
      cep: texto,
      logradouro: texto,
      numero: texto,
      complemento: texto,
      bairro: texto,
      cidade: texto,
      uf: texto,
    }),
    observacoes: texto,
    comoConheceu: texto,
    temFoto: z.boolean(),
    ativo: z.boolean(),
    cadastradoEm: z.string(),
    /** The unit where the customer was registered (nome fantasia); null when unknown. */
    unidadeCadastro: texto,
  }),
  consentimentos: z.object({
    marketing: z.object({
      consentido: z.boolean(),
      /** When it was given (ISO); null without consent or once withdrawn. */
      consentidoEm: texto,
      descricao: z.string(),
    }),
  }),
  pets: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      especie: texto,
      raca: texto,
      pelagem: texto,
      sexo: texto,
      castrado: z.boolean(),
      dataNascimento: texto,
      microchip: texto,
      pesoAtualKg: numero.nullable(),
      dataObito: texto,
      historicoPeso: z.array(z.object({ data: z.string(), pesoKg: numero })),
      vacinas: z.array(z.object({ data: z.string(), vacina: z.string(), lote: texto, veterinario: texto })),
    }),
  ),
  compras: z.array(
    z.object({
      id: z.string(),
      numero: numero,
      unidade: z.string(),
      tipo: z.string(),
      status: z.string(),
      data: z.string(),
      dataFinalizacao: texto,
      itens: z.array(
        z.object({
          descricao: z.string(),
          quantidade: numero,
          unidadeSigla: z.string(),
          valorUnitario: numero,
          valorDesconto: numero,
          valorTotal: numero,
          quantidadeDevolvida: numero,
        }),
      ),
      pagamentos: z.array(z.object({ forma: z.string(), valor: numero, parcelas: numero })),
      valorBruto: numero,
      valorDescontos: numero,
      valorEntregaFrete: numero,
      valorTotal: numero,
      devolucoes: z.array(z.object({ numero: numero, data: z.string(), valorTotal: numero, motivo: texto })),
    }),
  ),
  atendimentos: z.array(
    z.object({
      id: z.string(),
      unidade: z.string(),
      inicio: z.string(),
      tipo: texto,
      pet: texto,
      servicos: z.array(z.string()),
      status: z.string(),
    }),
  ),
  mensagens: z.array(
    z.object({
      id: z.string(),
      unidade: z.string(),
      data: z.string(),
      tipo: z.string(),
      status: z.string(),
      telefone: z.string(),
      texto: z.string(),
    }),
  ),
});
export type DadosPessoais = z.infer<typeof dadosPessoaisSchema>;
