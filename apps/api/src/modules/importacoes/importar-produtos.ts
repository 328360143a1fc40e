/**
 * Import of products and services (DOMAIN.md §4). Each row is validated with the product
 * form's schema (`createProdutoInputSchema`: GTIN check digit, prices consistent, fiscal
 * codes), brands and categories are matched by name (accent- and case-insensitively) and
 * created when missing, the unit of measure must exist (sigla; empty = UN). A barcode or an
 * internal code already in the tenant, or repeated in the file, is a row error.
 */
import { produtoValues } from '../inventario/salvar-produto.ts';
import { inArray } from 'drizzle-orm';
import { categoriaProdutoInputSchema } from '@petshop/shared/categoria-produto';
import { parseBrazilianNumber } from '@petshop/shared/format';
import { CAMPOS_PRODUTOS } from '@petshop/shared/importacao';
import { marcaInputSchema } from '@petshop/shared/marca';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { createProdutoInputSchema, type CreateProdutoInputParsed } from '@petshop/shared/produto';
import { onlyDigits } from '@petshop/shared/validators';
import { categoriasProduto, marcas, produtos, unidadesMedida } from '../../db/schema/index.ts';
import { criarCategoriaProduto } from '../inventario/salvar-categoria-produto.ts';
import { criarMarca } from '../inventario/salvar-marca.ts';
import { nameKey, inBatches, zodMessages, blankToUndefined, type Importador, type LinhaAnalisada } from './importador.ts';

export type DadosProduto = {
  produto: CreateProdutoInputParsed;
  /** Brand/category to create (name as typed), when no existing one matched. */
  marcaNova: string | null;
  categoriaNova: string | null;
};

/** Stands for a brand or category that will be created with the import. */
const A_CRIAR = '00000000-0000-4000-8000-000000000000';

const TIPOS: Record<string, 'produto' | 'servico'> = {
  produto: 'produto',
  p: 'produto',
  prod: 'produto',
  mercadoria: 'produto',
  servico: 'servico',
  s: 'servico',
  serv: 'servico',
};

/** A Brazilian number ('R$ 1.234,56', '1234.56') as a number; text that is not one goes as is, for the schema to refuse. */
const numero = (text: string | undefined): number | string | undefined => {
  const t = blankToUndefined(text)?.replace(/%$/, '');
  if (t === undefined) return undefined;
  return parseBrazilianNumber(t) ?? t;
};

/** Fiscal columns as the product form sends them; 'CSOSN/CST' goes to CSOSN (3 digits) or CST (2). */
const fiscalDaLinha = (v: Record<string, string>) => {
  const situacao = blankToUndefined(v.csosn);
  const situacaoDigitos = situacao ? onlyDigits(situacao) : '';
  const origem = blankToUndefined(v.origem);
  return {
    ncm: blankToUndefined(v.ncm),
    cest: blankToUndefined(v.cest),
    cfop: blankToUndefined(v.cfop),
    // '0 - Nacional' → '0'.
    origem: origem ? (/^\d/.exec(origem)?.[0] ?? origem) : undefined,
    csosn: situacao && situacaoDigitos.length !== 2 ? situacao : undefined,
    cst: situacao && situacaoDigitos.length === 2 ? situacaoDigitos : undefined,
  };
};

