/**
 * /financeiro/despesas/ (issue #6 item 4): the unit's payables by due date with the filters in
 * the URL (period, status — 'Vencida' too —, category, method, account, supplier), the totals of
 * the filtered list, "Nova despesa" (installments), "Baixar" on each open row and the export.
 * It opens on what is due now, nearest first, the overdue ones counted in red beside it
 * (issue #15 item 3: `consultaDespesas`, `VisoesDespesas`).
 */
import { Button, Text } from '@mantine/core';
import type { Despesa } from '@petshop/shared/financeiro';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BaixaModal } from '../titulos/baixa-modal.tsx';
import { PessoaPicker } from '../titulos/pessoa-picker.tsx';
import { TituloFormModal } from '../titulos/titulo-form.tsx';
import { colunasTitulos } from '../titulos/titulos-colunas.tsx';
import { exportarTitulosUrl } from '../api/exportar-titulos.ts';
import { useTitulos } from '../api/list-titulos.ts';
import { TitulosFiltros } from '../titulos/titulos-filtros.tsx';
import { TitulosListPage } from '../titulos/titulos-list-page.tsx';
import { consultaDespesas, type DespesasSearch } from '../titulos/titulos-search.ts';
import { VisoesDespesas } from './visoes-despesas.tsx';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { ExportarMenu } from '#lib/ui/exportar-menu.tsx';

export function DespesasList({ search }: { search: DespesasSearch }) {
  const consulta = consultaDespesas(search, hojeNaUnidade());
  const result = useTitulos('despesas', consulta);
  const vencidas = useTitulos('despesas', { status: ['Vencida'], page: 1, pageSize: 1 });
  const navigate = useNavigate();
  const updateSearch = useSearchUpdater();
  const [nova, setNova] = useState(false);
  const [baixando, setBaixando] = useState<Despesa | null>(null);
  const { page: _page, pageSize: _pageSize, ...filtros } = consulta;

  const colunas = colunasTitulos<Despesa>({
    pessoa: {
      header: 'Fornecedor',
      render: (d) => <Text size="sm">{d.fornecedor?.nome ?? '—'}</Text>,
    },
    origem: (d) =>
      d.compra && !d.descricao.includes(`Compra nº ${d.compra.numero}`)
        ? `Compra nº ${d.compra.numero}`
        : d.recorrenciaId
          ? 'Recorrência'
          : null,
    onBaixar: setBaixando,
  });

  return (
    <>
      <TitulosListPage
        title="Despesas"
        description="Contas a pagar da unidade: fornecedores, aluguel, folha, contas de consumo."
        actions={
          <>
            <ExportarMenu url={exportarTitulosUrl('despesas')} params={filtros} nome="despesas" />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setNova(true)}>
              Nova despesa
            </Button>
          </>
        }
        search={search}
        result={result}
        visoes={<VisoesDespesas search={search} vencidas={vencidas.data?.totais} />}
        columns={colunas}
        getRowKey={(d) => d.id}
        getRowLabel={(d) => `Abrir ${d.descricao}${d.totalParcelas > 1 ? ` ${d.parcela}/${d.totalParcelas}` : ''}`}
        onRowClick={(d) => void navigate({ to: '/financeiro/despesas/$despesaId', params: { despesaId: d.id } })}
        searchPlaceholder="Descrição, documento ou fornecedor"
        pagoLabel="Pago"
        tableLabel="Despesas"
        filters={
          <TitulosFiltros search={search} categoriaTipo="despesa">
            <PessoaPicker
              tipo="fornecedor"
              label="Fornecedor"
              hideLabel
              placeholder="Todos os fornecedores"
              value={search.fornecedorId ?? null}
              onChange={(id) => void updateSearch({ fornecedorId: id ?? undefined, page: 1 })}
              w={240}
            />
          </TitulosFiltros>
        }
      />
      <TituloFormModal tipo="despesas" opened={nova} onClose={() => setNova(false)} />
      <BaixaModal tipo="despesas" titulo={baixando} onClose={() => setBaixando(null)} />
    </>
  );
}
