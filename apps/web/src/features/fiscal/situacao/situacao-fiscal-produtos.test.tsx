/**
 * /fiscal/situacao-fiscal-produtos/: problems shown per row and recomputed while typing, the
 * changed rows saved in one POST, the 400 map on the row's field, bulk apply, and `returnTo`.
 */
import type { ProdutoSituacao } from '@petshop/shared/fiscal';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type RecordedRequest } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';
import { errorsByProduto, safeReturnTo } from './fiscal-draft.ts';

const SLOW = { timeout: 10_000 };
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

const produto = (id: string, nome: string, fiscal: Partial<ProdutoSituacao['fiscal']>, completo = false): ProdutoSituacao => ({
  id,
  nome,
  codigo: null,
  codigoBarras: null,
  tipo: 'produto',
  fiscal: { ncm: null, cest: null, cfop: '5102', origem: '0', csosn: '102', cst: null, pisCst: null, cofinsCst: null, ...fiscal },
  completo,
  problemas: completo ? [] : [{ campo: 'ncm', mensagem: 'NCM é obrigatório' }],
});

const page = (items: ProdutoSituacao[]) => ({ items, total: items.length, page: 1, pageSize: 20, crt: '1' });

const setup = (opts: { post?: (r: RecordedRequest) => ReturnType<typeof json> } = {}) => {
  let salvo = false;
  const racao = produto(A, 'Ração Golden 15 kg', {});
  const areia = produto(B, 'Areia Sanitária', {});
  const api = createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    'GET /fiscal/produto-situacao': (r) => {
      if (r.params.pendentes === 'true' && r.params.pageSize === 1) return json({ ...page([]), total: salvo ? 0 : 1 });
      return json(page(salvo ? [] : [racao, areia]));
    },
    'POST /fiscal/produto-situacao': (r) => {
      const reply = opts.post?.(r);
      if (reply) return reply;
      salvo = true;
      const body = JSON.parse(String(r.data)) as { produtos: { id: string; fiscal: Record<string, string> }[] };
      return json({
        produtos: body.produtos.map((p) => ({ ...produto(p.id, p.id === A ? racao.nome : areia.nome, p.fiscal, true) })),
      });
    },
  });
  return api;
};

