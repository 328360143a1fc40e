import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PreviaImportacao, ResultadoImportacao } from '@petshop/shared/importacao';
import { gtinCheckDigit } from '@petshop/shared/produto';
import { especies, pessoas, petTutores, pets, produtos, racas, unidadesMedida } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { newTenant, semTiposAtendimentoPadrao, useTestApp, usuarioComPerfil, validCpf, type TenantFixture } from './helper.ts';

const ctx = useTestApp();

type Celula = string | number | Date | null;
type Arquivo = { nome: string; conteudo: Buffer; tipo?: string };

/** An XLSX built in memory: the first sheet holds `linhas` (header first). */
const xlsx = async (linhas: Celula[][], nome = 'planilha.xlsx'): Promise<Arquivo> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planilha1');
  for (const linha of linhas) sheet.addRow(linha);
  return { nome, conteudo: Buffer.from(await workbook.xlsx.writeBuffer()) };
};

/** A multipart body with the `arquivo` file part and, when given, the `mapeamento` text part. */
const multipartImportacao = (arquivo: Arquivo, mapeamento?: Record<string, string | null>) => {
  const boundary = `----petshop${randomUUID()}`;
  const chunks: Buffer[] = [];
  const push = (s: string) => chunks.push(Buffer.from(s));
  if (mapeamento) {
    push(`--${boundary}\r\nContent-Disposition: form-data; name="mapeamento"\r\n\r\n${JSON.stringify(mapeamento)}\r\n`);
  }
  push(
    `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${arquivo.nome}"\r\nContent-Type: ${arquivo.tipo ?? 'application/octet-stream'}\r\n\r\n`,
  );
  chunks.push(arquivo.conteudo);
  push(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const enviar = (
  t: { headers: Record<string, string> },
  url: string,
  arquivo: Arquivo,
  mapeamento?: Record<string, string | null>,
) => {
  const body = multipartImportacao(arquivo, mapeamento);
  return ctx.app.inject({ method: 'POST', url, headers: { ...t.headers, ...body.headers }, payload: body.payload });
};

const previa = async (t: TenantFixture, tipo: string, arquivo: Arquivo, mapeamento?: Record<string, string | null>) => {
  const res = await enviar(t, `/api/importacoes/${tipo}/previa`, arquivo, mapeamento);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PreviaImportacao>();
};

const importar = async (t: TenantFixture, tipo: string, arquivo: Arquivo, mapeamento?: Record<string, string | null>) => {
  const res = await enviar(t, `/api/importacoes/${tipo}`, arquivo, mapeamento);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ResultadoImportacao>();
};

const linha = (p: PreviaImportacao, numero: number) => p.linhas.find((l) => l.numero === numero)!;

/** Customers of a tenant with their pets' names, read inside its scope. */
const clientesDe = (t: TenantFixture) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
    const rows = await tx.select().from(pessoas);
    const vinculos = await tx
      .select({
        pessoaId: petTutores.pessoaId,
        nome: pets.nome,
        especieId: pets.especieId,
        racaId: pets.racaId,
        porte: pets.porte,
      })
      .from(petTutores)
      .innerJoin(pets, eq(pets.id, petTutores.petId));
    return rows.map((p) => ({ ...p, pets: vinculos.filter((v) => v.pessoaId === p.id) }));
  });

const produtosDe = (t: TenantFixture) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) => tx.select().from(produtos));

/** A unit of measure the tenant has (new tenants may or may not start with a catalogue). */
const garantirUnidade = (t: TenantFixture, sigla: string) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
    const [existe] = await tx.select().from(unidadesMedida).where(eq(unidadesMedida.sigla, sigla));
    if (!existe) await tx.insert(unidadesMedida).values({ sigla, descricao: sigla, permiteVendaFracionada: sigla === 'KG' });
  });

