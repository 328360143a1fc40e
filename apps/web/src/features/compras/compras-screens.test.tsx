/**
 * The purchase screens against an API that answers like the real one:
 * - /compras/: "Importar XML da NF-e" sends the file; an NF-e of another CNPJ asks, and
 *   "Importar assim mesmo" sends it again with the confirmation; the new draft opens with its
 *   warnings and the pending line;
 * - the draft: "Vincular" links the imported line to a product with "1 CX = 12 UN";
 * - /compras/{id}/resumo: pendências block finalising and point back to the purchase; without
 *   them "Finalizar compra" (confirmed) finalises and opens the purchase read only.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Compra, VincularItemInput } from '@petshop/shared/compra';
import type { Produto, ProdutoPdv } from '@petshop/shared/produto';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPRA_ID, compraFixture, ITEM_ID, itemImportado, resumoFixture } from './compras-fixture.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';
import { createFakeApi, errors, json, type RecordedRequest } from '../../test/fake-api.ts';
import { loginOutput } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const SLOW = { timeout: 5000 };
const vazio = { items: [], total: 0, page: 1, pageSize: 20 };

const areiaPdv: ProdutoPdv = {
  id: 'a1a1a1a1-a1a1-4a1a-8a1a-a1a1a1a1a1a1',
  nome: 'Areia Pipicat 4 kg',
  codigo: 'AR4',
  codigoBarras: '7896181211113',
  precoVenda: 20,
  unidadeMedida: { sigla: 'UN', permiteVendaFracionada: false },
  tipo: 'produto',
  controlaEstoque: true,
  estoque: 0,
};

const produtoCompra = {
  id: areiaPdv.id,
  nome: areiaPdv.nome,
  codigo: areiaPdv.codigo,
  codigoBarras: areiaPdv.codigoBarras,
  controlaEstoque: true,
  controlaLote: false,
  unidadeMedida: areiaPdv.unidadeMedida,
};

const campo = (r: RecordedRequest, nome: string) => (r.data instanceof FormData ? r.data.get(nome) : null);

describe('purchase screens', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('imports an NF-e of another CNPJ after the confirmation and opens the draft', { timeout: 60_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      'GET /compras': () => json(vazio),
      'GET /inventario/fornecedores': () => json(vazio),
      'POST /api/compras/importar-xml': (r) =>
        campo(r, 'aceitarOutroDestinatario') === 'true'
          ? json(compraFixture(), 201)
          : errors(400, {
              aceitarOutroDestinatario: [
                'Esta NF-e é destinada a outro CNPJ (58.716.523/0001-19): confirme para importar assim mesmo',
              ],
            }),
      [`GET /compras/${COMPRA_ID}`]: () => json(compraFixture()),
    });
    renderApp('/compras/', { adapter: api.adapter });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Importar XML da NF-e' }, SLOW));
    const modal = await screen.findByRole('dialog', { name: 'Importar XML da NF-e' }, SLOW);
    const arquivo = new File(['<nfeProc/>'], 'nota.xml', { type: 'text/xml' });
    await user.upload(modal.querySelector('input[type="file"]') as HTMLInputElement, arquivo);

    expect(await within(modal).findByText(/destinada a outro CNPJ \(58\.716\.523\/0001-19\)/, undefined, SLOW)).toBeTruthy();
    const [primeira] = api.requests.filter((r) => r.method === 'POST');
    expect(campo(primeira!, 'aceitarOutroDestinatario')).toBeNull();
    expect((campo(primeira!, 'arquivo') as File).name).toBe('nota.xml');

    await user.click(within(modal).getByRole('button', { name: 'Importar assim mesmo' }));
    expect(await screen.findByRole('heading', { name: /Compra nº 7/ }, SLOW)).toBeTruthy();
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(campo(posts[1]!, 'aceitarOutroDestinatario')).toBe('true');
    expect(screen.getByText('NF-e destinada a outro CNPJ (58.716.523/0001-19), importada com confirmação')).toBeTruthy();
    expect(screen.getByText('1 item(ns) sem produto')).toBeTruthy();
    expect(screen.getByText('Sem produto')).toBeTruthy();
  });

  it('links an imported line to a product with its conversion', { timeout: 60_000 }, async () => {
    let vinculo: VincularItemInput | null = null;
    const produto = { id: areiaPdv.id, nome: areiaPdv.nome, unidadeMedida: { ...areiaPdv.unidadeMedida, id: 'u' } } as Produto;
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      [`GET /compras/${COMPRA_ID}`]: () => json(compraFixture()),
      'GET /inventario/produtos/busca-pdv': () => json([areiaPdv]),
      [`GET /inventario/produtos/${areiaPdv.id}`]: () => json(produto),
      [`PUT /compras/${COMPRA_ID}/itens/${ITEM_ID}/vincular`]: (r) => {
        vinculo = JSON.parse(String(r.data)) as VincularItemInput;
        const linha = itemImportado({
          produtoId: areiaPdv.id,
          produto: produtoCompra,
          fatorConversao: 12,
          quantidade: 24,
          custoUnitario: 10,
        });
        const compra: Compra = { ...compraFixture(), itens: [linha], itensPendentes: 0 };
        return json(compra);
      },
    });
    renderApp(`/compras/${COMPRA_ID}/`, { adapter: api.adapter });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Vincular AREIA SANITARIA CX 12' }, SLOW));
    const modal = await screen.findByRole('dialog', { name: 'Vincular item a um produto' }, SLOW);
    await user.type(within(modal).getByRole('textbox', { name: 'Produto' }), 'areia');
    await user.click(await screen.findByRole('option', { name: /Areia Pipicat 4 kg/, hidden: true }, SLOW));
    const fator = within(modal).getByLabelText('Fator de conversão');
    await user.clear(fator);
    await user.type(fator, '12');
    expect(within(modal).getByLabelText('Prévia da conversão').textContent).toBe(
      'Entram 24 UN de Areia Pipicat 4 kg, a R$ 10,00 cada.',
    );
    await user.click(within(modal).getByRole('button', { name: 'Vincular' }));

    await waitFor(() => expect(vinculo).toEqual({ produtoId: areiaPdv.id, fatorConversao: 12 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const tabela = screen.getByRole('table', { name: 'Itens da compra' });
    const linha = within(tabela).getByRole('row', { name: areiaPdv.nome });
    expect((within(linha).getByLabelText(`Quantidade de ${areiaPdv.nome}`) as HTMLInputElement).value).toBe('24');
    expect(within(linha).getByText(/1 CX = 12 UN/)).toBeTruthy();
    expect(screen.queryByText('Sem produto')).toBeNull();
  });

  it('blocks finalising while there are pendências and links back to the purchase', { timeout: 60_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      [`GET /compras/${COMPRA_ID}/resumo`]: () =>
        json(
          resumoFixture({
            pendencias: ['Item 1 (AREIA SANITARIA CX 12) sem produto: vincule ou crie o produto'],
            podeFinalizar: false,
          }),
        ),
    });
    renderApp(`/compras/${COMPRA_ID}/resumo`, { adapter: api.adapter });
    expect(
      await screen.findByText('Item 1 (AREIA SANITARIA CX 12) sem produto: vincule ou crie o produto', undefined, SLOW),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Finalizar compra' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Corrigir na compra' }).getAttribute('href')).toBe(`/compras/${COMPRA_ID}`);
  });

  it('shows what finalising does and finalises after the confirmation', { timeout: 60_000 }, async () => {
    const finalizada = compraFixture({
      status: 'Finalizada',
      finalizadaEm: '2025-03-10T13:00:00Z',
      itensPendentes: 0,
      itens: [
        itemImportado({
          produtoId: areiaPdv.id,
          produto: produtoCompra,
          quantidade: 24,
          custoUnitario: 10,
          custoUnitarioFinal: 10,
        }),
      ],
    });
    let status: 'Rascunho' | 'Finalizada' = 'Rascunho';
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      [`GET /compras/${COMPRA_ID}/resumo`]: () => json(resumoFixture({ status })),
      [`POST /compras/${COMPRA_ID}/finalizar`]: () => {
        status = 'Finalizada';
        return json(finalizada);
      },
      [`GET /compras/${COMPRA_ID}`]: () => json(status === 'Finalizada' ? finalizada : compraFixture()),
    });
    renderApp(`/compras/${COMPRA_ID}/resumo`, { adapter: api.adapter });
    const itens = await screen.findByRole('table', { name: 'Itens do resumo' }, SLOW);
    expect(within(itens).getByLabelText('Estoque de Areia Pipicat 4 kg').textContent).toBe('6 UN30 UN');
    expect(within(itens).getByLabelText('Custo de Areia Pipicat 4 kg').textContent).toBe('R$ 12,00R$ 10,40');
    expect(screen.getByText('Compra nº 7 – NF 26 – parcela 1/1')).toBeTruthy();
    expect(screen.getByText('Pronta para finalizar')).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Finalizar compra' }));
    const confirmar = await screen.findByRole('button', { name: 'Finalizar (Enter)' }, SLOW);
    await waitFor(() => expect(document.activeElement).toBe(confirmar));
    await user.keyboard('{Enter}');

    expect(await screen.findByText(/^Finalizada em /, undefined, SLOW)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    const itensFinal = screen.getByRole('table', { name: 'Itens da compra' });
    expect(within(itensFinal).getByText('+24 UN')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Excluir compra' })).toBeTruthy();
  });
});