describe('situação fiscal dos produtos', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it(
    'shows what is missing, recomputes it while typing and saves the changed rows in one POST',
    { timeout: 60_000 },
    async () => {
      const api = setup();
      renderApp('/fiscal/situacao-fiscal-produtos/', { adapter: api.adapter });
      expect(await screen.findByRole('heading', { name: 'Situação fiscal dos produtos' }, SLOW)).toBeTruthy();
      const pendencias = await screen.findByLabelText('Pendências de Ração Golden 15 kg', {}, SLOW);
      expect(within(pendencias).getByText('NCM é obrigatório')).toBeTruthy();
      // The list asked for the pending ones by default.
      expect(api.requests.find((r) => r.path === '/fiscal/produto-situacao')?.params).toMatchObject({ pendentes: 'true' });
      const salvar = screen.getByRole('button', { name: 'Salvar' });
      expect((salvar as HTMLButtonElement).disabled).toBe(true);

      const user = userEvent.setup({ delay: null });
      const ncm = screen.getByLabelText('NCM de Ração Golden 15 kg') as HTMLInputElement;
      await user.type(ncm, '23091000');
      expect(ncm.value).toBe('2309.10.00');
      await waitFor(() => expect(screen.queryByLabelText('Pendências de Ração Golden 15 kg')).toBeNull());
      expect(screen.getAllByText('Completo').length).toBeGreaterThan(0);
      expect(screen.getByText('Alterado')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true));
      const post = api.requests.find((r) => r.method === 'POST')!;
      // Only the changed row, with its whole fiscal data.
      expect(JSON.parse(String(post.data))).toEqual({
        produtos: [{ id: A, fiscal: { ncm: '23091000', cfop: '5102', origem: '0', csosn: '102' } }],
      });
      expect(await screen.findByText('Dados fiscais salvos', {}, SLOW)).toBeTruthy();
    },
  );

  it('puts the 400 map on the row field and applies bulk values to the selected rows', { timeout: 60_000 }, async () => {
    const api = setup({
      post: () => errors(400, { 'produtos.1.fiscal.ncm': ['NCM 00000000 só vale para serviços: informe o NCM da mercadoria'] }),
    });
    renderApp('/fiscal/situacao-fiscal-produtos/', { adapter: api.adapter });
    await screen.findByLabelText('Pendências de Areia Sanitária', {}, SLOW);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar todos desta página' }));
    const bar = screen.getByLabelText('Aplicar aos selecionados');
    expect(within(bar).getByText('2 selecionados')).toBeTruthy();
    await user.type(within(bar).getByLabelText('NCM'), '00000000');
    await user.click(within(bar).getByRole('button', { name: 'Aplicar aos selecionados' }));
    expect((screen.getByLabelText('NCM de Areia Sanitária') as HTMLInputElement).value).toBe('0000.00.00');
    expect((screen.getByLabelText('NCM de Ração Golden 15 kg') as HTMLInputElement).value).toBe('0000.00.00');

    await user.click(screen.getByRole('button', { name: 'Salvar (2)' }));
    // produtos.1 is the second row sent: Areia Sanitária.
    expect(await screen.findByText('Corrija os campos marcados nas linhas em vermelho', {}, SLOW)).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST')!;
    const sent = JSON.parse(String(post.data)) as { produtos: { id: string }[] };
    expect(sent.produtos.map((p) => p.id)).toEqual([A, B]);
    const campo = screen.getByLabelText('NCM de Areia Sanitária');
    expect(campo.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('NCM 00000000 só vale para serviços: informe o NCM da mercadoria', {
        selector: '.mantine-InputWrapper-error, .mantine-TextInput-error',
      }),
    ).toBeTruthy();
  });

  it('with ids and returnTo: lists those ids and goes back once nothing is pending', { timeout: 60_000 }, async () => {
    const api = setup();
    const { router } = renderApp(`/fiscal/situacao-fiscal-produtos/?ids=${A}&returnTo=${encodeURIComponent('/vendas/pdv/abc')}`, {
      adapter: api.adapter,
    });
    await screen.findByLabelText('Pendências de Ração Golden 15 kg', {}, SLOW);
    const list = api.requests.find((r) => r.path === '/fiscal/produto-situacao')!;
    expect(list.params).toMatchObject({ ids: A });
    expect(list.params.pendentes).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Voltar para a venda' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Só pendentes' })).toBeNull();

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('NCM de Ração Golden 15 kg'), '23091000');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendas/pdv/abc'), SLOW);
  });
});

describe('fiscal-draft helpers', () => {
  it('maps produtos.{i}.fiscal.{campo} to the i-th product sent; other keys are general', () => {
    expect(
      errorsByProduto(
        { 'produtos.1.fiscal.cfop': 'CFOP inválido', 'produtos.0.id': 'Produto repetido na lista', produtos: 'Até 500' },
        [A, B],
      ),
    ).toEqual({ porProduto: { [B]: { cfop: 'CFOP inválido' }, [A]: { id: 'Produto repetido na lista' } }, gerais: ['Até 500'] });
  });

  it('returns only to paths of this site', () => {
    expect(safeReturnTo('/vendas/pdv/1?x=2')).toBe('/vendas/pdv/1?x=2');
    expect(safeReturnTo('//evil.com')).toBeUndefined();
    expect(safeReturnTo('/\\evil.com')).toBeUndefined();
    expect(safeReturnTo('https://evil.com')).toBeUndefined();
    expect(safeReturnTo(undefined)).toBeUndefined();
  });
});
