/**
 * Document/prescription templates (issue #19 item 5): /api/clinica/modelos-documento CRUD, the
 * template's check (plain known variables only, the message listing the known ones), the HTML
 * sanitised on save, the new tenant's six templates, and POST /modelos-documento/processar:
 * every variable filled (values asserted), every value escaped, the preview saving nothing, the
 * saved record; permissions and tenant isolation; one call through /api/clinicas.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VARIAVEIS_MODELO, type ModeloDocumento, type ProcessarModeloResult } from '@petshop/shared/clinica';
import { dataPorExtenso, formatCnpj, formatCpf, todayISO } from '@petshop/shared/format';
import type { Page } from '@petshop/shared/http';
import { modelosDocumento, registrosClinicos, unidadesNegocio } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { BASE, criarModelo, criarPetDocumento, definirCrmv, MEDICAMENTOS } from './clinica-documentos-fixtures.ts';
import { newTenant, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = `${BASE}/modelos-documento`;

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

const processar = (headers: Record<string, string>, payload: Record<string, unknown>, base = BASE) =>
  req('POST', `${base}/modelos-documento/processar`, headers, payload);

const registrosDoPet = (t: TenantFixture, petId: string) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
    const [row] = await tx.select({ n: count() }).from(registrosClinicos).where(eq(registrosClinicos.petId, petId));
    return row!.n;
  });

/** A template using every variable, one per line: "chave=valor". */
const TODAS = VARIAVEIS_MODELO.map((v) => `<p>${v.chave}={{${v.chave}}}</p>`).join('');

/** "chave=valor" lines of a filled TODAS. */
const valoresPreenchidos = (html: string): Record<string, string> =>
  Object.fromEntries([...html.matchAll(/<p>([\w.]+)=(.*?)<\/p>/g)].map((m) => [m[1]!, m[2]!]));

