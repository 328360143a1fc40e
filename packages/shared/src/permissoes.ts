/**
 * Profiles (perfis) and the permissions each one holds. Source: DOMAIN.md §1.
 * The API seeds the `perfis` table from this list at start and checks routes against it;
 * the web app hides what the selected unit's profile cannot do.
 */

/** Every permission a route can require. Later areas add theirs here. */
export const PERMISSOES = {
  usuariosGerenciar: 'usuarios.gerenciar',
  unidadesGerenciar: 'unidades.gerenciar',
  /** Create and deactivate units: tenant-wide, so Administrador only. */
  unidadesCriar: 'unidades.criar',
  certificadoGerenciar: 'certificado.gerenciar',
  configuracoesGerenciar: 'configuracoes.gerenciar',
  clientes: 'clientes',
  produtos: 'produtos',
  produtosGerenciar: 'produtos.gerenciar',
  estoque: 'estoque',
  compras: 'compras',
  vendas: 'vendas',
  orcamentos: 'orcamentos',
  /** Open, move and close one's own register. */
  caixa: 'caixa',
  /** Move and close other cashiers' registers (a supervisor's cover). */
  caixaFechar: 'caixa.fechar',
  financeiro: 'financeiro',
  fiscal: 'fiscal',
  clinica: 'clinica',
  agenda: 'agenda',
  banhoTosa: 'banho-tosa',
  relatorios: 'relatorios',
  whatsapp: 'whatsapp',
  /** Search the audit log (issue #22 item 4): Administrador only. */
  auditoria: 'auditoria',
  /** A customer's LGPD requests: export their data, anonymise them (issue #22 item 6). */
  dadosPessoais: 'dados-pessoais',
} as const;
export type Permissao = (typeof PERMISSOES)[keyof typeof PERMISSOES];

const all = Object.values(PERMISSOES);

/** Profile ids are stable codes; the database keeps them as the primary key. */
export const PERFIS = {
  administrador: {
    id: 'administrador',
    nome: 'Administrador',
    descricao: 'Tudo no tenant: usuários, unidades e configurações',
    permissoes: all,
  },
  gerente: {
    id: 'gerente',
    nome: 'Gerente',
    descricao: 'Tudo nas suas unidades, exceto usuários e certificados fiscais',
    permissoes: all.filter(
      (p) =>
        p !== PERMISSOES.usuariosGerenciar &&
        p !== PERMISSOES.certificadoGerenciar &&
        p !== PERMISSOES.unidadesCriar &&
        p !== PERMISSOES.auditoria,
    ),
  },
  caixa: {
    id: 'caixa',
    nome: 'Caixa / Vendedor',
    descricao: 'Ponto de venda, caixa, clientes, pets e agenda',
    permissoes: [
      PERMISSOES.vendas,
      PERMISSOES.orcamentos,
      PERMISSOES.caixa,
      PERMISSOES.clientes,
      PERMISSOES.produtos,
      PERMISSOES.agenda,
      PERMISSOES.banhoTosa,
    ],
  },
  recepcao: {
    id: 'recepcao',
    nome: 'Recepção',
    descricao: 'Clientes, pets, agenda e orçamentos; sem fechamento de caixa nem financeiro',
    permissoes: [PERMISSOES.clientes, PERMISSOES.produtos, PERMISSOES.agenda, PERMISSOES.banhoTosa, PERMISSOES.orcamentos],
  },
  veterinario: {
    id: 'veterinario',
    nome: 'Veterinário',
    descricao: 'Clínica: fichas, vacinas, receitas, documentos e agenda',
    permissoes: [PERMISSOES.clinica, PERMISSOES.clientes, PERMISSOES.produtos, PERMISSOES.agenda],
  },
  banhista: {
    id: 'banhista',
    nome: 'Banhista / Tosador',
    descricao: 'Agenda de banho e tosa: status e atividade dos seus atendimentos',
    permissoes: [PERMISSOES.banhoTosa],
  },
  financeiro: {
    id: 'financeiro',
    nome: 'Financeiro',
    descricao: 'Financeiro, relatórios e compras',
    permissoes: [PERMISSOES.financeiro, PERMISSOES.relatorios, PERMISSOES.compras, PERMISSOES.produtos],
  },
} as const satisfies Record<string, { id: string; nome: string; descricao: string; permissoes: readonly Permissao[] }>;

export type PerfilId = keyof typeof PERFIS;
export const PERFIL_IDS = Object.keys(PERFIS) as [PerfilId, ...PerfilId[]];

/** Whether a profile holds a permission. Unknown profiles hold nothing. */
export const perfilPode = (perfilId: string | undefined | null, permissao: Permissao): boolean => {
  if (!perfilId || !(perfilId in PERFIS)) return false;
  return (PERFIS[perfilId as PerfilId].permissoes as readonly Permissao[]).includes(permissao);
};
