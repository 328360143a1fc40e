/**
 * PUT /api/agenda/atendimentos/{id} (issue #17 item 2): changes an appointment with the same
 * input as booking (no repetition; `repeticao` is ignored). The same rules as criarAtendimento
 * (resolverAtendimento), the clash check excluding itself, the services replaced. The package
 * session is given back and taken again for the new data (another day, type or pet may change
 * which package covers it, if any). A Finalizado, Cancelado or NaoCompareceu appointment cannot
 * be changed (400). The sale em atendimento, if any, is not touched here: the charging code
 * keeps its items in step with the appointment's services. A new start time (issue #21) cancels
 * its WhatsApp confirmation and reminder still waiting, clears the owner's previous answer and
 * asks for confirmation again (whatsapp/gatilhos-agenda.ts; the key carries the start).
 */
import { eq, sql } from 'drizzle-orm';
import { STATUS_ATENDIMENTO } from '@petshop/shared/agenda';
import type { Db } from '../../db/client.ts';
import { atendimentos } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { lockAtendimento } from './atendimentos-repository.ts';
import { assertSemConflitos, lockRecursosAgenda } from './conflitos-agenda.ts';
import {
  colunasAtendimento,
  gravarServicos,
  resolverAtendimento,
  tomarSessaoPacote,
  type AtendimentoInputParsed,
} from './criar-atendimento.ts';
import { devolverSessaoPacote } from './pacotes-sessoes.ts';
import { cancelarMensagensAtendimento, enfileirarConfirmacaoAtendimento } from '../whatsapp/gatilhos-agenda.ts';

/** See the file's comment. 404 for an appointment of another unit or tenant. */
export const alterarAtendimento = async (
  tx: Db,
  id: string,
  input: AtendimentoInputParsed,
  usuarioId: string | null = null,
): Promise<void> => {
  const atual = await lockAtendimento(tx, id);
  if (atual.status === 'Finalizado' || atual.status === 'Cancelado' || atual.status === 'NaoCompareceu')
    throw badRequest(`Um atendimento ${STATUS_ATENDIMENTO[atual.status].toLowerCase()} não pode ser alterado`);
  const unidade = await getUnidadeAtual(tx);
  const dados = await resolverAtendimento(tx, input);
  await lockRecursosAgenda(tx, dados);
  await assertSemConflitos(tx, { ...dados, atendimentoId: id });
  if (atual.pacoteId) await devolverSessaoPacote(tx, atual.pacoteId);
  const { pacoteId, servicos } = await tomarSessaoPacote(tx, dados, dados.inicio);
  const remarcado = dados.inicio !== atual.inicioLocal;
  await tx
    .update(atendimentos)
    .set({
      ...colunasAtendimento(dados, dados, unidade.timeZone),
      pacoteId,
      ...(remarcado ? { respostaConfirmacao: null, respostaConfirmacaoEm: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(atendimentos.id, id));
  await gravarServicos(tx, id, servicos);
  if (remarcado) {
    await cancelarMensagensAtendimento(tx, id, 'Atendimento remarcado', ['confirmacaoAgendamento', 'lembreteAgendamento']);
    await enfileirarConfirmacaoAtendimento(tx, id, usuarioId);
  }
};
