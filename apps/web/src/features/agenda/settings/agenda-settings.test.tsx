/**
 * The agenda settings screens (issue #17): appointment types (list, validation, the saved
 * body, returnTo, a refused delete), boxes (edit loaded first, new at form/), rooms and the
 * opening hours, through the real routes and a fake API speaking the contract.
 */
import type { AgendaConfiguracoes, Box, Sala, TipoAtendimento } from '@petshop/shared/agenda';
import type { Produto } from '@petshop/shared/produto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type FakeHandler, type RecordedRequest } from '#test/fake-api.ts';
import { FILIAL_ID, loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 20_000 };
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const page = <T,>(items: T[]) => json({ items, total: items.length, page: 1, pageSize: 20 });
const body = (req: RecordedRequest | undefined) => JSON.parse(String(req?.data)) as Record<string, unknown>;

const banho: TipoAtendimento = {
  id: id(1),
  nome: 'Banho',
  area: 'BanhoTosa',
  duracaoMinutos: 90,
  cor: '#15aabf',
  produtoId: id(50),
  produtoNome: 'Serviço de banho',
  preco: 80,
  recurso: 'Box',
  ativo: true,
};
const consulta: TipoAtendimento = {
  ...banho,
  id: id(2),
  nome: 'Consulta',
  area: 'Clinica',
  duracaoMinutos: 30,
  produtoId: null,
  produtoNome: null,
  preco: null,
  recurso: 'Sala',
  ativo: false,
};
const tosa = { id: id(51), tipo: 'servico', nome: 'Tosa completa', precoVenda: 120 } as Produto;

const horarios = (): AgendaConfiguracoes['horarios'] =>
  Array.from({ length: 7 }, (_, diaSemana) => ({
    diaSemana,
    aberto: diaSemana !== 0,
    abre: '08:00',
    fecha: diaSemana === 6 ? '12:00' : '18:00',
  }));

/** A small in-memory /agenda API. */
const agendaApi = () => {
  const tipos = [banho, consulta];
  const boxes: Box[] = [{ id: id(10), nome: 'Box 1', ativo: true }];
  const salas: Sala[] = [];
  let configuracoes: AgendaConfiguracoes = { horarios: horarios(), intervaloMinutos: 15, petsPorProfissional: 2, petsPorBox: 1 };
  const handlers: Record<string, FakeHandler> = {
    'GET /auth/me': () => json(loginOutput().user),
    'GET /agenda/tipos-atendimento': (req) => {
      const query = typeof req.params.query === 'string' ? req.params.query.toLowerCase() : '';
      return page(tipos.filter((t) => t.nome.toLowerCase().includes(query) && (!req.params.area || t.area === req.params.area)));
    },
    'POST /agenda/tipos-atendimento': (req) => {
      const dados = body(req);
      const tipo = { produtoNome: null, preco: null, ...dados, produtoId: dados.produtoId ?? null, id: id(3) } as TipoAtendimento;
      tipos.push(tipo);
      return json(tipo, 201);
    },
    [`GET /agenda/tipos-atendimento/${banho.id}`]: () => json(tipos[0]),
    [`DELETE /agenda/tipos-atendimento/${banho.id}`]: () =>
      errors(400, { generalErrors: ['Tipo de atendimento usado por atendimentos: desative-o'] }),
    'GET /inventario/produtos': (req) => page(req.params.tipo === 'servico' && String(req.params.query).length > 0 ? [tosa] : []),
    [`GET /inventario/produtos/${id(50)}`]: () => json({ ...tosa, id: id(50), nome: 'Serviço de banho', precoVenda: 80 }),
    'GET /agenda/boxes': () => page(boxes),
    'POST /agenda/boxes': (req) => {
      const box = { ...(body(req) as Omit<Box, 'id'>), id: id(11) };
      boxes.push(box);
      return json(box, 201);
    },
    [`GET /agenda/boxes/${id(10)}`]: () => json(boxes[0]),
    [`PUT /agenda/boxes/${id(10)}`]: (req) => {
      boxes[0] = { ...(body(req) as Omit<Box, 'id'>), id: id(10) };
      return json(boxes[0]);
    },
    'GET /agenda/salas': () => page(salas),
    'POST /agenda/salas': (req) => {
      const dados = body(req) as Omit<Sala, 'id'>;
      if (salas.some((s) => s.nome === dados.nome)) return errors(400, { nome: ['Já existe uma sala com este nome'] });
      const sala = { ...dados, id: id(20) };
      salas.push(sala);
      return json(sala, 201);
    },
    'GET /agenda/configuracoes': () => json(configuracoes),
    'PUT /agenda/configuracoes': (req) => {
      const dados = body(req) as AgendaConfiguracoes;
      if (dados.petsPorBox > 3) return errors(400, { 'horarios.1.fecha': ['Fora do horário da unidade'] });
      configuracoes = dados;
      return json(configuracoes);
    },
  };
  return { api: createFakeApi(handlers), tipos, boxes, salas, configuracoes: () => configuracoes };
};

