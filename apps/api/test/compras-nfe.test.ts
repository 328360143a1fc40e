/**
 * NF-e XML import of purchases (issue #5 item 4; DOMAIN.md §5), on the public samples of
 * ../shared/fixtures/nfe/samples (read from there, never copied): what each NF-e 55 sample
 * yields, the destinatário confirmation, the same key twice, files that are not an NF-e,
 * items matched by GTIN and by the supplier's remembered code (copies of a sample with another
 * access key, built here), lots from `rastro`, linking and creating products, tenancy.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { compraSchema, type Compra, type ResumoCompra } from '@petshop/shared/compra';
import type { Fornecedor } from '@petshop/shared/fornecedor';
import type { Produto } from '@petshop/shared/produto';
import { estoques, fornecedorProdutos, lotes, unidadesNegocio } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { noTenant, novoProduto, segundaUnidade } from './fixtures/vendas.ts';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';
import { nfeGrande } from './nfe-grande.ts';

const ctx = useTestApp();
const URL = '/api/compras';
const IMPORTAR = '/api/api/compras/importar-xml';

const SAMPLES = resolve(import.meta.dirname, '../../../../shared/fixtures/nfe/samples');
const sample = (nome: string): Buffer => readFileSync(resolve(SAMPLES, nome));
const LAYOUT4 = 'sped-nfe__nfe_layout4_com_prot.xml';
const MOD55_310 = 'sped-da__mod55-nfe.xml';
const CHAVE_LAYOUT4 = '43180906929383000163550010000000261000010301';

/** A multipart body with text fields and files. */
const formulario = (
  files: { campo: string; nome: string; conteudo: Buffer; tipo?: string }[],
  campos: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----compras${randomUUID()}`;
  const partes: Buffer[] = [];
  for (const [nome, valor] of Object.entries(campos))
    partes.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${nome}"\r\n\r\n${valor}\r\n`));
  for (const f of files) {
    partes.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.campo}"; filename="${f.nome}"\r\nContent-Type: ${f.tipo ?? 'text/xml'}\r\n\r\n`,
      ),
    );
    partes.push(f.conteudo, Buffer.from('\r\n'));
  }
  partes.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(partes), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const importar = (
  t: TenantFixture,
  conteudo: Buffer,
  opcoes: { aceitar?: boolean; url?: string; campo?: string; headers?: Record<string, string> } = {},
) => {
  const body = formulario(
    [{ campo: opcoes.campo ?? 'arquivo', nome: 'nota.xml', conteudo }],
    opcoes.aceitar ? { aceitarOutroDestinatario: 'true' } : {},
  );
  return ctx.app.inject({
    method: 'POST',
    url: opcoes.url ?? IMPORTAR,
    headers: { ...(opcoes.headers ?? t.headers), ...body.headers },
    payload: body.payload,
  });
};

const importada = async (t: TenantFixture, conteudo: Buffer, aceitar = true) => {
  const res = await importar(t, conteudo, { aceitar });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Compra>();
};

/** The sample with its access key replaced everywhere (Id, chNFe) by one with another cNF. */
const comOutraChave = (xml: Buffer | string, chave: string, cNF: string): string => {
  const nova = `${chave.slice(0, 35)}${cNF}${chave.slice(43)}`;
  return xml.toString().split(chave).join(nova);
};

/** The tenant's unit with the CNPJ of the samples' destinatário. */
const unidadeComCnpj = (t: TenantFixture, cnpj: string) =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.update(unidadesNegocio).set({ cnpj }).where(eq(unidadesNegocio.id, t.unidadeNegocioId)),
  );

const codigos = (c: Compra) => c.avisos.map((a) => a.codigo);

