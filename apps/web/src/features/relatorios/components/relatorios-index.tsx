/**
 * The reports index /relatorios/ (issue #20; spec §2 "Reports under /relatorios/"): one card per
 * report (its title, description and an icon, linking to its screen), grouped as
 * `GRUPOS_RELATORIO` (Vendas, Estoque, Clientes, Banho e tosa), from the `RELATORIOS` catalogue,
 * plus the stock movements screen in Estoque. Only what the unit's profile can open is shown:
 * the nine reports need `relatorios`; the stock position and movements also open to `estoque` or
 * `produtos`, as their screens' guards.
 */
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { PERMISSOES, type Permissao } from '@petshop/shared/permissoes';
import { GRUPOS_RELATORIO, RELATORIO_IDS, RELATORIOS, type GrupoRelatorio, type RelatorioId } from '@petshop/shared/relatorios';
import {
  IconBath,
  IconBuildingWarehouse,
  IconCalendarDue,
  IconCategory,
  IconChartBar,
  IconHistory,
  IconPackage,
  IconScissors,
  IconUserPlus,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { hasPermissao } from '#lib/access/sections.tsx';
import { useSessionStore } from '#lib/session/session-store.ts';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { LinkCard } from '#lib/ui/link-card.tsx';

/** A card of the index. */
export type CartaoRelatorio = {
  rota: string;
  titulo: string;
  descricao: string;
  grupo: GrupoRelatorio;
  icone: Icon;
  /** Any of these permissions shows the card (as the screen's guard). */
  permissoes: readonly Permissao[];
};

const ICONES: Record<RelatorioId, Icon> = {
  'vendas-por-produto': IconPackage,
  'vendas-por-categoria': IconCategory,
  'curva-abc-produtos': IconChartBar,
  'curva-abc-clientes': IconUsersGroup,
  'novos-clientes': IconUserPlus,
  'produtos-proximo-vencimento': IconCalendarDue,
  'posicao-estoque': IconBuildingWarehouse,
  'banho-tosa-por-dia': IconBath,
  'atividades-banho-tosa-por-responsavel': IconScissors,
};

/** Reports whose screens also open to the stock and product profiles. */
const ABERTOS_AO_ESTOQUE: readonly RelatorioId[] = ['posicao-estoque'];

/** Every card of the index, in the catalogue's order, the stock movements after the stock position. */
export const CARTOES_RELATORIO: readonly CartaoRelatorio[] = [
  ...RELATORIO_IDS.map((id) => ({
    rota: RELATORIOS[id].rota,
    titulo: RELATORIOS[id].titulo,
    descricao: RELATORIOS[id].descricao,
    grupo: RELATORIOS[id].grupo,
    icone: ICONES[id],
    permissoes: ABERTOS_AO_ESTOQUE.includes(id)
      ? [PERMISSOES.relatorios, PERMISSOES.estoque, PERMISSOES.produtos]
      : [PERMISSOES.relatorios],
  })),
  {
    rota: '/relatorios/movimentacoes-estoque',
    titulo: 'Movimentações de estoque',
    descricao: 'Entradas e saídas por período, produto e tipo: compras, vendas, ajustes e granel.',
    grupo: 'Estoque',
    icone: IconHistory,
    permissoes: [PERMISSOES.relatorios, PERMISSOES.estoque, PERMISSOES.produtos],
  },
];

export function RelatoriosIndex() {
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const visiveis = CARTOES_RELATORIO.filter((c) => c.permissoes.some((p) => hasPermissao({ unidadeNegocio }, p)));
  return (
    <Stack gap="lg">
      <PageHeader title="Relatórios" description="Escolha um relatório: todos exportam para Excel, CSV e PDF." />
      {GRUPOS_RELATORIO.map((grupo) => {
        const cartoes = visiveis.filter((c) => c.grupo === grupo);
        if (cartoes.length === 0) return null;
        // aria-labelledby reads a list of ids separated by spaces: the id has none.
        const idTitulo = `grupo-${grupo.toLowerCase().replace(/\s+/g, '-')}`;
        return (
          <Stack key={grupo} gap="sm" component="section" aria-labelledby={idTitulo}>
            <Title order={3} size="h4" id={idTitulo}>
              {grupo}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              {cartoes.map((c) => (
                <LinkCard key={c.rota} to={c.rota} icon={c.icone} title={c.titulo} description={c.descricao} />
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}
