/**
 * Anonymises a customer on their request (LGPD art. 18 IV/VI, issue #22 item 6), irreversibly, in
 * the caller's one transaction:
 *
 * - the person: name → NOME_ANONIMIZADO, CPF/CNPJ, RG, birth date, sex, e-mail, phones, address,
 *   observations, "como conheceu" and the photo (its `arquivos` row too) erased; marketing consent
 *   off; inactive. The stored search key follows the name, so the list's search no longer finds
 *   them by the old name, CPF/CNPJ, e-mail or phone;
 * - their WhatsApp messages in every unit: phone and text erased (texto '(anonimizado)', the
 *   template's values dropped); those still waiting are cancelled;
 * - their appointments' pick-up address (leva e traz) and free-text notes (observações) in every
 *   unit, and the notes (observações) of the pets they tutor: free text a shop types may hold the
 *   person's data ("ligar para a filha, 31 9…", "deixar com o porteiro do nº 12"), and it cannot be
 *   told apart from the rest. The pets' structured data (species, breed, weight, allergies,
 *   "não fazer") and their clinical records are kept.
 *
 * Kept, as the law allows what another law obliges (art. 16 I): sales, payments, returns and
 * receivables (the books), appointments and pets with their clinical records (now tutored by
 * "Cliente anonimizado"), and the fiscal documents — an authorised NF-e/NFC-e XML (with the CPF
 * printed on it, `documentos_fiscais.cpf_destinatario`) must be kept for 5 years (CTN art. 173,
 * 195 sole paragraph) and is never touched.
 *
 * Audited (`ClienteAnonimizado`, tenant-wide) with the reason and the counts of what was erased,
 * never the erased values. Already anonymised (an event of that kind exists for the person: the
 * log cannot be edited) → 400 "Cliente já anonimizado". Another tenant's person → 404.
 */
import { and, eq, sql } from 'drizzle-orm';
import { NOME_ANONIMIZADO, type AnonimizarPessoaInput } from '@petshop/shared/lgpd';
import type { Db } from '../../db/client.ts';
import { arquivos, atendimentos, pessoas, petTutores, pets, whatsappMensagens } from '../../db/schema/index.ts';
import { listDepoisDoRegistro } from '../auditoria/auditoria-repository.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/registrar-auditoria.ts';
import { emCadaUnidade } from './lgpd-repository.ts';

/** The text a message keeps once its person is anonymised (its phone keeps the same). */
export const TEXTO_ANONIMIZADO = '(anonimizado)';

/** What the anonymisation erased, counted (the audit event's `depois`). */
export type ContagemAnonimizacao = {
  camposApagados: number;
  telefones: number;
  foto: boolean;
  mensagens: number;
  enderecosLevaETraz: number;
  /** Appointments whose notes were erased. */
  observacoesAtendimentos: number;
  /** Pets whose notes were erased. */
  observacoesPets: number;
};

/** The fields of `pessoas` erased (set to null), by their schema key. */
const CAMPOS_APAGADOS = [
  'cpfCnpj',
  'rg',
  'dataNascimento',
  'sexo',
  'email',
  'cep',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'uf',
  'codigoIbge',
  'observacoes',
  'comoConheceu',
] as const;

/** Anonymises `pessoaId` (see the file's comment); answers the counts. */
export const anonimizarPessoa = async (tx: Db, pessoaId: string, input: AnonimizarPessoaInput): Promise<ContagemAnonimizacao> => {
  const [p] = await tx.select().from(pessoas).where(eq(pessoas.id, pessoaId)).for('update');
  if (!p) throw notFound('Cliente não encontrado');
  const jaFeito = await listDepoisDoRegistro(tx, { acao: 'ClienteAnonimizado', entidade: 'pessoa', entidadeId: pessoaId });
  if (jaFeito.length > 0) throw badRequest({ generalErrors: ['Cliente já anonimizado'] });

  const camposApagados =
    CAMPOS_APAGADOS.filter((c) => p[c] !== null && p[c] !== '').length + (p.nome !== NOME_ANONIMIZADO ? 1 : 0);
  await tx
    .update(pessoas)
    .set({
      nome: NOME_ANONIMIZADO,
      ...Object.fromEntries(CAMPOS_APAGADOS.map((c) => [c, null])),
      telefones: [],
      fotoArquivoId: null,
      consentimentoMarketing: false,
      consentimentoMarketingEm: null,
      ativo: false,
    })
    .where(eq(pessoas.id, pessoaId));
  if (p.fotoArquivoId) await tx.delete(arquivos).where(eq(arquivos.id, p.fotoArquivoId));
  const petsComObservacoes = await tx
    .update(pets)
    .set({ observacoes: null })
    .where(
      and(
        sql`${pets.id} in (select ${petTutores.petId} from ${petTutores} where ${petTutores.pessoaId} = ${pessoaId})`,
        sql`${pets.observacoes} is not null`,
      ),
    )
    .returning({ id: pets.id });

  const porUnidade = await emCadaUnidade(tx, async () => {
    const mensagens = await tx
      .update(whatsappMensagens)
      .set({
        telefone: TEXTO_ANONIMIZADO,
        texto: TEXTO_ANONIMIZADO,
        valores: null,
        status: sql`case when ${whatsappMensagens.status} in ('Pendente', 'Enviando') then 'Cancelada' else ${whatsappMensagens.status} end`,
        ultimoErro: sql`case when ${whatsappMensagens.status} in ('Pendente', 'Enviando') then 'Cliente anonimizado (LGPD)' else ${whatsappMensagens.ultimoErro} end`,
      })
      .where(eq(whatsappMensagens.pessoaId, pessoaId))
      .returning({ id: whatsappMensagens.id });
    const levaETraz = await tx
      .update(atendimentos)
      .set({ levaETraz: sql`${atendimentos.levaETraz} || jsonb_build_object('endereco', ${TEXTO_ANONIMIZADO}::text)` })
      .where(
        and(
          eq(atendimentos.clienteId, pessoaId),
          sql`${atendimentos.levaETraz} is not null and jsonb_typeof(${atendimentos.levaETraz}) = 'object'`,
        ),
      )
      .returning({ id: atendimentos.id });
    const observacoes = await tx
      .update(atendimentos)
      .set({ observacoes: null })
      .where(and(eq(atendimentos.clienteId, pessoaId), sql`${atendimentos.observacoes} is not null`))
      .returning({ id: atendimentos.id });
    return { mensagens: mensagens.length, levaETraz: levaETraz.length, observacoes: observacoes.length };
  });

  const contagem: ContagemAnonimizacao = {
    camposApagados,
    telefones: p.telefones.length,
    foto: p.fotoArquivoId !== null,
    mensagens: porUnidade.reduce((s, u) => s + u.mensagens, 0),
    enderecosLevaETraz: porUnidade.reduce((s, u) => s + u.levaETraz, 0),
    observacoesAtendimentos: porUnidade.reduce((s, u) => s + u.observacoes, 0),
    observacoesPets: petsComObservacoes.length,
  };
  await registrarAuditoria(tx, {
    acao: 'ClienteAnonimizado',
    entidade: 'pessoa',
    entidadeId: pessoaId,
    descricao: `Cliente anonimizado a pedido do titular (LGPD): ${input.motivo}`,
    antes: null,
    depois: { motivo: input.motivo, ...contagem },
    unidadeNegocioId: null,
  });
  return contagem;
};
