import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LeitorProdutoCampo } from './leitor-produto-campo.tsx';
import { useLeitorProduto, type LeituraProduto, type OpcoesLeitorProduto } from './use-leitor-produto.ts';
import { createQueryClient } from '../query-client.ts';

type Produto = { id: string; nome: string; codigo: string | null; codigoBarras: string | null };

const racao: Produto = { id: 'p1', nome: 'Ração Golden', codigo: 'GOL15', codigoBarras: '7896181213455' };
const racaoFilhote: Produto = { id: 'p2', nome: 'Ração Golden Filhote', codigo: null, codigoBarras: '7896181213462' };
const areia: Produto = { id: 'p3', nome: 'Areia Pipicat', codigo: 'ARE4', codigoBarras: null };
const produtos = [racao, racaoFilhote, areia];

const ler = (texto: string): LeituraProduto => {
  const m = /^([^*]*)\*(.*)$/.exec(texto.trim());
  if (!m) return { ok: true, termo: texto.trim(), quantidade: null };
  const quantidade = Number(m[1]!.trim());
  return quantidade > 0 ? { ok: true, termo: m[2]!.trim(), quantidade } : { ok: false, erro: 'Quantidade inválida' };
};

/** The search: exact barcode or code, else names containing the text; `atraso` holds an answer back. */
const criarBusca = (atraso: (termo: string) => Promise<void> = () => Promise.resolve()) => {
  const termos: string[] = [];
  const consulta = (termo: string) =>
    queryOptions({
      queryKey: ['teste', 'busca', termo] as const,
      queryFn: async () => {
        termos.push(termo);
        await atraso(termo);
        const t = termo.toLowerCase();
        const exato = produtos.filter((p) => p.codigoBarras === termo || p.codigo?.toLowerCase() === t);
        return exato.length > 0 ? exato : produtos.filter((p) => p.nome.toLowerCase().includes(t));
      },
    });
  return { consulta, termos };
};

type Opcoes = Omit<OpcoesLeitorProduto<Produto, readonly ['teste', 'busca', string]>, 'ler' | 'consulta'>;

function Campo({ opcoes, consulta }: { opcoes: Opcoes; consulta: ReturnType<typeof criarBusca>['consulta'] }) {
  const leitor = useLeitorProduto({ ...opcoes, ler, consulta } as OpcoesLeitorProduto<
    Produto,
    readonly ['teste', 'busca', string]
  >);
  return (
    <LeitorProdutoCampo
      leitor={leitor}
      inputRef={null}
      label="Produto"
      placeholder="Passe o leitor"
      variante="media"
      ids={{ lista: 'lista', opcao: 'opcao', erro: 'erro' }}
      chave={(p) => p.id}
      ajuda={{ id: 'ajuda', testId: 'ajuda', conteudo: 'Enter adiciona' }}
    />
  );
}

const renderCampo = (opcoes: Opcoes, busca = criarBusca()) => {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider>
        <Campo opcoes={opcoes} consulta={busca.consulta} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  const input = screen.getByRole('combobox', { name: 'Produto' }) as HTMLInputElement;
  return { input, user: userEvent.setup({ delay: null }), busca };
};

const SLOW = { timeout: 3000 };

