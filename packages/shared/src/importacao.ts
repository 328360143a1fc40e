/**
 * Spreadsheet import (issue #3 item 5): customers with their pets, and products/services,
 * from an XLSX or CSV file. Calls under /api/importacoes/{tipo}:
 * - GET  /modelo?formato=xlsx|csv  the template (headers = the fields' labels);
 * - POST /previa (multipart: `arquivo`, optional `mapeamento` JSON text) → `PreviaImportacao`;
 * - POST /       (same parts) imports every valid row in one transaction → `ResultadoImportacao`.
 *
 * The field lists live here so the API (template, mapping suggestion, validation) and the web
 * wizard (column selects) speak of the same fields.
 */
import { z } from 'zod';

/** What can be imported, with the name the user reads. */
export const TIPOS_IMPORTACAO = { clientes: 'Clientes e pets', produtos: 'Produtos e serviços' } as const;
export type TipoImportacao = keyof typeof TIPOS_IMPORTACAO;
export const TIPO_IMPORTACAO_IDS = Object.keys(TIPOS_IMPORTACAO) as [TipoImportacao, ...TipoImportacao[]];
export const tipoImportacaoSchema = z.enum(TIPO_IMPORTACAO_IDS, { error: 'Tipo de importação inválido' });

/** Largest file accepted (bytes). */
export const IMPORTACAO_MAX_BYTES = 5 * 1024 * 1024;
/** Most data rows (header not counted) one import takes. */
export const IMPORTACAO_MAX_LINHAS = 5000;
/** Accepted file extensions (lower case, with dot). */
export const IMPORTACAO_EXTENSOES = ['.xlsx', '.csv'] as const;

/** Template formats of GET /modelo. */
export const formatoModeloSchema = z.enum(['xlsx', 'csv'], { error: 'Formato inválido (use xlsx ou csv)' });
export type FormatoModelo = z.infer<typeof formatoModeloSchema>;

/** A field the importer fills: `key` is the stable code, `label` the template header. */
export const campoImportacaoSchema = z.object({
  key: z.string(),
  label: z.string(),
  obrigatorio: z.boolean(),
  /** A value shown in the template's example row and in the instructions. */
  exemplo: z.string(),
  /** Other headers recognised as this field (compared accent- and case-insensitively). */
  aliases: z.array(z.string()),
  /** What the column takes, for the template's "Instruções" sheet and the wizard. */
  descricao: z.string().optional(),
});
export type CampoImportacao = z.infer<typeof campoImportacaoSchema>;

/** Field key → column header of the file (or null: not imported). */
export const mapeamentoSchema = z.record(z.string(), z.string().nullable());
export type Mapeamento = z.infer<typeof mapeamentoSchema>;

/** One data row of the preview. */
export const linhaPreviaSchema = z.object({
  /** Row number in the spreadsheet: 2 is the first data row (1 is the header). */
  numero: z.number().int(),
  /** Field key → text read from the mapped column; fields empty or not mapped are left out. */
  valores: z.record(z.string(), z.string()),
  /** Why the row will not be imported, in Portuguese ('CPF inválido'). Empty = valid. */
  erros: z.array(z.string()),
  /** Notes that do not stop the row ('CPF já cadastrado: os pets serão adicionados a Maria'). */
  avisos: z.array(z.string()),
});
export type LinhaPrevia = z.infer<typeof linhaPreviaSchema>;

export const previaImportacaoSchema = z.object({
  /** Column headers of the file, in order (blank headers become 'Coluna N'). */
  colunas: z.array(z.string()),
  /** The mapping used: the one sent, or the suggested one. */
  mapeamento: mapeamentoSchema,
  campos: z.array(campoImportacaoSchema),
  linhas: z.array(linhaPreviaSchema),
  total: z.number().int(),
  validas: z.number().int(),
  invalidas: z.number().int(),
});
export type PreviaImportacao = z.infer<typeof previaImportacaoSchema>;

export const resultadoImportacaoSchema = z.object({
  /** Valid rows written. */
  importadas: z.number().int(),
  /** Invalid rows left out. */
  ignoradas: z.number().int(),
  erros: z.array(z.object({ numero: z.number().int(), erros: z.array(z.string()) })),
  /**
   * Records created, by kind: clientes → `pessoas`, `pessoasExistentes` (rows added to a
   * customer already registered), `pets`; produtos → `produtos`, `marcas`, `categorias`.
   */
  criados: z.record(z.string(), z.number().int()),
});
export type ResultadoImportacao = z.infer<typeof resultadoImportacaoSchema>;

