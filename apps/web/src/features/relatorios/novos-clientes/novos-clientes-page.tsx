/**
 * /relatorios/novos-clientes (issue #20; GET /relatorios/novos-clientes): the customers
 * registered in the period, how they found the shop, their first purchase in this unit and what
 * they bought in the period, with the totals row; stat cards (customers, with a purchase,
 * conversion, bought), the chart per day or week stacked by how they found the shop and the
 * donut; the filter "Como conheceu" besides the period and the search. The customer's name links
 * to their record.
 */
import { Select } from '@mantine/core';
import { formatMoney, formatTelefone } from '@petshop/shared/format';
import { COMO_CONHECEU } from '@petshop/shared/pessoa';
import {
  COMO_CONHECEU_NAO_INFORMADO,
  type NovoCliente,
  type NovosClientesResposta,
  type NovosClientesTotais,
} from '@petshop/shared/relatorios-clientes';
import { useRef } from 'react';
import { AnchorLink } from '#lib/ui/router-links.tsx';
import { useRelatorio } from '../api/get-relatorio.ts';
import { CartoesResumo } from '../components/cartoes-resumo.tsx';
import { formatarCelula } from '../components/formatar-celula.ts';
import { RelatorioPage, type ColunaTela } from '../components/relatorio-page.tsx';
import { GraficosNovosClientes } from './graficos-novos-clientes.tsx';
import type { NovosClientesSearch } from './novos-clientes-search.ts';

const ID = 'novos-clientes';

/** '3 clientes, 2 com compra (66,67 %)', as the exports' totals row says it. */
export const resumoDosTotais = (t: NovosClientesTotais): string => {
  const clientes = `${t.clientes} ${t.clientes === 1 ? 'cliente' : 'clientes'}`;
  if (t.conversao === null) return clientes;
  return `${clientes}, ${t.comCompra} com compra (${formatarCelula(t.conversao, 'percentual')})`;
};

export const COLUNAS_NOVOS_CLIENTES: ColunaTela<NovoCliente, NovosClientesTotais>[] = [
  {
    titulo: 'Cliente',
    valor: (l) => l.nome,
    render: (l) => (
      <AnchorLink to="/clientes/$clienteId" params={{ clienteId: l.pessoaId }} size="sm">
        {l.nome}
      </AnchorLink>
    ),
  },
  { titulo: 'Cadastrado em', tipo: 'data', valor: (l) => l.cadastradoEm },
  {
    titulo: 'Telefone',
    valor: (l) => formatTelefone(l.telefone),
    render: (l) => <span style={{ whiteSpace: 'nowrap' }}>{formatTelefone(l.telefone)}</span>,
    visibleFrom: 'md',
  },
  { titulo: 'Como conheceu', valor: (l) => l.comoConheceu, total: resumoDosTotais },
  { titulo: 'Primeira compra', tipo: 'data', valor: (l) => l.primeiraCompraEm },
  { titulo: 'Valor da primeira compra', tipo: 'dinheiro', valor: (l) => l.primeiraCompraValor, visibleFrom: 'sm' },
  { titulo: 'Total comprado no período', tipo: 'dinheiro', valor: (l) => l.totalComprado, total: (t) => t.totalComprado },
];

export function NovosClientesPage({
  search,
  onSearchChange,
}: {
  search: NovosClientesSearch;
  onSearchChange: (patch: Record<string, unknown>) => void;
}) {
  // The same query RelatorioPage reads (same key): the answers seen in the period for the select.
  const { data } = useRelatorio<NovosClientesResposta>(ID, search);
  const vistas = useRef(new Set<string>([...COMO_CONHECEU, COMO_CONHECEU_NAO_INFORMADO]));
  for (const o of data?.origens ?? []) vistas.current.add(o.comoConheceu);
  if (search.comoConheceu) vistas.current.add(search.comoConheceu);

  return (
    <RelatorioPage<NovosClientesResposta, NovoCliente, NovosClientesTotais>
      id={ID}
      search={search}
      onSearchChange={onSearchChange}
      colunas={COLUNAS_NOVOS_CLIENTES}
      chaveLinha={(l) => l.pessoaId}
      placeholderBusca="Buscar por nome, e-mail, CPF ou telefone"
      filtros={
        <Select
          aria-label="Como conheceu"
          placeholder="Como conheceu: todos"
          size="xs"
          data={[...vistas.current]}
          value={search.comoConheceu ?? null}
          onChange={(v) => onSearchChange({ comoConheceu: v ?? undefined, page: 1 })}
          clearable
          searchable
          w={200}
        />
      }
      resumo={(d) => (
        <CartoesResumo
          cartoes={[
            { rotulo: 'Novos clientes', valor: formatarCelula(d.totais.clientes, 'inteiro') },
            { rotulo: 'Com compra nesta unidade', valor: formatarCelula(d.totais.comCompra, 'inteiro') },
            {
              rotulo: 'Conversão',
              valor: d.totais.conversao === null ? '—' : formatarCelula(d.totais.conversao, 'percentual'),
              dica: 'clientes com compra ÷ novos clientes',
            },
            { rotulo: 'Total comprado no período', valor: formatMoney(d.totais.totalComprado) },
          ]}
        />
      )}
      grafico={(d) => <GraficosNovosClientes dados={d} />}
    />
  );
}
