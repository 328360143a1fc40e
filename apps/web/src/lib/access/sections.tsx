/**
 * The sections of the application group (spec §2), with the permissions that open them
 * (@petshop/shared/permissoes). One list feeds the navbar, the home cards and the section
 * index pages.
 */
import { PERMISSOES, type Permissao } from '@petshop/shared/permissoes';
import {
  IconBuildingStore,
  IconCalendarEvent,
  IconCash,
  IconChartBar,
  IconHome,
  IconPackage,
  IconReceipt2,
  IconScissors,
  IconSettings,
  IconShieldLock,
  IconShoppingCart,
  IconTruckDelivery,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { SessionData } from '../session/session-store.ts';

type SectionDef = {
  id: string;
  label: string;
  to: string;
  icon: Icon;
  description: string;
  /** Any of these permissions of the selected unit's profile opens it; empty: everyone. */
  anyOf: readonly Permissao[];
  /** Platform operators only (the manager area). */
  operatorOnly?: boolean;
};

export const SECTIONS = [
  {
    id: 'inicio',
    label: 'Início',
    to: '/',
    icon: IconHome,
    description: 'Resumo do dia na unidade selecionada.',
    anyOf: [],
  },
  {
    id: 'atendimentos',
    label: 'Atendimentos',
    to: '/atendimentos',
    icon: IconCalendarEvent,
    description: 'Agenda da clínica e do banho e tosa: horários, salas, boxes e o andamento de cada atendimento.',
    anyOf: [PERMISSOES.agenda, PERMISSOES.clinica],
  },
  {
    id: 'banho-tosa',
    label: 'Banho e Tosa',
    to: '/banho-tosa',
    icon: IconScissors,
    description: 'Quadro do dia com os pets no banho e tosa: status, atividade e situação financeira de cada atendimento.',
    anyOf: [PERMISSOES.banhoTosa],
  },
  {
    id: 'clientes',
    label: 'Clientes',
    to: '/clientes',
    icon: IconUsers,
    description: 'Tutores e seus pets, com compras, vendas em aberto, créditos, pacotes e a ficha clínica de cada animal.',
    anyOf: [PERMISSOES.clientes],
  },
  {
    id: 'vendas',
    label: 'Vendas',
    to: '/vendas',
    icon: IconShoppingCart,
    description: 'Ponto de venda, orçamentos, lista de vendas, devoluções e movimentações de caixa.',
    anyOf: [PERMISSOES.vendas],
  },
  {
    id: 'produtos',
    label: 'Produtos',
    to: '/produtos',
    icon: IconPackage,
    description: 'Catálogo de produtos e serviços, preços, posição e ajuste de estoque.',
    anyOf: [PERMISSOES.produtos],
  },
  {
    id: 'compras',
    label: 'Compras',
    to: '/compras',
    icon: IconTruckDelivery,
    description: 'Entrada de notas de fornecedores por cadastro manual ou pela importação do XML da NF-e.',
    anyOf: [PERMISSOES.compras],
  },
  {
    id: 'financeiro',
    label: 'Financeiro',
    to: '/financeiro',
    icon: IconCash,
    description: 'Contas, receitas, despesas, recebimentos de cartão e PIX e lançamentos recorrentes.',
    anyOf: [PERMISSOES.financeiro],
  },
  {
    id: 'fiscal',
    label: 'Fiscal',
    to: '/fiscal',
    icon: IconReceipt2,
    description: 'Emissão de NFC-e e situação fiscal dos produtos.',
    anyOf: [PERMISSOES.fiscal],
  },
  {
    id: 'relatorios',
    label: 'Relatórios',
    to: '/relatorios',
    icon: IconChartBar,
    description:
      'Vendas por produto e por categoria, curva ABC, estoque, vencimentos, novos clientes e banho e tosa por período.',
    // The stock position and movements reports open to the stock and product profiles too; the
    // index (features/relatorios/components/relatorios-index.tsx) shows only the cards the profile may open.
    anyOf: [PERMISSOES.relatorios, PERMISSOES.estoque, PERMISSOES.produtos],
  },
  {
    id: 'configuracoes',
    label: 'Configurações',
    to: '/configuracoes',
    icon: IconSettings,
    description: 'Usuários, unidades de negócio e os cadastros de apoio de produtos, pets, financeiro, clínica e agenda.',
    anyOf: [PERMISSOES.configuracoesGerenciar, PERMISSOES.usuariosGerenciar, PERMISSOES.unidadesGerenciar],
  },
  {
    id: 'manager',
    label: 'Gerenciador',
    to: '/manager',
    icon: IconShieldLock,
    description: 'Empresas clientes da plataforma, seus planos e limites.',
    anyOf: [],
    operatorOnly: true,
  },
] as const satisfies readonly SectionDef[];

export type Section = (typeof SECTIONS)[number];
export type SectionId = Section['id'];

/** Icon of the product (header, auth card). */
export const ProductIcon = IconBuildingStore;

export const getSection = <I extends SectionId>(id: I): Extract<Section, { id: I }> => {
  const section = SECTIONS.find((s) => s.id === id);
  if (!section) throw new Error(`Seção desconhecida: ${id}`);
  return section as Extract<Section, { id: I }>;
};

/** Whether the session may open a section (UI only; the API enforces it with 403). */
export const canOpenSection = (section: Section, session: Pick<SessionData, 'user' | 'unidadeNegocio'>): boolean => {
  if ('operatorOnly' in section && section.operatorOnly) return session.user?.operadorPlataforma === true;
  const anyOf: readonly string[] = section.anyOf;
  if (anyOf.length === 0) return true;
  const permissoes = session.unidadeNegocio?.permissoes ?? [];
  return anyOf.some((p) => permissoes.includes(p));
};

/** Whether the selected unit's profile holds a permission. */
export const hasPermissao = (session: Pick<SessionData, 'unidadeNegocio'>, permissao: Permissao): boolean =>
  session.unidadeNegocio?.permissoes.includes(permissao) ?? false;