const campo = (
  key: string,
  label: string,
  exemplo: string,
  aliases: string[],
  descricao: string,
  obrigatorio = false,
): CampoImportacao => ({ key, label, obrigatorio, exemplo, aliases, descricao });

/**
 * Customer fields (DOMAIN.md §3): one row per pet, the tutor's columns repeated; rows with
 * the same CPF/CNPJ (or, without one, the same name and phone) become one customer.
 */
export const CAMPOS_CLIENTES: CampoImportacao[] = [
  campo(
    'nome',
    'Nome do cliente',
    'Maria da Silva',
    ['nome', 'cliente', 'nome cliente', 'nome completo', 'tutor', 'nome do tutor', 'proprietario', 'responsavel', 'razao social'],
    'Nome completo do tutor (ou razão social)',
    true,
  ),
  campo(
    'cpfCnpj',
    'CPF/CNPJ',
    '529.982.247-25',
    ['cpf', 'cnpj', 'cpf cnpj', 'cpf ou cnpj', 'documento', 'cpf do cliente'],
    'Com ou sem pontuação; um CPF já cadastrado adiciona os pets a esse cliente',
  ),
  campo(
    'telefone',
    'Celular',
    '(11) 98765-4321',
    ['telefone', 'celular', 'fone', 'whatsapp', 'telefone celular', 'tel', 'contato', 'celular whatsapp'],
    'DDD + número; com 11 dígitos é marcado como celular com WhatsApp',
  ),
  campo('email', 'E-mail', 'maria@exemplo.com.br', ['email', 'e mail', 'correio eletronico'], 'Endereço de e-mail'),
  campo(
    'dataNascimento',
    'Data de nascimento',
    '15/03/1985',
    ['nascimento', 'data nascimento', 'dt nascimento', 'aniversario', 'data de aniversario', 'nascimento do cliente'],
    'dd/mm/aaaa ou aaaa-mm-dd (ou uma célula de data do Excel)',
  ),
  campo('cep', 'CEP', '01310-100', ['cep', 'codigo postal'], '8 dígitos, com ou sem hífen'),
  campo('logradouro', 'Logradouro', 'Avenida Paulista', ['endereco', 'rua', 'logradouro', 'avenida'], 'Rua, avenida...'),
  campo('numero', 'Número', '1000', ['numero', 'n', 'no', 'num', 'nro'], 'Número do endereço'),
  campo('complemento', 'Complemento', 'Apto 12', ['complemento', 'compl'], 'Apartamento, bloco...'),
  campo('bairro', 'Bairro', 'Bela Vista', ['bairro'], 'Bairro'),
  campo('cidade', 'Cidade', 'São Paulo', ['cidade', 'municipio'], 'Cidade'),
  campo('uf', 'UF', 'SP', ['uf', 'estado'], 'Sigla do estado (SP, RJ, MG...)'),
  campo('observacoes', 'Observações', 'Prefere contato pela manhã', ['observacoes', 'observacao', 'obs', 'notas'], 'Texto livre'),
  campo(
    'petNome',
    'Nome do pet',
    'Thor',
    ['pet', 'animal', 'nome pet', 'nome do animal', 'nome animal'],
    'Deixe em branco quando a linha não tiver pet',
  ),
  campo(
    'petEspecie',
    'Espécie',
    'Canina',
    ['especie', 'especie do pet', 'tipo de animal', 'tipo animal'],
    'Nome de uma espécie cadastrada (Canina, Felina...)',
  ),
  campo('petRaca', 'Raça', 'Labrador Retriever', ['raca', 'raca do pet'], 'Nome de uma raça cadastrada para a espécie'),
  campo('petSexo', 'Sexo do pet', 'M', ['sexo', 'sexo pet', 'sexo do animal'], 'M, F, Macho ou Fêmea'),
  campo(
    'petNascimento',
    'Nascimento do pet',
    '10/05/2020',
    ['nascimento pet', 'data nascimento pet', 'nascimento do animal', 'data de nascimento do pet'],
    'dd/mm/aaaa ou aaaa-mm-dd',
  ),
  campo('petPorte', 'Porte', 'Grande', ['porte', 'porte do pet', 'tamanho'], 'Mini, Pequeno, Médio, Grande ou Gigante'),
  campo('petPeso', 'Peso (kg)', '32,5', ['peso', 'peso kg', 'peso do pet'], 'Em kg, com vírgula decimal (12,5)'),
];