describe('importing every NF-e 55 sample', () => {
  it('nfe_layout4_com_prot (4.00, authorised, 1 item, 1 duplicata): refused for another CNPJ, imported when confirmed', async () => {
    const t = await newTenant(ctx);
    const recusa = await importar(t, sample(LAYOUT4));
    expect(recusa.statusCode).toBe(400);
    expect(recusa.json().errors).toEqual({
      aceitarOutroDestinatario: [
        'Esta NF-e é destinada a outro CNPJ (58.716.523/0001-19 – NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL): confirme para importar assim mesmo',
      ],
    });

    const compra = await importada(t, sample(LAYOUT4));
    expect(compra).toMatchObject({
      numero: 1,
      status: 'Rascunho',
      origem: 'xml',
      chaveAcesso: CHAVE_LAYOUT4,
      versaoNfe: '4.00',
      numeroNota: '26',
      serie: '1',
      dataEmissao: '2018-09-25',
      fornecedor: { razaoSocial: 'UMA RAZAO SOCIAL DE TESTE QUALQUER', nomeFantasia: null, cpfCnpj: '06929383000163' },
      valorProdutos: 500,
      valorFrete: 0,
      valorDesconto: 0,
      valorOutros: 0,
      valorTotal: 500,
      possuiXml: true,
      quantidadeItens: 1,
      itensPendentes: 1,
    });
    expect(compra.itens).toEqual([
      expect.objectContaining({
        produtoId: null,
        produto: null,
        descricao: 'UM PRODUTO TESTE QUALQUER',
        codigoFornecedor: '11007',
        gtin: null,
        ncm: '64011000',
        cest: '1234567',
        cfop: '6101',
        unidadeFornecedor: 'UN',
        quantidadeFornecedor: 10,
        valorUnitarioFornecedor: 50,
        fatorConversao: 1,
        quantidade: 10,
        custoUnitario: 50,
        valorTotal: 500,
        lotes: [],
      }),
    ]);
    expect(compra.parcelas).toEqual([
      { id: expect.any(String), parcela: 1, numero: '001', dataVencimento: '2018-12-31', valor: 1 },
    ]);
    expect(codigos(compra)).toEqual(['assinatura_invalida', 'outro_destinatario', 'parcelas_divergentes']);
    expect(compra.avisos.find((a) => a.codigo === 'parcelas_divergentes')?.mensagem).toBe(
      'A soma das duplicatas da nota (R$ 1,00) difere do total da compra (R$ 500,00): confira as parcelas antes de finalizar',
    );

    // The supplier was created from the emitter's data.
    const fornecedor = (
      await ctx.app.inject({ url: `/api/inventario/fornecedores/${compra.fornecedor!.id}`, headers: t.headers })
    ).json<Fornecedor>();
    expect(fornecedor).toMatchObject({
      razaoSocial: 'UMA RAZAO SOCIAL DE TESTE QUALQUER',
      cpfCnpj: '06929383000163',
      inscricaoEstadual: '0018000762',
      telefone: '5190909090',
      endereco: {
        cep: '93800000',
        logradouro: 'Rua dos Testes',
        numero: '1020',
        bairro: 'Centro',
        cidade: 'SAPIRANGA',
        uf: 'RS',
        codigoIbge: '4319901',
      },
    });

    // The resumo lists what is missing.
    const resumo = (await ctx.app.inject({ url: `${URL}/${compra.id}/resumo`, headers: t.headers })).json<ResumoCompra>();
    expect(resumo.pendencias).toEqual([
      'Item 1 (UM PRODUTO TESTE QUALQUER): vincule a um produto existente ou crie o produto',
      'A soma das parcelas (R$ 1,00) difere do total da compra (R$ 500,00)',
    ]);
  });

  it('mod55-nfe (3.10, 5 items, 7 duplicatas): every item pending, the installments as the file has them', async () => {
    const t = await newTenant(ctx);
    const recusa = await importar(t, sample(MOD55_310));
    expect(recusa.statusCode).toBe(400);
    expect(recusa.json().errors.aceitarOutroDestinatario[0]).toMatch(
      /^Esta NF-e é destinada a outro CNPJ \(99\.999\.999\/0001-91/,
    );
    const compra = await importada(t, sample(MOD55_310));
    expect(compra).toMatchObject({
      versaoNfe: '3.10',
      chaveAcesso: '35150300822602000124550010009923461099234656',
      numeroNota: '992346',
      serie: '1',
      fornecedor: {
        razaoSocial: 'Plotag Sistemas e Suprimentos Ltda',
        nomeFantasia: 'Plotag - Localhost',
        cpfCnpj: '00822602000124',
      },
      valorProdutos: 689.91,
      valorTotal: 689.91,
      quantidadeItens: 5,
      itensPendentes: 5,
      valorParcelas: 4829.37,
    });
    expect(
      compra.itens.map((i) => [i.codigoFornecedor, i.unidadeFornecedor, i.quantidade, i.custoUnitario, i.valorTotal]),
    ).toEqual([
      ['B17025056', 'RL', 1, 138.3, 138.3],
      ['1070100752', 'RL', 1, 48.91, 48.91],
      ['B17025056', 'RL', 1, 138.3, 138.3],
      ['B17040056', 'RL', 1, 214.57, 214.57],
      ['B18525056', 'RL', 1, 149.83, 149.83],
    ]);
    expect(compra.parcelas).toHaveLength(7);
    expect(compra.parcelas.every((p) => p.valor === 689.91 && p.dataVencimento === '2015-04-24' && p.numero === '992346')).toBe(
      true,
    );
    expect(codigos(compra)).toEqual(['assinatura_invalida', 'outro_destinatario', 'parcelas_divergentes']);
  });

  it('imports without confirmation when the unit is the destinatário; the clean path works too', async () => {
    const t = await newTenant(ctx);
    await unidadeComCnpj(t, '58716523000119');
    const res = await importar(t, sample(LAYOUT4), { url: '/api/compras/importar-xml', campo: 'xml' });
    expect(res.statusCode, res.body).toBe(201);
    expect(codigos(res.json<Compra>())).not.toContain('outro_destinatario');
  });

  it('PL_009q template (placeholder values) and every non-NF-e sample are refused with the reader’s message', async () => {
    const t = await newTenant(ctx);
    const { parseNfe } = await import('../src/modules/compras/nfe/parse-nfe.ts');
    const casos: [string, string | null][] = [
      ['sped-nfe__exemplo_xml_envia_lote_modelo_65.xml', null],
      ['sped-nfe__nfce_com_qrcode.xml', null],
      ['sped-nfe__signNFe_modelo_65.xml', null],
      ['sped-nfe__exemplo_retorno_sucesso_envia_lote.xml', null],
    ];
    for (const [nome] of casos) {
      const res = await importar(t, sample(nome), { aceitar: true });
      expect(res.statusCode, nome).toBe(400);
      let esperado = '';
      try {
        parseNfe(sample(nome));
      } catch (e) {
        esperado = (e as Error).message;
      }
      expect(res.json().errors, nome).toEqual({ arquivo: [esperado] });
    }
    for (const nome of ['sped-nfe__exemplo_xml_envia_lote_modelo_65.xml', 'sped-nfe__nfce_com_qrcode.xml']) {
      const res = await importar(t, sample(nome), { aceitar: true });
      expect(res.json().errors.arquivo).toEqual([
        'Este XML é de uma NFC-e (modelo 65), nota de venda ao consumidor; importe a NF-e (modelo 55) do fornecedor',
      ]);
    }
    // The template: whatever the reader makes of it, the import follows (400 with its message or a draft).
    const template = sample('sped-nfe__nfe_v4.00_PL_009q.xml');
    let leitura: Error | null = null;
    try {
      parseNfe(template);
    } catch (e) {
      leitura = e as Error;
    }
    const res = await importar(t, template, { aceitar: true });
    if (leitura) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ arquivo: [leitura.message] });
    } else {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Compra>().itens.some((i) => i.lotes.length > 0)).toBe(true);
    }
  });
});

