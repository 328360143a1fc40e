/**
 * The point-of-sale screen in modes Nova and Edicao (spec §2; issue #4 item 3): a cashier with a
 * queue, keyboard and barcode scanner only. Items on the left (the product input always has the
 * focus), customer, totals and payments on the right, the keyboard map in the footer; every
 * action has an F-key and the browser's own F-keys (F5 reload, ...) never fire here.
 *
 * The working record lives in the pdv store (localStorage) and is snapshotted to the API while
 * it changes; finalising, leaving open, saving a quote and cancelling go to the API at once.
 * Composed by the routes /vendas/pdv/ and /vendas/pdv/{id}, which pass the open-register modal
 * of the registers feature as a render prop (features do not import each other).
 */
import { Alert, Badge, Box, Button, Group, Kbd, Menu, Paper, Select, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useHotkeys, useMediaQuery, type HotkeyItem } from '@mantine/hooks';
import { modals, useModals } from '@mantine/modals';
import { formatDate, formatMoney, parseDateInput } from '@petshop/shared/format';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { MODOS_PDV, type CaixasParaPdv, type ModoPdv, type TipoDesconto, type Venda } from '@petshop/shared/venda';
import { IconAlertCircle, IconDots, IconRestore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { AtalhosBar, type Atalho } from './atalhos-bar.tsx';
import { AutosaveIndicator } from './autosave-indicator.tsx';
import { CaixaFechadoPanel } from './caixa-fechado-panel.tsx';
import { CancelarModal } from './cancelar-modal.tsx';
import { ClienteModal } from './cliente-modal.tsx';
import { ClientePanel } from './cliente-panel.tsx';
import { confirmar } from './confirmar.tsx';
import { DescontoModal } from './desconto-modal.tsx';
import { FreteModal } from './frete-modal.tsx';
import { ItemEntry } from './item-entry.tsx';
import { ItensTable } from './itens-table.tsx';
import { PagamentoModal, type ErrosPagamento } from './pagamento-modal.tsx';
import { PagamentosList } from './pagamentos-list.tsx';
import { ResumoFixo } from './resumo-fixo.tsx';
import { NOVA_VENDA_ID, ResultadoModal, type ResultadoPdv } from './resultado-modal.tsx';
import { TotaisPanel } from './totais-panel.tsx';
import { VendasOrcamentosList, VendasOrcamentosModal } from './vendas-orcamentos-list.tsx';
import { adicionarDesconto } from '../api/adicionar-desconto.ts';
import { useDeixarVendaAberta } from '../api/deixar-venda-aberta.ts';
import { useExcluirRecebimento } from '../api/excluir-recebimento-venda.ts';
import { useExcluirVenda } from '../api/excluir-venda.ts';
import { queryKeys } from '#lib/query-keys.ts';
import { useSalvarRecebimento } from '../api/salvar-recebimento.ts';
import { salvarVenda, useSalvarVenda } from '../api/salvar-venda.ts';
import { useTransformarOrcamento } from '../api/transformar-orcamento-em-venda.ts';
import { dialogoAberto } from '../dialogo-aberto.ts';
import { usePdvStore } from '../pdv-store.ts';
import {
  adicionarPagamento,
  adicionarProduto,
  alterarQuantidade,
  aplicarDesconto,
  camposCartao,
  definirCliente,
  definirFrete,
  definirPet,
  mesclarVenda,
  motivoNaoDeixarAberta,
  motivoNaoFinalizar,
  numero,
  registroDeVenda,
  registroParaVendaInput,
  removerItem,
  removerPagamento,
  somarQuantidade,
  temConteudo,
  validadePadrao,
  vendaDeixadaEmAberto,
  type FinanceiroRegistro,
  type NovoPagamento,
  type RegistroVenda,
} from '../registro.ts';
import { useAutosave } from '../use-autosave.ts';
import { hasPermissao } from '#lib/access/sections.tsx';
import { errorMessage, toApiError } from '#lib/http/api-error.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { DataInput } from '#lib/ui/masked-inputs.tsx';
import { imprimirVenda, type FormatoImpressao } from '#lib/print/imprimir-venda.ts';

export type TabPdv = 'venda' | 'orcamento';

/** The registers feature's open-register modal, passed in by the route. */
export type AbrirCaixaRender = (props: {
  opened: boolean;
  onClose: () => void;
  onOpened: (caixa: { id: string }) => void;
}) => ReactNode;

type PdvScreenProps = {
  registroId: string;
  modo: ModoPdv;
  tab: TabPdv;
  /** Nova only: the tabs venda/orcamento (search param `tab`). */
  onTabChange?: (tab: TabPdv) => void;
  caixas: CaixasParaPdv;
  /** After a sale/quote is done (or cancelled) and the cashier moves on: returnTo, a fresh record, ... */
  onConcluir: () => void;
  /** Opens /vendas/pdv/{id}. */
  onAbrirVenda: (id: string) => void;
  renderAbrirCaixa?: AbrirCaixaRender;
};

/**
 * Two columns from Mantine's md (1040 px, the navbar beside): the till is exactly the screen's
 * height, each column scrolls by itself and the shortcut bar closes it, so nothing is ever under
 * the bar (issue #15 item 4). Narrower, one column scrolling with the page, with the total and
 * "Finalizar" pinned at the bottom above the bar (hidden on phones).
 */
const DUAS_COLUNAS = '(min-width: 65em)';
const ALTURA_DA_TELA = 'calc(100dvh - var(--app-shell-header-offset, 0rem) - 2 * var(--app-shell-padding, 0rem))';
const COLUNA_ROLAVEL = { minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' } as const;
/** Finalizar and the payment buttons at the bottom of the right column, whatever scrolls above. */
const ACOES_FIXAS = {
  position: 'sticky',
  bottom: 0,
  zIndex: 1,
  paddingTop: 'var(--mantine-spacing-xs)',
  background: 'var(--mantine-color-gray-0)',
} as const;

/** A Venda/Orçamento tab: it switches the whole screen, not a panel, so no aria-controls naming a missing panel. */
const abaSemPainel = ({ 'aria-controls': _semPainel, ...props }: ComponentPropsWithoutRef<'button'>) => <button {...props} />;

const F_KEYS = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12'];

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

export function PdvScreen({
  registroId,
  modo,
  tab,
  onTabChange,
  caixas,
  onConcluir,
  onAbrirVenda,
  renderAbrirCaixa,
}: PdvScreenProps) {
  const queryClient = useQueryClient();
  const registro = usePdvStore((s) => s.registros[registroId]);
  const salvar = usePdvStore((s) => s.salvar);
  const modal = usePdvStore((s) => s.modal);
  const setModal = usePdvStore((s) => s.setModal);
  const caixaEscolhido = usePdvStore((s) => s.caixaId);
  const setCaixaId = usePdvStore((s) => s.setCaixaId);
  const selecionadoStore = usePdvStore((s) => s.itemSelecionado[registroId] ?? null);
  const selecionarItem = usePdvStore((s) => s.selecionarItem);
  const backup = usePdvStore((s) => s.backup);
  const confirmacoes = useModals().modals.length;
  const duasColunas = useMediaQuery(DUAS_COLUNAS, false, { getInitialValueInEffect: false });
  const unidade = useSessionStore((s) => s.unidadeNegocio);
  const session = { unidadeNegocio: unidade };
  const podeVender = hasPermissao(session, PERMISSOES.vendas);
  const podeOrcar = hasPermissao(session, PERMISSOES.orcamentos);
  const podeAbrirCaixa = hasPermissao(session, PERMISSOES.caixa);

  const entradaRef = useRef<HTMLInputElement>(null);
  const ocupado = useRef(false);
  const [resultado, setResultado] = useState<ResultadoPdv | null>(null);
  const [erros, setErros] = useState<string[]>([]);
  const [avisoCliente, setAvisoCliente] = useState<string | null>(null);
  const [excluindoPagamento, setExcluindoPagamento] = useState<string | null>(null);
  const [imprimindo, setImprimindo] = useState(false);

  const salvarVendaMutation = useSalvarVenda();
  const deixarAberta = useDeixarVendaAberta();
  const salvarRecebimento = useSalvarRecebimento();
  const excluirRecebimento = useExcluirRecebimento();
  const excluirVenda = useExcluirVenda();
  const transformar = useTransformarOrcamento();

  // The register sold on: the one chosen (while still open), else the user's own.
  const caixaId = useMemo(() => {
    if (caixaEscolhido && caixas.caixas.some((c) => c.id === caixaEscolhido)) return caixaEscolhido;
    return caixas.caixas.find((c) => c.doUsuario)?.id ?? null;
  }, [caixaEscolhido, caixas.caixas]);
  useEffect(() => {
    if (caixaEscolhido !== caixaId) setCaixaId(caixaId);
  }, [caixaEscolhido, caixaId, setCaixaId]);

  /**
   * The record as it is now in the store: handlers that run after an await (a lookup, a modal)
   * must not write back the copy they were rendered with, or a change made meanwhile is lost.
   */
  const atual = (): RegistroVenda => usePdvStore.getState().registros[registroId] ?? registro!;

  const focarEntrada = useCallback(() => window.setTimeout(() => entradaRef.current?.focus(), 0), []);
  const fecharModal = useCallback(() => {
    setModal(null);
    setAvisoCliente(null);
    focarEntrada();
  }, [setModal, focarEntrada]);

  // A modal left open by a previous screen does not follow the cashier here.
  useEffect(() => {
    setModal(null);
    focarEntrada();
  }, [registroId, setModal, focarEntrada]);

  const editavel = registro !== undefined && registro.status === 'EmAberto' && resultado === null;
  const deixadaEmAberto = registro !== undefined && vendaDeixadaEmAberto(registro);
  const itensEditaveis = editavel && !deixadaEmAberto;
  const orcamento = registro?.tipo === 'Orcamento';
  const precisaCaixa = registro !== undefined && !orcamento && !caixaId && editavel;

  // The tab decides the kind of a new record (the current one can become a quote, spec §2).
  useEffect(() => {
    if (!registro || modo !== MODOS_PDV.Nova || !editavel) return;
    const tipo = tab === 'orcamento' ? 'Orcamento' : 'Venda';
    if (registro.tipo === tipo) return;
    if (tipo === 'Orcamento' && registro.financeiros.length > 0) {
      notifyError('Exclua os pagamentos antes de transformar a venda em orçamento');
      onTabChange?.('venda');
      return;
    }
    salvar({
      ...registro,
      tipo,
      validadeOrcamento: tipo === 'Orcamento' ? (registro.validadeOrcamento ?? validadePadrao()) : null,
      alteradoEm: new Date().toISOString(),
    });
  }, [tab, registro, modo, editavel, salvar, onTabChange]);

  const toInput = useCallback((r: RegistroVenda) => registroParaVendaInput(r, { caixaId }), [caixaId]);
  const onSnapshot = useCallback(
    (venda: Venda) => {
      const atual = usePdvStore.getState().registros[venda.id];
      if (atual && atual.status === 'EmAberto') salvar(mesclarVenda(atual, venda));
    },
    [salvar],
  );
  const autosave = useAutosave({
    registro: registro ?? ({ id: registroId, alteradoEm: '', itens: [] } as unknown as RegistroVenda),
    // Drafts being served and quotes (a saved quote's edits are kept too); never a sale left open.
    enabled: Boolean(registro && editavel && (registro.emAtendimento || registro.tipo === 'Orcamento') && !precisaCaixa),
    toInput,
    onSaved: onSnapshot,
  });

  const itemSelecionadoId =
    registro && selecionadoStore && registro.itens.some((i) => i.id === selecionadoStore)
      ? selecionadoStore
      : (registro?.itens.at(-1)?.id ?? null);
  const itemSelecionado = registro?.itens.find((i) => i.id === itemSelecionadoId) ?? null;
  const formaMax = (formaId: string) => caixas.formasPagamento.find((f) => f.id === formaId)?.maxParcelas ?? 1;

  // --------------------------------------------------------------------------------------------
  // Actions
  // --------------------------------------------------------------------------------------------

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
    } else salvar(registroDeVenda(venda));
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
    [registroId, modo, tab, onConcluir, focarEntrada],
  );

  const imprimir = useCallback(async (id: string | null, formato: FormatoImpressao = '80mm') => {
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
  }, []);

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
    ocupado.current = true;
    setErros([]);
    try {
      await autosave.aguardar();
      const venda = await salvarVendaMutation.mutateAsync(registroParaVendaInput(registro, { caixaId, comPagamentos: true }));
      terminou('finalizada', venda);
    } catch (error) {
      setErros(mensagensDoServidor(error, registro));
    } finally {
      ocupado.current = false;
    }
  };

  const salvarOrcamento = async () => {
    if (!registro || ocupado.current) return;
    if (registro.itens.length === 0) {
      setErros(['Adicione um produto ao orçamento']);
      return;
    }
    ocupado.current = true;
    setErros([]);
    try {
      await autosave.aguardar();
      const venda = await salvarVendaMutation.mutateAsync(registroParaVendaInput(registro));
      terminou('orcamento', venda);
    } catch (error) {
      setErros(mensagensDoServidor(error, registro));
    } finally {
      ocupado.current = false;
    }
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
    ocupado.current = true;
    setErros([]);
    try {
      await autosave.aguardar();
      const venda = await deixarAberta.mutateAsync(registroParaVendaInput(registro, { caixaId, comPagamentos: true }));
      terminou('aberta', venda);
    } catch (error) {
      setErros(mensagensDoServidor(error, registro));
    } finally {
      ocupado.current = false;
    }
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
          salvar(registroDeVenda(venda));
          if (venda.valorEmAberto <= 0) fecharModal();
        }
        return null;
      } catch (error) {
        return errosDoRecebimento(error);
      }
    }
    const r = adicionarPagamento(atual(), pagamento, formaMax(pagamento.formaPagamento.id));
    if (!r.ok) {
      const { cliente, ...campos } = r.erros;
      return { ...campos, geral: cliente ? [cliente] : undefined };
    }
    salvar(r.registro);
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
      salvar(removerPagamento(atual(), f.chave));
      return;
    }
    setExcluindoPagamento(f.chave);
    try {
      const venda = await excluirRecebimento.mutateAsync(f.id);
      const atual = usePdvStore.getState().registros[registro.id] ?? registro;
      salvar(deixadaEmAberto ? registroDeVenda(venda) : mesclarVenda(atual, venda));
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
        salvar(mesclarVenda(local.registro, venda));
      } catch (error) {
        const e = toApiError(error);
        // Offline: the discount stays here and the autosave sends it later.
        if (e.kind !== 'network') return [...e.generalErrors, ...Object.values(e.fieldErrors)][0] ?? e.message;
        salvar(local.registro);
      }
    } else salvar(local.registro);
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

  const transformarEmVenda = async (id: string) => {
    if (ocupado.current) return;
    ocupado.current = true;
    try {
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
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      ocupado.current = false;
    }
  };

  // --------------------------------------------------------------------------------------------
  // Keyboard
  // --------------------------------------------------------------------------------------------

  /**
   * A dialog is over the till (its modals, the result, a confirmation, anyone's modal or
   * drawer): only the dialog's keys act, the till's F-keys do nothing (issue #15 item 1).
   */
  const sobDialogo = () => resultado !== null || usePdvStore.getState().modal !== null || confirmacoes > 0 || dialogoAberto();
  const acao = (fn: () => void | Promise<void>) => () => {
    if (sobDialogo()) return;
    void fn();
  };
  const abrirModal = (m: Parameters<typeof setModal>[0], condicao = true) =>
    acao(() => {
      if (condicao) setModal(m);
    });

  const atalhosBloqueados = !editavel || precisaCaixa;
  const hotkeys: HotkeyItem[] = [
    ...F_KEYS.map((k): HotkeyItem => [k, () => undefined]),
    ['F2', acao(() => (precisaCaixa && podeAbrirCaixa ? setModal('abrir-caixa') : undefined))],
    ['F3', acao(() => void focarEntrada())],
    ['F4', abrirModal('cliente', !atalhosBloqueados && !deixadaEmAberto)],
    ['F5', abrirModal('lista')],
    ['F6', abrirModal('desconto', !atalhosBloqueados && itensEditaveis && (registro?.itens.length ?? 0) > 0)],
    ['F7', abrirModal('frete', !atalhosBloqueados && itensEditaveis)],
    ['F8', abrirModal('pagamento', !atalhosBloqueados && !orcamento && numero(registro?.valorEmAberto) > 0)],
    ['F9', acao(() => (atalhosBloqueados || orcamento ? undefined : deixarEmAberto()))],
    ['F10', acao(() => (atalhosBloqueados ? undefined : finalizar()))],
    [
      'F12',
      () => {
        if (resultado) {
          if (confirmacoes === 0) void imprimir(resultado.venda.id);
        } else if (!sobDialogo()) void imprimir(registro?.sId ?? null);
      },
    ],
    ['ctrl+Delete', acao(() => cancelar())],
  ];
  // Later entries win: the no-op F-keys above only stop the browser's defaults.
  const porTecla = new Map(hotkeys.map((h) => [h[0].toLowerCase(), h]));
  useHotkeys([...porTecla.values()], []);

  if (!registro) return null;

  const motivoFinalizar = orcamento ? null : motivoNaoFinalizar(registro, { caixaId });
  const motivoAberta = orcamento ? null : motivoNaoDeixarAberta(registro);
  const numeroTexto = registro.numero ? ` nº ${registro.numero}` : '';
  const titulo = orcamento ? `Orçamento${numeroTexto}` : modo === MODOS_PDV.Nova ? 'Ponto de venda' : `Venda${numeroTexto}`;

  const atalhos: Atalho[] = precisaCaixa
    ? [
        { tecla: 'F2', label: 'Abrir caixa', onClick: () => setModal('abrir-caixa'), disabled: !podeAbrirCaixa },
        { tecla: 'F5', label: orcamento ? 'Orçamentos' : 'Vendas em aberto', onClick: () => setModal('lista') },
      ]
    : [
        { tecla: 'F3', label: 'Produto', onClick: focarEntrada, disabled: !itensEditaveis },
        { tecla: 'F4', label: 'Cliente', onClick: () => setModal('cliente'), disabled: !editavel || deixadaEmAberto },
        { tecla: 'F5', label: orcamento ? 'Orçamentos' : 'Vendas em aberto', onClick: () => setModal('lista') },
        {
          tecla: 'F6',
          label: 'Desconto',
          onClick: () => setModal('desconto'),
          disabled: !itensEditaveis || registro.itens.length === 0,
        },
        { tecla: 'F7', label: 'Frete', onClick: () => setModal('frete'), disabled: !itensEditaveis },
        ...(orcamento
          ? [
              {
                tecla: 'F10',
                label: 'Salvar orçamento',
                onClick: () => void salvarOrcamento(),
                disabled: !editavel || registro.itens.length === 0,
              },
            ]
          : [
              {
                tecla: 'F8',
                label: 'Pagamento',
                onClick: () => setModal('pagamento'),
                disabled: !editavel || numero(registro.valorEmAberto) <= 0,
              },
              {
                tecla: 'F9',
                label: 'Deixar em aberto',
                onClick: () => void deixarEmAberto(),
                // Without a customer F9 asks for one, so only an empty or fully paid sale disables it.
                disabled: !editavel || deixadaEmAberto || registro.itens.length === 0 || numero(registro.valorEmAberto) <= 0,
                motivo: motivoAberta,
              },
              {
                tecla: 'F10',
                label: 'Finalizar',
                onClick: () => void finalizar(),
                disabled: !editavel || motivoFinalizar !== null,
                motivo: motivoFinalizar,
              },
            ]),
        { tecla: 'F12', label: 'Imprimir', onClick: () => void imprimir(registro.sId), disabled: !registro.sId },
        {
          tecla: 'Ctrl+Del',
          label: 'Cancelar',
          onClick: () => void cancelar(),
          disabled: !editavel || (!registro.sId && !temConteudo(registro)),
        },
        { tecla: 'Esc', label: 'Fechar' },
      ];

  const salvando = salvarVendaMutation.isPending || deixarAberta.isPending;
  const botaoFinalizar = orcamento ? (
    <Button
      size="lg"
      onClick={() => void salvarOrcamento()}
      loading={salvando}
      disabled={!editavel || registro.itens.length === 0}
      rightSection={<Kbd>F10</Kbd>}
    >
      Salvar orçamento
    </Button>
  ) : (
    <Button
      size="lg"
      color="teal"
      onClick={() => void finalizar()}
      loading={salvarVendaMutation.isPending}
      disabled={!editavel || motivoFinalizar !== null}
      rightSection={<Kbd>F10</Kbd>}
    >
      Finalizar venda
    </Button>
  );

  return (
    <Stack
      gap="sm"
      data-testid="pdv-screen"
      data-modo={modo}
      data-colunas={duasColunas ? 2 : 1}
      style={duasColunas ? { height: ALTURA_DA_TELA, minHeight: 480 } : undefined}
    >
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Group gap="md" align="center">
          <Title order={2}>{titulo}</Title>
          {deixadaEmAberto ? (
            <Badge color="orange" variant="light">
              Em aberto
            </Badge>
          ) : null}
          {modo === MODOS_PDV.Nova && onTabChange && podeVender && podeOrcar ? (
            <Tabs
              value={tab}
              onChange={(v) => {
                if (!v) return;
                onTabChange(v as TabPdv);
                // Back to the product field: the next keystrokes are a scan.
                focarEntrada();
              }}
              variant="pills"
              radius="md"
            >
              <Tabs.List>
                <Tabs.Tab value="venda" renderRoot={abaSemPainel}>
                  Venda
                </Tabs.Tab>
                <Tabs.Tab value="orcamento" renderRoot={abaSemPainel}>
                  Orçamento
                </Tabs.Tab>
              </Tabs.List>
            </Tabs>
          ) : null}
        </Group>
        <Group gap="sm" align="center">
          {!orcamento && caixas.caixas.length > 1 ? (
            <Select
              aria-label="Caixa"
              size="xs"
              w={240}
              allowDeselect={false}
              value={caixaId}
              onChange={(v) => v && setCaixaId(v)}
              data={caixas.caixas.map((c) => ({ value: c.id, label: `Caixa nº ${c.numero} — ${c.usuario.nome}` }))}
            />
          ) : !orcamento && caixaId ? (
            <Text size="sm" c="dimmed">
              Caixa nº {caixas.caixas.find((c) => c.id === caixaId)?.numero}
            </Text>
          ) : null}
          {editavel && !deixadaEmAberto ? <AutosaveIndicator estado={autosave.estado} /> : null}
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" size="xs" leftSection={<IconDots size={16} />}>
                Mais
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setModal('lista')} rightSection={<Kbd size="xs">F5</Kbd>}>
                {orcamento ? 'Orçamentos' : 'Vendas em aberto'}
              </Menu.Item>
              {modo === MODOS_PDV.Nova && backup && backup.id !== registro.id ? (
                <Menu.Item
                  leftSection={<IconRestore size={16} />}
                  onClick={() => {
                    usePdvStore.getState().restaurarBackup();
                    onTabChange?.(backup.tipo === 'Orcamento' ? 'orcamento' : 'venda');
                  }}
                >
                  Recuperar venda anterior ({backup.itens.length} {backup.itens.length === 1 ? 'item' : 'itens'},{' '}
                  {formatMoney(numero(backup.valorLiquido))})
                </Menu.Item>
              ) : null}
              {registro.sId ? (
                <>
                  <Menu.Item onClick={() => void imprimir(registro.sId)} rightSection={<Kbd size="xs">F12</Kbd>}>
                    Imprimir
                  </Menu.Item>
                  <Menu.Item onClick={() => void imprimir(registro.sId, 'a4')}>Imprimir em A4</Menu.Item>
                </>
              ) : null}
              <Menu.Item color="red" onClick={() => void cancelar()} rightSection={<Kbd size="xs">Ctrl+Del</Kbd>}>
                {registro.sId ? (orcamento ? 'Cancelar orçamento' : 'Cancelar venda') : 'Descartar'}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      {precisaCaixa ? (
        <CaixaFechadoPanel
          caixas={caixas.caixas}
          podeAbrir={podeAbrirCaixa}
          onAbrir={() => setModal('abrir-caixa')}
          onEscolher={setCaixaId}
          onOrcamento={modo === MODOS_PDV.Nova && podeOrcar && onTabChange ? () => onTabChange('orcamento') : undefined}
        />
      ) : (
        <Box
          style={{
            display: 'grid',
            gap: 'var(--mantine-spacing-sm)',
            gridTemplateColumns: duasColunas ? 'minmax(0, 2fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
            ...(duasColunas ? { flex: 1, minHeight: 0 } : {}),
          }}
        >
          <Box style={duasColunas ? COLUNA_ROLAVEL : undefined}>
            <Stack gap="sm">
              <Paper withBorder radius="md" p="sm">
                <Stack gap="sm">
                  {itensEditaveis ? (
                    <ItemEntry
                      ref={entradaRef}
                      onProduto={(produto, quantidade) => {
                        const r = adicionarProduto(atual(), produto, quantidade);
                        if (!r.ok) return r.erro;
                        salvar(r.registro);
                        selecionarItem(registro.id, r.itemId);
                        setErros([]);
                        return null;
                      }}
                      onQuantidadeSelecionado={(q) => {
                        if (!itemSelecionadoId) return 'Nenhum item selecionado';
                        const r = alterarQuantidade(atual(), itemSelecionadoId, q);
                        if (!r.ok) return r.erro;
                        salvar(r.registro);
                        return null;
                      }}
                      onMoverSelecao={(delta) => {
                        if (registro.itens.length === 0) return;
                        const idx = registro.itens.findIndex((i) => i.id === itemSelecionadoId);
                        const prox = Math.min(
                          registro.itens.length - 1,
                          Math.max(0, (idx < 0 ? registro.itens.length : idx) + delta),
                        );
                        selecionarItem(registro.id, registro.itens[prox]!.id);
                      }}
                      onSomarSelecionado={(delta) => {
                        if (itemSelecionadoId) salvar(somarQuantidade(atual(), itemSelecionadoId, delta));
                      }}
                      onRemoverSelecionado={() => {
                        if (itemSelecionado) void removerComConfirmacao(itemSelecionado.id);
                      }}
                    />
                  ) : deixadaEmAberto ? (
                    <Alert color="orange" variant="light" icon={<IconAlertCircle />}>
                      Venda deixada em aberto: o estoque já saiu e os itens não mudam. Receba o saldo (F8); para mudar itens,
                      cancele a venda.
                    </Alert>
                  ) : null}
                  <ItensTable
                    itens={registro.itens}
                    selecionadoId={itemSelecionadoId}
                    onSelecionar={(id) => selecionarItem(registro.id, id)}
                    onQuantidade={
                      itensEditaveis
                        ? (id, q) => {
                            const r = alterarQuantidade(atual(), id, q);
                            if (!r.ok) return r.erro;
                            salvar(r.registro);
                            return null;
                          }
                        : undefined
                    }
                    onRemover={(id) => void removerComConfirmacao(id)}
                    onEdicaoFim={focarEntrada}
                    readOnly={!itensEditaveis}
                    permiteEstoqueNegativo={caixas.permiteEstoqueNegativo}
                  />
                </Stack>
              </Paper>
              {orcamento && modo === MODOS_PDV.Nova ? (
                <Paper withBorder radius="md" p="sm">
                  <Stack gap="xs">
                    <Text fw={600}>Orçamentos</Text>
                    <VendasOrcamentosList
                      tab="orcamento"
                      onAbrir={onAbrirVenda}
                      onTransformar={podeVender ? (id) => void transformarEmVenda(id) : undefined}
                      transformando={transformar.isPending ? (transformar.variables ?? null) : null}
                    />
                  </Stack>
                </Paper>
              ) : null}
            </Stack>
          </Box>
          <Box style={duasColunas ? COLUNA_ROLAVEL : undefined}>
            <Stack gap="sm">
              <ClientePanel
                registro={registro}
                readOnly={!editavel || deixadaEmAberto}
                onEscolher={() => setModal('cliente')}
                onRemoverCliente={() => {
                  const r = definirCliente(atual(), null);
                  if (r.ok) salvar(r.registro);
                  else notifyError(r.erro);
                }}
                onRemoverPet={() => salvar(definirPet(atual(), null))}
              />
              <TotaisPanel registro={registro} />
              {orcamento ? (
                <ValidadeOrcamento
                  registro={registro}
                  onChange={(iso) => salvar({ ...registro, validadeOrcamento: iso, alteradoEm: new Date().toISOString() })}
                />
              ) : (
                <PagamentosList
                  financeiros={registro.financeiros}
                  onExcluir={(f) => void excluirPagamento(f)}
                  readOnly={!editavel}
                  excluindo={excluindoPagamento}
                />
              )}
              {erros.length > 0 ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle />}
                  role="alert"
                  title="Não foi possível concluir"
                  withCloseButton
                  onClose={() => setErros([])}
                >
                  {erros.map((m) => (
                    <Text key={m} size="sm">
                      {m}
                    </Text>
                  ))}
                </Alert>
              ) : null}
              <Stack gap="xs" style={duasColunas ? ACOES_FIXAS : undefined} data-testid="pdv-acoes">
                {duasColunas ? botaoFinalizar : null}
                {!orcamento && motivoFinalizar && registro.itens.length > 0 ? (
                  <Text size="xs" c="dimmed" ta="center" data-testid="pdv-motivo-finalizar">
                    {motivoFinalizar}
                  </Text>
                ) : null}
                {!orcamento ? (
                  <SimpleGrid
                    cols={deixadaEmAberto ? 1 : duasColunas ? { base: 1, xl: 2 } : { base: 1, xs: 2 }}
                    spacing="xs"
                    verticalSpacing="xs"
                  >
                    <Button
                      variant="light"
                      onClick={() => setModal('pagamento')}
                      disabled={!editavel || numero(registro.valorEmAberto) <= 0}
                      rightSection={<Kbd size="xs">F8</Kbd>}
                    >
                      Pagamento
                    </Button>
                    {!deixadaEmAberto ? (
                      <Button
                        variant="default"
                        onClick={() => void deixarEmAberto()}
                        loading={deixarAberta.isPending}
                        disabled={!editavel || registro.itens.length === 0 || numero(registro.valorEmAberto) <= 0}
                        rightSection={<Kbd size="xs">F9</Kbd>}
                        title={motivoAberta ?? undefined}
                      >
                        Deixar em aberto
                      </Button>
                    ) : null}
                  </SimpleGrid>
                ) : null}
              </Stack>
              {orcamento && registro.sId && modo === MODOS_PDV.Edicao && podeVender ? (
                <Button variant="light" onClick={() => void transformarEmVenda(registro.id)} loading={transformar.isPending}>
                  Transformar em venda
                </Button>
              ) : null}
            </Stack>
          </Box>
        </Box>
      )}

      <Box style={{ position: 'sticky', bottom: 0, zIndex: 5 }}>
        {!duasColunas && !precisaCaixa ? <ResumoFixo registro={registro}>{botaoFinalizar}</ResumoFixo> : null}
        <AtalhosBar atalhos={atalhos} />
      </Box>

      <ClienteModal
        opened={modal === 'cliente'}
        onClose={fecharModal}
        aviso={avisoCliente}
        onEscolher={(cliente, pet) => {
          const r = definirCliente(atual(), cliente, pet);
          if (!r.ok) {
            notifyError(r.erro);
            return;
          }
          salvar(r.registro);
          fecharModal();
        }}
      />
      <DescontoModal
        opened={modal === 'desconto'}
        onClose={fecharModal}
        registro={registro}
        item={itemSelecionado}
        onConfirmar={confirmarDesconto}
      />
      <FreteModal
        opened={modal === 'frete'}
        onClose={fecharModal}
        valorAtual={numero(registro.valorEntregaFrete)}
        onConfirmar={(valor) => {
          salvar(definirFrete(atual(), valor));
          fecharModal();
        }}
      />
      <PagamentoModal
        opened={modal === 'pagamento'}
        onClose={fecharModal}
        registro={registro}
        formas={caixas.formasPagamento}
        onConfirmar={confirmarPagamento}
      />
      <CancelarModal
        opened={modal === 'cancelar'}
        onClose={fecharModal}
        titulo={`${orcamento ? 'Orçamento' : 'Venda'}${numeroTexto}`}
        motivoObrigatorio={!orcamento && (!registro.emAtendimento || registro.financeiros.some((f) => f.efetivado))}
        efeitos={
          orcamento
            ? undefined
            : !registro.emAtendimento || registro.financeiros.some((f) => f.efetivado)
              ? 'O estoque volta, os valores recebidos são estornados do seu caixa e as contas a receber são canceladas.'
              : 'A venda ainda não movimentou estoque nem dinheiro.'
        }
        onConfirmar={confirmarCancelamento}
      />
      <VendasOrcamentosModal
        opened={modal === 'lista'}
        onClose={fecharModal}
        tab={orcamento ? 'orcamento' : 'venda'}
        onAbrir={(id) => {
          setModal(null);
          onAbrirVenda(id);
        }}
        onTransformar={orcamento && podeVender ? (id) => void transformarEmVenda(id) : undefined}
        transformando={transformar.isPending ? (transformar.variables ?? null) : null}
      />
      {renderAbrirCaixa?.({
        opened: modal === 'abrir-caixa',
        onClose: fecharModal,
        onOpened: (caixa) => {
          setCaixaId(caixa.id);
          void queryClient.invalidateQueries({ queryKey: queryKeys.pdv.caixas() });
          fecharModal();
        },
      })}
      <ResultadoModal
        resultado={resultado}
        onNova={() => concluir()}
        imprimindo={imprimindo}
        onImprimir={(formato) => {
          if (resultado) void imprimir(resultado.venda.id, formato);
        }}
      />
    </Stack>
  );

  async function removerComConfirmacao(itemId: string) {
    if (!registro || !itensEditaveis) return;
    const item = registro.itens.find((i) => i.id === itemId);
    if (!item) return;
    const ok = await confirmar({
      title: 'Remover item',
      message: `Remover ${item.produto.nome} da venda?`,
      confirmLabel: 'Remover',
    });
    focarEntrada();
    if (!ok) return;
    const atual = usePdvStore.getState().registros[registro.id] ?? registro;
    salvar(removerItem(atual, itemId));
  }
}

/** The quote's validity (default today + 7 days), typed dd/mm/aaaa. */
function ValidadeOrcamento({ registro, onChange }: { registro: RegistroVenda; onChange: (iso: string) => void }) {
  const [texto, setTexto] = useState(formatDate(registro.validadeOrcamento ?? validadePadrao()));
  const [erro, setErro] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="sm">
      <DataInput
        label="Válido até"
        value={texto}
        onChange={(v) => {
          setTexto(v);
          const iso = parseDateInput(v);
          if (v.length === 10) setErro(iso ? null : 'Data inválida');
          if (iso) onChange(iso);
        }}
        error={erro}
      />
    </Paper>
  );
}
