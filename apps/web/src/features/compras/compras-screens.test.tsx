/**
 * The purchase screens against an API that answers like the real one:
 * - /compras/: "Importar XML da NF-e" sends the file; an NF-e of another CNPJ asks, and
 *   "Importar assim mesmo" sends it again with the confirmation; the new draft opens with its
 *   warnings and the pending line;
 * - the draft: "Vincular" links the imported line to a product with "1 CX = 12 UN";
 * - /compras/{id}/resumo: pendências block finalising and point back to the purchase; without
 *   them "Finalizar compra" (confirmed) finalises and opens the purchase read only;
 * - issue #15: linking a line shows its twin (same supplier code) linked too; a cost rise is
 *   offered for review after finalising and the chosen prices are sent in one call.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  AtualizarPrecosVendaInput,
  Compra,
  CompraFinalizada,
  RevisaoPreco,
  VincularItemInput,
} from '@petshop/shared/compra';
import type { Produto, ProdutoPdv } from '@petshop/shared/produto';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPRA_ID, compraFixture, ITEM_ID, itemImportado, resumoFixture } from './compras-fixture.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type RecordedRequest } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

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
    expect(screen.getByText('1 item sem produto')).toBeTruthy();
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
    await user.type(within(modal).getByRole('combobox', { name: 'Produto' }), 'areia');
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
        return json({ ...finalizada, revisaoPrecos: [] });
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

  it(
    'linking one line shows every line of its supplier code linked (the API links them together)',
    { timeout: 60_000 },
    async () => {
      const ITEM2 = '77777777-7777-4777-8777-777777777777';
      const gemea = itemImportado({ id: ITEM2, ordem: 2, quantidadeFornecedor: 1, quantidade: 1, valorTotal: 120 });
      const produto = { id: areiaPdv.id, nome: areiaPdv.nome, unidadeMedida: { ...areiaPdv.unidadeMedida, id: 'u' } } as Produto;
      const ligada = { produtoId: areiaPdv.id, produto: produtoCompra, fatorConversao: 12, custoUnitario: 10 };
      const api = createFakeApi({
        'GET /auth/me': () => json(loginOutput().user),
        [`GET /compras/${COMPRA_ID}`]: () => json(compraFixture({ itens: [itemImportado(), gemea], itensPendentes: 2 })),
        'GET /inventario/produtos/busca-pdv': () => json([areiaPdv]),
        [`GET /inventario/produtos/${areiaPdv.id}`]: () => json(produto),
        [`PUT /compras/${COMPRA_ID}/itens/${ITEM_ID}/vincular`]: () =>
          json(
            compraFixture({
              itens: [itemImportado({ ...ligada, quantidade: 24 }), { ...gemea, ...ligada, quantidade: 12 }],
              itensPendentes: 0,
            }),
          ),
      });
      renderApp(`/compras/${COMPRA_ID}/`, { adapter: api.adapter });
      const user = userEvent.setup({ delay: null });
      await waitFor(() => expect(screen.getAllByText('Sem produto')).toHaveLength(2), SLOW);
      await user.click(screen.getAllByRole('button', { name: 'Vincular AREIA SANITARIA CX 12' })[0]!);
      const modal = await screen.findByRole('dialog', { name: 'Vincular item a um produto' }, SLOW);
      await user.type(within(modal).getByRole('combobox', { name: 'Produto' }), 'areia');
      await user.click(await screen.findByRole('option', { name: /Areia Pipicat 4 kg/, hidden: true }, SLOW));
      const fator = within(modal).getByLabelText('Fator de conversão');
      await user.clear(fator);
      await user.type(fator, '12');
      await user.click(within(modal).getByRole('button', { name: 'Vincular' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
      const tabela = screen.getByRole('table', { name: 'Itens da compra' });
      const linhas = within(tabela).getAllByRole('row', { name: areiaPdv.nome });
      expect(linhas.map((l) => (within(l).getByLabelText(`Quantidade de ${areiaPdv.nome}`) as HTMLInputElement).value)).toEqual([
        '24',
        '12',
      ]);
      expect(screen.queryByText('Sem produto')).toBeNull();
      // A linked line's button reads "Trocar produto", and so is it announced (its name holds its text).
      expect(screen.getAllByRole('button', { name: 'Trocar produto de AREIA SANITARIA CX 12' })).toHaveLength(2);
      expect(screen.queryByRole('button', { name: 'Vincular AREIA SANITARIA CX 12' })).toBeNull();
      expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    },
  );

  it(
    'after finalising, offers the products whose cost went up and saves the chosen sale prices',
    { timeout: 60_000 },
    async () => {
      const revisao: RevisaoPreco = {
        produtoId: areiaPdv.id,
        nome: areiaPdv.nome,
        unidadeSigla: 'UN',
        custoAtual: 8,
        custoNovo: 10.4,
        precoVenda: 20,
        markupAtual: 150,
        markupNovo: 92.31,
        precoSugerido: 26,
      };
      let status: 'Rascunho' | 'Finalizada' = 'Rascunho';
      let enviado: AtualizarPrecosVendaInput | null = null;
      const finalizada: CompraFinalizada = {
        ...compraFixture({ status: 'Finalizada', finalizadaEm: '2025-03-10T13:00:00Z', itensPendentes: 0 }),
        revisaoPrecos: [revisao],
      };
      const api = createFakeApi({
        'GET /auth/me': () => json(loginOutput().user),
        [`GET /compras/${COMPRA_ID}/resumo`]: () =>
          json(resumoFixture({ status, revisaoPrecos: status === 'Rascunho' ? [revisao] : [] })),
        [`POST /compras/${COMPRA_ID}/finalizar`]: () => {
          status = 'Finalizada';
          return json(finalizada);
        },
        [`POST /compras/${COMPRA_ID}/precos-venda`]: (r) => {
          enviado = JSON.parse(String(r.data)) as AtualizarPrecosVendaInput;
          return json({
            produtos: [{ id: areiaPdv.id, nome: areiaPdv.nome, precoCusto: 10.4, markup: 120.19, precoVenda: 22.9 }],
          });
        },
        [`GET /compras/${COMPRA_ID}`]: () => json(status === 'Finalizada' ? finalizada : compraFixture()),
      });
      renderApp(`/compras/${COMPRA_ID}/resumo`, { adapter: api.adapter });
      // Before finalising: the rise is already shown.
      const previa = await screen.findByRole('table', { name: 'Preços de venda a revisar' }, SLOW);
      expect(within(previa).getByLabelText(`Preço sugerido de ${areiaPdv.nome}`).textContent).toBe('R$ 26,00');

      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: 'Finalizar compra' }));
      const confirmar = await screen.findByRole('button', { name: 'Finalizar (Enter)' }, SLOW);
      await waitFor(() => expect(document.activeElement).toBe(confirmar));
      await user.keyboard('{Enter}');

      // Finalised: the page stays on the offer (from the finalisation's answer).
      await waitFor(() => expect(screen.getByText(/A compra foi finalizada e o custo destes produtos subiu/)).toBeTruthy(), SLOW);
      const tabela = screen.getByRole('table', { name: 'Preços de venda a revisar' });
      const linha = within(tabela).getByRole('row', { name: areiaPdv.nome });
      expect(within(linha).getByLabelText(`Custo de ${areiaPdv.nome}`).textContent).toBe('R$ 8,00 → R$ 10,40');
      expect(within(linha).getByLabelText(`Markup atual de ${areiaPdv.nome}`).textContent).toBe('150,00 %');
      expect(within(linha).getByLabelText(`Markup com o novo custo de ${areiaPdv.nome}`).textContent).toBe('92,31 %');
      const preco = within(linha).getByLabelText(`Novo preço de venda de ${areiaPdv.nome}`) as HTMLInputElement;
      expect(preco.value).toBe('R$ 26,00');
      await user.clear(preco);
      await user.type(preco, '22,90');
      expect(within(linha).getByLabelText(`Markup no novo preço de ${areiaPdv.nome}`).textContent).toBe('Markup: 120,19 %');
      await user.click(screen.getByRole('button', { name: 'Atualizar preços de venda' }));

      await waitFor(() => expect(enviado).toEqual({ precos: [{ produtoId: areiaPdv.id, precoVenda: 22.9 }] }), SLOW);
      expect(await screen.findByText(/^Finalizada em /, undefined, SLOW)).toBeTruthy();
    },
  );
});
