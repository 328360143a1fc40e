/**
 * The clinic's settings screens (issue #19): a new vaccine posts its name, manufacturer,
 * species and product, opens its edit form, and a protocol of three doses 21 days apart with a
 * yearly booster is posted from the modal; a prescription template inserts a variable from the
 * "Variáveis" menu and shows the API's refusal of its content under the editor. Through the real
 * routes and a fake API speaking the contract.
 */
import type { ModeloDocumento, Protocolo, Vacina } from '@petshop/shared/clinica';
import type { Especie } from '@petshop/shared/especie';
import type { Produto } from '@petshop/shared/produto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type FakeHandler, type RecordedRequest } from '#test/fake-api.ts';
import { FILIAL_ID, loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 20_000 };
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const page = <T,>(items: T[]) => json({ items, total: items.length, page: 1, pageSize: 20 });
const body = (req: RecordedRequest | undefined) => JSON.parse(String(req?.data)) as Record<string, unknown>;

const canina = { id: id(1), nome: 'Canina', ativo: true } as Especie;
const felina = { id: id(2), nome: 'Felina', ativo: true } as Especie;
const produtoV10 = { id: id(50), tipo: 'produto', nome: 'Vacina V10 dose', precoVenda: 95.5 } as Produto;

beforeAll(() => {
  // ProseMirror measures the selection to scroll it into view; jsdom has no layout.
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) } as DOMRect;
  Range.prototype.getBoundingClientRect = () => rect;
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});

/** A small in-memory /clinica API (vaccines, protocols, templates) with species and products. */
const clinicaApi = () => {
  const vacinas: Vacina[] = [];
  const protocolos: Protocolo[] = [];
  const modelos: ModeloDocumento[] = [];
  const handlers: Record<string, FakeHandler> = {
    'GET /auth/me': () => json(loginOutput().user),
    'GET /animal/especies': () => page([canina, felina]),
    'GET /inventario/produtos': (req) =>
      page(req.params.tipo === 'produto' && String(req.params.query).toLowerCase().includes('v10') ? [produtoV10] : []),
    [`GET /inventario/produtos/${produtoV10.id}`]: () => json(produtoV10),
    'GET /clinica/vacinas': () => page(vacinas),
    'POST /clinica/vacinas': (req) => {
      const dados = body(req);
      const vacina: Vacina = {
        id: id(10),
        nome: String(dados.nome),
        fabricante: (dados.fabricante as string | undefined) ?? null,
        especieIds: dados.especieIds as string[],
        especieNomes: (dados.especieIds as string[]).map((e) => (e === canina.id ? 'Canina' : 'Felina')),
        produtoId: (dados.produtoId as string | undefined) ?? null,
        produtoNome: dados.produtoId ? produtoV10.nome : null,
        precoVenda: dados.produtoId ? produtoV10.precoVenda : null,
        controlaLote: true,
        observacoes: null,
        ativo: Boolean(dados.ativo),
        createdAt: '2026-11-27T10:00:00Z',
      };
      vacinas.push(vacina);
      handlers[`GET /clinica/vacinas/${vacina.id}`] = () => json(vacina);
      return json(vacina, 201);
    },
    'GET /clinica/vacinas/protocolos': (req) => page(protocolos.filter((p) => p.vacinaId === req.params.vacinaId)),
    'POST /clinica/vacinas/protocolos': (req) => {
      const dados = body(req) as Omit<Protocolo, 'id' | 'vacinaNome' | 'especieNome' | 'createdAt'>;
      const protocolo: Protocolo = {
        ...dados,
        id: id(20),
        vacinaNome: 'V10',
        especieId: dados.especieId ?? null,
        especieNome: dados.especieId === canina.id ? 'Canina' : null,
        reforcoDias: dados.reforcoDias ?? null,
        observacoes: null,
        createdAt: '2026-11-27T10:00:00Z',
      };
      protocolos.push(protocolo);
      return json(protocolo, 201);
    },
    'GET /clinica/modelos-documento': (req) => page(modelos.filter((m) => m.tipo === req.params.tipo)),
    'POST /clinica/modelos-documento': (req) => {
      const dados = body(req);
      if (String(dados.conteudo).includes('{{pet.nome}}')) {
        return errors(400, {
          conteudo: ['Variável desconhecida: {{pet.nome}}. Use uma destas: tutor.nome, pet.especie, pet.raca'],
        });
      }
      return json({ ...dados, id: id(30), createdAt: '2026-11-27T10:00:00Z' }, 201);
    },
  };
  return { api: createFakeApi(handlers), vacinas, protocolos, modelos };
};

