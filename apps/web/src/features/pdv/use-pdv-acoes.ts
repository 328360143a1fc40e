/**
 * The till's actions that go to the API (issue #16 item 4): finalising, leaving open, saving a
 * quote, turning a quote into a sale, cancelling, the payments and discounts of a saved sale, and
 * printing. The three writes that end a record share one busy flag (`ocupado`: one write at a
 * time, a second F10 while the first is in flight does nothing) and one error path (the server's
 * refusal listed in the screen's alert, payments and items by name). A discount above the
 * cashier's limit (400 `autorizacaoDesconto`, issue #22 item 4) opens "Autorização de desconto"
 * instead, and the same write is sent again with the manager's e-mail and password.
 */
import { modals } from '@mantine/modals';
import { formatMoney } from '@petshop/shared/format';
import { MODOS_PDV, type AutorizacaoDescontoInput, type ModoPdv, type TipoDesconto, type Venda } from '@petshop/shared/venda';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { adicionarDesconto } from './api/adicionar-desconto.ts';
import { useDeixarVendaAberta } from './api/deixar-venda-aberta.ts';
import { useExcluirRecebimentoVenda } from './api/excluir-recebimento-venda.ts';
import { useExcluirVenda } from './api/excluir-venda.ts';

import { useSalvarRecebimento } from './api/salvar-recebimento.ts';
import { salvarVenda, useSalvarVenda } from './api/salvar-venda.ts';
import { useTransformarOrcamentoEmVenda } from './api/transformar-orcamento-em-venda.ts';
import { confirmar } from './components/confirmar.tsx';
import type { ErrosPagamento } from './components/pagamento-modal.tsx';
import { NOVA_VENDA_ID, type ResultadoPdv } from './components/resultado-modal.tsx';
import { usePdvStore } from './pdv-store.ts';
import {
  adicionarPagamento,
  aplicarDesconto,
  camposCartao,
  mesclarVenda,
  motivoNaoDeixarAberta,
  motivoNaoFinalizar,
  numero,
  registroDeVenda,
  registroParaVendaInput,
  removerPagamento,
  temConteudo,
  type FinanceiroRegistro,
  type NovoPagamento,
  vendaDeixadaEmAberto,
  type RegistroVenda,
} from './registro.ts';
import { errorMessage, toApiError } from '#lib/http/api-error.ts';
import { queryKeys } from '#lib/query-keys.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { imprimirVenda, type FormatoImpressao } from '#lib/print/imprimir-venda.ts';

/** Field errors of salvar-recebimento mapped to the payment form's fields. */
const errosDoRecebimento = (error: unknown): ErrosPagamento => {
  const e = toApiError(error);
  const campo = (nome: string) => e.fieldErrors[`financeiro.${nome}`] ?? e.fieldErrors[nome];
  const usados = ['valorRecebido', 'parcelas', 'dataVencimento'].flatMap((n) => [`financeiro.${n}`, n]);
  const outros = Object.entries(e.fieldErrors)
    .filter(([k]) => !usados.includes(k))
    .map(([, m]) => m);
  const geral = [...e.generalErrors, ...outros];
  return {
    valorRecebido: campo('valorRecebido'),
    parcelas: campo('parcelas'),
    dataVencimento: campo('dataVencimento'),
    geral: geral.length > 0 ? geral : campo('valorRecebido') || campo('parcelas') ? undefined : [e.message],
  };
};

/** Messages of a refused finalise/leave-open, payments by their position ("Pagamento 1: ..."). */
const mensagensDoServidor = (error: unknown, registro: RegistroVenda): string[] => {
  const e = toApiError(error);
  const pendentes = registro.financeiros.filter((f) => f.id === null);
  const campos = Object.entries(e.fieldErrors).map(([campo, msg]) => {
    const pag = /^financeiros\.(\d+)\./.exec(campo);
    if (pag) return `${pendentes[Number(pag[1])]?.formaPagamento.nome ?? 'Pagamento'}: ${msg}`;
    const item = /^itens\.(\d+)\./.exec(campo);
    if (item) return `${registro.itens[Number(item[1])]?.produto.nome ?? 'Item'}: ${msg}`;
    return msg;
  });
  const todas = [...e.generalErrors, ...campos];
  return todas.length > 0 ? todas : [e.message];
};

