/**
 * enfileirarMensagem — puts one message in the unit's outbox (whatsapp_mensagens), inside the
 * caller's transaction and unit scope, so the message exists exactly when its event does
 * (an appointment booked, a status set to Pronto…). The worker (processar-fila.ts) sends it.
 *
 * Rules (issue #21 item 3; DOMAIN.md §3, §12), each answering `{ enfileirada: false, motivo }`:
 * - a template message (`tipo` one of TIPOS_MODELO_WHATSAPP) goes only while its template is on
 *   (`modeloDesligado`); its text is the unit's template rendered with `valores` (renderizarModelo);
 * - marketing (MODELOS_MARKETING) only to a person with consentimentoMarketing (`semConsentimento`);
 * - none about a deceased pet (`petFalecido`), none to an inactive person (`pessoaInativa`);
 * - the phone: `telefone` if given, else the person's WhatsApp phone (the one marked whatsapp,
 *   else the first mobile) as 55+DDD+number; none → `semTelefone`;
 * - the same `chave` twice in a unit → the second does nothing (`duplicada`; unique index).
 * Values of the unit (`unidade`, `telefoneUnidade`) and of the person (`nome`, `nomeCompleto`)
 * are filled here; the caller gives the event's (`pet`, `data`, `hora`, `servico`, `vacina`).
 * The values a template message was rendered with are stored in `valores` (the Cloud API sends
 * the approved template with them as parameters).
 */
import { formatTelefone } from '@petshop/shared/format';
import {
  MODELOS_MARKETING,
  TIPOS_MODELO_WHATSAPP,
  modelosComPadrao,
  renderizarModelo,
  variaveisDoTexto,
  type TipoMensagemWhatsapp,
  type TipoModeloWhatsapp,
  type VariavelModelo,
} from '@petshop/shared/whatsapp';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { whatsappMensagens } from '../../db/schema/index.ts';
import type { TelefoneRow } from '../../db/schema/pessoal.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';

export type NovaMensagem = {
  tipo: TipoMensagemWhatsapp;
  /** The event's idempotency key (see the table's docstring in db/schema/whatsapp.ts). */
  chave: string;
  pessoaId?: string | null;
  petId?: string | null;
  atendimentoId?: string | null;
  usuarioId?: string | null;
  /** Digits with 55 and DDD; absent: the person's WhatsApp phone. */
  telefone?: string | null;
  /** For tipo 'teste' and 'manual': the text as typed (no template). */
  texto?: string;
  /** The event's template values. */
  valores?: Partial<Record<VariavelModelo, string | null>>;
  /** Not sent before (default now). */
  agendadaPara?: Date;
};

export type MotivoNaoEnfileirada =
  'modeloDesligado' | 'semConsentimento' | 'petFalecido' | 'pessoaInativa' | 'semTelefone' | 'duplicada';

export type ResultadoEnfileirar = { enfileirada: true; id: string } | { enfileirada: false; motivo: MotivoNaoEnfileirada };

/**
 * A phone as the outbox keeps it: digits with 55 and DDD ('(11) 98765-4321' → '5511987654321'),
 * or null when it is not a Brazilian number with DDD (10–11 digits, or 12–13 starting with 55).
 */
export const telefoneWhatsapp = (numero: string | null | undefined): string | null => {
  const d = (numero ?? '').replace(/\D/g, '');
  if (d.length === 10 || d.length === 11) return `55${d}`;
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) return d;
  return null;
};

/** The person's WhatsApp phone: the one marked whatsapp, else the first mobile (normalised), or null. */
export const telefoneDaPessoa = (telefones: readonly TelefoneRow[] | null | undefined): string | null => {
  const lista = Array.isArray(telefones) ? telefones : [];
  const escolhido = lista.find((t) => t.whatsapp) ?? lista.find((t) => t.tipo === 'celular');
  return telefoneWhatsapp(escolhido?.numero);
};

const ehModelo = (tipo: TipoMensagemWhatsapp): tipo is TipoModeloWhatsapp => tipo in TIPOS_MODELO_WHATSAPP;

