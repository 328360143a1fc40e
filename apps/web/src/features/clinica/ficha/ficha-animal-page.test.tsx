/**
 * The animal's chart page: the vet records a consultation in place (N, the kind's fields, an
 * attachment, Ctrl+Enter) with the server's 400 on its field; the timeline filters by kind and
 * loads more; read-only profiles (Recepção) see the chart without any write button.
 */
import type { FichaAnimal, Registro } from '@petshop/shared/clinica';
import type { Page } from '@petshop/shared/http';
import { PERFIS } from '@petshop/shared/permissoes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type RecordedRequest } from '#test/fake-api.ts';
import { MATRIZ_ID, loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';
import { semConteudoClinico } from './vacinas/ficha-fixture.ts';

const SLOW = { timeout: 5000 };
const CLIENTE = '99999999-9999-4999-8999-999999999999';
const PET = '0b0e1c2d-3f40-4a51-8b62-7c8d9eaf0b1c';
const OUTRA_UNIDADE = '55555555-5555-4555-8555-555555555555';

let seq = 0;
const registro = (overrides: Partial<Registro> = {}): Registro => {
  seq += 1;
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(seq).padStart(12, '0')}`,
    petId: PET,
    tipo: 'consulta',
    data: '2026-11-20T13:00:00.000Z',
    dataLocal: '2026-11-20T10:00',
    titulo: null,
    ...semConteudoClinico(),
    conteudoHtml: null,
    modeloDocumentoId: null,
    controleEspecial: false,
    veterinarioId: '33333333-3333-4333-8333-333333333333',
    veterinarioNome: 'Dra. Ana Souza',
    veterinarioCrmv: 'CRMV-MG 12345',
    unidadeNegocioId: MATRIZ_ID,
    unidadeNegocioNome: 'Matriz',
    editavel: true,
    anexos: [],
    createdAt: '2026-11-20T13:00:00.000Z',
    ...overrides,
  };
};

const pagina = (items: Registro[], total = items.length, page = 1): Page<Registro> => ({ items, total, page, pageSize: 20 });

const fichaFixture = (registros: Page<Registro>, overrides: Partial<FichaAnimal> = {}): FichaAnimal => ({
  pet: {
    id: PET,
    nome: 'Rex',
    especieId: null,
    especieNome: 'Canina',
    racaNome: 'SRD',
    pelagemNome: 'Caramelo',
    sexo: 'M',
    castrado: true,
    dataNascimento: '2023-05-10',
    idadeEstimadaMeses: null,
    idade: '3 anos e 6 meses',
    porte: 'Médio',
    microchip: '981020000123456',
    peso: 12.5,
    pesoData: '2026-11-20',
    alergias: 'Dipirona',
    agressivo: false,
    usaFocinheira: true,
    observacoes: null,
    fotoUrl: null,
    dataObito: null,
    ativo: true,
  },
  tutor: { id: CLIENTE, nome: 'Carla Dias', cpfCnpj: null, telefone: '31987654321' },
  alertas: [
    { tipo: 'alergia', texto: 'Alergia: Dipirona' },
    { tipo: 'focinheira', texto: 'Usa focinheira' },
    { tipo: 'vacinaAtrasada', texto: '2 doses atrasadas' },
  ],
  vacinas: { aplicadas: [], planejadas: [] },
  historicoPeso: [{ registroId: 'x', data: '2026-11-20', peso: 12.5 }],
  totaisPorTipo: { consulta: registros.total },
  registros,
  podeEscrever: true,
  ...overrides,
});

/** The chart's API: GET ficha and records (by kind and page), POST records (400 first when asked). */
const setup = (ficha: FichaAnimal, porTipo: Record<string, Registro[]> = {}, todos: Registro[] = ficha.registros.items) => {
  let atual = ficha;
  let recusarProximo = false;
  const api = createFakeApi({
    'GET /auth/me': () => json(useSessionStore.getState().user),
    'GET /clinicas/ficha-animal': () => json(atual),
    'GET /clinica/registros/historico-peso': () => json(atual.historicoPeso),
    'GET /clinica/registros': (req: RecordedRequest) => {
      const tipo = String(req.params.tipo ?? '');
      const page = Number(req.params.page ?? 1);
      const itens = tipo ? (porTipo[tipo] ?? []) : todos;
      return json(pagina(itens.slice((page - 1) * 20, page * 20), itens.length, page));
    },
    'POST /clinica/registros': (req) => {
      if (recusarProximo) {
        recusarProximo = false;
        return errors(400, { 'exameFisico.temperatura': ['Temperatura deve estar entre 25 e 45 °C'] });
      }
      const dados = JSON.parse(String((req.data as FormData).get('dados'))) as { exameFisico?: { peso?: number } };
      const novo = registro({ dataLocal: '2026-11-27T09:30', anamnese: 'Coceira', exameFisico: null });
      atual = {
        ...atual,
        registros: pagina([novo, ...atual.registros.items], atual.registros.total + 1),
        historicoPeso: [...atual.historicoPeso, { registroId: novo.id, data: '2026-11-27', peso: dados.exameFisico?.peso ?? 0 }],
      };
      return json(novo, 201);
    },
  });
  return {
    api,
    recusarProximo: () => {
      recusarProximo = true;
    },
  };
};

const loginComo = (perfil: 'veterinario' | 'recepcao') =>
  useSessionStore.getState().login(
    loginOutput({
      unidadesNegocio: [
        {
          id: MATRIZ_ID,
          nome: 'Matriz',
          perfil: { id: perfil, nome: PERFIS[perfil].nome },
          permissoes: [...PERFIS[perfil].permissoes],
          timeZone: 'America/Sao_Paulo',
        },
      ],
    }),
  );

const path = `/clientes/${CLIENTE}/ficha-animal/${PET}`;

describe('animal chart page', () => {
  beforeEach(() => {
    seq = 0;
  });

  it('shows the header and records a consultation in place with its weight and attachment', { timeout: 30_000 }, async () => {
    loginComo('veterinario');
    const antigo = registro({
      anamnese: 'Vacinação em dia',
      exameFisico: {
        peso: 12.5,
        temperatura: 38.6,
        frequenciaCardiaca: 100,
        frequenciaRespiratoria: null,
        mucosas: 'normocoradas',
        hidratacao: null,
        tpc: null,
        observacoes: null,
      },
    });
    const { api, recusarProximo } = setup(fichaFixture(pagina([antigo])));
    const { container } = renderApp(path, { adapter: api.adapter });

    expect(await screen.findByRole('heading', { name: 'Rex' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Canina · SRD · Caramelo · Macho castrado · 3 anos e 6 meses')).toBeTruthy();
    const alertas = within(screen.getByLabelText('Alertas'));
    expect(alertas.getByText('Alergia: Dipirona')).toBeTruthy();
    expect(alertas.getByText('2 doses atrasadas')).toBeTruthy();
    // Breadcrumb and header lead back to the customer.
    const tutor = screen.getAllByRole('link', { name: 'Carla Dias' });
    expect(tutor.map((a) => a.getAttribute('href'))).toEqual([`/clientes/${CLIENTE}`, `/clientes/${CLIENTE}`]);
    expect(screen.getByText('981020000123456')).toBeTruthy();
    // The earlier consultation, its exame físico as a table.
    const card = screen.getByRole('article', { name: 'Consulta de 20/11/2026 10:00' });
    expect(within(card).getByText('Dra. Ana Souza · CRMV-MG 12345', { exact: false })).toBeTruthy();
    const tabela = within(card).getByRole('table', { name: 'Exame físico' });
    expect(within(tabela).getByText('38,6 °C')).toBeTruthy();
    expect(within(tabela).getByText('Normocoradas')).toBeTruthy();

    // N opens the form in place; the consultation's fields with the dog's reference values.
    const user = userEvent.setup({ delay: null });
    await user.keyboard('n');
    const form = await screen.findByRole('form', { name: 'Novo registro' }, SLOW);
    expect(within(form).getByText('Ref. 37,5–39,2 °C')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Anamnese')));
    await user.type(within(form).getByLabelText('Anamnese'), 'Coceira');
    await user.type(within(form).getByRole('textbox', { name: 'Peso' }), '13,2');
    await user.type(within(form).getByLabelText('Temperatura'), '46');
    const arquivo = new File(['%PDF-1.4'], 'hemograma.pdf', { type: 'application/pdf' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, arquivo);
    expect(within(form).getByText('hemograma.pdf')).toBeTruthy();

    // The client checks the range first, with the contract's message.
    await user.click(within(form).getByLabelText('Anamnese'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await within(form).findByText('Temperatura deve estar entre 25 e 45 °C', {}, SLOW)).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    // A server refusal lands on its field too.
    await user.clear(within(form).getByLabelText('Temperatura'));
    await user.type(within(form).getByLabelText('Temperatura'), '39');
    recusarProximo();
    await user.click(within(form).getByRole('button', { name: 'Salvar registro' }));
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1), SLOW);
    expect(await within(form).findByText('Temperatura deve estar entre 25 e 45 °C', {}, SLOW)).toBeTruthy();

    await user.click(within(form).getByLabelText('Anamnese'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Novo registro' })).toBeNull(), SLOW);
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    // The retry after a refusal keeps the submission's Idempotency-Key.
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
    const body = posts[1]!.data as FormData;
    const dados = JSON.parse(String(body.get('dados'))) as Record<string, unknown>;
    expect(dados).toEqual({
      petId: PET,
      tipo: 'consulta',
      data: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/) as unknown,
      anamnese: 'Coceira',
      exameFisico: { peso: 13.2, temperatura: 39 },
    });
    expect((body.getAll('anexos') as File[]).map((f) => f.name)).toEqual(['hemograma.pdf']);

    // The chart is read again: the new record on top, the weight series with its point.
    expect(await screen.findByRole('article', { name: 'Consulta de 27/11/2026 09:30' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('ultimo-peso').textContent).toContain('13,2 kg'), SLOW);
    expect(screen.getByTestId('ultimo-peso').textContent).toContain('(+0,7 kg)');
  });

  it(
    'switches kinds: a weight record sends only the weight; Esc with nothing typed closes the form',
    { timeout: 30_000 },
    async () => {
      loginComo('veterinario');
      const { api } = setup(fichaFixture(pagina([])));
      renderApp(path, { adapter: api.adapter });
      expect(await screen.findByText('Nenhum registro clínico', {}, SLOW)).toBeTruthy();
      const user = userEvent.setup({ delay: null });
      await user.click(screen.getByRole('button', { name: /Novo registro/ }));
      let form = await screen.findByRole('form', { name: 'Novo registro' }, SLOW);
      fireEvent.keyDown(within(form).getByLabelText('Anamnese'), { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Novo registro' })).toBeNull(), SLOW);

      await user.keyboard('n');
      form = await screen.findByRole('form', { name: 'Novo registro' }, SLOW);
      await user.click(within(form).getByRole('radio', { name: 'Peso' }));
      expect(within(form).queryByLabelText('Anamnese')).toBeNull();
      await user.click(within(form).getByRole('button', { name: 'Salvar registro' }));
      expect(await within(form).findByText('Informe o peso', {}, SLOW)).toBeTruthy();
      await user.type(within(form).getByRole('textbox', { name: 'Peso' }), '8,25');
      await user.click(within(form).getByRole('button', { name: 'Salvar registro' }));
      await waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true), SLOW);
      const post = api.requests.find((r) => r.method === 'POST')!;
      const dados = JSON.parse(String((post.data as FormData).get('dados'))) as Record<string, unknown>;
      expect(dados).toMatchObject({ tipo: 'peso', peso: 8.25 });
      expect(Object.keys(dados).sort()).toEqual(['data', 'peso', 'petId', 'tipo']);
      expect((post.data as FormData).getAll('anexos')).toEqual([]);
    },
  );

  it('filters the timeline by kind with the counts and loads more pages', { timeout: 30_000 }, async () => {
    loginComo('veterinario');
    const consultas = Array.from({ length: 25 }, (_, i) =>
      registro({ dataLocal: `2026-10-${String(28 - i).padStart(2, '0')}T10:00`, anamnese: `Consulta ${i + 1}` }),
    );
    const pesos = [
      registro({ tipo: 'peso', peso: 12.1, dataLocal: '2026-11-01T08:00' }),
      registro({ tipo: 'peso', peso: 11.8, dataLocal: '2026-09-01T08:00' }),
    ];
    const ficha = fichaFixture(pagina(consultas.slice(0, 20), 27), { totaisPorTipo: { consulta: 25, peso: 2 } });
    const { api } = setup(ficha, { peso: pesos }, [...consultas.slice(0, 20), ...pesos, ...consultas.slice(20)]);
    renderApp(path, { adapter: api.adapter });

    const registros = await screen.findByLabelText('Registros', {}, SLOW);
    expect(within(registros).getAllByRole('article')).toHaveLength(20);
    const filtro = screen.getByRole('radiogroup', { name: 'Filtrar por tipo' });
    expect(
      within(filtro)
        .getAllByRole('radio')
        .map((r) => r.closest('div')?.textContent ?? ''),
    ).toEqual(['Todos 27', 'Consulta 25', 'Peso 2']);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Carregar mais (7 restantes)' }));
    await waitFor(() => expect(within(registros).getAllByRole('article')).toHaveLength(27), SLOW);
    expect(api.requests.find((r) => r.path === '/clinica/registros' && r.params.page === 2)?.params).toMatchObject({
      petId: PET,
      page: 2,
      pageSize: 20,
    });
    expect(screen.queryByRole('button', { name: /Carregar mais/ })).toBeNull();

    await user.click(within(filtro).getByRole('radio', { name: /Peso/ }));
    await waitFor(() => expect(within(registros).getAllByRole('article')).toHaveLength(2), SLOW);
    expect(within(registros).getByRole('article', { name: 'Peso de 01/11/2026 08:00' })).toBeTruthy();
    expect(within(registros).getByText('12,1 kg')).toBeTruthy();
    expect(api.requests.find((r) => r.params.tipo === 'peso')?.params).toMatchObject({ petId: PET, tipo: 'peso', page: 1 });
  });

  it(
    'edits a record in place (an attachment removed, a new one added) and deletes one after confirming',
    { timeout: 30_000 },
    async () => {
      loginComo('veterinario');
      const anexo = {
        id: 'c1c1c1c1-c1c1-4c1c-8c1c-c1c1c1c1c1c1',
        nome: 'raio-x.png',
        mimeType: 'image/png',
        tamanho: 2048,
        url: '/api/arquivos/x',
      };
      const exame = registro({ tipo: 'exame', titulo: 'Raio-X', descricao: 'Tórax sem alterações', anexos: [anexo] });
      const nota = registro({ tipo: 'observacao', titulo: 'Ligação', descricao: 'Tutor ligou', dataLocal: '2026-11-19T15:00' });
      const { api } = setup(fichaFixture(pagina([exame, nota]), { totaisPorTipo: { exame: 1, observacao: 1 } }));
      api.handlers[`PUT /clinica/registros/${exame.id}`] = () => json({ ...exame, descricao: 'Tórax e abdome sem alterações' });
      api.handlers[`DELETE /clinica/registros/${nota.id}`] = () => ({ status: 204 });
      const { container } = renderApp(path, { adapter: api.adapter });
      const card = await screen.findByRole('article', { name: 'Exame de 20/11/2026 10:00' }, SLOW);
      const user = userEvent.setup({ delay: null });
      await user.click(within(card).getByRole('button', { name: 'Editar Exame de 20/11/2026 10:00' }));

      const form = await screen.findByRole('form', { name: 'Editar registro' }, SLOW);
      expect(within(form).getByRole('textbox', { name: 'Título' })).toHaveProperty('value', 'Raio-X');
      // The kind of a saved record does not change.
      expect(within(form).getByRole('radio', { name: 'Exame' })).toHaveProperty('disabled', true);
      await user.type(
        within(form).getByRole('textbox', { name: 'Descrição' }),
        '{Control>}a{/Control}Tórax e abdome sem alterações',
      );
      await user.click(within(form).getByRole('button', { name: 'Remover raio-x.png' }));
      await user.upload(
        container.querySelector<HTMLInputElement>('input[type="file"]')!,
        new File(['img'], 'raio-x-2.png', { type: 'image/png' }),
      );
      await user.click(within(form).getByRole('button', { name: 'Salvar registro' }));
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Editar registro' })).toBeNull(), SLOW);
      const put = api.requests.find((r) => r.method === 'PUT')!;
      expect(JSON.parse(String((put.data as FormData).get('dados')))).toEqual({
        petId: PET,
        tipo: 'exame',
        data: '2026-11-20T10:00',
        titulo: 'Raio-X',
        descricao: 'Tórax e abdome sem alterações',
        anexosRemovidos: [anexo.id],
      });
      expect(((put.data as FormData).getAll('anexos') as File[]).map((f) => f.name)).toEqual(['raio-x-2.png']);

      const outro = screen.getByRole('article', { name: 'Observação de 19/11/2026 15:00' });
      await user.click(within(outro).getByRole('button', { name: 'Excluir Observação de 19/11/2026 15:00' }));
      const confirmar = await screen.findByRole('dialog', { name: 'Confirmar exclusão', hidden: true }, SLOW);
      await user.click(within(confirmar).getByRole('button', { name: 'Excluir', hidden: true }));
      await waitFor(
        () => expect(api.requests.some((r) => r.method === 'DELETE' && r.path === `/clinica/registros/${nota.id}`)).toBe(true),
        SLOW,
      );
    },
  );

  it('read-only profiles see the chart, its PDFs and no write button', { timeout: 30_000 }, async () => {
    loginComo('recepcao');
    const deOutraUnidade = registro({
      anamnese: 'Atendido na filial',
      unidadeNegocioId: OUTRA_UNIDADE,
      unidadeNegocioNome: 'Filial Savassi',
      editavel: false,
    });
    const { api } = setup(fichaFixture(pagina([deOutraUnidade]), { podeEscrever: false }));
    renderApp(path, { adapter: api.adapter });
    const card = await screen.findByRole('article', { name: 'Consulta de 20/11/2026 10:00' }, SLOW);
    expect(within(card).getByText('Filial Savassi')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'PDF: Consulta de 20/11/2026 10:00' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Editar|Excluir/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Novo registro/ })).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.keyboard('n');
    expect(screen.queryByRole('form', { name: 'Novo registro' })).toBeNull();
  });
});
