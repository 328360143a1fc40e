/**
 * The till's keyboard map, written once (issue #16 item 4): each shortcut's key, label, action and
 * enabled rule. The same table feeds the key handler (`hotkeysDoPdv`) and the shortcut bar at the
 * bottom of the screen (`AtalhosBar`), so what a key does and what the bar shows cannot drift apart.
 */
import type { HotkeyItem } from '@mantine/hooks';

export type Atalho = {
  /** The key as shown ('F3', 'Ctrl+Del'). */
  tecla: string;
  /** The key as the key handler names it ('F3', 'ctrl+Delete'); none for a key the dialogs handle (Esc). */
  hotkey?: string;
  label: string;
  acao?: () => void;
  /** Shown in the bar (the bar of a till waiting for a register shows only F2 and F5). */
  naBarra: boolean;
  /** The bar's entry can be clicked. */
  habilitado: boolean;
  /** Why it is disabled, as a tooltip-free title (the bar stays one line). */
  motivo?: string | null;
  /**
   * Whether the key acts; by default when the entry is in the bar and enabled. Some keys run their
   * action even when the bar shows them disabled: the action itself refuses and says why (F9 and
   * F10 list what is missing, F12 says the sale is not saved yet), or guards itself (Ctrl+Del).
   */
  teclaAtiva?: boolean;
  /** What the key does over the result panel, where every other key is blocked (F12 prints the sale just ended, F11 emits its NFC-e). */
  sobResultado?: () => void;
};

/** What the enabled rules read: the record on screen and what the cashier may do. */
export type EstadoAtalhos = {
  /** No register open to sell on: the screen asks for one (F2) instead of the till. */
  precisaCaixa: boolean;
  podeAbrirCaixa: boolean;
  /** The record is open and no result panel is over it. */
  editavel: boolean;
  /** Items can change (editable and not a sale left open). */
  itensEditaveis: boolean;
  deixadaEmAberto: boolean;
  orcamento: boolean;
  quantidadeItens: number;
  valorEmAberto: number;
  sId: string | null;
  temConteudo: boolean;
  motivoFinalizar: string | null;
  motivoAberta: string | null;
  /** The sale of the result panel on screen, if any. */
  resultadoId: string | null;
  /** The result panel's sale can have its NFC-e emitted now (F11; issue #18 item 8). */
  podeEmitirNfce: boolean;
};

export type AcoesAtalhos = {
  abrirCaixa: () => void;
  focarProduto: () => void;
  cliente: () => void;
  lista: () => void;
  desconto: () => void;
  frete: () => void;
  pagamento: () => void;
  deixarEmAberto: () => void;
  finalizar: () => void;
  salvarOrcamento: () => void;
  imprimir: (id: string | null) => void;
  cancelar: () => void;
  /** "Emitir NFC-e" of the sale just finalised (the "CPF na nota?" prompt first). */
  emitirNfce: () => void;
};