describe('useLeitorProduto', () => {
  it('adds the exact barcode or code read with Enter, with the quantity before *', async () => {
    const onProduto = vi.fn(() => null);
    const { input, user } = renderCampo({ onProduto });

    await user.type(input, `${racao.codigoBarras}{Enter}`);
    await waitFor(() => expect(onProduto).toHaveBeenCalledWith(racao, 1));
    expect(input.value).toBe('');
    await user.type(input, '3*gol15{Enter}');
    await waitFor(() => expect(onProduto).toHaveBeenLastCalledWith(racao, 3));

    await user.type(input, '999{Enter}');
    expect((await screen.findByTestId('erro')).textContent).toBe('Produto não encontrado: 999');
    await user.type(input, '0*1{Enter}');
    expect(screen.getByTestId('erro').textContent).toBe('Quantidade inválida');
    await user.type(input, 'x');
    expect(screen.queryByTestId('erro')).toBeNull();
  });

  it('runs the lookups in the order the codes were read, however fast', async () => {
    let soltar: () => void = () => undefined;
    const primeira = new Promise<void>((resolve) => {
      soltar = resolve;
    });
    const busca = criarBusca((termo) => (termo === racao.codigoBarras ? primeira : Promise.resolve()));
    const onProduto = vi.fn(() => null);
    const { input, user } = renderCampo({ onProduto }, busca);

    await user.type(input, `${racao.codigoBarras}{Enter}`);
    await user.type(input, `2*${areia.codigo}{Enter}`);
    expect(input.value).toBe('');
    expect(onProduto).not.toHaveBeenCalled();
    expect(busca.termos).toEqual([racao.codigoBarras]);
    soltar();
    await waitFor(() => expect(onProduto).toHaveBeenCalledTimes(2));
    expect(onProduto.mock.calls).toEqual([
      [racao, 1],
      [areia, 2],
    ]);
  });

  it('lists names as they are typed: arrows move the highlight, Enter picks, Escape clears', async () => {
    const onProduto = vi.fn(() => null);
    const { input, user } = renderCampo({ onProduto });

    await user.type(input, '2*golden');
    const lista = await screen.findByRole('listbox', { name: 'Produtos encontrados' }, SLOW);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe('opcao-0');
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe('opcao-1');
    expect(lista.querySelector('#opcao-1')?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe('opcao-0');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onProduto).toHaveBeenCalledWith(racaoFilhote, 2);
    expect(input.value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.type(input, 'areia');
    await user.click(await screen.findByRole('option', { name: /Areia Pipicat/ }, SLOW));
    expect(onProduto).toHaveBeenLastCalledWith(areia, 1);

    await user.type(input, 'golden');
    await screen.findByRole('listbox', undefined, SLOW);
    await user.keyboard('{Escape}');
    expect(input.value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('keeps the text and shows the error when the pick is refused', async () => {
    const onProduto = vi.fn(() => 'Não aceita fração');
    const { input, user } = renderCampo({ onProduto });

    await user.type(input, 'areia');
    await screen.findByRole('listbox', undefined, SLOW);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('erro').textContent).toBe('Não aceita fração');
    expect(input.value).toBe('areia');
    expect(screen.queryByTestId('ajuda')).toBeNull();
  });

  it('shows the matches of a name read on Enter to pick one, with the quantity read', async () => {
    const onProduto = vi.fn(() => null);
    const { input, user } = renderCampo({ onProduto });

    // A digit-free name is searched live only after the debounce: Enter right away looks it up.
    await user.type(input, '4*ração{Enter}');
    await screen.findByRole('listbox', undefined, SLOW);
    expect(input.value).toBe('4*ração');
    expect(onProduto).not.toHaveBeenCalled();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onProduto).toHaveBeenCalledWith(racaoFilhote, 4);
  });

  it('hands the quantity alone and the other keys to the screen', async () => {
    const onSoQuantidade = vi.fn(() => null);
    const onOutraTecla = vi.fn<NonNullable<Opcoes['onOutraTecla']>>();
    const { input, user } = renderCampo({ onProduto: () => null, onSoQuantidade, onOutraTecla });

    await user.type(input, '5*{Enter}');
    expect(onSoQuantidade).toHaveBeenCalledWith(5);
    expect(input.value).toBe('');
    onOutraTecla.mockClear();
    await user.keyboard('{ArrowDown}+');
    expect(onOutraTecla.mock.calls.map(([e, vazio]) => [e.key, vazio])).toEqual([
      ['ArrowDown', true],
      ['+', true],
    ]);
  });

  it('queues an asynchronous add: the pick empties the field at once and the answer shows when it comes', async () => {
    let responder: (erro: string | null) => void = () => undefined;
    const onProduto = vi.fn(
      () =>
        new Promise<string | null>((resolve) => {
          responder = resolve;
        }),
    );
    const { input, user } = renderCampo({ onProduto, adicionarNaFila: true });

    await user.type(input, 'areia');
    await screen.findByRole('listbox', undefined, SLOW);
    await user.keyboard('{Enter}');
    expect(input.value).toBe('');
    await waitFor(() => expect(onProduto).toHaveBeenCalledWith(areia, 1));
    responder('Não foi possível carregar Areia Pipicat');
    expect((await screen.findByTestId('erro')).textContent).toBe('Não foi possível carregar Areia Pipicat');
  });
});
