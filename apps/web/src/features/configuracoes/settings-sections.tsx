/**
 * The settings of spec §2 "Settings under /configuracoes/", grouped by tab. A section without
 * `to` has no screen in this version yet: it is shown disabled, with the module that brings it.
 */
import { PERMISSOES, type Permissao } from '@petshop/shared/permissoes';
import {
  IconBox,
  IconBrandWhatsapp,
  IconBuildingStore,
  IconCalendarCog,
  IconCategory,
  IconClock,
  IconCreditCard,
  IconDog,
  IconDoor,
  IconFileText,
  IconHistory,
  IconPaw,
  IconPrescription,
  IconRuler,
  IconTag,
  IconTruck,
  IconUsers,
  IconVaccine,
  IconWallet,
  IconLayoutGrid,
  IconCategory2,
  type Icon,
} from '@tabler/icons-react';

import { SETTINGS_TABS, type SettingsTab } from './settings-tabs.ts';

export { SETTINGS_TABS, type SettingsTab };

export const SETTINGS_TAB_LABELS: Record<SettingsTab, string> = {
  geral: 'Geral',
  produtos: 'Produtos',
  pet: 'Pet',
  financeiro: 'Financeiro',
  clinica: 'Clínica',
  atendimento: 'Atendimento',
};

type SettingsSectionBase = {
  id: string;
  tab: SettingsTab;
  label: string;
  description: string;
  icon: Icon;
};

/** A settings screen of this version. */
type AvailableSection = SettingsSectionBase & {
  to:
    | '/configuracoes/geral/usuarios'
    | '/configuracoes/geral/unidades-negocio'
    | '/configuracoes/geral/whatsapp'
    | '/configuracoes/geral/auditoria'
    | '/configuracoes/produtos/unidades-medida'
    | '/configuracoes/produtos/marcas'
    | '/configuracoes/produtos/fornecedores'
    | '/configuracoes/produtos/categorias-produto'
    | '/configuracoes/pet/racas'
    | '/configuracoes/pet/pelagens'
    | '/configuracoes/pet/especies'
    | '/configuracoes/financeiro/forma-pagamento'
    | '/configuracoes/financeiro/contas'
    | '/configuracoes/financeiro/categorias-financeiras'
    | '/configuracoes/atendimento/tipos-atendimento'
    | '/configuracoes/atendimento/salas'
    | '/configuracoes/atendimento/boxes'
    | '/configuracoes/atendimento/agenda'
    | '/configuracoes/clinica/vacina'
    | '/configuracoes/clinica/modelos-receita'
    | '/configuracoes/clinica/modelos-documento';
  /** The permission that opens it, or any one of several. */
  permissao: Permissao | readonly Permissao[];
};

/** A settings screen that arrives with another module. */
type UpcomingSection = SettingsSectionBase & { to?: undefined; availableWith: string };

export type SettingsSection = AvailableSection | UpcomingSection;

