/**
 * /configuracoes/geral/auditoria (issue #22 item 4; Administrador only): who did what, when and
 * where — the tenant's audit log with its filters in the URL (period, ação, usuário, unidade,
 * search), newest first, paged; a row opens the event's details with "Antes → Depois".
 */
import { Stack, Text } from '@mantine/core';
import { ACOES_AUDITORIA, ACAO_AUDITORIA_IDS, type AcaoAuditoria, type EventoAuditoria } from '@petshop/shared/auditoria';
import { formatDateTime } from '@petshop/shared/format';
import { useState } from 'react';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { PeriodoFilter } from '#lib/ui/periodo-filter.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { useEventosAuditoria } from '../api/list-eventos-auditoria.ts';
import { useUsuariosAuditoria } from '../api/list-usuarios-auditoria.ts';
import type { AuditoriaSearch } from '../auditoria-search.ts';
import { AcaoBadge } from './acao-badge.tsx';
import { EventoAuditoriaDrawer } from './evento-auditoria-drawer.tsx';

const ACAO_OPTIONS = ACAO_AUDITORIA_IDS.map((value) => ({ value, label: ACOES_AUDITORIA[value] }));
const isAcao = (value: string | null): value is AcaoAuditoria => ACAO_AUDITORIA_IDS.some((a) => a === value);

export function AuditoriaPage({ search }: { search: AuditoriaSearch }) {
  const updateSearch = useSearchUpdater();
  const timeZone = useTimeZone();
  const [aberto, setAberto] = useState<EventoAuditoria | null>(null);
  const result = useEventosAuditoria({
    page: search.page,
    pageSize: search.pageSize,
    dataInicio: search.dataInicio,
    dataFim: search.dataFim,
    acao: search.acao,
    usuarioId: search.usuarioId,
    unidadeNegocioId: search.unidadeNegocioId,
    query: search.query,
  });
  const usuarios = useUsuariosAuditoria();
  const unidades = useSessionStore((s) => s.user?.unidadesNegocio ?? []);

  const columns: Column<EventoAuditoria>[] = [
    {
      key: 'criadoEm',
      header: 'Data/hora',
      width: 150,
      render: (e) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(e.criadoEm, timeZone)}
        </Text>
      ),
    },
    {
      key: 'usuario',
      header: 'Usuário',
      width: 170,
      render: (e) => e.usuarioNome ?? (e.usuarioId ? 'Usuário removido' : 'Sistema'),
    },
    {
      key: 'unidade',
      header: 'Unidade',
      width: 150,
      visibleFrom: 'md',
      render: (e) => e.unidadeNegocioNome ?? (e.unidadeNegocioId ? 'Unidade removida' : 'Todas'),
    },
    { key: 'acao', header: 'Ação', width: 200, render: (e) => <AcaoBadge acao={e.acao} nome={e.acaoNome} /> },
    { key: 'descricao', header: 'Descrição', render: (e) => <Text size="sm">{e.descricao}</Text> },
  ];

  return (
    <>
      <ListPage
        title="Auditoria"
        description="Quem fez o quê, quando e em qual unidade: cancelamentos, descontos, preços, estoque, caixa, usuários e exportações."
        back={
          <BackLink to="/configuracoes" preload="intent">
            Configurações
          </BackLink>
        }
        search={search}
        result={result}
        columns={columns}
        getRowKey={(e) => e.id}
        getRowLabel={(e) => `${e.acaoNome}: ${e.descricao}`}
        onRowClick={setAberto}
        searchPlaceholder="Buscar na descrição ou pelo usuário"
        tableLabel="Eventos de auditoria"
        tableMinWidth={820}
        filters={
          <>
            <PeriodoFilter
              dataInicio={search.dataInicio}
              dataFim={search.dataFim}
              onChange={(dataInicio, dataFim) => void updateSearch({ dataInicio, dataFim, page: 1 })}
            />
            <SelectField
              label="Ação"
              hideLabel
              placeholder="Todas as ações"
              data={ACAO_OPTIONS}
              value={search.acao ?? null}
              onChange={(value) => void updateSearch({ acao: isAcao(value) ? value : undefined, page: 1 })}
              clearable
              searchable
              w={230}
            />
            <SelectField
              label="Usuário"
              hideLabel
              placeholder="Todos os usuários"
              data={(usuarios.data ?? []).map((u) => ({ value: u.id, label: u.ativo ? u.nome : `${u.nome} (inativo)` }))}
              value={search.usuarioId ?? null}
              onChange={(value) => void updateSearch({ usuarioId: value ?? undefined, page: 1 })}
              clearable
              searchable
              w={200}
            />
            {unidades.length > 1 ? (
              <SelectField
                label="Unidade"
                hideLabel
                placeholder="Todas as unidades"
                data={unidades.map((u) => ({ value: u.id, label: u.nome }))}
                value={search.unidadeNegocioId ?? null}
                onChange={(value) => void updateSearch({ unidadeNegocioId: value ?? undefined, page: 1 })}
                clearable
                w={180}
              />
            ) : null}
          </>
        }
        emptyState={
          <Stack gap={2} align="center">
            <Text fw={500}>Nenhum evento encontrado</Text>
            <Text size="sm" c="dimmed">
              Ajuste o período ou os filtros: só os atos sensíveis ficam registrados aqui.
            </Text>
          </Stack>
        }
        errorTitle="Não foi possível carregar a auditoria"
      />
      <EventoAuditoriaDrawer evento={aberto} onClose={() => setAberto(null)} />
    </>
  );
}
