/**
 * Snapshot autosave (issue #4 item 3, DOMAIN.md §6 *Snapshot*): a moment after the cashier stops
 * changing the record (1.5 s), the in-progress sale goes to POST /pdv/snapshot with the whole
 * working record, so a reload or a crash loses nothing (the record is also in localStorage).
 * Only records with at least one item are sent; pending payments stay out of the draft (they go
 * with salvar-venda), so an autosave can never take money. A network failure leaves the record on
 * this computer and tries again later; a refusal (400) says why.
 */
import type { Venda, VendaInput } from '@petshop/shared/venda';
import { useCallback, useEffect, useRef, useState } from 'react';
import { salvarSnapshot } from './api/salvar-snapshot.ts';
import type { RegistroVenda } from './registro.ts';
import { toApiError } from '#lib/http/api-error.ts';

export const AUTOSAVE_DELAY_MS = 1500;
/** After a network failure, the next try comes this much later even without a change. */
export const AUTOSAVE_RETRY_MS = 15_000;

export type EstadoAutosave = {
  status: 'local' | 'pendente' | 'salvando' | 'salvo' | 'offline' | 'erro';
  salvoEm: Date | null;
  erro: string | null;
};

type Options = {
  registro: RegistroVenda;
  /** False for records that must not be snapshotted (a sale left open, a closed one, a modal busy finalising). */
  enabled: boolean;
  /** The API input of the record (the caller knows the register). */
  toInput: (registro: RegistroVenda) => VendaInput;
  /** The API's answer, to bring its identity (sId, number) into the record. */
  onSaved: (venda: Venda, enviado: RegistroVenda) => void;
  delayMs?: number;
};

export function useAutosave({ registro, enabled, toInput, onSaved, delayMs = AUTOSAVE_DELAY_MS }: Options) {
  const [estado, setEstado] = useState<EstadoAutosave>({ status: 'local', salvoEm: null, erro: null });
  /** Bumped to try again after a network failure. */
  const [tentativa, setTentativa] = useState(0);
  const emVoo = useRef<Promise<void> | null>(null);
  const timer = useRef<number | null>(null);
  const ultimoEnviado = useRef<string | null>(null);
  const latest = useRef({ registro, toInput, onSaved, enabled });
  latest.current = { registro, toInput, onSaved, enabled };

  const limparTimer = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };

  const enviar = useCallback(async (): Promise<void> => {
    const { registro: r, toInput: input, onSaved: saved, enabled: on } = latest.current;
    if (!on || r.itens.length === 0) return;
    const marca = `${r.id}@${r.alteradoEm}`;
    if (ultimoEnviado.current === marca) return;
    // One snapshot at a time: the next waits for the one on the wire.
    if (emVoo.current) await emVoo.current;
    setEstado((e) => ({ ...e, status: 'salvando' }));
    const run = (async () => {
      try {
        const venda = await salvarSnapshot(input(r), r as unknown as Record<string, unknown>);
        ultimoEnviado.current = marca;
        saved(venda, r);
        setEstado({ status: 'salvo', salvoEm: new Date(), erro: null });
      } catch (error) {
        const apiError = toApiError(error);
        if (apiError.kind === 'network' || apiError.kind === 'server') {
          setEstado((e) => ({ ...e, status: 'offline', erro: null }));
          limparTimer();
          timer.current = window.setTimeout(() => setTentativa((t) => t + 1), AUTOSAVE_RETRY_MS);
        } else {
          const campos = Object.values(apiError.fieldErrors);
          setEstado((e) => ({ ...e, status: 'erro', erro: [...apiError.generalErrors, ...campos][0] ?? apiError.message }));
        }
      }
    })();
    emVoo.current = run;
    await run;
    if (emVoo.current === run) emVoo.current = null;
  }, []);

  useEffect(() => {
    if (!enabled || registro.itens.length === 0) {
      limparTimer();
      return;
    }
    if (ultimoEnviado.current === `${registro.id}@${registro.alteradoEm}`) return;
    setEstado((e) => (e.status === 'salvando' ? e : { ...e, status: 'pendente' }));
    limparTimer();
    timer.current = window.setTimeout(() => void enviar(), delayMs);
    return limparTimer;
  }, [registro.id, registro.alteradoEm, registro.itens.length, enabled, delayMs, enviar, tentativa]);

  /** Stops a pending autosave and waits for the one on the wire (before finalising or cancelling). */
  const aguardar = useCallback(async () => {
    limparTimer();
    if (emVoo.current) await emVoo.current.catch(() => undefined);
  }, []);

  return { estado, aguardar, salvarAgora: enviar };
}
