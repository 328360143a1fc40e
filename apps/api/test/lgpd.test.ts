/**
 * LGPD requests of a customer (issue #22 item 6): GET /api/pessoal/pessoas/{id}/lgpd/exportar
 * (JSON and PDF; the person, pets, purchases of every unit with a return, appointments, consent,
 * messages; audited without personal values) and POST …/lgpd/anonimizar (every personal field
 * erased — read from the rows —, messages, pick-up address and appointments' notes erased in
 * every unit, the pets' notes erased, sales kept, the old name/CPF/phone no longer found, audited
 * with counts only; wrong confirmation, already anonymised, Caixa 403, another tenant 404); an
 * anonymised customer cannot be edited, and GET …/lgpd/anonimizacao says since when.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dadosPessoaisSchema, NOME_ANONIMIZADO, type DadosPessoais } from '@petshop/shared/lgpd';
import type { Page } from '@petshop/shared/http';
import type { Pessoa } from '@petshop/shared/pessoa';
import {
  arquivos,
  atendimentos,
  auditoriaEventos,
  pessoas,
  petTutores,
  pets,
  registrosClinicos,
  tiposAtendimento,
  vendas,
  whatsappMensagens,
} from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import {
  injectMultipart,
  newTenant,
  novaUnidade,
  PNG_1PX,
  useTestApp,
  usuarioComPerfil,
  validCpf,
  type TenantFixture,
} from './helper.ts';
import { cenario, inserirDevolucao, inserirVenda, scopeOf, textoDoPdf } from './vendas-helper.ts';

const ctx = useTestApp();
const URL = '/api/pessoal/pessoas';

const NOME = 'Mariana Quintela Souza';
const TELEFONE = '11987651234';
const EMAIL = 'mariana.quintela@exemplo.com.br';

type Montado = {
  t: TenantFixture;
  pessoaId: string;
  cpf: string;
  petId: string;
  fotoId: string;
  unidade2: { id: string; headers: Record<string, string> };
  vendas: { unidade1: number; unidade2: number };
};

/** A customer with everything the export covers: photo, pet with a weight, sales in two units, a return, an appointment, messages. */
const montar = async (): Promise<Montado> => {
  const t = await newTenant(ctx);
  const unidade2 = await novaUnidade(ctx, t, 'Loja Jardins');
  const cpf = validCpf();
  const res = await injectMultipart(
    ctx,
    'POST',
    URL,
    t.headers,
    {
      nome: NOME,
      cpfCnpj: cpf,
      rg: '12.345.678-9',
      dataNascimento: '1988-04-12',
      sexo: 'F',
      email: EMAIL,
      telefones: [{ numero: TELEFONE, tipo: 'celular', whatsapp: true }],
      endereco: {
        cep: '01310100',
        logradouro: 'Avenida Paulista',
        numero: '1000',
        complemento: 'apto 12',
        bairro: 'Bela Vista',
        cidade: 'São Paulo',
        uf: 'SP',
      },
      observacoes: 'Prefere contato à tarde',
      comoConheceu: 'Instagram',
      consentimentoMarketing: true,
    },
    { foto: { filename: 'foto.png', contentType: 'image/png', content: PNG_1PX } },
  );
  expect(res.statusCode, res.body).toBe(201);
  const pessoaId = res.json<Pessoa>().id;
  const c = await cenario(ctx, t);

  const { petId, fotoId } = await withTenant(ctx.database.db, scopeOf(t), async (tx) => {
    const [pet] = await tx
      .insert(pets)
      .values({
        nome: 'Paçoca',
        sexo: 'F',
        peso: '8.400',
        alergias: 'Frango',
        observacoes: 'Quem busca é a filha da Mariana, (11) 98765-1234',
      })
      .returning({ id: pets.id });
    await tx.insert(petTutores).values({ petId: pet!.id, pessoaId, principal: true });
    await tx
      .insert(registrosClinicos)
      .values({ petId: pet!.id, tipo: 'peso', peso: '8.400', data: new Date('2026-10-01T15:00:00Z') });
    const [tipo] = await tx.select({ id: tiposAtendimento.id }).from(tiposAtendimento).limit(1);
    await tx.insert(atendimentos).values({
      petId: pet!.id,
      clienteId: pessoaId,
      tipoAtendimentoId: tipo!.id,
      inicio: new Date('2026-11-20T13:00:00Z'),
      fim: new Date('2026-11-20T14:00:00Z'),
      levaETraz: { endereco: 'Avenida Paulista, 1000, apto 12', valor: 15 },
      observacoes: 'Mariana pediu para ligar antes: portaria do nº 1000',
      naoFazer: 'Não cortar o bigode',
    });
    const [p] = await tx.select({ foto: pessoas.fotoArquivoId }).from(pessoas).where(eq(pessoas.id, pessoaId));
    return { petId: pet!.id, fotoId: p!.foto! };
  });

  const item = (valor: number) => ({ produtoId: c.racao.id, descricao: c.racao.nome, quantidade: 1, valorUnitario: valor });
  const v1 = await inserirVenda(ctx, scopeOf(t), {
    status: 'Finalizada',
    clienteId: pessoaId,
    petId,
    itens: [item(189.9)],
    pagamentos: [{ formaPagamentoId: c.formas.pix, tipo: 'pix', valor: 189.9 }],
  });
  const v2 = await inserirVenda(ctx, scopeOf(t, unidade2.id), {
    status: 'Finalizada',
    clienteId: pessoaId,
    itens: [item(50), { ...item(24.5), descricao: 'Petisco', quantidade: 2 }],
    pagamentos: [{ formaPagamentoId: c.formas.dinheiro, tipo: 'dinheiro', valor: 99 }],
  });
  await inserirDevolucao(ctx, scopeOf(t, unidade2.id), {
    vendaId: v2.id,
    clienteId: pessoaId,
    valorTotal: 24.5,
    itens: [{ ordem: 2, produtoId: c.racao.id, quantidade: 1, valorUnitario: 24.5, valorTotal: 24.5 }],
  });
  const mensagem = (unidadeNegocioId: string, status: string, texto: string) =>
    withTenant(ctx.database.db, scopeOf(t, unidadeNegocioId), (tx) =>
      tx.insert(whatsappMensagens).values({
        tipo: 'manual',
        chave: `lgpd:${Math.random()}`,
        status,
        telefone: `55${TELEFONE}`,
        texto,
        pessoaId,
      }),
    );
  await mensagem(t.unidadeNegocioId, 'Entregue', `Olá ${NOME}, a Paçoca está pronta!`);
  await mensagem(unidade2.id, 'Pendente', `Oi ${NOME}, lembrete do banho amanhã`);
  return { t, pessoaId, cpf, petId, fotoId, unidade2, vendas: { unidade1: v1.numero, unidade2: v2.numero } };
};