/** The till's shortcuts, in the bar's order. */
export function atalhosDoPdv(e: EstadoAtalhos, a: AcoesAtalhos): Atalho[] {
  const naTela = !e.precisaCaixa;
  // The till takes F9/F10 while its record can still be written.
  const livre = e.editavel && naTela;
  const fechamento: Atalho[] = e.orcamento
    ? [
        {
          tecla: 'F10',
          hotkey: 'F10',
          label: 'Salvar orçamento',
          acao: a.salvarOrcamento,
          naBarra: naTela,
          habilitado: e.editavel && e.quantidadeItens > 0,
          teclaAtiva: livre,
        },
      ]
    : [
        {
          tecla: 'F8',
          hotkey: 'F8',
          label: 'Pagamento',
          acao: a.pagamento,
          naBarra: naTela,
          habilitado: e.editavel && e.valorEmAberto > 0,
        },
        {
          tecla: 'F9',
          hotkey: 'F9',
          label: 'Deixar em aberto',
          acao: a.deixarEmAberto,
          naBarra: naTela,
          // Without a customer F9 asks for one, so only an empty or fully paid sale disables it.
          habilitado: e.editavel && !e.deixadaEmAberto && e.quantidadeItens > 0 && e.valorEmAberto > 0,
          motivo: e.motivoAberta,
          teclaAtiva: livre,
        },
        {
          tecla: 'F10',
          hotkey: 'F10',
          label: 'Finalizar',
          acao: a.finalizar,
          naBarra: naTela,
          habilitado: e.editavel && e.motivoFinalizar === null,
          motivo: e.motivoFinalizar,
          teclaAtiva: livre,
        },
      ];
  const resultadoId = e.resultadoId;
  return [
    {
      tecla: 'F2',
      hotkey: 'F2',
      label: 'Abrir caixa',
      acao: a.abrirCaixa,
      naBarra: e.precisaCaixa,
      habilitado: e.podeAbrirCaixa,
    },
    { tecla: 'F3', hotkey: 'F3', label: 'Produto', acao: a.focarProduto, naBarra: naTela, habilitado: e.itensEditaveis },
    {
      tecla: 'F4',
      hotkey: 'F4',
      label: 'Cliente',
      acao: a.cliente,
      naBarra: naTela,
      habilitado: e.editavel && !e.deixadaEmAberto,
    },
    {
      tecla: 'F5',
      hotkey: 'F5',
      label: e.orcamento ? 'Orçamentos' : 'Vendas em aberto',
      acao: a.lista,
      naBarra: true,
      habilitado: true,
    },
    {
      tecla: 'F6',
      hotkey: 'F6',
      label: 'Desconto',
      acao: a.desconto,
      naBarra: naTela,
      habilitado: e.itensEditaveis && e.quantidadeItens > 0,
    },
    { tecla: 'F7', hotkey: 'F7', label: 'Frete', acao: a.frete, naBarra: naTela, habilitado: e.itensEditaveis },
    ...fechamento,
    {
      // Over the result panel only: the NFC-e of the sale just finalised (the panel's button shows the key).
      tecla: 'F11',
      hotkey: 'F11',
      label: 'Emitir NFC-e',
      naBarra: false,
      habilitado: false,
      teclaAtiva: false,
      sobResultado: resultadoId && e.podeEmitirNfce ? a.emitirNfce : undefined,
    },
    {
      tecla: 'F12',
      hotkey: 'F12',
      label: 'Imprimir',
      acao: () => a.imprimir(e.sId),
      naBarra: naTela,
      habilitado: e.sId !== null,
      teclaAtiva: true,
      sobResultado: resultadoId ? () => a.imprimir(resultadoId) : undefined,
    },
    {
      tecla: 'Ctrl+Del',
      hotkey: 'ctrl+Delete',
      label: 'Cancelar',
      acao: a.cancelar,
      naBarra: naTela,
      habilitado: e.editavel && (e.sId !== null || e.temConteudo),
      teclaAtiva: true,
    },
    { tecla: 'Esc', label: 'Fechar', naBarra: naTela, habilitado: true },
  ];
}

export const teclaAtiva = (a: Atalho): boolean => a.teclaAtiva ?? (a.naBarra && a.habilitado);

const F_KEYS = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12'];

/**
 * The key handler of the table. Every F-key is the till's (the browser's own, F5 reload, ...,
 * never fire). Over the result panel only an entry's `sobResultado` acts, and only when no
 * confirmation is over it; over any other dialog no key acts (issue #15 item 1).
 */
export function hotkeysDoPdv(
  atalhos: readonly Atalho[],
  tela: { sobResultado: boolean; confirmacoes: number; sobDialogo: () => boolean },
): HotkeyItem[] {
  const itens: HotkeyItem[] = [
    ...F_KEYS.map((k): HotkeyItem => [k, () => undefined]),
    ...atalhos.flatMap((a): HotkeyItem[] =>
      a.hotkey
        ? [
            [
              a.hotkey,
              () => {
                if (tela.sobResultado) {
                  if (a.sobResultado && tela.confirmacoes === 0) a.sobResultado();
                } else if (!tela.sobDialogo() && teclaAtiva(a)) a.acao?.();
              },
            ],
          ]
        : [],
    ),
  ];
  // Later entries win: the no-op F-keys above only stop the browser's defaults.
  return [...new Map(itens.map((h) => [h[0].toLowerCase(), h])).values()];
}
