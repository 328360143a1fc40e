/**
 * The product form's "Pacote" section (issue #17 item 6): only for services; the switch opens
 * sessions, validity and the appointment type (from GET /agenda/tipos-atendimento), sent as the
 * product's `pacote`; without the switch, or for a product, `pacote` is null.
 */
import type { TipoAtendimento } from '@petshop/shared/agenda';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const UN = '88888888-8888-4888-8888-888888888888';
const BANHO = '77777777-7777-4777-8777-777777777777';
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 100 });

const tipo = (over: Partial<TipoAtendimento>): TipoAtendimento => ({
  id: BANHO,
  nome: 'Banho',
  area: 'BanhoTosa',
  duracaoMinutos: 60,
  cor: '#228be6',
  produtoId: null,
  produtoNome: null,
  preco: null,
  recurso: 'Box',
  ativo: true,
  ...over,
});

const setup = () =>
  createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    'GET /inventario/unidades-medida': () =>
      json(page([{ id: UN, sigla: 'UN', descricao: 'Unidade', permiteVendaFracionada: false, ativo: true }])),
    'GET /inventario/marcas': () => json(page([])),
    'GET /inventario/categorias-produto': () => json(page([])),
    'GET /inventario/produtos': () => json(page([])),
    'GET /agenda/tipos-atendimento': () =>
      json(
        page([
          tipo({}),
          tipo({ id: '66666666-6666-4666-8666-666666666666', nome: 'Consulta', area: 'Clinica', recurso: 'Sala' }),
          tipo({ id: '55555555-5555-4555-8555-555555555555', nome: 'Tosa antiga', ativo: false }),
        ]),
      ),
    'POST /inventario/produtos': () => json({ id: 'novo' }, 201),
  });

const preencherServico = async (user: ReturnType<typeof userEvent.setup>, nome: string) => {
  await user.click(screen.getByText('Serviço'));
  await user.type(screen.getByLabelText(/^Nome/), nome);
  await user.click(screen.getByLabelText(/^Unidade de medida/));
  await user.click(await screen.findByRole('option', { name: 'UN - Unidade', hidden: true }, SLOW));
  await user.click(screen.getByRole('tab', { name: 'Preços' }));
  await user.type(screen.getByLabelText('Preço de venda'), '200');
  await user.click(screen.getByRole('tab', { name: 'Geral' }));
};

describe('product form: package', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('sends a service as a package of sessions of an appointment type', { timeout: 60_000 }, async () => {
    const api = setup();
    const { router } = renderApp('/produtos/form', { adapter: api.adapter });
    await screen.findByRole('heading', { name: 'Novo produto' }, SLOW);
    const user = userEvent.setup({ delay: null });
    // A product has no package section.
    expect(screen.queryByRole('region', { name: 'Pacote' })).toBeNull();
    await preencherServico(user, 'Pacote 4 banhos');
    expect(api.requests.some((r) => r.path === '/agenda/tipos-atendimento')).toBe(false);

    await user.click(screen.getByRole('switch', { name: /É um pacote/ }));
    const sessoes = screen.getByLabelText(/^Sessões/) as HTMLInputElement;
    expect(sessoes.value).toBe('4');
    expect((screen.getByLabelText(/^Validade \(dias\)/) as HTMLInputElement).value).toBe('60');

    // Without a type: refused on the field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Tipo de atendimento do pacote é obrigatório', {}, SLOW)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(sessoes);
    await user.type(sessoes, '5');
    const validade = screen.getByLabelText(/^Validade \(dias\)/);
    await user.clear(validade);
    await user.type(validade, '90');
    await user.click(screen.getByLabelText(/^Tipo de atendimento/));
    // Active types only, with their area.
    expect(await screen.findByRole('option', { name: 'Consulta (Clínica)', hidden: true }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Tosa antiga/, hidden: true })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Banho (Banho e tosa)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/produtos'), SLOW);
    const [post] = api.requests.filter((r) => r.method === 'POST');
    expect(JSON.parse(String(post?.data))).toMatchObject({
      tipo: 'servico',
      nome: 'Pacote 4 banhos',
      precoVenda: 200,
      controlaEstoque: false,
      pacote: { sessoes: 5, validadeDias: 90, tipoAtendimentoId: BANHO },
    });
  });

  it('sends no package when the switch is off', { timeout: 60_000 }, async () => {
    const api = setup();
    const { router } = renderApp('/produtos/form', { adapter: api.adapter });
    await screen.findByRole('heading', { name: 'Novo produto' }, SLOW);
    const user = userEvent.setup({ delay: null });
    await preencherServico(user, 'Banho avulso');
    expect(screen.getByRole('region', { name: 'Pacote' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Sessões/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/produtos'), SLOW);
    const [post] = api.requests.filter((r) => r.method === 'POST');
    expect(JSON.parse(String(post?.data))).toMatchObject({ tipo: 'servico', nome: 'Banho avulso', pacote: null });
  });
});
