/**
 * /produtos/ajuste-estoque/ with the keyboard: the scanner field has the focus; a barcode and
 * Enter adds the product, the same code again counts one more; the difference to the balance
 * shows; without a reason nothing is sent; "Aplicar ajuste", confirmed with Enter, sends the
 * count and shows each balance before and after. A saída below zero refused by the API shows
 * on its line.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AjusteEstoque, AjusteEstoqueInput, PosicaoEstoque } from '@petshop/shared/estoque';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type RecordedRequest } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };

const racao: PosicaoEstoque = {
  produtoId: '77777777-7777-4777-8777-777777777777',
  nome: 'Ração Golden Adulto 15 kg',
  codigo: 'GOL15',
  codigoBarras: '7896181213455',
  unidadeSigla: 'SC',
  permiteVendaFracionada: false,
  ativo: true,
  quantidade: 5,
  custoMedio: 120,
  valorEstoque: 600,
  estoqueMinimo: 2,
  abaixoMinimo: false,
  controlaLote: false,
  proximaValidade: null,
};

const body = <T,>(r: RecordedRequest): T => JSON.parse(String(r.data)) as T;

const posicaoApi = (r: RecordedRequest) => {
  const q = String(r.params.query ?? '');
  const items = q === racao.codigoBarras || q.toLowerCase().includes('golden') ? [racao] : [];
  return json({ items, total: items.length, page: 1, pageSize: 20 });
};

describe('/produtos/ajuste-estoque/', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('counts with the scanner and applies the count with a reason', { timeout: 60_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      'GET /estoques': posicaoApi,
      'POST /estoque/ajuste': (r) => {
        const dados = body<AjusteEstoqueInput>(r);
        const resposta: AjusteEstoque = {
          movimentacoes: [],
          itens: dados.itens.map((i) => ({ produtoId: i.produtoId, saldoAnterior: 5, saldo: Number(i.quantidade) })),
        };
        return json(resposta);
      },
    });
    renderApp('/produtos/ajuste-estoque/', { adapter: api.adapter });
    const leitor = (await screen.findByLabelText('Código de barras, código ou nome', undefined, SLOW)) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(leitor));
    const user = userEvent.setup({ delay: null });

    await user.type(leitor, `${racao.codigoBarras}{Enter}`);
    const tabela = await screen.findByRole('table', { name: 'Itens do ajuste' }, SLOW);
    await waitFor(() => expect((within(tabela).getByLabelText(`Contado de ${racao.nome}`) as HTMLInputElement).value).toBe('1'));
    await user.type(leitor, `${racao.codigoBarras}{Enter}`);
    await user.type(leitor, `${racao.codigoBarras}{Enter}`);
    await waitFor(() => expect((within(tabela).getByLabelText(`Contado de ${racao.nome}`) as HTMLInputElement).value).toBe('3'));
    expect(within(tabela).getByLabelText(`Diferença de ${racao.nome}`).textContent).toBe('−2 SC');
    expect(screen.getByTestId('ajuste-leitor-ultimo').textContent).toContain(`Último: ${racao.nome} — contado 3 SC`);
    expect(document.activeElement).toBe(leitor);

    await user.type(leitor, '999{Enter}');
    expect((await screen.findByTestId('ajuste-leitor-erro')).textContent).toContain('Produto não encontrado: 999');

    // No reason: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Aplicar ajuste' }));
    expect(await screen.findByText('Informe o motivo do ajuste')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(/Motivo/), 'Inventário de março');
    await user.click(screen.getByRole('button', { name: 'Aplicar ajuste' }));
    const confirmar = await screen.findByRole('button', { name: 'Aplicar (Enter)' }, SLOW);
    await waitFor(() => expect(document.activeElement).toBe(confirmar));
    await user.keyboard('{Enter}');

    const resultado = await screen.findByTestId('ajuste-resultado', undefined, SLOW);
    const post = api.requests.find((r) => r.method === 'POST')!;
    expect(body<AjusteEstoqueInput>(post)).toEqual({
      modo: 'contagem',
      motivo: 'Inventário de março',
      chave: expect.stringMatching(/^[0-9a-f-]{36}$/),
      itens: [{ produtoId: racao.produtoId, quantidade: 3 }],
    });
    expect(within(resultado).getByLabelText(`Saldo atual de ${racao.nome}`).textContent).toBe('3 SC');
    expect(within(resultado).getByText('−2 SC')).toBeTruthy();
  });

  it('shows the refusal of a saída on its line', { timeout: 60_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      'GET /estoques': posicaoApi,
      'POST /estoque/ajuste': () => errors(400, { 'itens.0.quantidade': ['Estoque insuficiente: saldo 5 SC'] }),
    });
    renderApp('/produtos/ajuste-estoque/', { adapter: api.adapter });
    const leitor = await screen.findByLabelText('Código de barras, código ou nome', undefined, SLOW);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'Saída' }));
    await user.type(leitor, `8*${racao.codigoBarras}{Enter}`);
    const tabela = await screen.findByRole('table', { name: 'Itens do ajuste' }, SLOW);
    await waitFor(() => expect((within(tabela).getByLabelText(`Saída de ${racao.nome}`) as HTMLInputElement).value).toBe('8'));
    expect(within(tabela).getByLabelText(`Diferença de ${racao.nome}`).textContent).toBe('−8 SC');
    await user.type(screen.getByLabelText(/Motivo/), 'Avaria');
    await user.click(screen.getByRole('button', { name: 'Aplicar ajuste' }));
    await user.click(await screen.findByRole('button', { name: 'Aplicar (Enter)' }, SLOW));
    expect(await within(tabela).findByText('Estoque insuficiente: saldo 5 SC', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('ajuste-resultado')).toBeNull();
  });
});