/** The clinic's settings: the vets (clinica) and whoever manages the settings. */
const CLINICA_CONFIGURACOES = [PERMISSOES.clinica, PERMISSOES.configuracoesGerenciar] as const;

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    id: 'usuarios',
    tab: 'geral',
    label: 'Usuários',
    description: 'Acessos, perfis e unidades de cada pessoa da equipe.',
    icon: IconUsers,
    to: '/configuracoes/geral/usuarios',
    permissao: PERMISSOES.usuariosGerenciar,
  },
  {
    id: 'unidades-negocio',
    tab: 'geral',
    label: 'Unidades de negócio',
    description: 'Lojas e clínicas: dados, endereço, logo e configuração fiscal.',
    icon: IconBuildingStore,
    to: '/configuracoes/geral/unidades-negocio',
    permissao: PERMISSOES.unidadesGerenciar,
  },
  {
    id: 'whatsapp',
    tab: 'geral',
    label: 'WhatsApp',
    description: 'Conexão por QR code e modelos de mensagem.',
    icon: IconBrandWhatsapp,
    to: '/configuracoes/geral/whatsapp',
    permissao: PERMISSOES.whatsapp,
  },
  {
    id: 'auditoria',
    tab: 'geral',
    label: 'Auditoria',
    description: 'Quem cancelou, deu desconto, alterou preço, estoque, caixa ou usuários, e quando.',
    icon: IconHistory,
    to: '/configuracoes/geral/auditoria',
    permissao: PERMISSOES.auditoria,
  },
  {
    id: 'unidades-medida',
    tab: 'produtos',
    label: 'Unidades de medida',
    description: 'UN, KG, L e a venda fracionada.',
    icon: IconRuler,
    to: '/configuracoes/produtos/unidades-medida',
    permissao: PERMISSOES.produtosGerenciar,
  },
  {
    id: 'marcas',
    tab: 'produtos',
    label: 'Marcas',
    description: 'Fabricantes dos produtos.',
    icon: IconTag,
    to: '/configuracoes/produtos/marcas',
    permissao: PERMISSOES.produtosGerenciar,
  },
  {
    id: 'fornecedores',
    tab: 'produtos',
    label: 'Fornecedores',
    description: 'Empresas de quem você compra.',
    icon: IconTruck,
    to: '/configuracoes/produtos/fornecedores',
    permissao: PERMISSOES.produtosGerenciar,
  },
  {
    id: 'categorias-produto',
    tab: 'produtos',
    label: 'Categorias de produto',
    description: 'Organização do catálogo.',
    icon: IconCategory,
    to: '/configuracoes/produtos/categorias-produto',
    permissao: PERMISSOES.produtosGerenciar,
  },
  {
    id: 'racas',
    tab: 'pet',
    label: 'Raças',
    description: 'Raças por espécie, com o porte padrão.',
    icon: IconDog,
    to: '/configuracoes/pet/racas',
    permissao: PERMISSOES.configuracoesGerenciar,
  },
  {
    id: 'pelagens',
    tab: 'pet',
    label: 'Pelagens',
    description: 'Tipos e cores de pelagem.',
    icon: IconPaw,
    to: '/configuracoes/pet/pelagens',
    permissao: PERMISSOES.configuracoesGerenciar,
  },
  {
    id: 'especies',
    tab: 'pet',
    label: 'Espécies',
    description: 'Canina, felina, aves e outras.',
    icon: IconCategory2,
    to: '/configuracoes/pet/especies',
    permissao: PERMISSOES.configuracoesGerenciar,
  },
  {
    id: 'formas-pagamento',
    tab: 'financeiro',
    label: 'Formas de pagamento',
    description: 'Dinheiro, PIX, cartões, taxas e prazos.',
    icon: IconCreditCard,
    to: '/configuracoes/financeiro/forma-pagamento',
    permissao: PERMISSOES.financeiro,
  },
  {
    id: 'contas',
    tab: 'financeiro',
    label: 'Contas',
    description: 'Caixa, bancos e carteiras.',
    icon: IconWallet,
    to: '/configuracoes/financeiro/contas',
    permissao: PERMISSOES.financeiro,
  },
  {
    id: 'categorias-financeiras',
    tab: 'financeiro',
    label: 'Categorias financeiras',
    description: 'Receitas e despesas para o DRE.',
    icon: IconLayoutGrid,
    to: '/configuracoes/financeiro/categorias-financeiras',
    permissao: PERMISSOES.financeiro,
  },
  {
    id: 'vacinas',
    tab: 'clinica',
    label: 'Vacinas',
    description: 'Vacinas e protocolos de doses.',
    icon: IconVaccine,
    to: '/configuracoes/clinica/vacina',
    permissao: CLINICA_CONFIGURACOES,
  },
  {
    id: 'modelos-receita',
    tab: 'clinica',
    label: 'Modelos de receita',
    description: 'Receitas com os dados do pet preenchidos.',
    icon: IconPrescription,
    to: '/configuracoes/clinica/modelos-receita',
    permissao: CLINICA_CONFIGURACOES,
  },
  {
    id: 'modelos-documento',
    tab: 'clinica',
    label: 'Modelos de documento',
    description: 'Termos, atestados e declarações.',
    icon: IconFileText,
    to: '/configuracoes/clinica/modelos-documento',
    permissao: CLINICA_CONFIGURACOES,
  },
  {
    id: 'tipos-atendimento',
    tab: 'atendimento',
    label: 'Tipos de atendimento',
    description: 'Serviços, duração e cor na agenda.',
    icon: IconCalendarCog,
    to: '/configuracoes/atendimento/tipos-atendimento',
    permissao: PERMISSOES.configuracoesGerenciar,
  },
  {
    id: 'salas',
    tab: 'atendimento',
    label: 'Salas',
    description: 'Consultórios e salas da clínica.',
    icon: IconDoor,
    to: '/configuracoes/atendimento/salas',
    permissao: PERMISSOES.configuracoesGerenciar,
  },
  {
    id: 'boxes',
    tab: 'atendimento',
    label: 'Boxes',
    description: 'Estações do banho e tosa.',
    icon: IconBox,
    to: '/configuracoes/atendimento/boxes',
    permissao: PERMISSOES.configuracoesGerenciar,
  },
  {
    id: 'agenda',
    tab: 'atendimento',
    label: 'Agenda',
    description: 'Horário de funcionamento, intervalo e pets por box.',
    icon: IconClock,
    to: '/configuracoes/atendimento/agenda',
    permissao: PERMISSOES.configuracoesGerenciar,
  },
];