describe('agenda settings screens', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('lists the types with area, duration, colour, service price and resource', { timeout: 60_000 }, async () => {
    const { api } = agendaApi();
    renderApp('/configuracoes/atendimento/tipos-atendimento', { adapter: api.adapter });
    const row = await screen.findByRole('row', { name: 'Editar Banho' }, SLOW);
    expect(within(row).getByText('Banho e tosa')).toBeTruthy();
    expect(within(row).getByText('1h 30min')).toBeTruthy();
    expect(within(row).getByText('Serviço de banho')).toBeTruthy();
    expect(within(row).getByText('R$ 80,00')).toBeTruthy();
    expect(within(row).getByText('Box')).toBeTruthy();
    const consultaRow = screen.getByRole('row', { name: 'Editar Consulta' });
    expect(within(consultaRow).getByText('Clínica')).toBeTruthy();
    expect(within(consultaRow).getByText('30min')).toBeTruthy();
    expect(within(consultaRow).getByText('Sem cobrança')).toBeTruthy();
    expect(within(consultaRow).getByText('Inativo')).toBeTruthy();
  });

  it('validates a new type, posts the shared schema output and goes back to returnTo', { timeout: 60_000 }, async () => {
    const { api, tipos } = agendaApi();
    const { router } = renderApp(
      `/configuracoes/atendimento/tipos-atendimento/form?returnTo=${encodeURIComponent('/configuracoes?tab=atendimento')}`,
      { adapter: api.adapter },
    );
    expect(await screen.findByRole('heading', { name: 'Novo tipo de atendimento' }, SLOW)).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome é obrigatório', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('Área inválida (banho e tosa ou clínica)')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/^Nome/), 'Tosa completa');
    await user.click(screen.getByRole('combobox', { name: /^Área/ }));
    await user.click(await screen.findByRole('option', { name: 'Banho e tosa', hidden: true }, SLOW));
    const duracao = screen.getByLabelText(/^Duração/);
    await user.clear(duracao);
    await user.type(duracao, '120');
    expect(screen.getByText('Padrão na agenda: 2h')).toBeTruthy();
    await user.type(screen.getByRole('combobox', { name: /^Serviço/ }), 'tosa');
    await user.click(await screen.findByRole('option', { name: 'Tosa completa — R$ 120,00', hidden: true }, SLOW));
    await user.click(screen.getByRole('combobox', { name: /^Recurso/ }));
    await user.click(await screen.findByRole('option', { name: 'Box (banho e tosa)', hidden: true }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/configuracoes'), SLOW);
    expect(router.state.location.search).toMatchObject({ tab: 'atendimento' });
    const posted = api.requests.find((r) => r.method === 'POST');
    expect(body(posted)).toEqual({
      nome: 'Tosa completa',
      area: 'BanhoTosa',
      duracaoMinutos: 120,
      cor: '#228be6',
      produtoId: id(51),
      recurso: 'Box',
      ativo: true,
    });
    expect(tipos.map((t) => t.nome)).toContain('Tosa completa');
  });

  it('ignores a returnTo outside the app and goes back to the list', { timeout: 60_000 }, async () => {
    const { api } = agendaApi();
    const { router } = renderApp(
      `/configuracoes/atendimento/tipos-atendimento/form/${banho.id}?returnTo=${encodeURIComponent('//evil.example')}`,
      { adapter: api.adapter },
    );
    expect(await screen.findByRole('heading', { name: 'Editar tipo de atendimento' }, SLOW)).toBeTruthy();
    expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).value).toBe('Banho');
    // The service's name comes from the catalogue.
    await waitFor(
      () => expect((screen.getByRole('combobox', { name: /^Serviço/ }) as HTMLInputElement).value).toBe('Serviço de banho'),
      SLOW,
    );
    api.handlers[`PUT /agenda/tipos-atendimento/${banho.id}`] = (req) => json({ ...banho, ...body(req) });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configuracoes/atendimento/tipos-atendimento'), SLOW);
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(body(put)).toMatchObject({ nome: 'Banho', duracaoMinutos: 90, produtoId: id(50), cor: '#15aabf' });
  });

  it("shows the API's refusal to delete a type in use", { timeout: 60_000 }, async () => {
    const { api } = agendaApi();
    renderApp('/configuracoes/atendimento/tipos-atendimento', { adapter: api.adapter });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Excluir Banho' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Excluir' }, SLOW));
    expect(await screen.findByText('Tipo de atendimento usado por atendimentos: desative-o', undefined, SLOW)).toBeTruthy();
  });

  it('edits a box at form/{id} (loaded first) and creates one at form/', { timeout: 60_000 }, async () => {
    const { api, boxes } = agendaApi();
    const { router } = renderApp(`/configuracoes/atendimento/boxes/form/${id(10)}`, { adapter: api.adapter });
    expect(await screen.findByRole('heading', { name: 'Editar box' }, SLOW)).toBeTruthy();
    // The loader fetched the box before the form showed: its name is there at once.
    expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).value).toBe('Box 1');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('switch', { name: /Ativo/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configuracoes/atendimento/boxes'), SLOW);
    expect(body(api.requests.find((r) => r.method === 'PUT'))).toEqual({ nome: 'Box 1', ativo: false });

    await user.click(await screen.findByRole('link', { name: 'Novo' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configuracoes/atendimento/boxes/form'), SLOW);
    await user.type(await screen.findByLabelText(/^Nome/), 'Box 2');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(boxes.map((b) => b.nome)).toEqual(['Box 1', 'Box 2']), SLOW);
    expect(await screen.findByRole('row', { name: 'Editar Box 2' }, SLOW)).toBeTruthy();
  });

  it("creates a room and shows the API's field error", { timeout: 60_000 }, async () => {
    const { api, salas } = agendaApi();
    salas.push({ id: id(21), nome: 'Consultório 1', ativo: true });
    const { router } = renderApp('/configuracoes/atendimento/salas/form', { adapter: api.adapter });
    expect(await screen.findByRole('heading', { name: 'Nova sala' }, SLOW)).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Nome/), 'Consultório 1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe uma sala com este nome', undefined, SLOW)).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Nome/));
    await user.type(screen.getByLabelText(/^Nome/), 'Consultório 2');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configuracoes/atendimento/salas'), SLOW);
    expect(salas.map((s) => s.nome)).toEqual(['Consultório 1', 'Consultório 2']);
  });

  it(
    'edits the opening hours: closing before opening is refused here, the saved body is the contract',
    { timeout: 60_000 },
    async () => {
      const { api, configuracoes } = agendaApi();
      renderApp('/configuracoes/atendimento/agenda', { adapter: api.adapter });
      expect(await screen.findByRole('heading', { name: 'Agenda' }, SLOW)).toBeTruthy();
      expect(screen.getByRole('switch', { name: 'Domingo: aberto' })).toHaveProperty('checked', false);
      const user = userEvent.setup({ delay: null });

      // Saturday closes before it opens.
      fireEvent.change(screen.getByLabelText('Sábado: fecha'), { target: { value: '07:00' } });
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('O fechamento deve ser depois da abertura', undefined, SLOW)).toBeTruthy();
      expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);

      fireEvent.change(screen.getByLabelText('Sábado: fecha'), { target: { value: '13:00' } });
      await user.click(screen.getByRole('switch', { name: 'Domingo: aberto' }));
      fireEvent.change(screen.getByLabelText('Domingo: abre'), { target: { value: '09:00' } });
      fireEvent.change(screen.getByLabelText('Domingo: fecha'), { target: { value: '12:30' } });
      await user.click(screen.getByRole('combobox', { name: /^Intervalo da agenda/ }));
      await user.click(await screen.findByRole('option', { name: '30 minutos', hidden: true }, SLOW));
      const petsPorBox = screen.getByLabelText('Pets por box');
      await user.clear(petsPorBox);
      await user.type(petsPorBox, '2');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Salvo com sucesso', undefined, SLOW)).toBeTruthy();
      const saved = body(api.requests.find((r) => r.method === 'PUT')) as AgendaConfiguracoes;
      expect(saved.horarios[0]).toEqual({ diaSemana: 0, aberto: true, abre: '09:00', fecha: '12:30' });
      expect(saved.horarios[6]).toEqual({ diaSemana: 6, aberto: true, abre: '08:00', fecha: '13:00' });
      expect(saved).toMatchObject({ intervaloMinutos: 30, petsPorProfissional: 2, petsPorBox: 2 });
      expect(configuracoes()).toEqual(saved);
    },
  );

  it("puts the API's 400 on the field it names", { timeout: 60_000 }, async () => {
    const { api } = agendaApi();
    renderApp('/configuracoes/atendimento/agenda', { adapter: api.adapter });
    const petsPorBox = await screen.findByLabelText('Pets por box');
    const user = userEvent.setup({ delay: null });
    await user.clear(petsPorBox);
    await user.type(petsPorBox, '5');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Fora do horário da unidade', undefined, SLOW)).toBeTruthy();
    expect(screen.getByLabelText('Segunda-feira: fecha').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers the atendimento settings as available cards', { timeout: 60_000 }, async () => {
    const { api } = agendaApi();
    renderApp('/configuracoes?tab=atendimento', { adapter: api.adapter });
    expect((await screen.findByRole('link', { name: /^Tipos de atendimento / }, SLOW)).getAttribute('href')).toBe(
      '/configuracoes/atendimento/tipos-atendimento',
    );
    expect(screen.getByRole('link', { name: /^Salas / }).getAttribute('href')).toBe('/configuracoes/atendimento/salas');
    expect(screen.getByRole('link', { name: /^Boxes / }).getAttribute('href')).toBe('/configuracoes/atendimento/boxes');
    expect(screen.getByRole('link', { name: /^Agenda / }).getAttribute('href')).toBe('/configuracoes/atendimento/agenda');
  });

  it(
    'refuses the screens to a profile without configuracoes.gerenciar (Caixa) and writes nothing',
    { timeout: 60_000 },
    async () => {
      useSessionStore.getState().selectUnidade(FILIAL_ID); // Caixa / Vendedor: books, does not configure
      const { api } = agendaApi();
      for (const path of ['/configuracoes/atendimento/agenda', '/configuracoes/atendimento/boxes/form']) {
        const view = renderApp(path, { adapter: api.adapter });
        expect(await screen.findByText('Seu perfil nesta unidade não tem acesso a esta área', undefined, SLOW)).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
        view.unmount();
      }
      expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    },
  );
});
