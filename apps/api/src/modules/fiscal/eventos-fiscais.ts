/**
 * The log of every fiscal action and every exchange with SEFAZ (`eventos_fiscais`, issue #18
 * items 2–4: "each logged"): who, when, which document, what SEFAZ answered, how long it took.
 */
import type { Db } from '../../db/client.ts';
import { eventosFiscais } from '../../db/schema/index.ts';

/** 'emissao' | 'contingencia' | 'transmissao' | 'cancelamento' | 'inutilizacao' | 'consulta' (schema docstring). */
export type TipoEventoFiscal = 'emissao' | 'contingencia' | 'transmissao' | 'cancelamento' | 'inutilizacao' | 'consulta';

export type EventoFiscal = {
  tipo: TipoEventoFiscal;
  documentoFiscalId?: string | null;
  inutilizacaoFiscalId?: string | null;
  cStat?: string | null;
  motivo?: string | null;
  /** Extra facts: time taken (ms), numbers, the error when SEFAZ did not answer. */
  detalhes?: Record<string, unknown> | null;
  usuarioId?: string | null;
};

/** Writes one log line in the scope's unit (inside the caller's scoped transaction). */
export const registrarEventoFiscal = async (tx: Db, e: EventoFiscal): Promise<void> => {
  await tx.insert(eventosFiscais).values({
    tipo: e.tipo,
    documentoFiscalId: e.documentoFiscalId ?? null,
    inutilizacaoFiscalId: e.inutilizacaoFiscalId ?? null,
    cStat: e.cStat ?? null,
    motivo: e.motivo ?? null,
    detalhes: e.detalhes ?? null,
    usuarioId: e.usuarioId ?? null,
  });
};
