/**
 * What differs between the customer import and the product import in the wizard: titles,
 * where "Ver ..." leads, how the column selects are grouped and which fields the review
 * table shows. The fields themselves come from the API's preview (@petshop/shared/importacao).
 */
import type { TipoImportacao } from '@petshop/shared/importacao';

export type ConfigImportacao = {
  titulo: string;
  descricao: string;
  /** The list the import feeds, and the label of its link. */
  lista: { to: '/clientes' | '/produtos'; label: string; voltar: string };
  /** Sections of the column step: a title and its fields' keys, in order. */
  grupos: { titulo: string; campos: readonly string[] }[];
  /** Fields shown as columns in the review table, when mapped. */
  camposConferencia: readonly string[];
  /** How the file must be laid out, shown on the first step. */
  dicas: readonly string[];
};

export const CONFIG_IMPORTACAO: Record<TipoImportacao, ConfigImportacao> = {
  clientes: {
    titulo: 'Importar clientes e pets',
    descricao: 'Traga os clientes e os pets de outro sistema por uma planilha XLSX ou CSV.',
    lista: { to: '/clientes', label: 'Ver clientes', voltar: 'Clientes' },
    grupos: [
      {
        titulo: 'Cliente',
        campos: ['nome', 'cpfCnpj', 'telefone', 'email', 'dataNascimento', 'observacoes'],
      },
      { titulo: 'Endereço', campos: ['cep', 'logradouro', 'numero', 'complemento', 'bairro', 'cidade', 'uf'] },
      { titulo: 'Pet', campos: ['petNome', 'petEspecie', 'petRaca', 'petSexo', 'petNascimento', 'petPorte', 'petPeso'] },
    ],
    camposConferencia: ['nome', 'cpfCnpj', 'telefone', 'petNome', 'petEspecie', 'petRaca'],
    dicas: [
      'Uma linha por pet, repetindo os dados do cliente; linhas com o mesmo CPF/CNPJ viram um só cliente.',
      'Uma linha sem pet importa só o cliente. Um CPF já cadastrado recebe os pets da planilha.',
      'Espécies e raças precisam estar cadastradas em Configurações › Pet.',
    ],
  },
  produtos: {
    titulo: 'Importar produtos e serviços',
    descricao: 'Traga o catálogo de outro sistema por uma planilha XLSX ou CSV.',
    lista: { to: '/produtos', label: 'Ver produtos', voltar: 'Produtos' },
    grupos: [
      { titulo: 'Produto', campos: ['tipo', 'nome', 'codigo', 'codigoBarras', 'marca', 'categoria', 'unidade'] },
      { titulo: 'Preços e estoque', campos: ['precoCusto', 'markup', 'precoVenda', 'estoqueMinimo'] },
      { titulo: 'Fiscal', campos: ['ncm', 'cest', 'cfop', 'origem', 'csosn'] },
    ],
    camposConferencia: ['tipo', 'nome', 'codigoBarras', 'unidade', 'precoVenda', 'categoria'],
    dicas: [
      'Uma linha por produto ou serviço. Marcas e categorias que não existem são criadas.',
      'A unidade (UN, KG, SC...) precisa estar cadastrada; vazia, vale UN.',
      'Códigos de barras e códigos internos não podem repetir nem já estar cadastrados.',
    ],
  },
};
