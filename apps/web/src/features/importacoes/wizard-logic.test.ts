import { describe, expect, it } from 'vitest';
import { CAMPOS_CLIENTES, sugerirMapeamento, type LinhaPrevia } from '@petshop/shared/importacao';
import {
  camposDaConferencia,
  camposObrigatoriosSemColuna,
  exemploDoCampo,
  extensaoAceita,
  linhasDaPagina,
  mapearCampo,
  nomeDoDownload,
  opcoesDeColuna,
  resumoDoResultado,
  rotuloImportar,
  situacaoDaLinha,
} from './wizard-logic.ts';

const linha = (
  numero: number,
  erros: string[] = [],
  valores: Record<string, string> = {},
  avisos: string[] = [],
): LinhaPrevia => ({
  numero,
  valores,
  erros,
  avisos,
});

describe('import wizard logic', () => {
  it('suggests a mapping from headers ignoring accents and case, each column used once', () => {
    const colunas = [
      'NOME DO CLIENTE',
      'cpf/cnpj',
      'Celular',
      'E-mail',
      'Nome do pet',
      'Especie',
      'Raça',
      'Nascimento',
      'Nascimento do pet',
    ];
    const m = sugerirMapeamento(colunas, CAMPOS_CLIENTES);
    expect(m).toMatchObject({
      nome: 'NOME DO CLIENTE',
      cpfCnpj: 'cpf/cnpj',
      telefone: 'Celular',
      email: 'E-mail',
      petNome: 'Nome do pet',
      petEspecie: 'Especie',
      petRaca: 'Raça',
      dataNascimento: 'Nascimento',
      petNascimento: 'Nascimento do pet',
      cep: null,
    });
  });

  it('lists the required fields without a column', () => {
    const m = sugerirMapeamento(['CPF'], CAMPOS_CLIENTES);
    expect(camposObrigatoriosSemColuna(CAMPOS_CLIENTES, m).map((c) => c.label)).toEqual(['Nome do cliente']);
    expect(camposObrigatoriosSemColuna(CAMPOS_CLIENTES, { ...m, nome: 'CPF' })).toEqual([]);
  });

  it('moves a column to the field chosen last, and says which field holds each column', () => {
    const m = { nome: 'Cliente', cpfCnpj: null, email: 'Contato' };
    expect(mapearCampo(m, 'email', 'Cliente')).toEqual({ nome: null, cpfCnpj: null, email: 'Cliente' });
    expect(mapearCampo(m, 'nome', null)).toEqual({ nome: null, cpfCnpj: null, email: 'Contato' });
    const opcoes = opcoesDeColuna(['Cliente', 'Contato', 'Outra'], CAMPOS_CLIENTES, m, 'nome');
    expect(opcoes).toEqual([
      { value: 'Cliente', label: 'Cliente' },
      { value: 'Contato', label: 'Contato (usada em E-mail)' },
      { value: 'Outra', label: 'Outra' },
    ]);
  });

  it('pages the rows and filters those with errors', () => {
    const linhas = Array.from({ length: 45 }, (_, i) => linha(i + 2, i % 10 === 0 ? ['CPF/CNPJ inválido'] : []));
    expect(linhasDaPagina(linhas, { somenteErros: false, pagina: 3 })).toMatchObject({ total: 45, pagina: 3, totalPaginas: 3 });
    expect(linhasDaPagina(linhas, { somenteErros: false, pagina: 3 }).linhas.map((l) => l.numero)).toEqual([42, 43, 44, 45, 46]);
    const erros = linhasDaPagina(linhas, { somenteErros: true, pagina: 3 });
    // A page past the end falls back to the last one.
    expect(erros).toMatchObject({ total: 5, pagina: 1, totalPaginas: 1 });
    expect(erros.linhas.map((l) => l.numero)).toEqual([2, 12, 22, 32, 42]);
    expect(linhasDaPagina([], { somenteErros: true, pagina: 1 })).toMatchObject({ total: 0, pagina: 1, totalPaginas: 1 });
  });

  it('shows a sample value, the row status, and the review columns that are mapped', () => {
    const linhas = [linha(2, [], {}), linha(3, [], { nome: 'Ana' }), linha(4, [], { nome: 'Bia' })];
    expect(exemploDoCampo(linhas, 'nome')).toBe('Ana');
    expect(exemploDoCampo(linhas, 'email')).toBeUndefined();
    expect(situacaoDaLinha(linha(2, ['Erro']))).toEqual({ label: 'Com erro', color: 'red' });
    expect(situacaoDaLinha(linha(2, [], {}, ['Mesmo cliente da linha 2'])).label).toBe('Válida, com aviso');
    expect(situacaoDaLinha(linha(2))).toEqual({ label: 'Válida', color: 'teal' });
    const campos = camposDaConferencia({ campos: CAMPOS_CLIENTES, mapeamento: { nome: 'A', cpfCnpj: null, petNome: 'B' } }, [
      'nome',
      'cpfCnpj',
      'petNome',
    ]);
    expect(campos.map((c) => c.key)).toEqual(['nome', 'petNome']);
  });

  it('writes counts and results in Portuguese', () => {
    expect(rotuloImportar(1)).toBe('Importar 1 linha válida');
    expect(rotuloImportar(1234)).toBe('Importar 1.234 linhas válidas');
    expect(resumoDoResultado('clientes', { pessoas: 1, pets: 3, pessoasExistentes: 2 })).toEqual([
      '1 cliente importado',
      '3 pets importados',
      '2 clientes já cadastrados receberam pets da planilha',
    ]);
    expect(resumoDoResultado('produtos', { produtos: 2, marcas: 1, categorias: 0 })).toEqual([
      '2 produtos e serviços importados',
      '1 marca criada',
    ]);
  });

  it('accepts .xlsx and .csv files and reads the download name', () => {
    expect(extensaoAceita('Clientes.XLSX')).toBe(true);
    expect(extensaoAceita('clientes.csv')).toBe(true);
    expect(extensaoAceita('clientes.xls')).toBe(false);
    expect(nomeDoDownload('attachment; filename="modelo-clientes.xlsx"', 'x')).toBe('modelo-clientes.xlsx');
    expect(nomeDoDownload(undefined, 'modelo.csv')).toBe('modelo.csv');
  });
});