/** Species and breed the tests rely on (a new tenant starts with Canina/Felina and their breeds). */
const garantirCatalogoPet = (t: TenantFixture) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
    const [canina] = await tx.select().from(especies).where(eq(especies.nome, 'Canina'));
    const especieId = canina?.id ?? (await tx.insert(especies).values({ nome: 'Canina' }).returning())[0]!.id;
    const [lab] = await tx
      .select()
      .from(racas)
      .where(and(eq(racas.especieId, especieId), eq(racas.nome, 'Labrador Retriever')));
    if (!lab) await tx.insert(racas).values({ especieId, nome: 'Labrador Retriever', porte: 'grande' });
    const [felina] = await tx.select().from(especies).where(eq(especies.nome, 'Felina'));
    if (!felina) await tx.insert(especies).values({ nome: 'Felina' });
  });

let gtinSeq = Math.floor(Math.random() * 1e6);
/** A fresh GTIN-13 with a valid check digit. */
const gtin = () => {
  const body = `789${String(gtinSeq++).padStart(9, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};

const CABECALHO_CLIENTES = [
  'Nome do Cliente',
  'CPF/CNPJ',
  'Celular',
  'E-mail',
  'Data de nascimento',
  'Nome do pet',
  'Espécie',
  'Raça',
  'Sexo',
  'Peso',
];

describe('/api/importacoes/{tipo}/modelo', () => {
  it('downloads an XLSX template whose headers are the field labels, with an Instruções sheet', async () => {
    const t = await newTenant(ctx);
    const res = await ctx.app.inject({ url: '/api/importacoes/clientes/modelo?formato=xlsx', headers: t.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="modelo-clientes.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [dados, instrucoes] = workbook.worksheets;
    const cabecalho = (dados!.getRow(1).values as unknown[]).slice(1);
    expect(cabecalho).toEqual(
      expect.arrayContaining(['Nome do cliente', 'CPF/CNPJ', 'Celular', 'E-mail', 'Nome do pet', 'Espécie', 'Raça']),
    );
    expect(dados!.actualRowCount).toBeGreaterThanOrEqual(2);
    expect(instrucoes!.name).toBe('Instruções');
    expect(instrucoes!.getRow(2).getCell(1).value).toBe('Nome do cliente');
  });

  it('downloads a CSV template (; separated, UTF-8 with BOM) that imports back as is', async () => {
    const t = await newTenant(ctx);
    await garantirUnidade(t, 'UN');
    const res = await ctx.app.inject({ url: '/api/importacoes/produtos/modelo?formato=csv', headers: t.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="modelo-produtos.csv"');
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    expect(res.body.slice(1).split('\r\n')[0]).toBe(
      'Tipo;Nome;Código;Código de barras;Marca;Categoria;Unidade;Preço de custo;Markup (%);Preço de venda;Estoque mínimo;NCM;CEST;CFOP;Origem;CSOSN/CST',
    );
    const p = await previa(t, 'produtos', { nome: 'modelo.csv', conteudo: res.rawPayload });
    expect(p).toMatchObject({ total: 2, validas: 2, invalidas: 0 });
  });

  it('refuses an unknown formato and an unknown tipo', async () => {
    const t = await newTenant(ctx);
    const formato = await ctx.app.inject({ url: '/api/importacoes/clientes/modelo?formato=pdf', headers: t.headers });
    expect(formato.statusCode).toBe(400);
    expect(formato.json().errors.formato).toEqual(['Formato inválido (use xlsx ou csv)']);
    const tipo = await ctx.app.inject({ url: '/api/importacoes/fornecedores/modelo', headers: t.headers });
    expect(tipo.statusCode).toBe(404);
    expect(tipo.json().errors.generalErrors[0]).toMatch(/Tipo de importação não encontrado/);
  });
});

describe('/api/importacoes/clientes', () => {
  const arquivoMisto = async (cpf: string, cpfOutro: string) =>
    xlsx([
      CABECALHO_CLIENTES,
      [
        'Maria da Silva',
        cpf,
        '(11) 98765-4321',
        'maria@exemplo.com.br',
        new Date(Date.UTC(1985, 2, 15)),
        'Thor',
        'canina',
        'labrador retriever',
        'Macho',
        '32,5',
      ],
      [
        'Maria da Silva',
        cpf,
        '(11) 98765-4321',
        'maria@exemplo.com.br',
        new Date(Date.UTC(1985, 2, 15)),
        'Mel',
        'Felina',
        '',
        'F',
        4.2,
      ],
      ['José Errado', '111.111.111-11', '', '', '', 'Rex', 'Canina', '', '', ''],
      ['Ana Souza', '', '11 3456-7890', '', '', 'Godzilla', 'Dinossauro', '', '', ''],
      ['', '', '', 'semnome@exemplo.com.br', '', 'Bidu', 'Canina', '', '', ''],
      ['Carlos Sem Pet', cpfOutro, '', 'CARLOS@Exemplo.com.br', '31/12/1990', '', '', '', '', ''],
      ['Ana Souza', '', '11 3456-7890', '', '', 'Luna', 'Felina', '', 'Fêmea', ''],
    ]);

  it('previews: suggests the mapping from the headers and reports errors per row', async () => {
    const t = await newTenant(ctx);
    await garantirCatalogoPet(t);
    const p = await previa(t, 'clientes', await arquivoMisto(validCpf(), validCpf()));

    expect(p.colunas).toEqual(CABECALHO_CLIENTES);
    expect(p.mapeamento).toMatchObject({
      nome: 'Nome do Cliente',
      cpfCnpj: 'CPF/CNPJ',
      telefone: 'Celular',
      email: 'E-mail',
      dataNascimento: 'Data de nascimento',
      petNome: 'Nome do pet',
      petEspecie: 'Espécie',
      petRaca: 'Raça',
      petSexo: 'Sexo',
      petPeso: 'Peso',
      cep: null,
    });
    expect(p.campos.find((c) => c.key === 'nome')).toMatchObject({ label: 'Nome do cliente', obrigatorio: true });
    expect(p).toMatchObject({ total: 7, validas: 4, invalidas: 3 });

    expect(linha(p, 2)).toMatchObject({
      erros: [],
      valores: { nome: 'Maria da Silva', dataNascimento: '15/03/1985', petPeso: '32,5' },
    });
    expect(linha(p, 3)).toMatchObject({ erros: [], avisos: ['Mesmo cliente da linha 2'], valores: { petPeso: '4.2' } });
    expect(linha(p, 4).erros).toEqual(['CPF/CNPJ inválido']);
    expect(linha(p, 5).erros).toEqual(['Espécie "Dinossauro" não cadastrada']);
    expect(linha(p, 6).erros).toEqual(['Nome do cliente é obrigatório']);
    expect(linha(p, 7).erros).toEqual([]);
    expect(linha(p, 8).erros).toEqual([]);
    // Nothing was written.
    expect(await clientesDe(t)).toEqual([]);
  });

  it('imports only the valid rows, grouping the pets of one tutor under one customer', async () => {
    const t = await newTenant(ctx);
    await garantirCatalogoPet(t);
    const cpf = validCpf();
    const cpfCarlos = validCpf();
    const r = await importar(t, 'clientes', await arquivoMisto(cpf, cpfCarlos));
    expect(r).toMatchObject({ importadas: 4, ignoradas: 3, criados: { pessoas: 3, pessoasExistentes: 0, pets: 3 } });
    // Ana's row 5 fails (unknown species) but her row 8 is valid on its own.
    expect(r.erros).toEqual([
      { numero: 4, erros: ['CPF/CNPJ inválido'] },
      { numero: 5, erros: ['Espécie "Dinossauro" não cadastrada'] },
      { numero: 6, erros: ['Nome do cliente é obrigatório'] },
    ]);

    const clientes = await clientesDe(t);
    expect(clientes.map((c) => c.nome).sort()).toEqual(['Ana Souza', 'Carlos Sem Pet', 'Maria da Silva']);
    const maria = clientes.find((c) => c.nome === 'Maria da Silva')!;
    expect(maria).toMatchObject({
      cpfCnpj: cpf.replace(/\D/g, ''),
      email: 'maria@exemplo.com.br',
      dataNascimento: '1985-03-15',
      telefones: [{ numero: '11987654321', tipo: 'celular', whatsapp: true }],
    });
    expect(maria.pets.map((p) => p.nome).sort()).toEqual(['Mel', 'Thor']);
    // The breed's default size (Labrador: grande) when the file has none.
    expect(maria.pets.find((p) => p.nome === 'Thor')).toMatchObject({ porte: 'grande' });
    expect(maria.pets.find((p) => p.nome === 'Thor')!.racaId).toBeTruthy();
    const ana = clientes.find((c) => c.nome === 'Ana Souza')!;
    expect(ana.telefones).toEqual([{ numero: '1134567890', tipo: 'fixo', whatsapp: false }]);
    expect(ana.pets.map((p) => p.nome)).toEqual(['Luna']);
    const carlos = clientes.find((c) => c.nome === 'Carlos Sem Pet')!;
    expect(carlos).toMatchObject({ email: 'carlos@exemplo.com.br', dataNascimento: '1990-12-31', pets: [] });
  });

  it('adds pets to a customer already registered with the CPF (a note), and never duplicates a pet', async () => {
    const t = await newTenant(ctx);
    await garantirCatalogoPet(t);
    const cpf = validCpf();
    await importar(
      t,
      'clientes',
      await xlsx([CABECALHO_CLIENTES, ['Maria da Silva', cpf, '', '', '', 'Thor', 'Canina', '', '', '']]),
    );

    const segundo = await xlsx([
      CABECALHO_CLIENTES,
      ['Maria S.', cpf, '', '', '', 'Thor', 'Canina', '', '', ''],
      ['Maria S.', cpf, '', '', '', 'Pipoca', 'Canina', '', '', ''],
    ]);
    const p = await previa(t, 'clientes', segundo);
    expect(linha(p, 2).erros).toEqual(['Pet "Thor" já cadastrado para este cliente']);
    expect(linha(p, 3)).toMatchObject({
      erros: [],
      avisos: ['Cliente já cadastrado (Maria da Silva): o pet será adicionado a ele'],
    });

    const r = await importar(t, 'clientes', segundo);
    expect(r).toMatchObject({ importadas: 1, ignoradas: 1, criados: { pessoas: 0, pessoasExistentes: 1, pets: 1 } });
    const clientes = await clientesDe(t);
    expect(clientes).toHaveLength(1);
    expect(clientes[0]!.nome).toBe('Maria da Silva');
    expect(clientes[0]!.pets.map((x) => x.nome).sort()).toEqual(['Pipoca', 'Thor']);
  });

  it('reads a semicolon CSV saved in Latin-1 (Windows-1252), with a mapping sent by the user', async () => {
    const t = await newTenant(ctx);
    await garantirCatalogoPet(t);
    const cpf = validCpf();
    const texto = [
      'Cliente;Documento;Fone;Animal;Espécie do animal;Observação',
      `João Araújo;${cpf};(21) 99876-5432;Paçoca;Cão;Cliente desde 2019`,
      'Inês Conceição;;;;;',
      '',
    ].join('\r\n');
    const arquivo = { nome: 'clientes.csv', conteudo: Buffer.from(texto, 'latin1'), tipo: 'text/csv' };

    const sugerida = await previa(t, 'clientes', arquivo);
    expect(sugerida.colunas).toEqual(['Cliente', 'Documento', 'Fone', 'Animal', 'Espécie do animal', 'Observação']);
    expect(sugerida.mapeamento).toMatchObject({
      nome: 'Cliente',
      cpfCnpj: 'Documento',
      telefone: 'Fone',
      petNome: 'Animal',
      petEspecie: null,
    });
    expect(linha(sugerida, 2).valores.nome).toBe('João Araújo');

    const mapeamento = { ...sugerida.mapeamento, petEspecie: 'Espécie do animal', observacoes: 'Observação' };
    const p = await previa(t, 'clientes', arquivo, mapeamento);
    expect(p.mapeamento).toEqual(mapeamento);
    expect(linha(p, 2).erros).toEqual(['Espécie "Cão" não cadastrada']);

    const semPet = { ...mapeamento, petNome: null, petEspecie: null };
    const r = await importar(t, 'clientes', arquivo, semPet);
    expect(r).toMatchObject({ importadas: 2, ignoradas: 0, criados: { pessoas: 2, pets: 0 } });
    const clientes = await clientesDe(t);
    expect(clientes.map((c) => c.nome).sort()).toEqual(['Inês Conceição', 'João Araújo']);
    expect(clientes.find((c) => c.nome === 'João Araújo')).toMatchObject({ observacoes: 'Cliente desde 2019', cpfCnpj: cpf });
  });

  it('refuses a mapping to a column the file does not have, or that is not JSON', async () => {
    const t = await newTenant(ctx);
    const arquivo = await xlsx([['Nome'], ['Ana']]);
    const res = await enviar(t, '/api/importacoes/clientes/previa', arquivo, { nome: 'Nome Completo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'mapeamento.nome': ['A coluna "Nome Completo" não existe na planilha'] });
  });

  it('imports once when the same Idempotency-Key is sent twice', async () => {
    const t = await newTenant(ctx);
    const arquivo = await xlsx([['Nome'], ['Ana'], ['Bia']]);
    const chave = randomUUID();
    const headers = { ...t.headers, 'idempotency-key': chave };
    const primeira = await enviar({ headers }, '/api/importacoes/clientes', arquivo);
    const segunda = await enviar({ headers }, '/api/importacoes/clientes', arquivo);
    expect(primeira.statusCode).toBe(200);
    expect(segunda.statusCode).toBe(200);
    expect(segunda.headers['idempotent-replayed']).toBe('true');
    expect(segunda.json()).toEqual(primeira.json());
    expect(await clientesDe(t)).toHaveLength(2);
  });

  it('keeps imported customers inside the importing tenant', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const cpf = validCpf();
    await importar(
      a,
      'clientes',
      await xlsx([
        ['Nome', 'CPF'],
        ['Cliente de A', cpf],
      ]),
    );
    expect(await clientesDe(b)).toEqual([]);
    // For B the CPF is new: no note about an existing customer, and B's import is its own.
    const p = await previa(
      b,
      'clientes',
      await xlsx([
        ['Nome', 'CPF'],
        ['Cliente de B', cpf],
      ]),
    );
    expect(linha(p, 2)).toMatchObject({ erros: [], avisos: [] });
    await importar(
      b,
      'clientes',
      await xlsx([
        ['Nome', 'CPF'],
        ['Cliente de B', cpf],
      ]),
    );
    expect((await clientesDe(a)).map((c) => c.nome)).toEqual(['Cliente de A']);
    expect((await clientesDe(b)).map((c) => c.nome)).toEqual(['Cliente de B']);
    // And through the customers' own list.
    const listaA = await ctx.app.inject({ url: '/api/pessoal/pessoas?query=Cliente de', headers: a.headers });
    expect(listaA.json().items.map((p: { nome: string }) => p.nome)).toEqual(['Cliente de A']);
  });

  it('keeps imported products inside the importing tenant', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const codigo = gtin();
    await importar(
      a,
      'produtos',
      await xlsx([
        ['Nome', 'Código de barras', 'Preço'],
        ['Produto de A', codigo, '10,00'],
      ]),
    );
    const listaB = await ctx.app.inject({ url: '/api/inventario/produtos?query=Produto de A', headers: b.headers });
    expect(listaB.json().total).toBe(0);
    const listaA = await ctx.app.inject({ url: '/api/inventario/produtos?query=Produto de A', headers: a.headers });
    expect(listaA.json().items).toMatchObject([{ nome: 'Produto de A', codigoBarras: codigo, precoVenda: 10 }]);
    // The barcode is A's only: B imports it as new.
    const p = await previa(
      b,
      'produtos',
      await xlsx([
        ['Nome', 'Código de barras'],
        ['Produto de B', codigo],
      ]),
    );
    expect(linha(p, 2).erros).toEqual([]);
  });
});

describe('/api/importacoes/produtos', () => {
  it('previews and imports products and services: prices, brands and categories created, duplicate GTINs refused', async () => {
    const t = await newTenant(ctx);
    await semTiposAtendimentoPadrao(ctx, t);
    await garantirUnidade(t, 'UN');
    await garantirUnidade(t, 'KG');
    const cadastrado = gtin();
    await importar(
      t,
      'produtos',
      await xlsx([
        ['Nome', 'GTIN'],
        ['Produto antigo', cadastrado],
      ]),
    );

    const repetido = gtin();
    const arquivo = await xlsx([
      ['Tipo', 'Nome', 'Código', 'EAN', 'Marca', 'Categoria', 'Unidade', 'Custo', 'Markup', 'Preço de venda', 'NCM', 'CSOSN'],
      [
        'Produto',
        'Ração Premium 15 kg',
        'RAC-15',
        repetido,
        'Premiér Teste',
        'Rações Importadas',
        'UN',
        'R$ 1.000,00',
        '',
        'R$ 1.234,56',
        '2309.10.00',
        '102',
      ],
      [
        'Produto',
        'Ração Premium 15 kg (cópia)',
        'RAC-16',
        repetido,
        'premier teste',
        'rações importadas',
        'UN',
        '',
        '',
        '10',
        '',
        '',
      ],
      ['Serviço', 'Banho porte médio', '', '', '', 'Banho Importado', '', '', '', '65,00', '', ''],
      ['Produto', 'Ração a granel', 'GRANEL', '', '', 'Rações importadas', 'kg', 20, 50, '', '', ''],
      ['Produto', '', '', '', '', '', '', '', '', '10', '', ''],
      ['Produto', 'Coleira', '', '7891234567890', '', '', '', '', '', '10', '', ''],
      ['Produto', 'Brinquedo', '', cadastrado, '', '', '', '', '', '10', '', ''],
      ['Produto', 'Areia', '', '', '', '', 'ZZ', '', '', '10', '', ''],
      ['Kit', 'Petisco', '', '', '', '', '', '', '', '10', '', ''],
    ]);
    const p = await previa(t, 'produtos', arquivo);
    expect(p.mapeamento).toMatchObject({
      codigoBarras: 'EAN',
      precoCusto: 'Custo',
      markup: 'Markup',
      precoVenda: 'Preço de venda',
      csosn: 'CSOSN',
    });
    expect(linha(p, 2)).toMatchObject({
      erros: [],
      avisos: ['Marca "Premiér Teste" será criada', 'Categoria "Rações Importadas" será criada'],
    });
    expect(linha(p, 3).erros).toEqual(['Código de barras já cadastrado na linha 2 da planilha']);
    expect(linha(p, 4).erros).toEqual([]);
    expect(linha(p, 5).erros).toEqual([]);
    expect(linha(p, 6).erros).toEqual(['Nome é obrigatório']);
    expect(linha(p, 7).erros).toEqual(['Código de barras inválido (dígito verificador não confere)']);
    expect(linha(p, 8).erros).toEqual(['Código de barras já cadastrado']);
    expect(linha(p, 9).erros).toEqual(['Unidade "ZZ" não cadastrada']);
    expect(linha(p, 10).erros).toEqual(['Tipo "Kit" inválido (use Produto ou Serviço)']);
    expect(p).toMatchObject({ total: 9, validas: 3, invalidas: 6 });

    const r = await importar(t, 'produtos', arquivo);
    expect(r).toMatchObject({ importadas: 3, ignoradas: 6, criados: { produtos: 3, marcas: 1, categorias: 2 } });
    const lista = await produtosDe(t);
    const racao = lista.find((x) => x.nome === 'Ração Premium 15 kg')!;
    expect(racao).toMatchObject({
      tipo: 'produto',
      codigo: 'RAC-15',
      codigoBarras: repetido,
      precoCusto: '1000.00',
      precoVenda: '1234.56',
      markup: '23.46',
      ncm: '23091000',
      csosn: '102',
      cfop: '5102',
      controlaEstoque: true,
    });
    expect(racao.marcaId).toBeTruthy();
    const banho = lista.find((x) => x.nome === 'Banho porte médio')!;
    expect(banho).toMatchObject({ tipo: 'servico', precoVenda: '65.00', controlaEstoque: false });
    const granel = lista.find((x) => x.nome === 'Ração a granel')!;
    expect(granel).toMatchObject({ precoCusto: '20.00', markup: '50.00', precoVenda: '30.00' });
    expect(granel.categoriaId).toBe(racao.categoriaId);
    expect(lista).toHaveLength(4);
  });

  it('refuses products to a profile without produtos.gerenciar (Recepção), which may still import customers', async () => {
    const t = await newTenant(ctx);
    await semTiposAtendimentoPadrao(ctx, t);
    const rita = await usuarioComPerfil(ctx, t, 'recepcao');
    const arquivo = await xlsx([['Nome'], ['Item']]);

    for (const url of ['/api/importacoes/produtos/previa', '/api/importacoes/produtos']) {
      const res = await enviar(rita, url, arquivo);
      expect(res.statusCode).toBe(403);
    }
    const modelo = await ctx.app.inject({ url: '/api/importacoes/produtos/modelo', headers: rita.headers });
    expect(modelo.statusCode).toBe(403);
    expect(await produtosDe(t)).toEqual([]);

    const clientes = await enviar(rita, '/api/importacoes/clientes/previa', arquivo);
    expect(clientes.statusCode).toBe(200);
  });
});

describe('limits and bad files', () => {
  it('refuses more than 5 000 data rows with a clear message', async () => {
    const t = await newTenant(ctx);
    const linhas = ['Nome', ...Array.from({ length: 5001 }, (_, i) => `Cliente ${i}`)].join('\n');
    const res = await enviar(t, '/api/importacoes/clientes/previa', { nome: 'grande.csv', conteudo: Buffer.from(linhas) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.arquivo).toEqual([
      'A planilha tem 5.001 linhas; o limite é 5.000 por importação. Divida o arquivo em partes menores.',
    ]);
    const grande = await xlsx([['Nome'], ...Array.from({ length: 5001 }, (_, i) => [`Cliente ${i}`])]);
    const resXlsx = await enviar(t, '/api/importacoes/clientes/previa', grande);
    expect(resXlsx.statusCode).toBe(400);
    expect(resXlsx.json().errors.arquivo[0]).toMatch(/^A planilha tem 5\.001 linhas/);
  });

  it('refuses what is not a spreadsheet, a file over 5 MB, and a request without file', async () => {
    const t = await newTenant(ctx);
    const url = '/api/importacoes/clientes/previa';
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );

    const pdf = await enviar(t, url, { nome: 'clientes.pdf', conteudo: Buffer.from('%PDF-1.4') });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors.arquivo).toEqual(['Arquivo: extensão não aceita (use .xlsx, .csv)']);

    const binario = await enviar(t, url, { nome: 'clientes.csv', conteudo: png });
    expect(binario.statusCode).toBe(400);
    expect(binario.json().errors.arquivo).toEqual(['O arquivo não parece ser uma planilha CSV (use .xlsx ou .csv)']);

    const falsoXlsx = await enviar(t, url, { nome: 'clientes.xlsx', conteudo: Buffer.from('Nome;CPF\nAna;1\n') });
    expect(falsoXlsx.statusCode).toBe(400);
    expect(falsoXlsx.json().errors.arquivo).toEqual(['Não foi possível ler o arquivo: não é uma planilha XLSX válida']);

    const xls = await enviar(t, url, {
      nome: 'clientes.csv',
      conteudo: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    });
    expect(xls.json().errors.arquivo[0]).toMatch(/\.xls \(Excel 97-2003\) não são aceitos/);

    const vazio = await enviar(t, url, { nome: 'vazio.csv', conteudo: Buffer.from('\r\n\r\n') });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().errors.arquivo[0]).toMatch(/A planilha está vazia/);

    const grande = await enviar(t, url, { nome: 'grande.csv', conteudo: Buffer.alloc(5 * 1024 * 1024 + 10, 'a') });
    expect(grande.statusCode).toBe(400);
    expect(grande.json().errors.arquivo).toEqual(['Arquivo: arquivo maior que 5 MB']);

    const semArquivo = await ctx.app.inject({ method: 'POST', url, headers: t.headers, payload: {} });
    expect(semArquivo.statusCode).toBe(400);
    expect(JSON.stringify(semArquivo.json().errors)).toMatch(/arquivo/i);
  });
});