/** The refusal that asks for a manager's authorization of the discount, if it is one. */
const pedidoDeAutorizacao = (error: unknown): string | null => toApiError(error).fieldErrors['autorizacaoDesconto'] ?? null;

/** The "Autorização de desconto" dialog: why it is asked and the last authorization's refusal. */
export type AutorizacaoPendente = { mensagem: string; erro: string | null; enviando: boolean };

/** What the screen's rules read off the record on screen. */
export type EstadoTela = {
  /** The record can be written: open, and no result panel over it. */
  editavel: boolean;
  /** A sale left open: it already left the till (stock out), only payments change. */
  deixadaEmAberto: boolean;
  /** Items can change (editable and not a sale left open). */
  itensEditaveis: boolean;
  orcamento: boolean;
  /** A sale with no register open to sell on: the screen asks for one instead of the till. */
  precisaCaixa: boolean;
};

export const estadoTela = (
  registro: RegistroVenda | undefined,
  resultado: ResultadoPdv | null,
  caixaId: string | null,
): EstadoTela => {
  const editavel = registro !== undefined && registro.status === 'EmAberto' && resultado === null;
  const deixadaEmAberto = registro !== undefined && vendaDeixadaEmAberto(registro);
  const orcamento = registro?.tipo === 'Orcamento';
  return {
    editavel,
    deixadaEmAberto,
    itensEditaveis: editavel && !deixadaEmAberto,
    orcamento,
    precisaCaixa: registro !== undefined && !orcamento && !caixaId && editavel,
  };
};

type UsePdvAcoesParams = {
  registroId: string;
  modo: ModoPdv;
  /** The tab of Nova: the kind of the fresh record that takes an ended one's place. */
  tab: 'venda' | 'orcamento';
  caixaId: string | null;
  estado: EstadoTela;
  autosave: { aguardar: () => Promise<void> };
  /** The result panel's state, owned by the screen (it decides whether the record is editable). */
  setResultado: (resultado: ResultadoPdv | null) => void;
  /** Gives the product field the focus (after a dialog, a confirmation, a print). */
  focarEntrada: () => void;
  entradaRef: RefObject<HTMLInputElement | null>;
  /** The payment methods (the most installments each allows). */
  formasPagamento: readonly { id: string; maxParcelas: number }[];
  onConcluir: () => void;
  onAbrirVenda: (id: string) => void;
};