describe('clinic settings screens', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it(
    'saves a vaccine with its species and product, then a protocol of 3 doses 21 days apart with a yearly booster',
    { timeout: 90_000 },
    async () => {
      const { api, protocolos } = clinicaApi();
      const { router } = renderApp('/configuracoes/clinica/vacina/form', { adapter: api.adapter });
      expect(await screen.findByRole('heading', { name: 'Nova vacina' }, SLOW)).toBeTruthy();
      // Protocols need the vaccine saved first.
      expect(screen.queryByRole('button', { name: 'Novo protocolo' })).toBeNull();
      const user = userEvent.setup({ delay: null });

      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Nome é obrigatório', undefined, SLOW)).toBeTruthy();
      expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

      await user.type(screen.getByRole('textbox', { name: /^Nome/ }), 'V10');
      await user.type(screen.getByRole('textbox', { name: /^Fabricante/ }), 'Zoetis');
      await user.click(screen.getByRole('combobox', { name: /^Espécies/ }));
      await user.click(await screen.findByRole('option', { name: 'Canina', hidden: true }, SLOW));
      await user.type(screen.getByRole('combobox', { name: /^Produto/ }), 'v10');
      await user.click(await screen.findByRole('option', { name: 'Vacina V10 dose — R$ 95,50', hidden: true }, SLOW));
      await user.click(screen.getByRole('button', { name: 'Salvar' }));

      // The new vaccine opens its own form, where its protocols are added.
      await waitFor(() => expect(router.state.location.pathname).toBe(`/configuracoes/clinica/vacina/form/${id(10)}`), SLOW);
      const posted = api.requests.find((r) => r.method === 'POST' && r.path === '/clinica/vacinas');
      expect(body(posted)).toEqual({
        nome: 'V10',
        fabricante: 'Zoetis',
        especieIds: [canina.id],
        produtoId: produtoV10.id,
        ativo: true,
      });
      expect(await screen.findByRole('heading', { name: 'Editar vacina' }, SLOW)).toBeTruthy();
      expect(
        await screen.findByText('Nenhum protocolo desta vacina. Cadastre um com "Novo protocolo".', undefined, SLOW),
      ).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Novo protocolo' }));
      const modal = await screen.findByRole('form', { name: 'Novo protocolo' }, SLOW);
      await user.type(within(modal).getByRole('textbox', { name: /^Nome/ }), 'V10 filhote');
      await user.click(within(modal).getByRole('button', { name: 'Adicionar dose' }));
      await user.click(within(modal).getByRole('button', { name: 'Adicionar dose' }));
      // New doses start 21 days after the previous one; the third is typed over.
      const terceira = within(modal).getByRole('textbox', { name: 'Intervalo da 3ª dose em dias após a anterior' });
      await user.clear(terceira);
      await user.type(terceira, '21');
      await user.click(within(modal).getByRole('button', { name: 'Reforço anual' }));
      expect(within(modal).getByTestId('esquema-protocolo').textContent).toBe(
        'Esquema: 1ª dose no dia 0, 2ª dose +21 dias, 3ª dose +21 dias, reforço a cada 365 dias',
      );
      // Moving the 3rd dose up renumbers the default descriptions.
      await user.clear(within(modal).getByRole('textbox', { name: 'Descrição da 3ª dose' }));
      await user.type(within(modal).getByRole('textbox', { name: 'Descrição da 3ª dose' }), 'Reforço filhote');
      await user.click(within(modal).getByRole('button', { name: 'Subir 3ª dose' }));
      expect((within(modal).getByRole('textbox', { name: 'Descrição da 2ª dose' }) as HTMLInputElement).value).toBe(
        'Reforço filhote',
      );
      expect((within(modal).getByRole('textbox', { name: 'Descrição da 3ª dose' }) as HTMLInputElement).value).toBe('3ª dose');
      await user.click(within(modal).getByRole('button', { name: 'Salvar protocolo' }));

      await waitFor(() => expect(protocolos).toHaveLength(1), SLOW);
      const protocolo = api.requests.find((r) => r.method === 'POST' && r.path === '/clinica/vacinas/protocolos');
      expect(body(protocolo)).toEqual({
        nome: 'V10 filhote',
        vacinaId: id(10),
        especieId: canina.id,
        doses: [
          { descricao: '1ª dose', intervaloDias: 0 },
          { descricao: 'Reforço filhote', intervaloDias: 21 },
          { descricao: '3ª dose', intervaloDias: 21 },
        ],
        reforcoDias: 365,
        ativo: true,
      });
      const table = await screen.findByRole('table', { name: 'Protocolos da vacina' }, SLOW);
      expect(within(table).getByText('V10 filhote')).toBeTruthy();
      expect(
        within(table).getByText('1ª dose no dia 0, 2ª dose +21 dias, 3ª dose +21 dias, reforço a cada 365 dias'),
      ).toBeTruthy();
    },
  );

  it(
    "inserts a variable into a prescription template and shows the API's refusal under the editor",
    { timeout: 90_000 },
    async () => {
      const { api } = clinicaApi();
      renderApp('/configuracoes/clinica/modelos-receita/form', { adapter: api.adapter });
      expect(await screen.findByRole('heading', { name: 'Novo modelo de receita' }, SLOW)).toBeTruthy();
      const user = userEvent.setup({ delay: null });
      await user.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Receita simples');
      const editor = screen.getByRole('textbox', { name: /^Conteúdo/ });
      expect(editor.getAttribute('contenteditable')).toBe('true');
      expect(screen.getByRole('button', { name: 'Negrito' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Alinhar à direita' })).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Variáveis' }));
      await user.click(await screen.findByRole('menuitem', { name: /^Nome do pet/ }, SLOW));
      await waitFor(() => expect(editor.textContent).toContain('{{pet.nome}}'), SLOW);
      await user.click(screen.getByRole('switch', { name: /^Controle especial/ }));
      await user.click(screen.getByRole('button', { name: 'Salvar' }));

      const erro = await screen.findByText(/Variável desconhecida: \{\{pet\.nome\}\}/, undefined, SLOW);
      // Under the editor, and the editor says it is invalid and described by it.
      expect(editor.getAttribute('aria-invalid')).toBe('true');
      expect(editor.getAttribute('aria-describedby')).toContain(erro.id);
      const posted = api.requests.find((r) => r.method === 'POST' && r.path === '/clinica/modelos-documento');
      expect(body(posted)).toEqual({
        tipo: 'receita',
        nome: 'Receita simples',
        conteudo: '<p>{{pet.nome}}</p>',
        controleEspecial: true,
        ativo: true,
      });
    },
  );

  it('lists the prescription templates only (tipo=receita) with their kind', { timeout: 60_000 }, async () => {
    const { api, modelos } = clinicaApi();
    const base = { conteudo: '<p>x</p>', ativo: true, createdAt: '2026-11-27T10:00:00Z' };
    modelos.push(
      { ...base, id: id(40), tipo: 'receita', nome: 'Receita de controle especial', controleEspecial: true },
      { ...base, id: id(41), tipo: 'documento', nome: 'Atestado de saúde', controleEspecial: false },
    );
    renderApp('/configuracoes/clinica/modelos-receita', { adapter: api.adapter });
    const row = await screen.findByRole('row', { name: 'Editar Receita de controle especial' }, SLOW);
    expect(within(row).getByText('Controle especial')).toBeTruthy();
    expect(screen.queryByText('Atestado de saúde')).toBeNull();
    expect(api.requests.find((r) => r.path === '/clinica/modelos-documento')?.params).toMatchObject({ tipo: 'receita' });
  });

  it('offers the three clinic cards to the admin; the screens refuse a cashier', { timeout: 60_000 }, async () => {
    const { api } = clinicaApi();
    const admin = renderApp('/configuracoes?tab=clinica', { adapter: api.adapter });
    for (const nome of [/^Vacinas/, /^Modelos de receita/, /^Modelos de documento/]) {
      expect(await screen.findByRole('link', { name: nome }, SLOW)).toBeTruthy();
    }
    admin.unmount();

    useSessionStore.getState().selectUnidade(FILIAL_ID); // Caixa / Vendedor: reads the chart, does not configure the clinic
    renderApp('/configuracoes/clinica/modelos-receita/form', { adapter: api.adapter });
    expect(await screen.findByText('Seu perfil nesta unidade não tem acesso a esta área', undefined, SLOW)).toBeTruthy();
    expect(api.requests.some((r) => r.path.startsWith('/clinica/'))).toBe(false);
  });
});