const analisar: Importador<DadosProduto>['analisar'] = async (tx, linhas) => {
  const listaMarcas = await tx.select({ id: marcas.id, nome: marcas.nome, ativo: marcas.ativo }).from(marcas);
  const listaCategorias = await tx
    .select({ id: categoriasProduto.id, nome: categoriasProduto.nome, ativo: categoriasProduto.ativo })
    .from(categoriasProduto);
  const listaUnidades = await tx
    .select({ id: unidadesMedida.id, sigla: unidadesMedida.sigla, ativo: unidadesMedida.ativo })
    .from(unidadesMedida);
  const marcaPorNome = new Map(listaMarcas.map((m) => [nameKey(m.nome), m]));
  const categoriaPorNome = new Map(listaCategorias.map((c) => [nameKey(c.nome), c]));
  const unidadePorSigla = new Map(listaUnidades.map((u) => [u.sigla.toUpperCase(), u]));

  const barras = linhas.flatMap((l) => {
    const b = blankToUndefined(l.valores.codigoBarras)?.replace(/\s/g, '');
    return b ? [b] : [];
  });
  const codigos = linhas.flatMap((l) => {
    const c = blankToUndefined(l.valores.codigo);
    return c ? [c.toUpperCase()] : [];
  });
  const barrasCadastradas = new Set<string>();
  const codigosCadastrados = new Set<string>();
  for (const lote of inBatches([...new Set(barras)])) {
    const rows = await tx.select({ b: produtos.codigoBarras }).from(produtos).where(inArray(produtos.codigoBarras, lote));
    for (const r of rows) if (r.b) barrasCadastradas.add(r.b);
  }
  for (const lote of inBatches([...new Set(codigos)])) {
    const rows = await tx.select({ c: produtos.codigoBusca }).from(produtos).where(inArray(produtos.codigoBusca, lote));
    for (const r of rows) if (r.c) codigosCadastrados.add(r.c);
  }

  const barrasNaPlanilha = new Map<string, number>();
  const codigosNaPlanilha = new Map<string, number>();
  // New brands and categories are announced once, on the first row that names them.
  const marcasAnunciadas = new Set<string>();
  const categoriasAnunciadas = new Set<string>();

  return linhas.map((linha): LinhaAnalisada<DadosProduto> => {
    const v = linha.valores;
    const erros: string[] = [];
    const avisos: string[] = [];

    const tipoTexto = blankToUndefined(v.tipo);
    const tipo = tipoTexto ? TIPOS[nameKey(tipoTexto)] : 'produto';
    if (!tipo) erros.push(`Tipo "${tipoTexto}" inválido (use Produto ou Serviço)`);

    const sigla = (blankToUndefined(v.unidade) ?? 'UN').toUpperCase();
    const unidade = unidadePorSigla.get(sigla);
    if (!unidade) erros.push(`Unidade "${sigla}" não cadastrada`);
    else if (!unidade.ativo) erros.push(`Unidade "${sigla}" está desativada`);

    let marcaNova: string | null = null;
    const marcaTexto = blankToUndefined(v.marca);
    const marca = marcaTexto ? marcaPorNome.get(nameKey(marcaTexto)) : undefined;
    let marcaId = marca?.id;
    if (marca && !marca.ativo) erros.push(`Marca "${marca.nome}" está desativada`);
    if (marcaTexto && !marca) {
      const parsed = marcaInputSchema.safeParse({ nome: marcaTexto });
      if (parsed.success) {
        marcaNova = parsed.data.nome;
        marcaId = A_CRIAR;
        if (!marcasAnunciadas.has(nameKey(marcaNova))) avisos.push(`Marca "${marcaNova}" será criada`);
        marcasAnunciadas.add(nameKey(marcaNova));
      } else erros.push(...zodMessages(parsed.error, { prefixo: 'Marca: ' }));
    }

    let categoriaNova: string | null = null;
    const categoriaTexto = blankToUndefined(v.categoria);
    const categoria = categoriaTexto ? categoriaPorNome.get(nameKey(categoriaTexto)) : undefined;
    let categoriaId = categoria?.id;
    if (categoria && !categoria.ativo) erros.push(`Categoria "${categoria.nome}" está desativada`);
    if (categoriaTexto && !categoria) {
      const parsed = categoriaProdutoInputSchema.safeParse({ nome: categoriaTexto });
      if (parsed.success) {
        categoriaNova = parsed.data.nome;
        categoriaId = A_CRIAR;
        if (!categoriasAnunciadas.has(nameKey(categoriaNova))) avisos.push(`Categoria "${categoriaNova}" será criada`);
        categoriasAnunciadas.add(nameKey(categoriaNova));
      } else erros.push(...zodMessages(parsed.error, { prefixo: 'Categoria: ' }));
    }

    const parsed = createProdutoInputSchema.safeParse({
      tipo: tipo ?? 'produto',
      nome: v.nome ?? '',
      codigo: blankToUndefined(v.codigo),
      codigoBarras: blankToUndefined(v.codigoBarras),
      marcaId,
      categoriaId,
      unidadeMedidaId: unidade?.id ?? A_CRIAR,
      precoCusto: numero(v.precoCusto),
      markup: numero(v.markup),
      precoVenda: numero(v.precoVenda),
      estoqueMinimo: numero(v.estoqueMinimo),
      fiscal: fiscalDaLinha(v),
    });
    if (!parsed.success) erros.push(...zodMessages(parsed.error));

    if (erros.length > 0 || !parsed.success) return { ...linha, erros, avisos };
    const produto = parsed.data;

    // Uniqueness last, among rows otherwise valid: the first such row keeps the code.
    const b = produto.codigoBarras;
    if (b && barrasCadastradas.has(b)) erros.push('Código de barras já cadastrado');
    else if (b && barrasNaPlanilha.has(b))
      erros.push(`Código de barras já cadastrado na linha ${barrasNaPlanilha.get(b)} da planilha`);
    const c = produto.codigo?.toUpperCase();
    if (c && codigosCadastrados.has(c)) erros.push('Código já cadastrado');
    else if (c && codigosNaPlanilha.has(c)) erros.push(`Código já cadastrado na linha ${codigosNaPlanilha.get(c)} da planilha`);
    if (erros.length > 0) return { ...linha, erros, avisos };
    if (b) barrasNaPlanilha.set(b, linha.numero);
    if (c) codigosNaPlanilha.set(c, linha.numero);

    return { ...linha, erros, avisos, dados: { produto, marcaNova, categoriaNova } };
  });
};

