/**
 * The clinic's PDFs (issue #19 items 4–6): GET /registros/{id}/pdf and
 * GET /animais/ficha-animal/carteira-vacinacao. The PDFs' TEXT is read back (vendas-helper's
 * `textoDoPdf`) and holds the filled values: the unit's header, the pet and tutor, a
 * prescription's text and medicines, the vet's name and CRMV, a consultation's sections with
 * units, a controlled prescription's two copies with the buyer/supplier blocks, the vaccination
 * card's doses (overdue marked); a pet named <script> printed as text; the unit's logo embedded;
 * permissions, tenant and unit isolation; processar + PDF timed.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProcessarModeloResult } from '@petshop/shared/clinica';
import { dataPorExtenso, formatCpf, formatDate, todayISO } from '@petshop/shared/format';
import { arquivos, registroAnexos, unidadesNegocio, vacinas, vacinasAplicadas } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { inserirRegistro, type NovoRegistro } from '../src/modules/clinica/registros-repository.ts';
import { planejarDose } from '../src/modules/clinica/planejamentos-repository.ts';
import { BASE, criarModelo, criarPetDocumento, definirCrmv, MEDICAMENTOS, nascidoHa } from './clinica-documentos-fixtures.ts';
import { newTenant, novaUnidade, PNG_1PX, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';
import { textoDoPdf } from './vendas-helper.ts';

const ctx = useTestApp();

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
const pdfDoRegistro = (id: string, headers: Record<string, string>, base = BASE) => get(`${base}/registros/${id}/pdf`, headers);
const carteira = (petId: string, headers: Record<string, string>, base = BASE) =>
  get(`${base}/animais/ficha-animal/carteira-vacinacao?petId=${petId}`, headers);

/** How many times `trecho` appears in `texto`. */
const vezes = (texto: string, trecho: string) => texto.split(trecho).length - 1;
const paginas = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

/** A record written straight through the repository in `t`'s first unit (the record form is H3's). */
const registro = (t: TenantFixture, dados: Omit<NovoRegistro, 'usuarioId'>) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId }, (tx) =>
    inserirRegistro(tx, { usuarioId: t.usuarioId, veterinarioId: t.usuarioId, ...dados }),
  );

