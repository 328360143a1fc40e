/**
 * /financeiro/receitas/ (issue #6 item 4): the unit's receivables — sales a prazo, card and PIX
 * (each with its fee and settlement date), and manual ones — with the filters in the URL
 * (period, status, category, method, payment-method kind, account, customer), the totals,
 * "Nova receita", "Baixar" on each open row and the export. A sale's receivable shows "Venda nº N"
 * linking to the sale.
 */
import { Button, Text } from '@mantine/core';
import type { Receita } from '@petshop/shared/financeiro';
import { TIPO_FORMA_PAGAMENTO_LABEL, TIPOS_FORMA_PAGAMENTO, type TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
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
import type { ReceitasSearch } from '../titulos/titulos-search.ts';
import { MultiSelectFilter } from '#lib/list/multi-select-filter.tsx';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { ExportarMenu } from '#lib/ui/exportar-menu.tsx';
import { AnchorLink } from '#lib/ui/router-links.tsx';

const TIPOS_OPCOES = TIPOS_FORMA_PAGAMENTO.map((value) => ({ value, label: TIPO_FORMA_PAGAMENTO_LABEL[value] }));
const isTipo = (v: string): v is TipoFormaPagamento => (TIPOS_FORMA_PAGAMENTO as readonly string[]).includes(v);

/** "Venda nº N", a link to the sale. */
export function VendaLink({ venda }: { venda: { id: string; numero: number } }) {
  return (
    <AnchorLink to="/vendas/pdv/$id" params={{ id: venda.id }} size="xs" onClick={(e) => e.stopPropagation()}>
      Venda nº {venda.numero}
    </AnchorLink>
  );
}

export function ReceitasList({ search }: { search: ReceitasSearch }) {
  const result = useTitulos('receitas', search);
  const navigate = useNavigate();
  const updateSearch = useSearchUpdater();
  const [nova, setNova] = useState(false);
  const [baixando, setBaixando] = useState<Receita | null>(null);
  const { page: _page, pageSize: _pageSize, ...filtros } = search;

  const colunas = colunasTitulos<Receita>({
    pessoa: { header: 'Cliente', render: (r) => <Text size="sm">{r.pessoa?.nome ?? '—'}</Text> },
    origem: (r) => (r.venda ? <VendaLink venda={r.venda} /> : null),
    onBaixar: setBaixando,
  });

  return (
    <>
      <TitulosListPage
        title="Receitas"
        description="Contas a receber: vendas a prazo, cartão e PIX a cair na conta, e lançamentos manuais."
        actions={
          <>
            <ExportarMenu url={exportarTitulosUrl('receitas')} params={filtros} nome="receitas" />
            <Button leftSection={<IconPlus size={16} />} onClick={() => setNova(true)}>
              Nova receita
            </Button>
          </>
        }
        search={search}
        result={result}
        columns={colunas}
        getRowKey={(r) => r.id}
        getRowLabel={(r) => `Abrir ${r.descricao}${r.totalParcelas > 1 ? ` ${r.parcela}/${r.totalParcelas}` : ''}`}
        onRowClick={(r) => void navigate({ to: '/financeiro/receitas/$receitaId', params: { receitaId: r.id } })}
        searchPlaceholder="Descrição, documento ou cliente"
        pagoLabel="Recebido"
        tableLabel="Receitas"
        filters={
          <TitulosFiltros search={search} categoriaTipo="receita">
            <MultiSelectFilter
              param="tipoForma"
              label="Tipo de forma de pagamento"
              placeholder="Todos os tipos"
              data={TIPOS_OPCOES}
              value={search.tipoForma}
              isValue={isTipo}
              w={240}
            />
            <PessoaPicker
              tipo="cliente"
              label="Cliente"
              hideLabel
              placeholder="Todos os clientes"
              value={search.pessoaId ?? null}
              onChange={(id) => void updateSearch({ pessoaId: id ?? undefined, page: 1 })}
              w={240}
            />
          </TitulosFiltros>
        }
      />
      <TituloFormModal tipo="receitas" opened={nova} onClose={() => setNova(false)} />
      <BaixaModal tipo="receitas" titulo={baixando} onClose={() => setBaixando(null)} />
    </>
  );
}