type Contexto = {
  unidade_nome: string;
  unidade_telefone: string | null;
  modelos: Record<string, Record<string, unknown>> | null;
  pessoa_nome: string | null;
  pessoa_telefones: TelefoneRow[] | null;
  pessoa_consentimento: boolean | null;
  pessoa_ativo: boolean | null;
  pet_obito: string | null;
};

/** See the file's docstring. `tx`: a transaction in the unit's scope (request.scoped / withTenant). */
export const enfileirarMensagem = async (tx: Db, mensagem: NovaMensagem): Promise<ResultadoEnfileirar> => {
  const [ctx] = await queryRows<Contexto>(
    tx,
    sql`select u.nome_fantasia as unidade_nome, u.telefone as unidade_telefone, u.whatsapp_mensagens as modelos,
               p.nome as pessoa_nome, p.telefones as pessoa_telefones,
               p.consentimento_marketing as pessoa_consentimento, p.ativo as pessoa_ativo,
               pet.data_obito::text as pet_obito
          from unidades_negocio u
          left join pessoas p on p.id = ${mensagem.pessoaId ?? null}::uuid
          left join pets pet on pet.id = ${mensagem.petId ?? null}::uuid
         where u.id = ${currentUnidadeNegocioId}`,
  );
  if (!ctx) throw new Error('enfileirarMensagem: fora do escopo de uma unidade de negócio');

  let texto: string;
  let valores: Record<string, string> | null = null;
  if (ehModelo(mensagem.tipo)) {
    const modelo = modelosComPadrao(ctx.modelos)[mensagem.tipo];
    if (!modelo.ativo) return { enfileirada: false, motivo: 'modeloDesligado' };
    const nomeCompleto = ctx.pessoa_nome?.trim() || null;
    const preenchidos: Partial<Record<VariavelModelo, string | null>> = {
      nome: nomeCompleto ? nomeCompleto.split(/\s+/)[0]! : null,
      nomeCompleto,
      unidade: ctx.unidade_nome,
      telefoneUnidade: ctx.unidade_telefone ? formatTelefone(ctx.unidade_telefone) : null,
    };
    for (const [k, v] of Object.entries(mensagem.valores ?? {})) if (v != null) preenchidos[k as VariavelModelo] = v;
    texto = renderizarModelo(modelo.texto, preenchidos);
    // The values of the text's variables, as rendered (each one alone: the same cleaning).
    valores = Object.fromEntries(variaveisDoTexto(modelo.texto).map((v) => [v, renderizarModelo(`{{${v}}}`, preenchidos)]));
  } else {
    if (mensagem.texto == null || mensagem.texto.trim() === '')
      throw new Error(`enfileirarMensagem: mensagem do tipo ${mensagem.tipo} sem texto`);
    texto = mensagem.texto;
  }

  if (mensagem.pessoaId && ctx.pessoa_ativo === false) return { enfileirada: false, motivo: 'pessoaInativa' };
  if (mensagem.petId && ctx.pet_obito != null) return { enfileirada: false, motivo: 'petFalecido' };
  if (MODELOS_MARKETING.includes(mensagem.tipo) && ctx.pessoa_consentimento !== true)
    return { enfileirada: false, motivo: 'semConsentimento' };
  const telefone = mensagem.telefone ? telefoneWhatsapp(mensagem.telefone) : telefoneDaPessoa(ctx.pessoa_telefones);
  if (!telefone) return { enfileirada: false, motivo: 'semTelefone' };

  const agendadaPara = mensagem.agendadaPara ?? new Date();
  const [nova] = await tx
    .insert(whatsappMensagens)
    .values({
      tipo: mensagem.tipo,
      chave: mensagem.chave,
      telefone,
      texto,
      valores,
      pessoaId: mensagem.pessoaId ?? null,
      petId: mensagem.petId ?? null,
      atendimentoId: mensagem.atendimentoId ?? null,
      usuarioId: mensagem.usuarioId ?? null,
      agendadaPara,
      // The claim's index is on proxima_tentativa_em: a scheduled message is due then.
      proximaTentativaEm: agendadaPara,
    })
    .onConflictDoNothing({ target: [whatsappMensagens.unidadeNegocioId, whatsappMensagens.chave] })
    .returning({ id: whatsappMensagens.id });
  return nova ? { enfileirada: true, id: nova.id } : { enfileirada: false, motivo: 'duplicada' };
};