const emitir = async (t: TenantFixture, petId: string, modelo: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  const m = await criarModelo(ctx, t.headers, modelo);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${BASE}/modelos-documento/processar`,
    headers: t.headers,
    payload: { modeloDocumentoId: m.id, petId, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ProcessarModeloResult>().registro!;
};

const comCrmv = async (t: TenantFixture) => {
  await definirCrmv(ctx, t, t.usuarioId, 'CRMV-SP 12345');
  await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx
      .update(unidadesNegocio)
      .set({ cidade: 'Campinas', uf: 'SP', telefone: '1933334444' })
      .where(eq(unidadesNegocio.id, t.unidadeNegocioId)),
  );
};

describe('GET /api/clinica/registros/{id}/pdf', () => {
  it('a prescription: header, pet and tutor, the filled text, its medicines, place, date, vet and CRMV', async () => {
    const t = await newTenant(ctx);
    await comCrmv(t);
    const { pet, cpf, microchip } = await criarPetDocumento(ctx, t);
    const r = await emitir(
      t,
      pet.id,
      {
        tipo: 'receita',
        nome: 'Receita de anti-inflamatório',
        conteudo: '<p>Uso <strong>oral</strong> para {{pet.nome}} ({{pet.peso}}).</p>',
      },
      { medicamentos: MEDICAMENTOS },
    );
    const res = await pdfDoRegistro(r.id, t.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="receita-de-anti-inflamatorio-thor-${todayISO()}.pdf"`);
    const texto = textoDoPdf(res.rawPayload);
    for (const trecho of [
      'Loja Centro',
      'Loja Centro Ltda',
      'RECEITA DE ANTI-INFLAMATÓRIO',
      'Paciente: Thor',
      'Espécie / raça: Canina / Shih Tzu',
      'Sexo: Macho',
      'Idade: 3 anos e 2 meses',
      'Peso: 12,5 kg',
      `Microchip: ${microchip}`,
      'Tutor(a): Mariana Souza',
      `CPF/CNPJ: ${formatCpf(cpf)}`,
      'Telefone: (11) 98765-4321',
      'Avenida Paulista, 1000 - apto 12 - Bela Vista - São Paulo/SP - CEP 01310-100',
      'Uso oral para Thor (12,5 kg).',
      'Medicamentos',
      'Meloxicam 0,5 mg',
      '1 comprimido',
      'a cada 24 horas',
      '5 dias',
      'Dipirona gotas',
      'Quantidade: 1 frasco',
      `Campinas/SP, ${dataPorExtenso(todayISO())}.`,
      'Administradora Teste',
      'Médico(a)-veterinário(a) — CRMV-SP 12345',
      'Página 1 de 1',
    ]) {
      expect(texto, trecho).toContain(trecho);
    }
    expect(texto).not.toContain('Identificação do comprador');
    expect(paginas(res.rawPayload)).toBe(1);
  });

  it('a controlled prescription prints two copies, each with the buyer and supplier blocks', async () => {
    const t = await newTenant(ctx);
    await comCrmv(t);
    const { pet } = await criarPetDocumento(ctx, t);
    const r = await emitir(
      t,
      pet.id,
      { tipo: 'receita', nome: 'Controlada', conteudo: '<p>Tramadol para {{pet.nome}}</p>', controleEspecial: true },
      {
        medicamentos: [
          {
            nome: 'Cloridrato de tramadol 50 mg',
            dose: '1/2 comprimido',
            via: 'oral',
            frequencia: 'a cada 12 horas',
            duracao: '5 dias',
          },
        ],
      },
    );
    const res = await pdfDoRegistro(r.id, t.headers);
    expect(res.statusCode).toBe(200);
    const texto = textoDoPdf(res.rawPayload);
    expect(vezes(texto, 'RECEITUÁRIO DE CONTROLE ESPECIAL')).toBe(2);
    expect(texto).toContain('1ª via — Farmácia');
    expect(texto).toContain('2ª via — Paciente');
    expect(vezes(texto, 'Identificação do emitente')).toBe(2);
    expect(vezes(texto, 'Identificação do comprador')).toBe(2);
    expect(vezes(texto, 'Identificação do fornecedor')).toBe(2);
    expect(vezes(texto, 'Assinatura do farmacêutico')).toBe(2);
    expect(vezes(texto, 'Órgão emissor')).toBe(2);
    expect(vezes(texto, 'Cloridrato de tramadol 50 mg')).toBe(2);
    expect(vezes(texto, 'Tramadol para Thor')).toBe(2);
    expect(vezes(texto, 'CRMV: CRMV-SP 12345')).toBe(2);
    expect(paginas(res.rawPayload)).toBe(2);
  });

  it('a pet named <script> is printed as text, not escaped twice', async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetDocumento(ctx, t, { nome: '<script>alert(1)</script>' });
    const r = await emitir(t, pet.id, { conteudo: '<p>Atesto que {{pet.nome}} está saudável.</p>' });
    expect(r.conteudoHtml).toBe('<p>Atesto que &lt;script&gt;alert(1)&lt;/script&gt; está saudável.</p>');
    const res = await pdfDoRegistro(r.id, t.headers);
    const texto = textoDoPdf(res.rawPayload);
    expect(texto).toContain('Atesto que <script>alert(1)</script> está saudável.');
    expect(texto).toContain('Paciente: <script>alert(1)</script>');
    expect(texto).not.toContain('&lt;');
    expect(res.headers['content-disposition']).toBe(`inline; filename="modelo-de-teste-script-alert-1-script-${todayISO()}.pdf"`);
  });

  it('a consultation: anamnese, the physical exam with units, diagnosis, conduct and the attachments by name', async () => {
    const t = await newTenant(ctx);
    await comCrmv(t);
    const { pet } = await criarPetDocumento(ctx, t);
    const id = await registro(t, {
      petId: pet.id,
      tipo: 'consulta',
      titulo: 'Vômitos',
      peso: 12.5,
      dados: {
        anamnese: 'Vômitos há dois dias, apetite reduzido.',
        exameFisico: {
          peso: 12.5,
          temperatura: 39.4,
          frequenciaCardiaca: 120,
          frequenciaRespiratoria: 30,
          mucosas: 'normocoradas',
          hidratacao: 'leve',
          tpc: 2,
        },
        diagnostico: 'Gastroenterite aguda',
        conduta: 'Dieta leve e retorno em 5 dias.',
      },
    });
    await withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId }, async (tx) => {
      const [arquivo] = await tx
        .insert(arquivos)
        .values({ nome: 'hemograma.pdf', mimeType: 'application/pdf', tamanho: 4, conteudo: Buffer.from('%PDF') })
        .returning({ id: arquivos.id });
      await tx
        .insert(registroAnexos)
        .values({ registroId: id, arquivoId: arquivo!.id, nome: 'hemograma.pdf', mimeType: 'application/pdf', tamanho: 4 });
    });
    const res = await pdfDoRegistro(id, t.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="consulta-thor-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const texto = textoDoPdf(res.rawPayload);
    for (const trecho of [
      'CONSULTA — VÔMITOS',
      'Anamnese',
      'Vômitos há dois dias, apetite reduzido.',
      'Exame físico',
      '12,5 kg',
      '39,4 °C',
      '120 bpm',
      '30 mpm',
      'Normocoradas',
      'Desidratação leve (até 6%)',
      '2 s',
      'Diagnóstico',
      'Gastroenterite aguda',
      'Conduta',
      'Dieta leve e retorno em 5 dias.',
      'Anexos',
      'hemograma.pdf',
      'CRMV-SP 12345',
    ]) {
      expect(texto, trecho).toContain(trecho);
    }
  });

  it("embeds the unit's logo in the header; without one, no image", async () => {
    const t = await newTenant(ctx);
    const { pet } = await criarPetDocumento(ctx, t);
    const id = await registro(t, { petId: pet.id, tipo: 'peso', peso: 13.2 });
    const semLogo = await pdfDoRegistro(id, t.headers);
    expect(textoDoPdf(semLogo.rawPayload)).toContain('13,2 kg');
    expect(semLogo.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');

    await withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
      const [logo] = await tx
        .insert(arquivos)
        .values({ nome: 'logo.png', mimeType: 'image/png', tamanho: PNG_1PX.length, conteudo: PNG_1PX })
        .returning({ id: arquivos.id });
      await tx.update(unidadesNegocio).set({ logoArquivoId: logo!.id }).where(eq(unidadesNegocio.id, t.unidadeNegocioId));
    });
    const comLogo = await pdfDoRegistro(id, t.headers);
    expect(comLogo.statusCode).toBe(200);
    expect(comLogo.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect(textoDoPdf(comLogo.rawPayload)).toContain('Loja Centro Ltda');
  });

  it('permissions, tenant and unit isolation; /api/clinicas answers too', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const { pet } = await criarPetDocumento(ctx, a);
    const id = await registro(a, { petId: pet.id, tipo: 'observacao', dados: { descricao: 'Muito agitado na sala de espera.' } });

    const recepcao = await usuarioComPerfil(ctx, a, 'recepcao');
    const caixa = await usuarioComPerfil(ctx, a, 'caixa');
    const banhista = await usuarioComPerfil(ctx, a, 'banhista');
    expect((await pdfDoRegistro(id, recepcao.headers)).statusCode).toBe(200);
    expect((await pdfDoRegistro(id, caixa.headers)).statusCode).toBe(200);
    expect((await pdfDoRegistro(id, banhista.headers)).statusCode).toBe(403);

    const alheio = await pdfDoRegistro(id, b.headers);
    expect(alheio.statusCode).toBe(404);
    expect(alheio.json<{ errors: Record<string, string[]> }>().errors.generalErrors).toEqual(['Registro não encontrado']);
    expect((await pdfDoRegistro('nao-e-uuid', a.headers)).statusCode).toBe(400);

    // Another unit of the tenant reads it, with the header of the unit that wrote it.
    const bairro = await novaUnidade(ctx, a);
    const daOutraUnidade = await pdfDoRegistro(id, bairro.headers, '/api/clinicas');
    expect(daOutraUnidade.statusCode).toBe(200);
    const texto = textoDoPdf(daOutraUnidade.rawPayload);
    expect(texto).toContain('Loja Centro Ltda');
    expect(texto).not.toContain('Loja Bairro Ltda');
    expect(texto).toContain('Muito agitado na sala de espera.');
  });

  it('processar + PDF take less than 300 ms (measured)', async () => {
    const t = await newTenant(ctx);
    await comCrmv(t);
    const { pet } = await criarPetDocumento(ctx, t);
    const modelo = await criarModelo(ctx, t.headers, {
      tipo: 'receita',
      nome: 'Receita simples',
      conteudo: '<p>{{pet.nome}} — {{tutor.nome}}</p>',
    });
    const uma = async () => {
      const inicio = performance.now();
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${BASE}/modelos-documento/processar`,
        headers: t.headers,
        payload: { modeloDocumentoId: modelo.id, petId: pet.id, medicamentos: MEDICAMENTOS },
      });
      const pdf = await pdfDoRegistro(res.json<ProcessarModeloResult>().registro!.id, t.headers);
      expect(pdf.statusCode).toBe(200);
      return performance.now() - inicio;
    };
    await uma();
    const tempos: number[] = [];
    for (let i = 0; i < 7; i++) tempos.push(await uma());
    tempos.sort((x, y) => x - y);
    const mediana = tempos[3]!;
    console.info(
      `processar + PDF: mediana ${mediana.toFixed(0)} ms, mínimo ${tempos[0]!.toFixed(0)} ms, máximo ${tempos[6]!.toFixed(0)} ms`,
    );
    // 300 ms is the target on a quiet machine (bench:clinica measures it); here the tests share 2
    // cores with 7 other processes, so the bound catches only what is far off.
    expect(tempos[0]!).toBeLessThan(900);
  });
});

describe('GET /api/clinica/animais/ficha-animal/carteira-vacinacao', () => {
  it('lists the doses applied and planned, the overdue ones marked', async () => {
    const t = await newTenant(ctx);
    await comCrmv(t);
    const { pet } = await criarPetDocumento(ctx, t);
    const mesPassado = nascidoHa(0, 1);
    const daquiUmMes = (() => {
      const [a, m] = todayISO().split('-').map(Number) as [number, number];
      return `${m === 12 ? a + 1 : a}-${String((m % 12) + 1).padStart(2, '0')}-15`;
    })();
    await withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId }, async (tx) => {
      const [v10] = await tx.select({ id: vacinas.id }).from(vacinas).where(eq(vacinas.nome, 'V10 (polivalente canina)'));
      const [raiva] = await tx.select({ id: vacinas.id }).from(vacinas).where(eq(vacinas.nome, 'Antirrábica'));
      await tx.insert(vacinasAplicadas).values({
        petId: pet.id,
        vacinaId: v10!.id,
        dataAplicacao: '2026-01-10',
        lote: 'L2025-88',
        validadeLote: '2027-03-31',
        fabricante: 'Zoetis',
        veterinarioId: t.usuarioId,
        veterinarioNome: 'Administradora Teste',
        veterinarioCrmv: 'CRMV-SP 12345',
      });
      await planejarDose(tx, { petId: pet.id, vacinaId: v10!.id, descricao: '2ª dose', dataPrevista: mesPassado });
      await planejarDose(tx, { petId: pet.id, vacinaId: raiva!.id, descricao: 'Reforço anual', dataPrevista: daquiUmMes });
    });

    const res = await carteira(pet.id, t.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="carteira-vacinacao-thor.pdf"');
    const texto = textoDoPdf(res.rawPayload);
    for (const trecho of [
      'CARTEIRA DE VACINAÇÃO',
      'Paciente: Thor',
      'Tutor(a): Mariana Souza',
      'Vacinas aplicadas',
      '10/01/2026',
      'V10 (polivalente canina)',
      'Zoetis',
      'L2025-88',
      '31/03/2027',
      'Administradora Teste — CRMV-SP 12345',
      'Próximas doses',
      `${formatDate(mesPassado)}V10 (polivalente canina)2ª dose`,
      'Atrasada',
      `${formatDate(daquiUmMes)}AntirrábicaReforço anual`,
      'Pendente',
    ]) {
      expect(texto, trecho).toContain(trecho);
    }
    // The overdue dose is red.
    expect(res.rawPayload.toString('latin1')).toMatch(/0\.788\d* 0\.164\d* 0\.164\d* (rg|scn)/);
  });

  it('an empty card, permissions and tenant isolation; /api/clinicas', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const { pet } = await criarPetDocumento(ctx, a);
    const vazia = await carteira(pet.id, a.headers, '/api/clinicas');
    expect(vazia.statusCode).toBe(200);
    const texto = textoDoPdf(vazia.rawPayload);
    expect(texto).toContain('Nenhuma vacina aplicada registrada.');
    expect(texto).toContain('Nenhuma dose planejada.');

    expect((await carteira(pet.id, (await usuarioComPerfil(ctx, a, 'recepcao')).headers)).statusCode).toBe(200);
    expect((await carteira(pet.id, (await usuarioComPerfil(ctx, a, 'banhista')).headers)).statusCode).toBe(403);
    const alheio = await carteira(pet.id, b.headers);
    expect(alheio.statusCode).toBe(404);
    expect(alheio.json<{ errors: Record<string, string[]> }>().errors.generalErrors).toEqual(['Pet não encontrado']);
    const semPet = await get(`${BASE}/animais/ficha-animal/carteira-vacinacao`, a.headers);
    expect(semPet.statusCode).toBe(400);
    expect(Object.keys(semPet.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['petId']);
  });
});