export function usePdvAcoes({
  registroId,
  modo,
  tab,
  caixaId,
  estado: { editavel, deixadaEmAberto, orcamento },
  autosave,
  setResultado,
  focarEntrada,
  entradaRef,
  formasPagamento,
  onConcluir,
  onAbrirVenda,
}: UsePdvAcoesParams) {
  const registro = usePdvStore((s) => s.registros[registroId]);
  const setModal = usePdvStore((s) => s.setModal);
  const [avisoCliente, setAvisoCliente] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const salvarNoStore = usePdvStore((s) => s.salvar);
  const ocupado = useRef(false);
  const [erros, setErros] = useState<string[]>([]);
  const [excluindoPagamento, setExcluindoPagamento] = useState<string | null>(null);
  const [imprimindo, setImprimindo] = useState(false);
  const [autorizacao, setAutorizacao] = useState<AutorizacaoPendente | null>(null);
  /** The write the authorization dialog sends again (finalise or leave open) and how it ends. */
  const reenvio = useRef<{
    r: RegistroVenda;
    tipo: ResultadoPdv['tipo'];
    enviar: (a: AutorizacaoDescontoInput) => Promise<Venda>;
  } | null>(null);

  const salvarVendaMutation = useSalvarVenda();
  const deixarAberta = useDeixarVendaAberta();
  const salvarRecebimento = useSalvarRecebimento();
  const excluirRecebimento = useExcluirRecebimentoVenda();
  const excluirVenda = useExcluirVenda();
  const transformar = useTransformarOrcamentoEmVenda();

  /**
   * The record as it is now in the store: handlers that run after an await (a lookup, a modal)
   * must not write back the copy they were rendered with, or a change made meanwhile is lost.
   */
  const atual = (): RegistroVenda => usePdvStore.getState().registros[registroId] ?? registro!;

  /** Closes the till's modal and gives the product field the focus back. */
  const fecharModal = useCallback(() => {
    setModal(null);
    setAvisoCliente(null);
    focarEntrada();
  }, [setModal, focarEntrada]);

  /** One write at a time: while one is in flight the others do nothing. */
  const umaEscritaPorVez = async (escrever: () => Promise<void>, aoFalhar: (error: unknown) => void) => {
    if (ocupado.current) return;
    ocupado.current = true;
    try {
      await escrever();
    } catch (error) {
      aoFalhar(error);
    } finally {
      ocupado.current = false;
    }
  };

  /**
   * A write ended the record (finalised, left open, quote saved): the result panel shows it. On
   * the till (Nova) a fresh record takes its place at once, behind the panel; a sale opened for
   * editing stays on screen, read only, until the cashier moves on.
   */
  const terminou = (tipo: ResultadoPdv['tipo'], venda: Venda) => {
    // Nothing asked before stays over the result (a pending confirmation answers "no").
    modals.closeAll();
    setResultado({ tipo, venda });
    const store = usePdvStore.getState();
    if (modo === MODOS_PDV.Nova) {
      store.remover(venda.id);
      store.novoAtual(tab === 'orcamento' ? 'Orcamento' : 'Venda');
    } else salvarNoStore(registroDeVenda(venda));
  };

  /**
   * Finalise, leave open, save a quote: the autosave lands first, the API's refusal is listed; a
   * discount above the cashier's limit opens the authorization dialog, which sends `enviar` again.
   */
  const encerrar = (
    r: RegistroVenda,
    tipo: ResultadoPdv['tipo'],
    enviar: (autorizacaoDesconto?: AutorizacaoDescontoInput) => Promise<Venda>,
  ) =>
    umaEscritaPorVez(
      async () => {
        setErros([]);
        await autosave.aguardar();
        terminou(tipo, await enviar());
      },
      (error) => {
        const pedido = pedidoDeAutorizacao(error);
        if (pedido) {
          reenvio.current = { r, tipo, enviar };
          setAutorizacao({ mensagem: pedido, erro: null, enviando: false });
        } else setErros(mensagensDoServidor(error, r));
      },
    );

  /** The manager's e-mail and password: the write is sent again with them; a refusal stays in the dialog. */
  const confirmarAutorizacao = (a: AutorizacaoDescontoInput) => {
    const pendente = reenvio.current;
    if (!pendente) return;
    return umaEscritaPorVez(
      async () => {
        setAutorizacao((atualAut) => atualAut && { ...atualAut, erro: null, enviando: true });
        const venda = await pendente.enviar(a);
        reenvio.current = null;
        setAutorizacao(null);
        terminou(pendente.tipo, venda);
      },
      (error) => {
        const pedido = pedidoDeAutorizacao(error);
        if (pedido) setAutorizacao((atualAut) => atualAut && { ...atualAut, erro: pedido, enviando: false });
        else {
          reenvio.current = null;
          setAutorizacao(null);
          setErros(mensagensDoServidor(error, pendente.r));
          focarEntrada();
        }
      },
    );
  };

  /** Esc on the authorization dialog: the sale and its payments stay on screen as they were. */
  const cancelarAutorizacao = () => {
    reenvio.current = null;
    setAutorizacao(null);
    setErros(['Desconto acima do seu limite: a venda não foi finalizada. Reduza o desconto ou peça a autorização de um gerente']);
    focarEntrada();
  };

  /** The cashier moves on from the result panel (Enter) or after cancelling. */
  const concluir = useCallback(
    (idTerminado?: string) => {
      const store = usePdvStore.getState();
      setResultado(null);
      setErros([]);
      if (idTerminado) {
        store.remover(idTerminado);
        if (modo === MODOS_PDV.Nova) store.novoAtual(tab === 'orcamento' ? 'Orcamento' : 'Venda');
      } else if (modo !== MODOS_PDV.Nova) store.remover(registroId);
      onConcluir();
      focarEntrada();
    },
    [registroId, modo, tab, onConcluir, focarEntrada, setResultado],
  );

  const imprimir = useCallback(
    async (id: string | null, formato: FormatoImpressao = '80mm') => {
      if (!id) {
        notifyError('A venda ainda não foi salva: finalize (F10) ou aguarde o salvamento para imprimir');
        return;
      }
      setImprimindo(true);
      try {
        await imprimirVenda(id, formato);
      } finally {
        setImprimindo(false);
        // Back to the till's keys (the print dialog or the new tab took the focus).
        window.setTimeout(() => (document.getElementById(NOVA_VENDA_ID) ?? entradaRef.current)?.focus(), 0);
      }
    },
    [entradaRef],
  );

  const salvarOrcamento = async () => {
    if (!registro || ocupado.current) return;
    if (registro.itens.length === 0) {
      setErros(['Adicione um produto ao orçamento']);
      return;
    }
    await encerrar(registro, 'orcamento', () => salvarVendaMutation.mutateAsync(registroParaVendaInput(registro)));
  };

  const finalizar = async () => {
    if (!registro || ocupado.current || !editavel) return;
    if (orcamento) {
      await salvarOrcamento();
      return;
    }
    const motivo = motivoNaoFinalizar(registro, { caixaId });
    if (motivo) {
      setErros([motivo]);
      if (numero(registro.valorEmAberto) > 0 && registro.itens.length > 0 && caixaId) setModal('pagamento');
      return;
    }
    await encerrar(registro, 'finalizada', (autorizacaoDesconto) =>
      salvarVendaMutation.mutateAsync({
        ...registroParaVendaInput(registro, { caixaId, comPagamentos: true }),
        ...(autorizacaoDesconto ? { autorizacaoDesconto } : {}),
      }),
    );
  };

  const deixarEmAberto = async () => {
    if (!registro || ocupado.current || !editavel || deixadaEmAberto) return;
    const motivo = motivoNaoDeixarAberta(registro);
    if (motivo) {
      if (!registro.cliente && registro.tipo === 'Venda' && registro.itens.length > 0) {
        setAvisoCliente('Informe o cliente para deixar a venda em aberto');
        setModal('cliente');
      } else setErros([motivo]);
      return;
    }
    await encerrar(registro, 'aberta', (autorizacaoDesconto) =>
      deixarAberta.mutateAsync({
        ...registroParaVendaInput(registro, { caixaId, comPagamentos: true }),
        ...(autorizacaoDesconto ? { autorizacaoDesconto } : {}),
      }),
    );
  };

  const confirmarPagamento = async (pagamento: NovoPagamento): Promise<ErrosPagamento | null> => {
    if (!registro) return null;
    if (deixadaEmAberto) {
      // The sale already left the till: its payments are recorded (and effected) at once.
      try {
        const venda = await salvarRecebimento.mutateAsync({
          vendaId: registro.id,
          financeiro: {
            chave: pagamento.chave,
            formaPagamentoId: pagamento.formaPagamento.id,
            valorRecebido: pagamento.valorRecebido,
            parcelas: pagamento.parcelas,
            dataVencimento: pagamento.dataVencimento ?? undefined,
            ...camposCartao(pagamento.cartao),
          },
        });
        if (venda.status === 'Finalizada') {
          setModal(null);
          terminou('finalizada', venda);
        } else {
          salvarNoStore(registroDeVenda(venda));
          if (venda.valorEmAberto <= 0) fecharModal();
        }
        return null;
      } catch (error) {
        return errosDoRecebimento(error);
      }
    }
    const r = adicionarPagamento(
      atual(),
      pagamento,
      formasPagamento.find((f) => f.id === pagamento.formaPagamento.id)?.maxParcelas ?? 1,
    );
    if (!r.ok) {
      const { cliente, ...campos } = r.erros;
      return { ...campos, geral: cliente ? [cliente] : undefined };
    }
    salvarNoStore(r.registro);
    setErros([]);
    if (numero(r.registro.valorEmAberto) <= 0) fecharModal();
    return null;
  };

  const excluirPagamento = async (f: FinanceiroRegistro) => {
    if (!registro) return;
    const ok = await confirmar({
      title: 'Excluir pagamento',
      message: `Excluir o pagamento de ${formatMoney(numero(f.valor))} em ${f.formaPagamento.nome}?${f.efetivado ? ' O valor será estornado.' : ''}`,
      confirmLabel: 'Excluir',
    });
    focarEntrada();
    if (!ok) return;
    if (f.id === null) {
      salvarNoStore(removerPagamento(atual(), f.chave));
      return;
    }
    setExcluindoPagamento(f.chave);
    try {
      const venda = await excluirRecebimento.mutateAsync(f.id);
      const agora = usePdvStore.getState().registros[registro.id] ?? registro;
      salvarNoStore(deixadaEmAberto ? registroDeVenda(venda) : mesclarVenda(agora, venda));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setExcluindoPagamento(null);
    }
  };

  const confirmarDesconto = async ({
    itemId,
    desconto,
    tipo,
  }: {
    itemId: string | null;
    desconto: number;
    tipo: TipoDesconto;
  }) => {
    if (!registro) return null;
    const local = aplicarDesconto(atual(), itemId, desconto, tipo);
    if (!local.ok) return local.erro;
    if (registro.sId) {
      // Saved sale: the API checks and stores the discount now.
      try {
        const venda = await adicionarDesconto({
          venda: registroParaVendaInput(registro, { caixaId }),
          itemId: itemId ?? undefined,
          desconto,
          tipoDesconto: tipo,
        });
        queryClient.setQueryData(queryKeys.pdv.detail(venda.id), venda);
        salvarNoStore(mesclarVenda(local.registro, venda));
      } catch (error) {
        const e = toApiError(error);
        // Offline: the discount stays here and the autosave sends it later.
        if (e.kind !== 'network') return [...e.generalErrors, ...Object.values(e.fieldErrors)][0] ?? e.message;
        salvarNoStore(local.registro);
      }
    } else salvarNoStore(local.registro);
    fecharModal();
    return null;
  };

  const cancelar = async () => {
    if (!registro || ocupado.current || !editavel) return;
    if (!registro.sId) {
      if (!temConteudo(registro)) return;
      const ok = await confirmar({
        title: 'Descartar venda',
        message: 'Descartar esta venda? Ela ainda não foi salva; você poderá recuperá-la pelo menu (Recuperar venda anterior).',
        confirmLabel: 'Descartar',
      });
      focarEntrada();
      if (!ok) return;
      usePdvStore.getState().remover(registro.id, true);
      concluir(registro.id);
      return;
    }
    setModal('cancelar');
  };

  const confirmarCancelamento = async (motivo: string) => {
    if (!registro) return;
    await autosave.aguardar();
    const venda = await excluirVenda.mutateAsync({ id: registro.id, motivo: motivo || undefined });
    notifySuccess(
      `${venda.tipo === 'Orcamento' ? 'Orçamento' : 'Venda'} nº ${venda.numero} cancelad${venda.tipo === 'Orcamento' ? 'o' : 'a'}`,
    );
    setModal(null);
    concluir(registro.id);
  };

  const transformarEmVenda = (id: string) =>
    umaEscritaPorVez(
      async () => {
        if (registro && registro.id === id && registro.tipo === 'Orcamento' && registro.sId) {
          // The quote being edited is saved as it is on screen first.
          await autosave.aguardar();
          await salvarVenda(registroParaVendaInput(registro));
        }
        const venda = await transformar.mutateAsync(id);
        if (registro?.id === id) usePdvStore.getState().remover(id);
        setModal(null);
        notifySuccess(`Orçamento transformado na venda nº ${venda.numero}`);
        onAbrirVenda(venda.id);
      },
      (error) => notifyError(errorMessage(error)),
    );

  return {
    avisoCliente,
    fecharModal,
    erros,
    setErros,
    imprimindo,
    excluindoPagamento,
    /** The "Autorização de desconto" dialog, when a discount above the limit waits for a manager. */
    autorizacao,
    confirmarAutorizacao,
    cancelarAutorizacao,
    /** A finalise or a quote save is in flight (the F10 button spins). */
    finalizando: salvarVendaMutation.isPending,
    deixandoAberta: deixarAberta.isPending,
    /** The quote being turned into a sale, if any. */
    transformando: transformar.isPending ? (transformar.variables ?? null) : null,
    atual,
    concluir,
    imprimir,
    finalizar,
    salvarOrcamento,
    deixarEmAberto,
    confirmarPagamento,
    excluirPagamento,
    confirmarDesconto,
    cancelar,
    confirmarCancelamento,
    transformarEmVenda,
  };
}