describe('refusals', () => {
  it('refuses the same access key twice (until the purchase is deleted), a non-XML file, a JSON body, no file, two files', async () => {
    const t = await newTenant(ctx);
    const primeira = await importada(t, sample(LAYOUT4));
    const segunda = await importar(t, sample(LAYOUT4), { aceitar: true });
    expect(segunda.statusCode).toBe(400);
    expect(segunda.json().errors).toEqual({ arquivo: [`Esta NF-e já foi importada na compra nº ${primeira.numero}`] });
    // Another tenant and another unit import it independently.
    const outro = await newTenant(ctx);
    await importada(outro, sample(LAYOUT4));
    const filial = await segundaUnidade(ctx, t);
    const naFilial = await importar(t, sample(LAYOUT4), { aceitar: true, headers: filial.headers });
    expect(naFilial.statusCode, naFilial.body).toBe(201);
    // Deleting the draft frees the key.
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${primeira.id}`, headers: t.headers })).statusCode).toBe(200);
    const denovo = await importada(t, sample(LAYOUT4));
    expect(denovo.numero).toBe(primeira.numero + 1);

    const texto = await importar(t, Buffer.from('isto não é um XML'), { aceitar: true });
    expect(texto.statusCode).toBe(400);
    expect(texto.json().errors).toEqual({ arquivo: ['O arquivo não é um XML válido'] });
    const pdf = await importar(t, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj'), { aceitar: true });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors.arquivo).toHaveLength(1);

    const absurda = comOutraChave(sample(LAYOUT4), CHAVE_LAYOUT4, '10000999').replace(
      '<qCom>10.0000</qCom>',
      '<qCom>99999999999999.0000</qCom>',
    );
    const fora = await importar(t, Buffer.from(absurda), { aceitar: true });
    expect(fora.statusCode).toBe(400);
    expect(fora.json().errors.arquivo).toHaveLength(1);

    const json = await ctx.app.inject({ method: 'POST', url: IMPORTAR, headers: t.headers, payload: { arquivo: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual({ arquivo: ['Envie o arquivo XML da NF-e (multipart/form-data)'] });
    const semArquivo = formulario([], { aceitarOutroDestinatario: 'true' });
    const vazio = await ctx.app.inject({
      method: 'POST',
      url: IMPORTAR,
      headers: { ...t.headers, ...semArquivo.headers },
      payload: semArquivo.payload,
    });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().errors).toEqual({ arquivo: ['Envie o arquivo XML da NF-e'] });
    const dois = formulario([
      { campo: 'a', nome: 'a.xml', conteudo: sample(LAYOUT4) },
      { campo: 'b', nome: 'b.xml', conteudo: sample(MOD55_310) },
    ]);
    const doisRes = await ctx.app.inject({
      method: 'POST',
      url: IMPORTAR,
      headers: { ...t.headers, ...dois.headers },
      payload: dois.payload,
    });
    expect(doisRes.statusCode).toBe(400);
    expect(doisRes.json().errors).toEqual({ arquivo: ['Envie um único arquivo XML por vez'] });
    const texto2 = await ctx.app.inject({
      method: 'POST',
      url: IMPORTAR,
      headers: { ...t.headers, 'content-type': 'text/plain' },
      payload: 'oi',
    });
    expect(texto2.statusCode).toBe(400);
  });

  it('two imports of the same file at once: one purchase, the other refused', async () => {
    const t = await newTenant(ctx);
    const [a, b] = await Promise.all([
      importar(t, sample(MOD55_310), { aceitar: true }),
      importar(t, sample(MOD55_310), { aceitar: true }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const recusada = a.statusCode === 400 ? a : b;
    expect(recusada.json().errors.arquivo[0]).toMatch(/^Esta NF-e já foi importada na compra nº \d+$/);
    const lista = await ctx.app.inject({ url: `${URL}?dataInicio=2000-01-01`, headers: t.headers });
    expect(lista.json<{ total: number }>().total).toBe(1);
  });
});

describe('matching items, linking, creating products', () => {
  it('matches an item by GTIN; links another with a factor (remembered), and the next invoice of that supplier matches it by code', async () => {
    const t = await newTenant(ctx);
    const gtin = '7891000315507';
    const chocolate = await novoProduto(ctx, t, { nome: 'Petisco com GTIN', precoVenda: 90 });
    const comGtin = await ctx.app.inject({
      method: 'PUT',
      url: `/api/inventario/produtos/${chocolate.id}`,
      headers: t.headers,
      payload: { ...chocolate, codigoBarras: gtin, unidadeMedidaId: chocolate.unidadeMedida.id, fiscal: {} },
    });
    expect(comGtin.statusCode, comGtin.body).toBe(200);

    // A copy of the sample whose item carries that GTIN (and another access key).
    const xmlGtin = comOutraChave(sample(LAYOUT4), CHAVE_LAYOUT4, '10000111').replace(
      '<cEAN>SEM GTIN</cEAN>',
      `<cEAN>${gtin}</cEAN>`,
    );
    const porGtin = await importada(t, Buffer.from(xmlGtin));
    expect(porGtin.itens[0]).toMatchObject({
      produtoId: chocolate.id,
      gtin,
      quantidade: 10,
      custoUnitario: 50,
      fatorConversao: 1,
    });
    expect(porGtin.itensPendentes).toBe(0);

    // The original: the item is a box of 12 of a product sold by the unit.
    const unidadeDoPetisco = await novoProduto(ctx, t, { nome: 'Sachê Gatos 85 g', precoVenda: 6 });
    const original = await importada(t, sample(LAYOUT4));
    const item = original.itens[0]!;
    expect(item.produtoId).toBeNull();
    const vinculo = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${original.id}/itens/${item.id}/vincular`,
      headers: t.headers,
      payload: { produtoId: unidadeDoPetisco.id, fatorConversao: '12' },
    });
    expect(vinculo.statusCode, vinculo.body).toBe(200);
    const vinculada = vinculo.json<Compra>();
    expect(vinculada.itens[0]).toMatchObject({
      produtoId: unidadeDoPetisco.id,
      produto: { nome: 'Sachê Gatos 85 g' },
      fatorConversao: 12,
      quantidade: 120,
      custoUnitario: 4.1667,
      quantidadeFornecedor: 10,
      valorUnitarioFornecedor: 50,
      valorTotal: 500,
    });
    expect(vinculada.itensPendentes).toBe(0);
    const memoria = await noTenant(ctx, t, (tx) => tx.select().from(fornecedorProdutos));
    expect(memoria.map((m) => [m.codigoFornecedor, m.produtoId, m.unidadeFornecedor, m.fatorConversao])).toEqual([
      ['11007', unidadeDoPetisco.id, 'UN', '12.0000'],
    ]);

    // Fix the installment and finalise: 120 units in at 500 / 120.
    const corpo = {
      fornecedorId: vinculada.fornecedor!.id,
      numeroNota: vinculada.numeroNota,
      serie: vinculada.serie,
      dataEmissao: vinculada.dataEmissao,
      itens: vinculada.itens.map((i) => ({
        id: i.id,
        produtoId: i.produtoId,
        quantidade: i.quantidade,
        custoUnitario: i.custoUnitario,
      })),
      parcelas: [{ dataVencimento: '2030-01-31', valor: 500, numero: '001' }],
    };
    const salvo = await ctx.app.inject({ method: 'PUT', url: `${URL}/${original.id}`, headers: t.headers, payload: corpo });
    expect(salvo.statusCode, salvo.body).toBe(200);
    const salva = salvo.json<Compra>();
    // The line kept what the invoice said of it.
    expect(salva.itens[0]).toMatchObject({
      codigoFornecedor: '11007',
      unidadeFornecedor: 'UN',
      fatorConversao: 12,
      valorTotal: 500,
    });
    expect(salva.valorTotal).toBe(500);
    const fim = await ctx.app.inject({ method: 'POST', url: `${URL}/${original.id}/finalizar`, headers: t.headers });
    expect(fim.statusCode, fim.body).toBe(200);
    const [saldo] = await noTenant(ctx, t, (tx) =>
      tx
        .select({ q: estoques.quantidade, custo: estoques.custoMedio })
        .from(estoques)
        .where(eq(estoques.produtoId, unidadeDoPetisco.id)),
    );
    expect(saldo).toEqual({ q: '120.000', custo: '4.1667' });

    // The next invoice of the supplier (another key): matched by the remembered code and factor.
    const proxima = await importada(t, Buffer.from(comOutraChave(sample(LAYOUT4), CHAVE_LAYOUT4, '10000222')));
    expect(proxima.itens[0]).toMatchObject({
      produtoId: unidadeDoPetisco.id,
      fatorConversao: 12,
      quantidade: 120,
      custoUnitario: 4.1667,
    });
    expect(proxima.itensPendentes).toBe(0);
  });

  it('reads rastro as lots (converted by the factor on linking) and finalises them', async () => {
    const t = await newTenant(ctx);
    const rastro =
      '<rastro><nLote>LT-2031</nLote><qLote>6.000</qLote><dFab>2025-01-10</dFab><dVal>2027-01-31</dVal></rastro>' +
      '<rastro><nLote>LT-2044</nLote><qLote>4.000</qLote><dFab>2025-02-10</dFab><dVal>2027-03-31</dVal></rastro>';
    const xml = comOutraChave(sample(LAYOUT4), CHAVE_LAYOUT4, '10000333').replace(
      '<indTot>1</indTot>',
      `<indTot>1</indTot>${rastro}`,
    );
    const compra = await importada(t, Buffer.from(xml));
    expect(compra.itens[0]!.lotes).toEqual([
      { numero: 'LT-2031', dataFabricacao: '2025-01-10', dataValidade: '2027-01-31', quantidade: 6 },
      { numero: 'LT-2044', dataFabricacao: '2025-02-10', dataValidade: '2027-03-31', quantidade: 4 },
    ]);
    // Create the product from the item: lot control on, 2 units per supplier unit.
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${URL}/${compra.id}/itens/${compra.itens[0]!.id}/criar-produto`,
      headers: t.headers,
      payload: { nome: 'Vermífugo Teste 2 Comprimidos', fatorConversao: 2, markup: 50 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const criada = res.json<Compra>();
    expect(criada.itens[0]).toMatchObject({
      quantidade: 20,
      custoUnitario: 25,
      produto: { nome: 'Vermífugo Teste 2 Comprimidos', controlaLote: true },
    });
    expect(criada.itens[0]!.lotes.map((l) => [l.numero, l.quantidade])).toEqual([
      ['LT-2031', 12],
      ['LT-2044', 8],
    ]);
    const produto = (
      await ctx.app.inject({ url: `/api/inventario/produtos/${criada.itens[0]!.produtoId}`, headers: t.headers })
    ).json<Produto>();
    expect(produto).toMatchObject({
      precoCusto: 25,
      markup: 50,
      precoVenda: 37.5,
      controlaLote: true,
      unidadeMedida: { sigla: 'UN' },
    });
    expect(produto.fiscal).toMatchObject({ ncm: '64011000', cest: '1234567' });

    await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${compra.id}`,
      headers: t.headers,
      payload: {
        fornecedorId: criada.fornecedor!.id,
        numeroNota: criada.numeroNota,
        itens: criada.itens.map((i) => ({
          id: i.id,
          produtoId: i.produtoId,
          quantidade: i.quantidade,
          custoUnitario: i.custoUnitario,
          lotes: i.lotes,
        })),
        parcelas: [{ dataVencimento: '2030-01-31', valor: 500 }],
      },
    });
    const fim = await ctx.app.inject({ method: 'POST', url: `${URL}/${compra.id}/finalizar`, headers: t.headers });
    expect(fim.statusCode, fim.body).toBe(200);
    const lotesRows = await noTenant(ctx, t, (tx) =>
      tx.select({ numero: lotes.numero, q: lotes.quantidade, validade: lotes.dataValidade }).from(lotes).orderBy(lotes.numero),
    );
    expect(lotesRows).toEqual([
      { numero: 'LT-2031', q: '12.000', validade: '2027-01-31' },
      { numero: 'LT-2044', q: '8.000', validade: '2027-03-31' },
    ]);
  });

  it('links every line of the same supplier code at once (vincular, trocar, criar produto); other codes stay apart', async () => {
    const t = await newTenant(ctx);
    /** The sample with its one <det> repeated: nItem 2 the same code (4 units), nItem 3 `outroCodigo` (2 units). */
    const duplicada = (cNF: string, codigo: string, outroCodigo: string) => {
      const xml = comOutraChave(sample(LAYOUT4), CHAVE_LAYOUT4, cNF)
        .split('<cProd>11007</cProd>')
        .join(`<cProd>${codigo}</cProd>`);
      const det = /<det nItem="1">[\s\S]*?<\/det>/.exec(xml)![0];
      const linha = (n: number, cProd: string, q: number) =>
        det
          .replace('nItem="1"', `nItem="${n}"`)
          .replace(`<cProd>${codigo}</cProd>`, `<cProd>${cProd}</cProd>`)
          .split('10.0000')
          .join(`${q}.0000`)
          .split('500.00')
          .join(`${q * 50}.00`);
      return Buffer.from(
        xml
          .replace(det, `${det}${linha(2, codigo, 4)}${linha(3, outroCodigo, 2)}`)
          .split('<vProd>500.00</vProd>\n                    <vFrete>')
          .join('<vProd>800.00</vProd>\n                    <vFrete>')
          .replace('<vNF>500.00</vNF>', '<vNF>800.00</vNF>'),
      );
    };
    const compra = await importada(t, duplicada('10000666', '11007', '11008'));
    expect(compra.itens.map((i) => [i.ordem, i.codigoFornecedor, i.quantidadeFornecedor, i.produtoId])).toEqual([
      [1, '11007', 10, null],
      [2, '11007', 4, null],
      [3, '11008', 2, null],
    ]);
    expect(compra.valorTotal).toBe(800);
    const [primeira, segunda, terceira] = compra.itens;
    const vincular = (itemId: string, payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `${URL}/${compra.id}/itens/${itemId}/vincular`, headers: t.headers, payload });

    // Linking the first line links the second (same code) with the same factor; the third stays.
    const sache = await novoProduto(ctx, t, { nome: 'Sachê 85 g', precoVenda: 6 });
    const res = await vincular(primeira!.id, { produtoId: sache.id, fatorConversao: 12 });
    expect(res.statusCode, res.body).toBe(200);
    const ligada = res.json<Compra>();
    expect(ligada.itens.map((i) => [i.ordem, i.produtoId, i.fatorConversao, i.quantidade, i.custoUnitario])).toEqual([
      [1, sache.id, 12, 120, 4.1667],
      [2, sache.id, 12, 48, 4.1667],
      [3, null, 1, 2, 50],
    ]);
    expect(ligada.itensPendentes).toBe(1);

    // Changing the product of the second line changes the first too (one code, one product).
    const lata = await novoProduto(ctx, t, { nome: 'Lata 280 g', precoVenda: 9 });
    const troca = await vincular(segunda!.id, { produtoId: lata.id, fatorConversao: 1 });
    expect(troca.statusCode, troca.body).toBe(200);
    expect(troca.json<Compra>().itens.map((i) => [i.ordem, i.produtoId, i.quantidade, i.custoUnitario])).toEqual([
      [1, lata.id, 10, 50],
      [2, lata.id, 4, 50],
      [3, null, 2, 50],
    ]);
    // The third line alone.
    const so = await vincular(terceira!.id, { produtoId: sache.id });
    expect(so.json<Compra>().itens.map((i) => i.produtoId)).toEqual([lata.id, lata.id, sache.id]);
    const memoria = await noTenant(ctx, t, (tx) =>
      tx.select().from(fornecedorProdutos).orderBy(fornecedorProdutos.codigoFornecedor),
    );
    expect(memoria.map((m) => [m.codigoFornecedor, m.produtoId])).toEqual([
      ['11007', lata.id],
      ['11008', sache.id],
    ]);

    // Creating the product from a line (a code nothing remembers) links its twin to it as well.
    const outra = await importada(t, duplicada('10000777', '33001', '33002'));
    expect(outra.itensPendentes).toBe(3);
    const criado = await ctx.app.inject({
      method: 'POST',
      url: `${URL}/${outra.id}/itens/${outra.itens[1]!.id}/criar-produto`,
      headers: t.headers,
      payload: { nome: 'Coleira Nova', fatorConversao: 2, precoVenda: 40 },
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const comProduto = criado.json<Compra>();
    const novoId = comProduto.itens[1]!.produtoId;
    expect(novoId).not.toBeNull();
    expect(comProduto.itens.map((i) => [i.ordem, i.produtoId, i.quantidade, i.custoUnitario])).toEqual([
      [1, novoId, 20, 25],
      [2, novoId, 8, 25],
      [3, null, 2, 50],
    ]);
    expect(comProduto.itensPendentes).toBe(1);
  });

  it('creates products from the XML data (unit by the invoice or UN, GTIN when free), once per item; refuses bad links', async () => {
    const t = await newTenant(ctx);
    const outro = await newTenant(ctx);
    const compra = await importada(t, sample(MOD55_310));
    const [primeiro, segundo] = compra.itens;
    const criar = (itemId: string, payload: object = {}, compraId = compra.id, headers = t.headers) =>
      ctx.app.inject({ method: 'POST', url: `${URL}/${compraId}/itens/${itemId}/criar-produto`, headers, payload });
    const res = await criar(primeiro!.id, { precoVenda: 199.9 });
    expect(res.statusCode, res.body).toBe(201);
    const depois = res.json<Compra>();
    const produtoId = depois.itens[0]!.produtoId!;
    const produto = (await ctx.app.inject({ url: `/api/inventario/produtos/${produtoId}`, headers: t.headers })).json<Produto>();
    // 'RL' is no unit of the tenant: UN.
    expect(produto).toMatchObject({
      nome: primeiro!.descricao,
      precoCusto: 138.3,
      precoVenda: 199.9,
      codigoBarras: null,
      unidadeMedida: { sigla: 'UN' },
      controlaLote: false,
    });
    expect(produto.fiscal.ncm).toBe(primeiro!.ncm);
    // Line 3 has the same supplier code (B17025056): linked to the new product as well.
    expect(depois.itens.map((i) => i.produtoId)).toEqual([produtoId, null, produtoId, null, null]);
    expect(depois.itensPendentes).toBe(3);
    const repetido = await criar(primeiro!.id);
    expect(repetido.statusCode).toBe(400);
    expect(repetido.json().errors.generalErrors).toEqual(['Este item já está vinculado a um produto']);
    // A sale price below the cost is the product's own rule (400 on its field).
    const barato = await criar(segundo!.id, { precoVenda: 1 });
    expect(barato.statusCode).toBe(400);
    expect(barato.json().errors.precoVenda).toEqual(['O preço de venda não pode ser menor que o preço de custo']);

    const vincular = (itemId: string, payload: object, compraId = compra.id, headers = t.headers) =>
      ctx.app.inject({ method: 'PUT', url: `${URL}/${compraId}/itens/${itemId}/vincular`, headers, payload });
    const alheio = await novoProduto(ctx, outro, { precoVenda: 10 });
    expect((await vincular(segundo!.id, { produtoId: alheio.id })).json().errors).toEqual({
      produtoId: ['Produto não encontrado'],
    });
    expect((await vincular(segundo!.id, { produtoId: produtoId, fatorConversao: 0 })).json().errors).toEqual({
      fatorConversao: ['Fator de conversão deve ser maior que zero'],
    });
    expect((await vincular(segundo!.id, { produtoId: 'nada' })).statusCode).toBe(400);
    expect((await vincular(randomUUID(), { produtoId })).statusCode).toBe(404);
    // Another tenant sees neither the purchase nor its items.
    expect((await vincular(segundo!.id, { produtoId: alheio.id }, compra.id, outro.headers)).statusCode).toBe(404);
    expect((await criar(segundo!.id, {}, compra.id, outro.headers)).statusCode).toBe(404);
    // An item of another purchase.
    const outra = await importada(t, Buffer.from(comOutraChave(sample(LAYOUT4), CHAVE_LAYOUT4, '10000444')));
    expect((await vincular(outra.itens[0]!.id, { produtoId })).statusCode).toBe(404);

    // A free GTIN becomes the new product's barcode; the invoice's unit when the tenant has it.
    const gtin = '7891000053508';
    const xml = comOutraChave(sample(LAYOUT4), CHAVE_LAYOUT4, '10000555').replace(
      '<cEAN>SEM GTIN</cEAN>',
      `<cEAN>${gtin}</cEAN>`,
    );
    const comGtin = await importada(t, Buffer.from(xml));
    const criado = await criar(comGtin.itens[0]!.id, {}, comGtin.id);
    expect(criado.statusCode, criado.body).toBe(201);
    const novo = (
      await ctx.app.inject({ url: `/api/inventario/produtos/${criado.json<Compra>().itens[0]!.produtoId}`, headers: t.headers })
    ).json<Produto>();
    expect(novo).toMatchObject({ codigoBarras: gtin, precoCusto: 50, precoVenda: 50, unidadeMedida: { sigla: 'UN' } });
  });
});