/** Product and service fields (DOMAIN.md §4). */
export const CAMPOS_PRODUTOS: CampoImportacao[] = [
  campo('tipo', 'Tipo', 'Produto', ['tipo', 'tipo item', 'produto ou servico'], 'Produto ou Serviço (vazio = Produto)'),
  campo(
    'nome',
    'Nome',
    'Ração Premium Cães Adultos 15 kg',
    ['nome', 'descricao', 'produto', 'nome do produto', 'item'],
    'Nome do item',
    true,
  ),
  campo(
    'codigo',
    'Código',
    'RAC-001',
    ['codigo', 'cod', 'codigo interno', 'referencia', 'ref', 'sku'],
    'Código interno (opcional, único)',
  ),
  campo(
    'codigoBarras',
    'Código de barras',
    '7891000100103',
    ['codigo de barras', 'cod barras', 'gtin', 'ean', 'ean 13', 'gtin ean', 'barras'],
    'GTIN/EAN com dígito verificador válido; único',
  ),
  campo('marca', 'Marca', 'Premier', ['marca', 'fabricante'], 'Criada quando não existe'),
  campo(
    'categoria',
    'Categoria',
    'Rações',
    ['categoria', 'grupo', 'categoria do produto', 'departamento'],
    'Criada quando não existe',
  ),
  campo(
    'unidade',
    'Unidade',
    'UN',
    ['unidade', 'un', 'und', 'unidade de medida', 'sigla', 'unid'],
    'Sigla cadastrada (UN, KG, SC...); vazio = UN',
  ),
  campo(
    'precoCusto',
    'Preço de custo',
    '120,00',
    ['custo', 'preco custo', 'valor custo', 'preco de compra'],
    'R$; vírgula decimal',
  ),
  campo('markup', 'Markup (%)', '50', ['markup', 'margem', 'markup %', 'margem %'], 'Percentual sobre o custo'),
  campo(
    'precoVenda',
    'Preço de venda',
    '180,00',
    ['preco', 'valor', 'preco venda', 'valor venda', 'preco de venda', 'valor de venda', 'preco unitario'],
    'R$; vírgula decimal. Vazio = custo + markup',
  ),
  campo('estoqueMinimo', 'Estoque mínimo', '5', ['estoque minimo', 'minimo', 'est minimo'], 'Quantidade'),
  campo('ncm', 'NCM', '23091000', ['ncm'], '8 dígitos'),
  campo('cest', 'CEST', '', ['cest'], '7 dígitos'),
  campo('cfop', 'CFOP', '5102', ['cfop'], '4 dígitos'),
  campo('origem', 'Origem', '0', ['origem', 'origem da mercadoria'], 'Código de origem da mercadoria (0 a 8)'),
  campo('csosn', 'CSOSN/CST', '102', ['csosn', 'cst', 'csosn cst', 'cst csosn', 'situacao tributaria'], 'CSOSN (Simples) ou CST'),
];

/** The fields of each kind of import. */
export const CAMPOS_IMPORTACAO: Record<TipoImportacao, CampoImportacao[]> = {
  clientes: CAMPOS_CLIENTES,
  produtos: CAMPOS_PRODUTOS,
};

/**
 * Normalises a header for matching: no accents, lower case, anything but letters and digits
 * as one space. 'CPF/CNPJ' → 'cpf cnpj'; 'E-mail' → 'e mail'; 'Nº' → 'no'; 'Espécie' → 'especie'.
 */
export const normalizeHeader = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Suggests a mapping of fields to columns: a column matches a field when its normalised
 * header equals the field's label, key or one of its aliases. Each column serves one field;
 * fields are tried in order, exact labels first (so 'Nascimento do pet' goes to the pet, not
 * the tutor). Every field gets a key in the answer (null when nothing matched).
 */
export const sugerirMapeamento = (colunas: readonly string[], campos: readonly CampoImportacao[]): Mapeamento => {
  const normalizadas = colunas.map(normalizeHeader);
  const usadas = new Set<number>();
  const mapeamento: Mapeamento = Object.fromEntries(campos.map((c) => [c.key, null]));
  const tentar = (nomes: (c: CampoImportacao) => string[]) => {
    for (const c of campos) {
      if (mapeamento[c.key]) continue;
      const alvos = new Set(nomes(c).map(normalizeHeader));
      const i = normalizadas.findIndex((n, index) => !usadas.has(index) && n !== '' && alvos.has(n));
      if (i >= 0) {
        usadas.add(i);
        mapeamento[c.key] = colunas[i]!;
      }
    }
  };
  tentar((c) => [c.label, c.key]);
  tentar((c) => c.aliases);
  return mapeamento;
};