/**
 * New brands and categories go through their use cases (a handful per file); products in
 * multi-row inserts with the columns exactly as modules/inventario/salvar-produto.ts stores
 * them: its per-row checks (unit, brand and category of the tenant and active) are settled by
 * the analysis, and four queries per row would make a 5 000-row file take half a minute.
 */
const gravar: Importador<DadosProduto>['gravar'] = async (tx, validas) => {
  const novasMarcas = new Map<string, string>();
  const novasCategorias = new Map<string, string>();
  for (const { dados } of validas) {
    if (dados.marcaNova && !novasMarcas.has(nameKey(dados.marcaNova))) {
      novasMarcas.set(nameKey(dados.marcaNova), await criarMarca(tx, { nome: dados.marcaNova, ativo: true }));
    }
    if (dados.categoriaNova && !novasCategorias.has(nameKey(dados.categoriaNova))) {
      novasCategorias.set(
        nameKey(dados.categoriaNova),
        await criarCategoriaProduto(tx, { nome: dados.categoriaNova, ativo: true }),
      );
    }
  }

  const linhas = validas.map(({ dados }): typeof produtos.$inferInsert =>
    produtoValues({
      ...dados.produto,
      marcaId: dados.marcaNova ? novasMarcas.get(nameKey(dados.marcaNova))! : dados.produto.marcaId,
      categoriaId: dados.categoriaNova ? novasCategorias.get(nameKey(dados.categoriaNova))! : dados.produto.categoriaId,
    }),
  );
  for (const lote of inBatches(linhas)) await tx.insert(produtos).values(lote);
  return { produtos: linhas.length, marcas: novasMarcas.size, categorias: novasCategorias.size };
};

export const importadorProdutos: Importador<DadosProduto> = {
  tipo: 'produtos',
  campos: CAMPOS_PRODUTOS,
  permissao: PERMISSOES.produtosGerenciar,
  analisar,
  gravar,
};