describe('/api/clinica/modelos-documento', () => {
  it('a new tenant starts with the six CFMV templates, each valid and fillable', async () => {
    const t = await newTenant(ctx);
    const res = await req('GET', `${URL}?pageSize=100`, t.headers);
    expect(res.statusCode).toBe(200);
    const page = res.json<Page<ModeloDocumento>>();
    expect(page.items.map((m) => [m.nome, m.tipo, m.controleEspecial]).sort()).toEqual(
      [
        ['Atestado de saúde', 'documento', false],
        ['Atestado de vacinação', 'documento', false],
        ['Receita de controle especial', 'receita', true],
        ['Receita simples', 'receita', false],
        ['Termo de consentimento para realização de eutanásia', 'documento', false],
        ['Termo de consentimento para realização de procedimento e anestesia', 'documento', false],
      ].sort(),
    );
    const { pet } = await criarPetDocumento(ctx, t);
    for (const modelo of page.items) {
      const r = await processar(t.headers, { modeloDocumentoId: modelo.id, petId: pet.id, salvar: false });
      expect(r.statusCode, `${modelo.nome}: ${r.body}`).toBe(200);
      expect(r.json<ProcessarModeloResult>().html).toContain('Thor');
      expect(r.json<ProcessarModeloResult>().html).not.toContain('{{');
    }
  });

  it('creates, reads, lists with filters, updates and deletes', async () => {
    const t = await newTenant(ctx);
    const criado = await criarModelo(ctx, t.headers, {
      tipo: 'receita',
      nome: 'Receita de antibiótico',
      conteudo: '<p>Uso oral para <strong>{{pet.nome}}</strong></p>',
      controleEspecial: true,
    });
    expect(criado).toMatchObject({ tipo: 'receita', nome: 'Receita de antibiótico', controleEspecial: true, ativo: true });
    expect(criado.conteudo).toBe('<p>Uso oral para <strong>{{pet.nome}}</strong></p>');

    const lido = await req('GET', `${URL}/${criado.id}`, t.headers);
    expect(lido.json<ModeloDocumento>()).toEqual(criado);

    const porNome = await req('GET', `${URL}?query=ANTIBIOTICO`, t.headers);
    expect(porNome.json<Page<ModeloDocumento>>().items.map((m) => m.id)).toEqual([criado.id]);
    const receitas = await req('GET', `${URL}?tipo=receita&pageSize=100`, t.headers);
    expect(receitas.json<Page<ModeloDocumento>>().items.every((m) => m.tipo === 'receita')).toBe(true);
    expect(receitas.json<Page<ModeloDocumento>>().total).toBe(3);
    expect((await req('GET', `${URL}?tipo=outro`, t.headers)).statusCode).toBe(400);

    const alterado = await req('PUT', `${URL}/${criado.id}`, t.headers, {
      tipo: 'documento',
      nome: 'Declaração',
      conteudo: '<p>{{tutor.nome}}</p>',
      controleEspecial: true,
      ativo: false,
    });
    expect(alterado.statusCode, alterado.body).toBe(200);
    // controleEspecial is a prescription's: a documento is saved without it.
    expect(alterado.json<ModeloDocumento>()).toMatchObject({
      tipo: 'documento',
      nome: 'Declaração',
      controleEspecial: false,
      ativo: false,
    });
    const inativos = await req('GET', `${URL}?ativo=false`, t.headers);
    expect(inativos.json<Page<ModeloDocumento>>().items.map((m) => m.id)).toEqual([criado.id]);

    expect((await req('DELETE', `${URL}/${criado.id}`, t.headers)).statusCode).toBe(200);
    expect((await req('GET', `${URL}/${criado.id}`, t.headers)).statusCode).toBe(404);
    expect((await req('DELETE', `${URL}/${criado.id}`, t.headers)).statusCode).toBe(404);
  });

  it('refuses unknown variables and other Handlebars constructs, listing the known variables', async () => {
    const t = await newTenant(ctx);
    const salvar = (conteudo: string) => req('POST', URL, t.headers, { tipo: 'documento', nome: 'X', conteudo });
    const conhecidas = VARIAVEIS_MODELO.map((v) => `{{${v.chave}}}`);

    const desconhecida = await salvar('<p>{{pet.nome}} {{pet.cor}} {{tutor.rg}}</p>');
    expect(desconhecida.statusCode).toBe(400);
    const msg = desconhecida.json<{ errors: Record<string, string[]> }>().errors.conteudo![0]!;
    expect(msg).toContain('variáveis desconhecidas: {{pet.cor}}, {{tutor.rg}}');
    for (const c of conhecidas) expect(msg).toContain(c);

    for (const conteudo of [
      '<p>{{{pet.nome}}}</p>',
      '<p>{{&pet.nome}}</p>',
      '<p>{{> cabecalho}}</p>',
      '<p>{{#if pet.nome}}x{{/if}}</p>',
      '<p>{{#each pet}}x{{/each}}</p>',
      '<p>{{lookup pet "nome"}}</p>',
      '<p>{{pet.nome "x"}}</p>',
      '<p>{{@root.pet.nome}}</p>',
      '<p>{{../pet.nome}}</p>',
      '<p>{{this.pet.nome}}</p>',
      '<p>{{"texto"}}</p>',
      '<p>{{constructor}}</p>',
      '<p>{{pet.nome</p>',
      '<p>{{pet.nome}}}</p>',
    ]) {
      const res = await salvar(conteudo);
      expect(res.statusCode, conteudo).toBe(400);
      const erro = res.json<{ errors: Record<string, string[]> }>().errors.conteudo![0]!;
      expect(erro, conteudo).toContain('Variáveis disponíveis');
      expect(erro, conteudo).toContain('{{pet.nome}}');
    }

    expect((await salvar('<p><script>x</script></p>')).json<{ errors: Record<string, string[]> }>().errors).toEqual({
      conteudo: ['Conteúdo é obrigatório'],
    });
    const malformado = await req('POST', URL, t.headers, { tipo: 'atestado', nome: '', conteudo: 5 });
    expect(malformado.statusCode).toBe(400);
    expect(Object.keys(malformado.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual([
      'conteudo',
      'nome',
      'tipo',
    ]);
    // Comments print nothing and are allowed.
    expect((await salvar('<p>{{! nota interna }}{{pet.nome}}</p>')).statusCode).toBe(201);
  });

  it('sanitises the HTML on save: scripts, handlers, styles and images are gone', async () => {
    const t = await newTenant(ctx);
    const modelo = await criarModelo(ctx, t.headers, {
      conteudo:
        '<p onclick="alert(1)" style="color:red;text-align:center">Olá {{tutor.nome}}<script>alert(document.cookie)</script></p>' +
        '<img src="https://evil.example/x.png"><iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">link</a>',
    });
    expect(modelo.conteudo).toBe('<p style="text-align: center">Olá {{tutor.nome}}</p>link');
  });

  it('permissions: the reception reads, only the clinic and settings write, processar is the clinic only', async () => {
    const t = await newTenant(ctx);
    const recepcao = await usuarioComPerfil(ctx, t, 'recepcao');
    const banhista = await usuarioComPerfil(ctx, t, 'banhista');
    const vet = await usuarioComPerfil(ctx, t, 'veterinario', 'Dra. Helena Vet');
    const { pet } = await criarPetDocumento(ctx, t);

    expect((await req('GET', URL, recepcao.headers)).statusCode).toBe(200);
    expect((await req('GET', URL, banhista.headers)).statusCode).toBe(403);
    expect((await req('POST', URL, recepcao.headers, { tipo: 'documento', nome: 'X', conteudo: '<p>x</p>' })).statusCode).toBe(
      403,
    );
    const doVet = await criarModelo(ctx, vet.headers, { nome: 'Do vet' });
    expect((await processar(recepcao.headers, { modeloDocumentoId: doVet.id, petId: pet.id })).statusCode).toBe(403);
    expect((await processar(vet.headers, { modeloDocumentoId: doVet.id, petId: pet.id, salvar: false })).statusCode).toBe(200);
  });

  it('another tenant cannot see, change, delete or fill a template, nor fill one for its pet', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const modelo = await criarModelo(ctx, a.headers, { nome: 'Só do A' });
    const { pet: petA } = await criarPetDocumento(ctx, a);
    const { pet: petB } = await criarPetDocumento(ctx, b);

    expect((await req('GET', `${URL}/${modelo.id}`, b.headers)).statusCode).toBe(404);
    expect(
      (await req('GET', `${URL}?query=${encodeURIComponent('Só do A')}`, b.headers)).json<Page<ModeloDocumento>>().total,
    ).toBe(0);
    const put = await req('PUT', `${URL}/${modelo.id}`, b.headers, { tipo: 'documento', nome: 'Y', conteudo: '<p>y</p>' });
    expect(put.statusCode).toBe(404);
    expect((await req('DELETE', `${URL}/${modelo.id}`, b.headers)).statusCode).toBe(404);
    expect((await processar(b.headers, { modeloDocumentoId: modelo.id, petId: petB.id })).statusCode).toBe(404);
    const petAlheio = await processar(b.headers, { modeloDocumentoId: (await criarModelo(ctx, b.headers)).id, petId: petA.id });
    expect(petAlheio.statusCode).toBe(404);
    expect(petAlheio.json<{ errors: Record<string, string[]> }>().errors.generalErrors).toEqual(['Pet não encontrado']);
    expect((await req('GET', `${URL}/${modelo.id}`, a.headers)).json<ModeloDocumento>().nome).toBe('Só do A');
    expect(await registrosDoPet(a, petA.id)).toBe(0);
  });
});

describe('POST /api/clinica/modelos-documento/processar', () => {
  it('fills every variable; the preview saves nothing', async () => {
    const t = await newTenant(ctx);
    await definirCrmv(ctx, t, t.usuarioId, 'CRMV-SP 12345');
    await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      tx
        .update(unidadesNegocio)
        .set({
          telefone: '1133334444',
          logradouro: 'Rua das Flores',
          numero: '50',
          bairro: 'Centro',
          cidade: 'Campinas',
          uf: 'SP',
          cep: '13010000',
        })
        .where(eq(unidadesNegocio.id, t.unidadeNegocioId)),
    );
    const { pet, cpf, microchip } = await criarPetDocumento(ctx, t);
    const modelo = await criarModelo(ctx, t.headers, { conteudo: TODAS });
    const [unidade] = await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      tx.select({ cnpj: unidadesNegocio.cnpj }).from(unidadesNegocio).where(eq(unidadesNegocio.id, t.unidadeNegocioId)),
    );

    const res = await processar(t.headers, { modeloDocumentoId: modelo.id, petId: pet.id, salvar: false });
    expect(res.statusCode, res.body).toBe(200);
    const resultado = res.json<ProcessarModeloResult>();
    expect(resultado.registro).toBeNull();
    expect(valoresPreenchidos(resultado.html)).toEqual({
      'tutor.nome': 'Mariana Souza',
      'tutor.cpf': formatCpf(cpf),
      'tutor.endereco': 'Avenida Paulista, 1000 - apto 12 - Bela Vista - São Paulo/SP - CEP 01310-100',
      'tutor.telefone': '(11) 98765-4321',
      'pet.nome': 'Thor',
      'pet.especie': 'Canina',
      'pet.raca': 'Shih Tzu',
      'pet.sexo': 'Macho',
      'pet.idade': '3 anos e 2 meses',
      'pet.peso': '12,5 kg',
      'pet.microchip': microchip,
      'unidade.razaoSocial': 'Loja Centro Ltda',
      'unidade.cnpj': formatCnpj(unidade!.cnpj),
      'unidade.endereco': 'Rua das Flores, 50 - Centro - Campinas/SP - CEP\u00a013010-000',
      'unidade.telefone': '(11) 3333-4444',
      'veterinario.nome': 'Administradora Teste',
      'veterinario.crmv': 'CRMV-SP 12345',
      'data.extenso': dataPorExtenso(todayISO()),
    });
    expect(dataPorExtenso('2026-11-27')).toBe('27 de novembro de 2026');
    expect(dataPorExtenso('2026-03-01')).toBe('1º de março de 2026');
    expect(await registrosDoPet(t, pet.id)).toBe(0);
  });

  it('escapes every value: a pet named <script> comes out as text', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetDocumento(ctx, t, { nome: '<script>alert(1)</script>', tutor: 'Ana "Tutora" & Cia' });
    const modelo = await criarModelo(ctx, t.headers, { conteudo: '<p>{{pet.nome}} / {{tutor.nome}}</p>' });
    const res = await processar(t.headers, { modeloDocumentoId: modelo.id, petId: pet.id, salvar: false });
    const { html } = res.json<ProcessarModeloResult>();
    expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; / Ana &quot;Tutora&quot; &amp; Cia</p>');
    expect(html).not.toContain('<script');
  });

  it('saves a prescription as a record with its medicines (201), through /api/clinicas too', async () => {
    const t = await newTenant(ctx);
    const vet = await usuarioComPerfil(ctx, t, 'veterinario', 'Dr. Paulo Vet');
    await definirCrmv(ctx, t, vet.usuarioId, 'CRMV-SP 999');
    const { pet } = await criarPetDocumento(ctx, t);
    const modelo = await criarModelo(ctx, t.headers, {
      tipo: 'receita',
      nome: 'Receita de anti-inflamatório',
      conteudo: '<p>Para {{pet.nome}}, {{veterinario.nome}} ({{veterinario.crmv}})</p>',
      controleEspecial: true,
    });
    const res = await processar(
      t.headers,
      { modeloDocumentoId: modelo.id, petId: pet.id, veterinarioId: vet.usuarioId, medicamentos: MEDICAMENTOS },
      '/api/clinicas',
    );
    expect(res.statusCode, res.body).toBe(201);
    const { html, registro } = res.json<ProcessarModeloResult>();
    expect(html).toBe('<p>Para Thor, Dr. Paulo Vet (CRMV-SP 999)</p>');
    expect(registro).toMatchObject({
      petId: pet.id,
      tipo: 'receita',
      titulo: 'Receita de anti-inflamatório',
      conteudoHtml: html,
      modeloDocumentoId: modelo.id,
      controleEspecial: true,
      veterinarioId: vet.usuarioId,
      veterinarioNome: 'Dr. Paulo Vet',
      veterinarioCrmv: 'CRMV-SP 999',
      unidadeNegocioId: t.unidadeNegocioId,
      editavel: true,
    });
    expect(registro!.medicamentos).toEqual(MEDICAMENTOS);
    expect(await registrosDoPet(t, pet.id)).toBe(1);

    // A document with a title of its own; a receita without medicines is accepted.
    const doc = await criarModelo(ctx, t.headers, { conteudo: '<p>{{pet.nome}}</p>' });
    const comTitulo = await processar(t.headers, { modeloDocumentoId: doc.id, petId: pet.id, titulo: 'Declaração para viagem' });
    expect(comTitulo.json<ProcessarModeloResult>().registro).toMatchObject({
      tipo: 'documento',
      titulo: 'Declaração para viagem',
      medicamentos: [],
    });
    const semMedicamentos = await processar(t.headers, { modeloDocumentoId: modelo.id, petId: pet.id });
    expect(semMedicamentos.statusCode).toBe(201);
    expect(await registrosDoPet(t, pet.id)).toBe(3);
  });

  it('refuses: unknown vet, medicines on a document, inactive template, a template with a stale variable', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetDocumento(ctx, t);
    const doc = await criarModelo(ctx, t.headers);
    const erros = async (payload: Record<string, unknown>) => {
      const res = await processar(t.headers, { petId: pet.id, modeloDocumentoId: doc.id, ...payload });
      return { status: res.statusCode, errors: res.json<{ errors: Record<string, string[]> }>().errors };
    };
    expect(await erros({ veterinarioId: '00000000-0000-4000-8000-000000000000' })).toEqual({
      status: 400,
      errors: { veterinarioId: ['Veterinário não encontrado'] },
    });
    const medicamento = { nome: 'X', dose: '1', via: 'oral', frequencia: '1x', duracao: '1 dia' };
    expect((await erros({ medicamentos: [medicamento] })).errors).toEqual({
      medicamentos: ['Medicamentos são de receitas: este modelo é de documento'],
    });
    expect((await erros({ modeloDocumentoId: 'x', petId: 'y', medicamentos: [{}] })).status).toBe(400);

    await req('PUT', `${URL}/${doc.id}`, t.headers, { tipo: 'documento', nome: 'Inativo', conteudo: '<p>x</p>', ativo: false });
    expect((await erros({})).status).toBe(404);

    // Saved before a variable was renamed (written straight to the table, as an old version would).
    const [antigo] = await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      tx
        .insert(modelosDocumento)
        .values({ tipo: 'documento', nome: 'Antigo', conteudo: '<p>{{pet.nomeCompleto}} {{{pet.nome}}}</p>' })
        .returning({ id: modelosDocumento.id }),
    );
    const velho = await erros({ modeloDocumentoId: antigo!.id });
    expect(velho.status).toBe(400);
    expect(velho.errors.modeloDocumentoId![0]).toContain('{{pet.nomeCompleto}}');
    expect(velho.errors.modeloDocumentoId![0]).toContain('Variáveis disponíveis: {{tutor.nome}}');
    expect(await registrosDoPet(t, pet.id)).toBe(0);
  });

  it('a repeated request with the same Idempotency-Key saves once', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetDocumento(ctx, t);
    const modelo = await criarModelo(ctx, t.headers);
    const headers = { ...t.headers, 'idempotency-key': `processar-${pet.id}` };
    const primeira = await processar(headers, { modeloDocumentoId: modelo.id, petId: pet.id });
    const segunda = await processar(headers, { modeloDocumentoId: modelo.id, petId: pet.id });
    expect(primeira.statusCode).toBe(201);
    expect(segunda.statusCode).toBe(201);
    expect(segunda.json<ProcessarModeloResult>().registro!.id).toBe(primeira.json<ProcessarModeloResult>().registro!.id);
    const n = await withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
      const [row] = await tx
        .select({ n: count() })
        .from(registrosClinicos)
        .where(and(eq(registrosClinicos.petId, pet.id), eq(registrosClinicos.modeloDocumentoId, modelo.id)));
      return row!.n;
    });
    expect(n).toBe(1);
  });
});
