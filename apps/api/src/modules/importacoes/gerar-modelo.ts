/**
 * The template of an import: headers = the fields' labels, two example rows, and (XLSX) a
 * second sheet "Instruções" explaining each column. The CSV is what Brazilian Excel opens
 * with a double click: ';' separated, UTF-8 with BOM (so accents survive), CRLF.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { CAMPOS_IMPORTACAO, TIPOS_IMPORTACAO, type FormatoModelo, type TipoImportacao } from '@petshop/shared/importacao';

/** Second example row per kind (the first is each field's `exemplo`). */
const SEGUNDO_EXEMPLO: Record<TipoImportacao, Record<string, string>> = {
  // Same tutor, another pet: shows that one row per pet groups under one customer.
  clientes: {
    petNome: 'Mel',
    petEspecie: 'Felina',
    petRaca: 'Siamês',
    petSexo: 'F',
    petNascimento: '02/01/2022',
    petPorte: 'Pequeno',
    petPeso: '4,2',
  },
  produtos: {
    tipo: 'Serviço',
    nome: 'Banho cão porte médio',
    codigo: 'SRV-BANHO-M',
    codigoBarras: '',
    marca: '',
    categoria: 'Banho e tosa',
    unidade: 'UN',
    precoCusto: '',
    markup: '',
    precoVenda: '65,00',
    estoqueMinimo: '',
    ncm: '',
    cest: '',
    cfop: '',
    origem: '',
    csosn: '',
  },
};

/** Columns kept as text in the XLSX so Excel does not eat leading zeros or show 7,89E+12. */
const COLUNAS_TEXTO = new Set([
  'cpfCnpj',
  'telefone',
  'cep',
  'codigo',
  'codigoBarras',
  'ncm',
  'cest',
  'cfop',
  'origem',
  'csosn',
  'numero',
]);

const exemplos = (tipo: TipoImportacao): string[][] => {
  const campos = CAMPOS_IMPORTACAO[tipo];
  const primeiro = campos.map((c) => c.exemplo);
  const segundo = campos.map((c) => SEGUNDO_EXEMPLO[tipo][c.key] ?? c.exemplo);
  return [primeiro, segundo];
};

const NOMES_ARQUIVO: Record<TipoImportacao, string> = { clientes: 'modelo-clientes', produtos: 'modelo-produtos' };

export type Modelo = { nome: string; contentType: string; conteudo: Buffer };

/** Builds the template file of `tipo` in `formato`. */
export const gerarModelo = async (tipo: TipoImportacao, formato: FormatoModelo): Promise<Modelo> => {
  const campos = CAMPOS_IMPORTACAO[tipo];
  const linhas = exemplos(tipo);
  if (formato === 'csv') {
    const csv = Papa.unparse([campos.map((c) => c.label), ...linhas], { delimiter: ';', newline: '\r\n' });
    return {
      nome: `${NOMES_ARQUIVO[tipo]}.csv`,
      contentType: 'text/csv; charset=utf-8',
      conteudo: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8'),
    };
  }

  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Pet Shop Back Office';
  const dados = workbook.addWorksheet(TIPOS_IMPORTACAO[tipo].slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  dados.columns = campos.map((c) => ({
    header: c.label,
    key: c.key,
    width: Math.max(12, c.label.length + 4, c.exemplo.length + 2),
    style: COLUNAS_TEXTO.has(c.key) ? { numFmt: '@' } : {},
  }));
  for (const linha of linhas) dados.addRow(linha);
  const cabecalho = dados.getRow(1);
  cabecalho.font = { bold: true };
  cabecalho.eachCell((cell, col) => {
    const obrigatorio = campos[col - 1]?.obrigatorio;
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: obrigatorio ? 'FFFFE08A' : 'FFE7EEF7' } };
  });

  const instrucoes = workbook.addWorksheet('Instruções');
  instrucoes.columns = [
    { header: 'Coluna', key: 'coluna', width: 24 },
    { header: 'Obrigatória', key: 'obrigatoria', width: 12 },
    { header: 'Como preencher', key: 'descricao', width: 70 },
    { header: 'Exemplo', key: 'exemplo', width: 30 },
  ];
  instrucoes.getRow(1).font = { bold: true };
  for (const c of campos) {
    instrucoes.addRow({
      coluna: c.label,
      obrigatoria: c.obrigatorio ? 'Sim' : 'Não',
      descricao: c.descricao ?? '',
      exemplo: c.exemplo,
    });
  }
  instrucoes.addRow({});
  const notas =
    tipo === 'clientes'
      ? [
          'Uma linha por pet: repita os dados do cliente em cada linha dos seus pets.',
          'Linhas com o mesmo CPF/CNPJ (ou, sem CPF, o mesmo nome e celular) viram um só cliente.',
          'Uma linha sem pet importa só o cliente. Um CPF já cadastrado recebe os pets da planilha.',
          'Espécies e raças devem estar cadastradas (Configurações > Pet).',
        ]
      : [
          'Uma linha por produto ou serviço. Marcas e categorias que não existem são criadas.',
          'Unidades de medida devem estar cadastradas (UN, KG, SC...). Vazio = UN.',
          'Códigos de barras e códigos internos não podem repetir nem já estar cadastrados.',
          'Valores em reais com vírgula decimal: 1.234,56.',
        ];
  for (const nota of [
    ...notas,
    'A primeira linha da primeira aba deve ter os títulos das colunas; as linhas de exemplo podem ser apagadas.',
  ]) {
    instrucoes.addRow({ coluna: nota });
  }
  const conteudo = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    nome: `${NOMES_ARQUIVO[tipo]}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    conteudo,
  };
};
