/**
 * The NFC-e of a finalised sale at the till (issue #18 item 8): "Emitir NFC-e" (F11 over the
 * result panel) or automatic (the unit's `nfceEmissaoAutomatica`), always through the "CPF na
 * nota?" prompt, then POST /fiscal/nfce. One emission at a time; the answer (authorised, in
 * contingency, rejected) or the refusal (products' fiscal data, the unit's settings) is kept for
 * the panel (nfce-painel.tsx). "Tentar de novo" re-sends with the CPF given before.
 */
import type { DocumentoFiscal } from '@petshop/shared/fiscal';
import { useCallback, useEffect, useRef, useState } from 'react';
import { falhaDaEmissao, useEmitirNfce, type FalhaEmissao } from './api/emitir-nfce.ts';

/** Documents that already stand for the sale: no new emission is offered. */
const VIGENTES: readonly DocumentoFiscal['status'][] = ['autorizada', 'contingencia', 'pendente', 'cancelada', 'denegada'];

export const temDocumentoVigente = (doc: DocumentoFiscal | null | undefined): boolean =>
  Boolean(doc && VIGENTES.includes(doc.status));

type UseNfceVendaParams = {
  /** The finalised sale (null: nothing to invoice). */
  vendaId: string | null;
  /** The customer's CPF/CNPJ, to prefill the prompt. */
  cpfCliente: string | null;
  /** Open the prompt at once (the unit emits automatically after finalising). */
  automatica: boolean;
  /** The sale's document already known (its detail screen), if any. */
  documentoExistente?: DocumentoFiscal | null;
};

export function useNfceVenda({ vendaId, cpfCliente, automatica, documentoExistente = null }: UseNfceVendaParams) {
  const emitirMutation = useEmitirNfce();
  const [cpfAberto, setCpfAberto] = useState(false);
  const [documento, setDocumento] = useState<DocumentoFiscal | null>(null);
  const [falha, setFalha] = useState<FalhaEmissao | null>(null);
  const ultimoCpf = useRef<string | undefined>(undefined);
  const emitindo = useRef(false);
  const [emAndamento, setEmAndamento] = useState(false);

  // A new sale on the panel starts over (and, on an automatic unit, asks the CPF at once).
  useEffect(() => {
    setDocumento(null);
    setFalha(null);
    ultimoCpf.current = undefined;
    setCpfAberto(Boolean(vendaId) && automatica);
  }, [vendaId, automatica]);

  const atual = documento ?? documentoExistente;

  const enviar = useCallback(
    async (cpf: string | undefined) => {
      if (!vendaId || emitindo.current) return;
      emitindo.current = true;
      setEmAndamento(true);
      ultimoCpf.current = cpf;
      setFalha(null);
      try {
        setDocumento(await emitirMutation.mutateAsync({ vendaId, cpf }));
      } catch (error) {
        setFalha(falhaDaEmissao(error));
      } finally {
        emitindo.current = false;
        setEmAndamento(false);
      }
    },
    [vendaId, emitirMutation],
  );

  /** "Emitir NFC-e" / F11: the prompt, unless the sale already has its document or one is on its way. */
  const iniciar = useCallback(() => {
    if (!vendaId || emitindo.current || temDocumentoVigente(atual)) return;
    setCpfAberto(true);
  }, [vendaId, atual]);

  /** The prompt answered: the CPF (digits) or undefined for an unidentified consumer. */
  const confirmarCpf = useCallback(
    (cpf: string | undefined) => {
      setCpfAberto(false);
      void enviar(cpf);
    },
    [enviar],
  );

  /** "Tentar de novo" after a rejection or an error: the same CPF as before. */
  const tentarDeNovo = useCallback(() => void enviar(ultimoCpf.current), [enviar]);

  return {
    cpfAberto,
    cpfInicial: cpfCliente,
    documento: atual,
    falha,
    emitindo: emAndamento,
    /** The outcome shown came from an emission made here (the panel then moves the focus to it). */
    recente: documento !== null || falha !== null,
    /** The F11 key / the button may start an emission now. */
    podeIniciar: Boolean(vendaId) && !emAndamento && !cpfAberto && !temDocumentoVigente(atual),
    iniciar,
    confirmarCpf,
    tentarDeNovo,
  };
}

export type NfceVenda = ReturnType<typeof useNfceVenda>;
