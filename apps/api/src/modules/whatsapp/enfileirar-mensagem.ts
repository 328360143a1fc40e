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
 */
import type { TipoMensagemWhatsapp, VariavelModelo } from '@petshop/shared/whatsapp';
import type { Db } from '../../db/client.ts';

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

export const enfileirarMensagem = async (_tx: Db, _mensagem: NovaMensagem): Promise<ResultadoEnfileirar> => {
  throw new Error('enfileirarMensagem: a ser implementado (issue #21)');
};