describe('a big NF-e (issue #22 item 2: mapped, inserted and read back in slices)', () => {
  it(
    '350 items: every item in order, matched by the remembered code; the answer has compraSchema’s exact shape and is what GET answers',
    { timeout: 120_000 },
    async () => {
      const t = await newTenant(ctx);
      const sache = await novoProduto(ctx, t, { nome: 'Sachê Gatos 85 g', precoVenda: 6 });
      const original = await importada(t, sample(LAYOUT4));
      const vinculo = await ctx.app.inject({
        method: 'PUT',
        url: `${URL}/${original.id}/itens/${original.itens[0]!.id}/vincular`,
        headers: t.headers,
        payload: { produtoId: sache.id, fatorConversao: '12' },
      });
      expect(vinculo.statusCode, vinculo.body).toBe(200);

      const grande = await importada(t, Buffer.from(nfeGrande(350, { cNF: '10000350' })));
      expect(grande).toMatchObject({ quantidadeItens: 350, itensPendentes: 0, valorProdutos: 175_000, valorTotal: 175_000 });
      expect(grande.itens.map((i) => i.ordem)).toEqual(Array.from({ length: 350 }, (_, n) => n + 1));
      expect(grande.itens.filter((i) => i.produto?.nome === 'Sachê Gatos 85 g' && i.quantidade === 120)).toHaveLength(350);
      // The answer is written without the schema's encode: it must be exactly what the encode keeps.
      expect(compraSchema.encode(grande)).toEqual(grande);
      const lida = await ctx.app.inject({ url: `${URL}/${grande.id}`, headers: t.headers });
      expect(lida.statusCode).toBe(200);
      expect(lida.json()).toEqual(grande);
    },
  );
});