const exportar = (headers: Record<string, string>, id: string, formato: 'json' | 'pdf') =>
  ctx.app.inject({ url: `${URL}/${id}/lgpd/exportar?formato=${formato}`, headers });

const anonimizar = (headers: Record<string, string>, id: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `${URL}/${id}/lgpd/anonimizar`, headers, payload });

const eventos = (t: TenantFixture, pessoaId: string) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx
      .select()
      .from(auditoriaEventos)
      .where(and(eq(auditoriaEventos.entidade, 'pessoa'), eq(auditoriaEventos.entidadeId, pessoaId)))
      .orderBy(auditoriaEventos.criadoEm),
  );

/** Sales of the person per unit: count and total (reais), read under each unit's scope. */
const vendasDaPessoa = async (m: Montado) => {
  const ler = (unidadeNegocioId: string) =>
    withTenant(ctx.database.db, scopeOf(m.t, unidadeNegocioId), async (tx) => {
      const [r] = await tx
        .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${vendas.valorLiquido}), 0)::text` })
        .from(vendas)
        .where(eq(vendas.clienteId, m.pessoaId));
      return r!;
    });
  return { unidade1: await ler(m.t.unidadeNegocioId), unidade2: await ler(m.unidade2.id) };
};

const busca = async (t: TenantFixture, query: string) => {
  const res = await ctx.app.inject({ url: URL, headers: t.headers, query: { query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<Pessoa>>().items.map((p) => p.id);
};

const semDadosPessoais = (evento: unknown, m: Montado) => {
  const texto = JSON.stringify(evento);
  for (const valor of [NOME, 'Mariana', m.cpf, TELEFONE, EMAIL, 'Paulista']) expect(texto).not.toContain(valor);
};

describe('LGPD: exportar os dados do cliente', () => {
  it('JSON: pessoa, pets, compras das duas unidades com devolução, atendimentos, consentimento e mensagens; auditado sem dados pessoais', async () => {
    const m = await montar();
    // Asked from the second unit: the customer is the tenant's, the file covers every unit.
    const res = await exportar(m.unidade2.headers, m.pessoaId, 'json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="dados-pessoais-mariana-quintela-souza-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const d: DadosPessoais = dadosPessoaisSchema.parse(res.json());

    expect(d.cabecalho.controlador.nome).toMatch(/^Pet Shop /);
    expect(d.cabecalho.geradoPor).toBe('Administradora Teste');
    expect(d.pessoa).toMatchObject({
      id: m.pessoaId,
      nome: NOME,
      cpfCnpj: m.cpf,
      rg: '12.345.678-9',
      dataNascimento: '1988-04-12',
      sexo: 'F',
      email: EMAIL,
      telefones: [{ numero: TELEFONE, tipo: 'celular', whatsapp: true }],
      endereco: { cep: '01310100', logradouro: 'Avenida Paulista', numero: '1000', cidade: 'São Paulo', uf: 'SP' },
      observacoes: 'Prefere contato à tarde',
      comoConheceu: 'Instagram',
      temFoto: true,
      ativo: true,
    });
    expect(d.pessoa.unidadeCadastro).not.toBeNull();
    expect(d.consentimentos.marketing.consentido).toBe(true);
    expect(d.consentimentos.marketing.consentidoEm).not.toBeNull();

    expect(d.pets).toHaveLength(1);
    expect(d.pets[0]).toMatchObject({ nome: 'Paçoca', sexo: 'F', pesoAtualKg: 8.4 });
    expect(d.pets[0]!.historicoPeso).toEqual([{ data: '2026-10-01', pesoKg: 8.4 }]);

    expect(d.compras.map((c) => [c.unidade, c.numero]).sort()).toEqual(
      [
        ['Loja Jardins', m.vendas.unidade2],
        [expect.any(String), m.vendas.unidade1],
      ].sort(),
    );
    const jardins = d.compras.find((c) => c.unidade === 'Loja Jardins')!;
    expect(jardins.valorTotal).toBe(99);
    expect(jardins.itens.map((i) => [i.descricao, i.quantidade, i.valorTotal])).toEqual([
      [expect.stringContaining('Ração'), 1, 50],
      ['Petisco', 2, 49],
    ]);
    expect(jardins.pagamentos).toEqual([{ forma: expect.any(String), valor: 99, parcelas: 1 }]);
    expect(jardins.devolucoes).toEqual([expect.objectContaining({ valorTotal: 24.5 })]);
    const outra = d.compras.find((c) => c.unidade !== 'Loja Jardins')!;
    expect(outra.valorTotal).toBe(189.9);
    expect(outra.status).toBe('Finalizada');

    expect(d.atendimentos).toHaveLength(1);
    expect(d.atendimentos[0]).toMatchObject({ pet: 'Paçoca', inicio: '2026-11-20T13:00:00.000Z' });

    expect(d.mensagens.map((x) => [x.unidade === 'Loja Jardins', x.status, x.texto.includes(NOME)]).sort()).toEqual(
      [
        [false, 'Entregue', true],
        [true, 'Pendente', true],
      ].sort(),
    );

    const [evento, ...outros] = await eventos(m.t, m.pessoaId);
    expect(outros).toHaveLength(0);
    expect(evento).toMatchObject({
      acao: 'DadosPessoaisExportados',
      entidadeId: m.pessoaId,
      usuarioId: m.t.usuarioId,
      unidadeNegocioId: null,
      depois: { formato: 'json' },
    });
    semDadosPessoais(evento, m);
  });

  it('PDF: um PDF A4 com as mesmas seções, em formatos brasileiros; auditado', async () => {
    const m = await montar();
    const res = await exportar(m.t.headers, m.pessoaId, 'pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/filename="dados-pessoais-mariana-quintela-souza-[\d-]+\.pdf"/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/MediaBox \[\s*0 0 595\.2/);
    const texto = textoDoPdf(pdf);
    for (const trecho of [
      'DADOS PESSOAIS DO TITULAR (LGPD)',
      NOME,
      'Avenida Paulista, 1000',
      '12/04/1988',
      'Consentimentos',
      'Paçoca',
      '8,4 kg',
      'Compras em todas as unidades (2)',
      'Loja Jardins',
      'R$ 189,90',
      'R$ 99,00',
      'Devolução nº',
      'Atendimentos (1)',
      'Mensagens de WhatsApp (2)',
      'Página 1 de',
    ])
      expect(texto).toContain(trecho);
    const [evento] = await eventos(m.t, m.pessoaId);
    expect(evento).toMatchObject({ acao: 'DadosPessoaisExportados', depois: { formato: 'pdf' } });
  });

  it('Caixa: 403; cliente de outro tenant: 404 (nada registrado); formato inválido: 400', async () => {
    const m = await montar();
    const caixa = await usuarioComPerfil(ctx, m.t, 'caixa');
    expect((await exportar(caixa.headers, m.pessoaId, 'json')).statusCode).toBe(403);
    const gerente = await usuarioComPerfil(ctx, m.t, 'gerente');
    expect((await exportar(gerente.headers, m.pessoaId, 'json')).statusCode).toBe(200);

    const outro = await newTenant(ctx);
    expect((await exportar(outro.headers, m.pessoaId, 'json')).statusCode).toBe(404);
    expect((await exportar(outro.headers, m.pessoaId, 'pdf')).statusCode).toBe(404);
    const ruim = await ctx.app.inject({ url: `${URL}/${m.pessoaId}/lgpd/exportar?formato=xml`, headers: m.t.headers });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json<{ errors: Record<string, string[]> }>().errors.formato).toBeDefined();
    expect((await eventos(m.t, m.pessoaId)).map((e) => e.usuarioId)).toEqual([gerente.usuarioId]);
  });
});

describe('LGPD: anonimizar o cliente', () => {
  it('apaga nome, documentos, contatos, foto e mensagens em todas as unidades; mantém as vendas; a busca não o acha mais; auditado só com contagens', async () => {
    const m = await montar();
    const antes = await vendasDaPessoa(m);
    for (const q of [NOME, 'quintela', m.cpf, TELEFONE]) expect(await busca(m.t, q)).toContain(m.pessoaId);

    const res = await anonimizar(m.t.headers, m.pessoaId, { confirmacao: 'ANONIMIZAR', motivo: 'Pedido do titular por e-mail' });
    expect(res.statusCode, res.body).toBe(200);
    const pessoa = res.json<Pessoa>();
    expect(pessoa).toMatchObject({
      id: m.pessoaId,
      nome: NOME_ANONIMIZADO,
      cpfCnpj: null,
      email: null,
      telefones: [],
      fotoUrl: null,
      ativo: false,
      consentimentoMarketing: false,
    });
    expect(pessoa.pets.map((p) => p.nome)).toEqual(['Paçoca']);

    const linhas = await withTenant(ctx.database.db, { tenantId: m.t.tenantId }, async (tx) => ({
      pessoa: (await tx.select().from(pessoas).where(eq(pessoas.id, m.pessoaId)))[0]!,
      foto: await tx.select({ id: arquivos.id }).from(arquivos).where(eq(arquivos.id, m.fotoId)),
      tutor: await tx.select().from(petTutores).where(eq(petTutores.petId, m.petId)),
      pet: (await tx.select().from(pets).where(eq(pets.id, m.petId)))[0]!,
    }));
    expect(linhas.pessoa).toMatchObject({
      nome: NOME_ANONIMIZADO,
      nomeBusca: 'cliente anonimizado',
      cpfCnpj: null,
      rg: null,
      dataNascimento: null,
      sexo: null,
      email: null,
      telefones: [],
      cep: null,
      logradouro: null,
      numero: null,
      complemento: null,
      bairro: null,
      cidade: null,
      uf: null,
      codigoIbge: null,
      observacoes: null,
      comoConheceu: null,
      consentimentoMarketing: false,
      consentimentoMarketingEm: null,
      fotoArquivoId: null,
      ativo: false,
    });
    expect(linhas.foto).toEqual([]);
    expect(linhas.tutor).toHaveLength(1);
    // The pet's free-text notes erased (they may name the person); its structured data kept.
    expect(linhas.pet).toMatchObject({ nome: 'Paçoca', observacoes: null, alergias: 'Frango', peso: '8.400' });

    for (const unidade of [m.t.unidadeNegocioId, m.unidade2.id]) {
      const { msgs, ats } = await withTenant(ctx.database.db, scopeOf(m.t, unidade), async (tx) => ({
        msgs: await tx.select().from(whatsappMensagens).where(eq(whatsappMensagens.pessoaId, m.pessoaId)),
        ats: await tx.select().from(atendimentos).where(eq(atendimentos.clienteId, m.pessoaId)),
      }));
      expect(msgs).toHaveLength(1);
      expect(msgs[0]).toMatchObject({ telefone: '(anonimizado)', texto: '(anonimizado)', valores: null });
      expect(msgs[0]!.status).toBe(unidade === m.unidade2.id ? 'Cancelada' : 'Entregue');
      if (unidade === m.t.unidadeNegocioId) {
        expect(ats[0]!.levaETraz).toEqual({ endereco: '(anonimizado)', valor: 15 });
        expect(ats[0]).toMatchObject({ observacoes: null, naoFazer: 'Não cortar o bigode' });
      }
    }

    expect(await vendasDaPessoa(m)).toEqual(antes);
    expect(antes).toEqual({ unidade1: { n: 1, total: '189.90' }, unidade2: { n: 1, total: '99.00' } });
    for (const q of [NOME, 'quintela', m.cpf, TELEFONE, EMAIL]) expect(await busca(m.t, q)).not.toContain(m.pessoaId);

    const [evento] = await eventos(m.t, m.pessoaId);
    expect(evento).toMatchObject({
      acao: 'ClienteAnonimizado',
      entidadeId: m.pessoaId,
      usuarioId: m.t.usuarioId,
      unidadeNegocioId: null,
      antes: null,
      depois: {
        motivo: 'Pedido do titular por e-mail',
        camposApagados: 15,
        telefones: 1,
        foto: true,
        mensagens: 2,
        enderecosLevaETraz: 1,
        observacoesAtendimentos: 1,
        observacoesPets: 1,
      },
    });
    semDadosPessoais(evento, m);

    // The export now shows what is left: the anonymised person and their sales.
    const exp = await exportar(m.t.headers, m.pessoaId, 'json');
    const d = dadosPessoaisSchema.parse(exp.json());
    expect(d.pessoa.nome).toBe(NOME_ANONIMIZADO);
    expect(d.compras).toHaveLength(2);
    expect(JSON.stringify(d)).not.toContain(m.cpf);
    expect(exp.headers['content-disposition']).toContain('dados-pessoais-cliente-anonimizado-');

    const deNovo = await anonimizar(m.t.headers, m.pessoaId, { confirmacao: 'ANONIMIZAR', motivo: 'de novo' });
    expect(deNovo.statusCode).toBe(400);
    expect(deNovo.json<{ errors: { generalErrors: string[] } }>().errors.generalErrors).toEqual(['Cliente já anonimizado']);
    expect((await eventos(m.t, m.pessoaId)).filter((e) => e.acao === 'ClienteAnonimizado')).toHaveLength(1);
  });

  it('um cliente anonimizado não pode ser alterado (400, nada muda); GET …/lgpd/anonimizacao diz quando foi', async () => {
    const m = await montar();
    const antes = await ctx.app.inject({ url: `${URL}/${m.pessoaId}/lgpd/anonimizacao`, headers: m.t.headers });
    expect(antes.statusCode, antes.body).toBe(200);
    expect(antes.json()).toEqual({ anonimizadoEm: null });
    // Editing before the anonymisation works.
    const contato = { email: EMAIL, telefones: [{ numero: TELEFONE, tipo: 'celular', whatsapp: true }] };
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `${URL}/${m.pessoaId}/contato`, headers: m.t.headers, payload: contato }))
        .statusCode,
    ).toBe(200);

    const inicio = Date.now();
    expect(
      (await anonimizar(m.t.headers, m.pessoaId, { confirmacao: 'ANONIMIZAR', motivo: 'Pedido do titular' })).statusCode,
    ).toBe(200);
    const caixa = await usuarioComPerfil(ctx, m.t, 'caixa');
    const depois = await ctx.app.inject({ url: `${URL}/${m.pessoaId}/lgpd/anonimizacao`, headers: caixa.headers });
    expect(depois.statusCode, depois.body).toBe(200);
    const em = Date.parse(depois.json<{ anonimizadoEm: string }>().anonimizadoEm);
    expect(em).toBeGreaterThanOrEqual(inicio - 1000);
    expect(em).toBeLessThanOrEqual(Date.now() + 1000);

    const mensagem = ['Cliente anonimizado (LGPD): os dados não podem mais ser alterados'];
    const tentativas = [
      injectMultipart(ctx, 'PUT', `${URL}/${m.pessoaId}`, m.t.headers, {
        nome: NOME,
        cpfCnpj: m.cpf,
        telefones: [],
        endereco: {},
        consentimentoMarketing: false,
        ativo: true,
      }),
      ctx.app.inject({
        method: 'PUT',
        url: `${URL}/${m.pessoaId}/dados-pessoais`,
        headers: m.t.headers,
        payload: { nome: NOME, cpfCnpj: m.cpf, consentimentoMarketing: true },
      }),
      ctx.app.inject({ method: 'PUT', url: `${URL}/${m.pessoaId}/contato`, headers: m.t.headers, payload: contato }),
      ctx.app.inject({
        method: 'PUT',
        url: `${URL}/${m.pessoaId}/endereco`,
        headers: m.t.headers,
        payload: { endereco: { cep: '01310100', logradouro: 'Avenida Paulista', numero: '1000' } },
      }),
    ];
    for (const res of await Promise.all(tentativas)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ errors: { generalErrors: string[] } }>().errors.generalErrors).toEqual(mensagem);
    }
    const [linha] = await withTenant(ctx.database.db, { tenantId: m.t.tenantId }, (tx) =>
      tx.select().from(pessoas).where(eq(pessoas.id, m.pessoaId)),
    );
    expect(linha).toMatchObject({
      nome: NOME_ANONIMIZADO,
      cpfCnpj: null,
      email: null,
      telefones: [],
      logradouro: null,
      ativo: false,
    });

    // Another tenant: 404, as every read of the customer.
    const outro = await newTenant(ctx);
    expect((await ctx.app.inject({ url: `${URL}/${m.pessoaId}/lgpd/anonimizacao`, headers: outro.headers })).statusCode).toBe(
      404,
    );
  });

  it('confirmação errada: 400 em confirmacao; Caixa: 403; outro tenant: 404 — e nada muda', async () => {
    const m = await montar();
    const errada = await anonimizar(m.t.headers, m.pessoaId, { confirmacao: 'anonimizar', motivo: 'Pedido' });
    expect(errada.statusCode).toBe(400);
    expect(errada.json<{ errors: Record<string, string[]> }>().errors.confirmacao).toEqual(['Digite ANONIMIZAR para confirmar']);
    const semMotivo = await anonimizar(m.t.headers, m.pessoaId, { confirmacao: 'ANONIMIZAR', motivo: '' });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json<{ errors: Record<string, string[]> }>().errors.motivo).toBeDefined();

    const caixa = await usuarioComPerfil(ctx, m.t, 'caixa');
    expect((await anonimizar(caixa.headers, m.pessoaId, { confirmacao: 'ANONIMIZAR', motivo: 'Pedido' })).statusCode).toBe(403);
    const outro = await newTenant(ctx);
    expect((await anonimizar(outro.headers, m.pessoaId, { confirmacao: 'ANONIMIZAR', motivo: 'Pedido' })).statusCode).toBe(404);

    const [p] = await withTenant(ctx.database.db, { tenantId: m.t.tenantId }, (tx) =>
      tx.select({ nome: pessoas.nome, cpf: pessoas.cpfCnpj }).from(pessoas).where(eq(pessoas.id, m.pessoaId)),
    );
    expect(p).toEqual({ nome: NOME, cpf: m.cpf });
    expect(await eventos(m.t, m.pessoaId)).toEqual([]);
    expect(await eventos(outro, m.pessoaId)).toEqual([]);
  });
});
