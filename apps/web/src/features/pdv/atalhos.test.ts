/**
 * The till's shortcut table (issue #16 item 4): each key runs its action when its rule allows it
 * and nothing otherwise, the bar shows what the rules say, every F-key is the till's, and over a
 * dialog or the result panel only F12 (printing the sale just ended) acts.
 */
import { describe, expect, it, vi, type Mock } from 'vitest';
import { atalhosDoPdv, hotkeysDoPdv, type AcoesAtalhos, type Atalho, type EstadoAtalhos } from './atalhos.ts';

/** A sale being served: two items, R$ 20 open, not saved yet, with a register. */
const venda: EstadoAtalhos = {
  precisaCaixa: false,
  podeAbrirCaixa: true,
  editavel: true,
  itensEditaveis: true,
  deixadaEmAberto: false,
  orcamento: false,
  quantidadeItens: 2,
  valorEmAberto: 20,
  sId: null,
  temConteudo: true,
  motivoFinalizar: 'Falta receber R$ 20,00',
  motivoAberta: 'Informe o cliente',
  resultadoId: null,
  podeEmitirNfce: false,
};

const acoes = (): { [K in keyof AcoesAtalhos]: Mock<AcoesAtalhos[K]> } => ({
  abrirCaixa: vi.fn(),
  focarProduto: vi.fn(),
  cliente: vi.fn(),
  lista: vi.fn(),
  desconto: vi.fn(),
  frete: vi.fn(),
  pagamento: vi.fn(),
  deixarEmAberto: vi.fn(),
  finalizar: vi.fn(),
  salvarOrcamento: vi.fn(),
  imprimir: vi.fn(),
  cancelar: vi.fn(),
  emitirNfce: vi.fn(),
});

const livre = { sobResultado: false, confirmacoes: 0, sobDialogo: () => false };

/** Presses a key (as the key handler names it) and answers the actions called, by name. */
const pressionar = (estado: EstadoAtalhos, tecla: string, tela = livre) => {
  const a = acoes();
  const hotkeys = hotkeysDoPdv(atalhosDoPdv(estado, a), tela);
  const item = hotkeys.find((h) => h[0].toLowerCase() === tecla.toLowerCase());
  expect(item, `${tecla} is the till's`).toBeDefined();
  item![1](new KeyboardEvent('keydown'));
  return Object.entries(a)
    .filter(([, fn]) => fn.mock.calls.length > 0)
    .map(([nome, fn]) => (fn.mock.calls[0]!.length > 0 ? `${nome}(${String(fn.mock.calls[0]![0])})` : nome));
};

const naBarra = (estado: EstadoAtalhos) =>
  atalhosDoPdv(estado, acoes())
    .filter((a) => a.naBarra)
    .map((a: Atalho) => `${a.tecla} ${a.label}${a.habilitado ? '' : ' (desabilitado)'}`);

