/**
 * /api/clinica/registros (issue #19 item 4): each kind, attachments (multipart, several `anexos`
 * parts, downloaded back), the weight series and the pet's weight, the 400s, permissions, tenant
 * and unit isolation, documents' content, search and a double click.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PontoPeso, Registro } from '@petshop/shared/clinica';
import type { Page } from '@petshop/shared/http';
import type { Pet } from '@petshop/shared/pet';
import { withTenant } from '../src/db/tenant-scope.ts';
import { inserirRegistro } from '../src/modules/clinica/registros-repository.ts';
import { newTenant, novaUnidade, PNG_1PX, usuarioComPerfil, useTestApp, type TenantFixture } from './helper.ts';
import { criarPetComTutor, EXE, injectPartes, PDF_MIN } from './clinica-registros-fixtures.ts';

const ctx = useTestApp();
const URL = '/api/clinica/registros';

const criar = (headers: Record<string, string>, dados: unknown) =>
  ctx.app.inject({ method: 'POST', url: URL, headers, payload: dados as object });
const criarOk = async (headers: Record<string, string>, dados: Record<string, unknown>) => {
  const res = await criar(headers, dados);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Registro>();
};
const listar = async (headers: Record<string, string>, qs: string) => {
  const res = await ctx.app.inject({ url: `${URL}?${qs}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<Registro>>();
};
const getPet = async (t: TenantFixture, id: string) =>
  (await ctx.app.inject({ url: `/api/animal/pets/${id}`, headers: t.headers })).json<Pet>();
const historico = async (headers: Record<string, string>, petId: string) => {
  const res = await ctx.app.inject({ url: `${URL}/historico-peso?petId=${petId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PontoPeso[]>();
};

/** 'yyyy-MM-ddTHH:mm' `dias` days from now in São Paulo (UTC−3). */
const localSP = (dias: number, hora = '10:30') => {
  const d = new Date(Date.now() - 3 * 3600_000 + dias * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${hora}`;
};

describe('/api/clinica/registros', () => {
  it('records each kind with its fields; the local time is stored as UTC; documents without content', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetComTutor(ctx, t.headers);
    const consulta = await criarOk(t.headers, {
      petId: pet.id,
      tipo: 'consulta',
      data: '2025-03-10T14:30',
      titulo: 'Consulta de rotina',
      anamnese: 'Coça a orelha há 3 dias',
      exameFisico: {
        peso: '12,5',
        temperatura: 38.7,
        frequenciaCardiaca: 110,
        frequenciaRespiratoria: 28,
        mucosas: 'normocoradas',
        hidratacao: 'normal',
        tpc: 2,
      },
      diagnostico: 'Otite externa',
      conduta: 'Limpeza e otológico por 7 dias',
      descricao: 'ignorada: não é campo da consulta',
    });
    expect(consulta).toMatchObject({
      petId: pet.id,
      tipo: 'consulta',
      data: '2025-03-10T17:30:00.000Z',
      dataLocal: '2025-03-10T14:30',
      titulo: 'Consulta de rotina',
      anamnese: 'Coça a orelha há 3 dias',
      exameFisico: {
        peso: 12.5,
        temperatura: 38.7,
        frequenciaCardiaca: 110,
        frequenciaRespiratoria: 28,
        mucosas: 'normocoradas',
        hidratacao: 'normal',
        tpc: 2,
        observacoes: null,
      },
      diagnostico: 'Otite externa',
      conduta: 'Limpeza e otológico por 7 dias',
      descricao: null,
      peso: 12.5,
      veterinarioId: t.usuarioId,
      veterinarioNome: 'Administradora Teste',
      unidadeNegocioId: t.unidadeNegocioId,
      unidadeNegocioNome: 'Loja Centro',
      editavel: true,
      anexos: [],
    });

    const retorno = await criarOk(t.headers, { petId: pet.id, tipo: 'retorno', anamnese: 'Melhorou', peso: 12.2 });
    expect(retorno).toMatchObject({ tipo: 'retorno', peso: 12.2, exameFisico: { peso: 12.2, temperatura: null } });
    const internacao = await criarOk(t.headers, {
      petId: pet.id,
      tipo: 'internacao',
      evolucao: 'Estável, alimentando-se',
      exameFisico: { temperatura: '39,1' },
    });
    expect(internacao).toMatchObject({
      evolucao: 'Estável, alimentando-se',
      exameFisico: { temperatura: 39.1, peso: null },
      peso: null,
    });
    for (const tipo of ['exame', 'procedimento', 'observacao'] as const) {
      const r = await criarOk(t.headers, { petId: pet.id, tipo, descricao: `Descrição de ${tipo}`, exameFisico: { peso: 3 } });
      expect(r).toMatchObject({ tipo, descricao: `Descrição de ${tipo}`, exameFisico: null, peso: null });
    }
    const peso = await criarOk(t.headers, { petId: pet.id, tipo: 'peso', peso: '13,25' });
    expect(peso).toMatchObject({ tipo: 'peso', peso: 13.25, exameFisico: null });
    const medicamento = {
      nome: 'Amoxicilina 250 mg',
      dose: '1 comprimido',
      via: 'oral',
      frequencia: 'a cada 12 horas',
      duracao: '7 dias',
    };
    const receita = await criarOk(t.headers, {
      petId: pet.id,
      tipo: 'receita',
      medicamentos: [medicamento],
      controleEspecial: true,
    });
    expect(receita).toMatchObject({ tipo: 'receita', medicamentos: [medicamento], controleEspecial: true, conteudoHtml: null });
    const documento = await criarOk(t.headers, {
      petId: pet.id,
      tipo: 'documento',
      descricao: 'Atestado entregue',
      controleEspecial: true,
    });
    expect(documento).toMatchObject({ tipo: 'documento', controleEspecial: false });

    // A document's content comes only from a template (processar).
    const html = await criar(t.headers, { petId: pet.id, tipo: 'documento', conteudoHtml: '<p>Atesto</p>' });
    expect(html.statusCode).toBe(400);
    expect(html.json().errors.conteudoHtml[0]).toMatch(/emita um novo documento/);

    // Read back one by one and as a page, newest first.
    const got = await ctx.app.inject({ url: `${URL}/${consulta.id}`, headers: t.headers });
    expect(got.json<Registro>()).toEqual(consulta);
    const page = await listar(t.headers, `petId=${pet.id}&pageSize=100`);
    expect(page.total).toBe(9);
    expect(page.items.at(-1)!.id).toBe(consulta.id);
  });

  it('takes PDF and PNG attachments as several `anexos` parts, serves them back, removes and adds on update', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetComTutor(ctx, t.headers);
    const res = await injectPartes(ctx, 'POST', URL, t.headers, { petId: pet.id, tipo: 'exame', descricao: 'Hemograma' }, [
      { name: 'anexos', filename: 'hemograma.pdf', contentType: 'application/pdf', content: PDF_MIN },
      { name: 'anexos', filename: 'raio-x.png', contentType: 'image/png', content: PNG_1PX },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const registro = res.json<Registro>();
    expect(registro.anexos.map((a) => [a.nome, a.mimeType, a.tamanho])).toEqual([
      ['hemograma.pdf', 'application/pdf', PDF_MIN.length],
      ['raio-x.png', 'image/png', PNG_1PX.length],
    ]);
    for (const [anexo, conteudo] of [
      [registro.anexos[0]!, PDF_MIN],
      [registro.anexos[1]!, PNG_1PX],
    ] as const) {
      const download = await ctx.app.inject({ url: anexo.url });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(anexo.mimeType);
      expect(download.rawPayload.equals(conteudo)).toBe(true);
    }

    // An executable is refused, by its declared type and by its content under a PDF's name.
    for (const parte of [
      { name: 'anexos', filename: 'virus.exe', contentType: 'application/x-msdownload', content: EXE },
      { name: 'anexos', filename: 'laudo.pdf', contentType: 'application/pdf', content: EXE },
    ]) {
      const exe = await injectPartes(ctx, 'POST', URL, t.headers, { petId: pet.id, tipo: 'exame' }, [parte]);
      expect(exe.statusCode).toBe(400);
      expect(exe.json().errors.anexos[0]).toMatch(/tipo de arquivo não aceito \(use PDF, PNG, JPEG ou WebP\)/);
    }
    // At most 4 files a request (the multipart plugin's limit): a fifth refuses the whole request.
    const cinco = await injectPartes(
      ctx,
      'POST',
      URL,
      t.headers,
      { petId: pet.id, tipo: 'exame' },
      [1, 2, 3, 4, 5].map((i) => ({
        name: 'anexos',
        filename: `laudo${i}.pdf`,
        contentType: 'application/pdf',
        content: PDF_MIN,
      })),
    );
    expect(cinco.statusCode).toBe(400);
    expect(cinco.json().errors.generalErrors).toEqual(['Envie no máximo 4 arquivos por vez']);
    expect((await listar(t.headers, `petId=${pet.id}`)).total).toBe(1);

    // Larger than the plugin's default 5 MB, up to 10 MB, is accepted; above it is refused.
    const grande = Buffer.concat([PDF_MIN, Buffer.alloc(6 * 1024 * 1024, 32)]);
    const enorme = Buffer.concat([PDF_MIN, Buffer.alloc(10 * 1024 * 1024, 32)]);
    const resGrande = await injectPartes(ctx, 'POST', URL, t.headers, { petId: pet.id, tipo: 'exame' }, [
      { name: 'anexos', filename: 'tomografia.pdf', contentType: 'application/pdf', content: grande },
    ]);
    expect(resGrande.statusCode, resGrande.body).toBe(201);
    const resEnorme = await injectPartes(ctx, 'POST', URL, t.headers, { petId: pet.id, tipo: 'exame' }, [
      { name: 'anexos', filename: 'enorme.pdf', contentType: 'application/pdf', content: enorme },
    ]);
    expect(resEnorme.statusCode).toBe(400);
    expect(resEnorme.json().errors.anexos[0]).toMatch(/maior que 10 MB/);

    // Update: the PDF removed (its file too), a JPEG added; the PNG stays.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 7)]);
    const put = await injectPartes(
      ctx,
      'PUT',
      `${URL}/${registro.id}`,
      t.headers,
      { petId: pet.id, tipo: 'exame', descricao: 'Hemograma e raio-x', anexosRemovidos: [registro.anexos[0]!.id] },
      [{ name: 'anexos', filename: 'foto.jpg', contentType: 'image/jpeg', content: jpeg }],
    );
    expect(put.statusCode, put.body).toBe(200);
    const alterado = put.json<Registro>();
    expect(alterado.descricao).toBe('Hemograma e raio-x');
    expect(alterado.anexos.map((a) => a.nome)).toEqual(['raio-x.png', 'foto.jpg']);
    expect((await ctx.app.inject({ url: registro.anexos[0]!.url })).statusCode).toBe(404);

    // A pet with a clinical history is not deleted (the chart is kept): its records and files stay.
    const excluido = await ctx.app.inject({ method: 'DELETE', url: `/api/animal/pets/${pet.id}`, headers: t.headers });
    expect(excluido.statusCode, excluido.body).toBe(400);
    expect(excluido.json().errors.generalErrors[0]).toContain('histórico clínico');
    expect((await ctx.app.inject({ url: `${URL}/${registro.id}`, headers: t.headers })).statusCode).toBe(200);
    for (const anexo of alterado.anexos) expect((await ctx.app.inject({ url: anexo.url })).statusCode).toBe(200);
  });

  it('keeps the weight series oldest first and the pet weight on the latest record, also after changes and deletes', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetComTutor(ctx, t.headers, { peso: '9' });
    const b = await criarOk(t.headers, { petId: pet.id, tipo: 'peso', peso: 11, data: '2025-02-01T09:00' });
    const a = await criarOk(t.headers, { petId: pet.id, tipo: 'peso', peso: 10, data: '2025-01-01T09:00' });
    expect((await getPet(t, pet.id)).peso).toBe(11);
    const c = await criarOk(t.headers, { petId: pet.id, tipo: 'consulta', exameFisico: { peso: 12 }, data: '2025-03-01T23:30' });
    await criarOk(t.headers, { petId: pet.id, tipo: 'observacao', descricao: 'Sem peso', data: '2025-04-01T09:00' });
    expect(await historico(t.headers, pet.id)).toEqual([
      { registroId: a.id, data: '2025-01-01', peso: 10 },
      { registroId: b.id, data: '2025-02-01', peso: 11 },
      // 23:30 in São Paulo is already 2 March in UTC: the date is the unit's.
      { registroId: c.id, data: '2025-03-01', peso: 12 },
    ]);
    expect((await getPet(t, pet.id)).peso).toBe(12);

    // The latest weight changed, then removed from the consultation, then the record deleted.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${c.id}`,
      headers: t.headers,
      payload: { petId: pet.id, tipo: 'consulta', exameFisico: { peso: 12.4 } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Registro>().dataLocal).toBe('2025-03-01T23:30');
    expect((await getPet(t, pet.id)).peso).toBe(12.4);
    await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${c.id}`,
      headers: t.headers,
      payload: { petId: pet.id, tipo: 'consulta' },
    });
    expect((await getPet(t, pet.id)).peso).toBe(11);
    await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${c.id}`,
      headers: t.headers,
      payload: { petId: pet.id, tipo: 'consulta', peso: 13 },
    });
    expect((await getPet(t, pet.id)).peso).toBe(13);
    const del = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${c.id}`, headers: t.headers });
    expect(del.statusCode).toBe(200);
    expect((await getPet(t, pet.id)).peso).toBe(11);
    expect((await historico(t.headers, pet.id)).map((p) => p.peso)).toEqual([10, 11]);
    // Moving the older one after the other makes it the latest.
    await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${a.id}`,
      headers: t.headers,
      payload: { petId: pet.id, tipo: 'peso', peso: 10, data: '2025-02-15T09:00' },
    });
    expect((await getPet(t, pet.id)).peso).toBe(10);
    await ctx.app.inject({ method: 'DELETE', url: `${URL}/${a.id}`, headers: t.headers });
    await ctx.app.inject({ method: 'DELETE', url: `${URL}/${b.id}`, headers: t.headers });
    expect((await getPet(t, pet.id)).peso).toBeNull();
    expect(await historico(t.headers, pet.id)).toEqual([]);
  });

  it('leaves the latest weight on the pet when several are recorded at once', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetComTutor(ctx, t.headers);
    const respostas = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => criar(t.headers, { petId: pet.id, tipo: 'peso', peso: 10 + i, data: `2025-01-0${i}T10:00` })),
    );
    expect(respostas.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect((await getPet(t, pet.id)).peso).toBe(16);
    expect((await historico(t.headers, pet.id)).map((p) => p.peso)).toEqual([11, 12, 13, 14, 15, 16]);
  });

  it('answers 400 with Portuguese messages for bad input of any shape', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetComTutor(ctx, t.headers);
    const casos: [unknown, string, RegExp][] = [
      [{ petId: pet.id, tipo: 'peso' }, 'peso', /Informe o peso/],
      [{ petId: pet.id, tipo: 'peso', peso: 0 }, 'peso', /Peso deve estar entre/],
      [
        { petId: pet.id, tipo: 'consulta', exameFisico: { temperatura: 50 } },
        'exameFisico.temperatura',
        /Temperatura deve estar entre 25 e 45/,
      ],
      [{ petId: pet.id, tipo: 'consulta', exameFisico: { temperatura: 'quente' } }, 'exameFisico.temperatura', /número/],
      [{ petId: pet.id, tipo: 'consulta', data: localSP(2) }, 'data', /um dia no futuro/],
      [{ petId: pet.id, tipo: 'consulta', data: '2025-02-30T10:00' }, 'data', /Data inválida/],
      [{ petId: pet.id, tipo: 'consulta', data: '2025-02-10T24:00' }, 'data', /Data inválida/],
      [{ petId: pet.id, tipo: 'consulta', data: '10/02/2025' }, 'data', /Data inválida/],
      [{ petId: pet.id, tipo: 'cirurgia' }, 'tipo', /Tipo de registro inválido/],
      [{ tipo: 'consulta' }, 'petId', /Informe o pet/],
      [{ petId: pet.id, tipo: 'consulta', veterinarioId: randomUUID() }, 'veterinarioId', /Veterinário não encontrado/],
      [{ petId: pet.id, tipo: 'receita', medicamentos: [{ nome: 'X' }] }, 'medicamentos.0.dose', /Dose/],
      [[1, 2], 'generalErrors', /esperava um objeto/],
    ];
    for (const [dados, campo, mensagem] of casos) {
      const res = await criar(t.headers, dados);
      expect(res.statusCode, JSON.stringify(dados)).toBe(400);
      expect(res.json().errors[campo]?.[0], `${JSON.stringify(dados)} → ${res.body}`).toMatch(mensagem);
    }
    // A time an hour ahead is fine (clocks of a clinic drift).
    expect((await criar(t.headers, { petId: pet.id, tipo: 'consulta', data: localSP(0, '23:59') })).statusCode).toBeLessThan(500);
    // Malformed JSON in the `dados` part, and a body that is no JSON at all.
    const malformado = await injectPartes(ctx, 'POST', URL, t.headers, null, [], '{"petId": ');
    expect(malformado.statusCode).toBe(400);
    expect(malformado.json().errors.dados[0]).toMatch(/JSON esperado/);
    const texto = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...t.headers, 'content-type': 'application/json' },
      payload: '{x',
    });
    expect(texto.statusCode).toBe(400);
    // Unknown pet: 404.
    const semPet = await criar(t.headers, { petId: randomUUID(), tipo: 'consulta' });
    expect(semPet.statusCode).toBe(404);
    expect(semPet.json().errors.generalErrors[0]).toBe('Pet não encontrado');
    // Bad ids in the URL and the query.
    expect((await ctx.app.inject({ url: `${URL}/abc`, headers: t.headers })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: `${URL}?petId=abc`, headers: t.headers })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: `${URL}?petId=${pet.id}&tipo=cirurgia`, headers: t.headers })).statusCode).toBe(400);
    expect((await listar(t.headers, `petId=${pet.id}`)).total).toBe(1);
  });

  it('keeps text as text: titles with markup come back as given, and the search ignores case and accents', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetComTutor(ctx, t.headers, { nome: '<script>alert(1)</script>' });
    const xss = await criarOk(t.headers, {
      petId: pet.id,
      tipo: 'observacao',
      titulo: '<img src=x onerror=alert(1)>',
      descricao: '<b>negrito</b>',
    });
    expect(xss).toMatchObject({ titulo: '<img src=x onerror=alert(1)>', descricao: '<b>negrito</b>' });
    await criarOk(t.headers, { petId: pet.id, tipo: 'consulta', titulo: 'Retorno', diagnostico: 'Otite CRÔNICA bilateral' });
    await criarOk(t.headers, { petId: pet.id, tipo: 'exame', descricao: 'Ultrassom: fígado normal' });
    await criarOk(t.headers, { petId: pet.id, tipo: 'peso', peso: 5 });
    expect((await listar(t.headers, `petId=${pet.id}&query=cronica`)).items.map((r) => r.diagnostico)).toEqual([
      'Otite CRÔNICA bilateral',
    ]);
    expect((await listar(t.headers, `petId=${pet.id}&query=FIGADO`)).items.map((r) => r.tipo)).toEqual(['exame']);
    expect((await listar(t.headers, `petId=${pet.id}&query=100%25`)).total).toBe(0);
    const porTipo = await listar(t.headers, `petId=${pet.id}&tipo=exame,peso`);
    expect(porTipo.items.map((r) => r.tipo).sort()).toEqual(['exame', 'peso']);
    const paginado = await listar(t.headers, `petId=${pet.id}&pageSize=3&page=2`);
    expect(paginado).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(paginado.items).toHaveLength(1);
  });

  it('lets Caixa read without editing, refuses its writes (403) and keeps Banhista out', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetComTutor(ctx, t.headers);
    const r = await criarOk(t.headers, { petId: pet.id, tipo: 'observacao', descricao: 'Calmo' });
    const caixa = await usuarioComPerfil(ctx, t, 'caixa');
    const page = await listar(caixa.headers, `petId=${pet.id}`);
    expect(page.items.map((i) => [i.id, i.editavel])).toEqual([[r.id, false]]);
    expect((await ctx.app.inject({ url: `${URL}/${r.id}`, headers: caixa.headers })).json<Registro>().editavel).toBe(false);
    expect(await historico(caixa.headers, pet.id)).toEqual([]);
    expect((await criar(caixa.headers, { petId: pet.id, tipo: 'observacao' })).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `${URL}/${r.id}`,
          headers: caixa.headers,
          payload: { petId: pet.id, tipo: 'observacao' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${r.id}`, headers: caixa.headers })).statusCode).toBe(403);
    const banhista = await usuarioComPerfil(ctx, t, 'banhista');
    expect((await ctx.app.inject({ url: `${URL}?petId=${pet.id}`, headers: banhista.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `${URL}/${r.id}`, headers: banhista.headers })).statusCode).toBe(403);
    // The vet writes, and is the record's veterinarian by default.
    const vet = await usuarioComPerfil(ctx, t, 'veterinario', 'Dra. Carla');
    const doVet = await criarOk(vet.headers, { petId: pet.id, tipo: 'consulta' });
    expect(doVet).toMatchObject({ veterinarioId: vet.usuarioId, veterinarioNome: 'Dra. Carla', editavel: true });
  });

  it('isolates tenants: another tenant gets 404 for the pet, the record and its attachment, and sees nothing', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const { pet } = await criarPetComTutor(ctx, a.headers);
    const res = await injectPartes(ctx, 'POST', URL, a.headers, { petId: pet.id, tipo: 'exame' }, [
      { name: 'anexos', filename: 'laudo.pdf', contentType: 'application/pdf', content: PDF_MIN },
    ]);
    const r = res.json<Registro>();
    expect((await ctx.app.inject({ url: `${URL}/${r.id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await listar(b.headers, `petId=${pet.id}`)).total).toBe(0);
    expect(await historico(b.headers, pet.id)).toEqual([]);
    expect((await criar(b.headers, { petId: pet.id, tipo: 'peso', peso: 3 })).statusCode).toBe(404);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${r.id}`,
      headers: b.headers,
      payload: { petId: pet.id, tipo: 'exame' },
    });
    expect(put.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${r.id}`, headers: b.headers })).statusCode).toBe(404);
    // B's own record cannot remove A's attachment through anexosRemovidos.
    const { pet: petB } = await criarPetComTutor(ctx, b.headers);
    const rb = await criarOk(b.headers, { petId: petB.id, tipo: 'exame' });
    const putB = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${rb.id}`,
      headers: b.headers,
      payload: { petId: petB.id, tipo: 'exame', anexosRemovidos: [r.anexos[0]!.id] },
    });
    expect(putB.statusCode).toBe(200);
    const depois = await ctx.app.inject({ url: `${URL}/${r.id}`, headers: a.headers });
    expect(depois.json<Registro>().anexos).toHaveLength(1);
    expect((await ctx.app.inject({ url: r.anexos[0]!.url })).statusCode).toBe(200);
  });

  it('isolates units: unit B reads unit A’s record (not editable), cannot change or delete it (404), writes its own', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetComTutor(ctx, t.headers);
    const r = await criarOk(t.headers, { petId: pet.id, tipo: 'peso', peso: 8 });
    const unidadeB = await novaUnidade(ctx, t);
    const lido = await ctx.app.inject({ url: `/api/clinicas/registros/${r.id}`, headers: unidadeB.headers });
    expect(lido.statusCode).toBe(200);
    expect(lido.json<Registro>()).toMatchObject({ id: r.id, editavel: false, unidadeNegocioNome: 'Loja Centro' });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${r.id}`,
      headers: unidadeB.headers,
      payload: { petId: pet.id, tipo: 'peso', peso: 1 },
    });
    expect(put.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${r.id}`, headers: unidadeB.headers })).statusCode).toBe(404);
    expect((await getPet(t, pet.id)).peso).toBe(8);
    const deB = await criarOk(unidadeB.headers, { petId: pet.id, tipo: 'peso', peso: 9 });
    expect(deB).toMatchObject({ unidadeNegocioId: unidadeB.id, unidadeNegocioNome: 'Loja Bairro', editavel: true });
    const page = await listar(unidadeB.headers, `petId=${pet.id}`);
    expect(Object.fromEntries(page.items.map((i) => [i.id, i.editavel]))).toEqual({ [r.id]: false, [deB.id]: true });
    expect((await getPet(t, pet.id)).peso).toBe(9);
  });

  it('lets an issued document be retitled or deleted, never its content or medicines changed', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetComTutor(ctx, t.headers);
    const medicamentos = [
      { nome: 'Meloxicam', dose: '0,1 mg/kg', via: 'oral', frequencia: 'a cada 24 horas', duracao: '5 dias' },
    ];
    const id = await withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId }, (tx) =>
      inserirRegistro(tx, {
        petId: pet.id,
        tipo: 'receita',
        titulo: 'Receita simples',
        dados: { medicamentos },
        conteudoHtml: '<p>Meloxicam</p>',
        controleEspecial: true,
        usuarioId: t.usuarioId,
      }),
    );
    const url = `/api/clinicas/registros/${id}`;
    const emitido = (await ctx.app.inject({ url, headers: t.headers })).json<Registro>();
    expect(emitido).toMatchObject({ conteudoHtml: '<p>Meloxicam</p>', medicamentos, controleEspecial: true });
    const base = {
      petId: pet.id,
      tipo: 'receita',
      titulo: emitido.titulo,
      medicamentos: emitido.medicamentos,
      data: emitido.dataLocal,
    };
    const conteudo = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: t.headers,
      payload: { ...base, conteudoHtml: '<p>Outro</p>' },
    });
    expect(conteudo.statusCode).toBe(400);
    expect(conteudo.json().errors.conteudoHtml[0]).toMatch(/emita um novo documento/);
    const remedios = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: t.headers,
      payload: { petId: pet.id, tipo: 'receita', medicamentos: [{ ...medicamentos[0], dose: '1 comprimido' }] },
    });
    expect(remedios.statusCode).toBe(400);
    const tipo = await ctx.app.inject({ method: 'PUT', url, headers: t.headers, payload: { petId: pet.id, tipo: 'consulta' } });
    expect(tipo.statusCode).toBe(400);
    // The form sent back with its content and medicines untouched and a new title is fine.
    const titulo = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: t.headers,
      payload: { ...base, conteudoHtml: emitido.conteudoHtml, titulo: 'Receita do Rex' },
    });
    expect(titulo.statusCode, titulo.body).toBe(200);
    expect(titulo.json<Registro>()).toMatchObject({
      titulo: 'Receita do Rex',
      conteudoHtml: '<p>Meloxicam</p>',
      medicamentos,
      controleEspecial: true,
    });
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: t.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url, headers: t.headers })).statusCode).toBe(404);
  });

  it("saves a user's CRMV and names the veterinarian with it on the records", async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetComTutor(ctx, t.headers);
    const dados = {
      nome: 'Dr. Paulo',
      email: `paulo.${randomUUID().slice(0, 8)}@teste.com.br`,
      senha: 'senha-segura-789',
      crmv: '  CRMV-SP 12345 ',
      unidades: [{ unidadeNegocioId: t.unidadeNegocioId, perfilId: 'veterinario' }],
    };
    const criado = await ctx.app.inject({ method: 'POST', url: '/api/auth/usuarios', headers: t.headers, payload: dados });
    expect(criado.statusCode, criado.body).toBe(201);
    const vet = criado.json<{ id: string; crmv: string | null }>();
    expect(vet.crmv).toBe('CRMV-SP 12345');
    const longo = await ctx.app.inject({
      method: 'PUT',
      url: `/api/auth/usuarios/${vet.id}`,
      headers: t.headers,
      payload: { ...dados, senha: undefined, crmv: 'x'.repeat(31) },
    });
    expect(longo.statusCode).toBe(400);
    expect(longo.json().errors.crmv[0]).toBe('CRMV deve ter no máximo 30 caracteres');
    const r = await criarOk(t.headers, { petId: pet.id, tipo: 'consulta', veterinarioId: vet.id });
    expect(r).toMatchObject({ veterinarioId: vet.id, veterinarioNome: 'Dr. Paulo', veterinarioCrmv: 'CRMV-SP 12345' });
    const semCrmv = await ctx.app.inject({
      method: 'PUT',
      url: `/api/auth/usuarios/${vet.id}`,
      headers: t.headers,
      payload: { ...dados, senha: undefined, crmv: '' },
    });
    expect(semCrmv.statusCode, semCrmv.body).toBe(200);
    expect(semCrmv.json<{ crmv: string | null }>().crmv).toBeNull();
  });

  it('does a double-clicked creation once (Idempotency-Key)', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetComTutor(ctx, t.headers);
    const headers = { ...t.headers, 'idempotency-key': randomUUID() };
    const dados = { petId: pet.id, tipo: 'peso', peso: 4 };
    const [primeiro, segundo] = [await criar(headers, dados), await criar(headers, dados)];
    expect(primeiro.statusCode).toBe(201);
    expect(segundo.json<Registro>().id).toBe(primeiro.json<Registro>().id);
    expect((await listar(t.headers, `petId=${pet.id}`)).total).toBe(1);
  });
});