describe('the till shortcut table', () => {
  it('maps each key to its action on a sale being served', () => {
    expect(pressionar(venda, 'F3')).toEqual(['focarProduto']);
    expect(pressionar(venda, 'F4')).toEqual(['cliente']);
    expect(pressionar(venda, 'F5')).toEqual(['lista']);
    expect(pressionar(venda, 'F6')).toEqual(['desconto']);
    expect(pressionar(venda, 'F7')).toEqual(['frete']);
    expect(pressionar(venda, 'F8')).toEqual(['pagamento']);
    expect(pressionar(venda, 'F9')).toEqual(['deixarEmAberto']);
    expect(pressionar(venda, 'F10')).toEqual(['finalizar']);
    expect(pressionar(venda, 'F12')).toEqual(['imprimir(null)']);
    expect(pressionar({ ...venda, sId: 'v1' }, 'F12')).toEqual(['imprimir(v1)']);
    expect(pressionar(venda, 'ctrl+Delete')).toEqual(['cancelar']);
    // Not the till's actions, but never the browser's either (F1 help, F5 reload, F11 full screen).
    for (const k of ['F1', 'F2', 'F11']) expect(pressionar(venda, k)).toEqual([]);
  });

  it('shows the sale keys in the bar, disabled by the same rules', () => {
    expect(naBarra(venda)).toEqual([
      'F3 Produto',
      'F4 Cliente',
      'F5 Vendas em aberto',
      'F6 Desconto',
      'F7 Frete',
      'F8 Pagamento',
      'F9 Deixar em aberto',
      'F10 Finalizar (desabilitado)',
      'F12 Imprimir (desabilitado)',
      'Ctrl+Del Cancelar',
      'Esc Fechar',
    ]);
    const atalhos = atalhosDoPdv(venda, acoes());
    expect(atalhos.find((a) => a.tecla === 'F10')?.motivo).toBe('Falta receber R$ 20,00');
    expect(atalhos.find((a) => a.tecla === 'F9')?.motivo).toBe('Informe o cliente');
    expect(atalhos.find((a) => a.tecla === 'Esc')?.acao).toBeUndefined();
  });

  it('F9 and F10 still act when the bar shows them disabled: the action says what is missing', () => {
    const vazia = { ...venda, quantidadeItens: 0, valorEmAberto: 0, temConteudo: false };
    expect(naBarra(vazia)).toContain('F9 Deixar em aberto (desabilitado)');
    expect(pressionar(vazia, 'F9')).toEqual(['deixarEmAberto']);
    expect(pressionar(vazia, 'F10')).toEqual(['finalizar']);
    // The rest follow the bar.
    expect(naBarra(vazia)).toContain('F6 Desconto (desabilitado)');
    expect(pressionar(vazia, 'F6')).toEqual([]);
    expect(naBarra(vazia)).toContain('F8 Pagamento (desabilitado)');
    expect(pressionar(vazia, 'F8')).toEqual([]);
    expect(naBarra(vazia)).toContain('Ctrl+Del Cancelar (desabilitado)');
    // Ctrl+Del guards itself (an empty unsaved record: nothing to discard).
    expect(pressionar(vazia, 'ctrl+Delete')).toEqual(['cancelar']);
  });

  it('a quote has F10 "Salvar orçamento" and no F8/F9', () => {
    const orcamento = { ...venda, orcamento: true, motivoFinalizar: null, motivoAberta: null };
    expect(naBarra(orcamento)).toEqual([
      'F3 Produto',
      'F4 Cliente',
      'F5 Orçamentos',
      'F6 Desconto',
      'F7 Frete',
      'F10 Salvar orçamento',
      'F12 Imprimir (desabilitado)',
      'Ctrl+Del Cancelar',
      'Esc Fechar',
    ]);
    expect(pressionar(orcamento, 'F10')).toEqual(['salvarOrcamento']);
    expect(pressionar({ ...orcamento, quantidadeItens: 0 }, 'F10')).toEqual(['salvarOrcamento']);
    expect(naBarra({ ...orcamento, quantidadeItens: 0 })).toContain('F10 Salvar orçamento (desabilitado)');
    expect(pressionar(orcamento, 'F8')).toEqual([]);
    expect(pressionar(orcamento, 'F9')).toEqual([]);
  });

  it('a sale left open: no customer or items change, payments and finalising still work', () => {
    const aberta = { ...venda, itensEditaveis: false, deixadaEmAberto: true, sId: 'v1' };
    for (const k of ['F3', 'F4', 'F6', 'F7']) expect(pressionar(aberta, k)).toEqual([]);
    expect(pressionar(aberta, 'F8')).toEqual(['pagamento']);
    expect(naBarra(aberta)).toContain('F9 Deixar em aberto (desabilitado)');
    expect(pressionar(aberta, 'F12')).toEqual(['imprimir(v1)']);
  });

  it('without a register only F2 and F5 are in the bar; F2 opens one when the user may', () => {
    const semCaixa = { ...venda, precisaCaixa: true };
    expect(naBarra(semCaixa)).toEqual(['F2 Abrir caixa', 'F5 Vendas em aberto']);
    expect(pressionar(semCaixa, 'F2')).toEqual(['abrirCaixa']);
    expect(naBarra({ ...semCaixa, podeAbrirCaixa: false })).toEqual(['F2 Abrir caixa (desabilitado)', 'F5 Vendas em aberto']);
    expect(pressionar({ ...semCaixa, podeAbrirCaixa: false }, 'F2')).toEqual([]);
    for (const k of ['F3', 'F4', 'F6', 'F7', 'F8', 'F9', 'F10']) expect(pressionar(semCaixa, k)).toEqual([]);
    expect(pressionar(semCaixa, 'F5')).toEqual(['lista']);
    // Print and cancel keep their keys, the actions decide.
    expect(pressionar(semCaixa, 'F12')).toEqual(['imprimir(null)']);
    expect(pressionar(semCaixa, 'ctrl+Delete')).toEqual(['cancelar']);
  });

  it('a record no longer editable (ended) takes no writing key', () => {
    const lida = { ...venda, editavel: false, itensEditaveis: false, sId: 'v1' };
    for (const k of ['F3', 'F4', 'F6', 'F7', 'F8', 'F9', 'F10']) expect(pressionar(lida, k)).toEqual([]);
    expect(naBarra(lida)).toContain('F10 Finalizar (desabilitado)');
    expect(naBarra(lida)).toContain('Ctrl+Del Cancelar (desabilitado)');
  });

  it('over a dialog no key acts', () => {
    const sob = { sobResultado: false, confirmacoes: 1, sobDialogo: () => true };
    for (const k of ['F3', 'F4', 'F5', 'F8', 'F9', 'F10', 'F12', 'ctrl+Delete']) expect(pressionar(venda, k, sob)).toEqual([]);
  });

  it('over the result panel only F12 acts, printing the sale just ended, unless a confirmation is over it', () => {
    const comResultado = { ...venda, editavel: false, itensEditaveis: false, resultadoId: 'fim' };
    const resultado = { sobResultado: true, confirmacoes: 0, sobDialogo: () => true };
    expect(pressionar(comResultado, 'F12', resultado)).toEqual(['imprimir(fim)']);
    for (const k of ['F5', 'F10', 'ctrl+Delete']) expect(pressionar(comResultado, k, resultado)).toEqual([]);
    expect(pressionar(comResultado, 'F12', { ...resultado, confirmacoes: 1 })).toEqual([]);
  });

  it('over the result panel F11 emits the NFC-e of the sale just finalised, only while it may; elsewhere F11 does nothing', () => {
    const comResultado = { ...venda, editavel: false, itensEditaveis: false, resultadoId: 'fim', podeEmitirNfce: true };
    const resultado = { sobResultado: true, confirmacoes: 0, sobDialogo: () => true };
    expect(pressionar(comResultado, 'F11', resultado)).toEqual(['emitirNfce']);
    // Already emitted or on its way, or a confirmation over the panel: nothing.
    expect(pressionar({ ...comResultado, podeEmitirNfce: false }, 'F11', resultado)).toEqual([]);
    expect(pressionar(comResultado, 'F11', { ...resultado, confirmacoes: 1 })).toEqual([]);
    // On the till itself F11 is not an action (and not in the bar).
    expect(pressionar({ ...venda, podeEmitirNfce: true }, 'F11')).toEqual([]);
    expect(naBarra(venda).some((x) => x.startsWith('F11'))).toBe(false);
  });
});
