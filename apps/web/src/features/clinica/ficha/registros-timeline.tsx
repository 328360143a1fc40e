/**
 * The chart's timeline (issue #19 item 6): "Novo registro" (N) opening the form in place at the
 * top, filter chips by kind with their counts (`ficha.totaisPorTipo`), the records newest first
 * and "Carregar mais". The first page of every kind comes with the chart (`ficha.registros`);
 * a filter or the next pages are GET /clinica/registros, one cache entry per page. Edit opens the
 * form in place of the card; delete asks first. Read-only profiles see no write button.
 */
import { Button, Chip, Group, Kbd, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, type Page } from '@petshop/shared/http';
import { TIPO_REGISTRO_IDS, TIPOS_REGISTRO, type FichaAnimal, type Registro, type TipoRegistro } from '@petshop/shared/clinica';
import { IconClipboardHeart, IconPlus } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { RegistroCard, nomeDoRegistro } from './registro-card.tsx';
import { isTipoFormulario } from './registro-form-values.ts';
import { RegistroForm } from './registro-form.tsx';
import { useExcluirRegistro } from '../api/excluir-registro.ts';
import { registrosQueryOptions } from '../api/list-registros.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { LoadErrorAlert } from '#lib/ui/load-error-alert.tsx';

type Filtro = TipoRegistro | 'todos';

/** The chips: every kind with records, in the contract's order, then "Todos". */
export const chipsDoFiltro = (totais: Record<string, number>): { value: Filtro; label: string; total: number }[] => [
  { value: 'todos', label: 'Todos', total: Object.values(totais).reduce((s, n) => s + n, 0) },
  ...TIPO_REGISTRO_IDS.filter((tipo) => (totais[tipo] ?? 0) > 0).map((tipo) => ({
    value: tipo,
    label: TIPOS_REGISTRO[tipo],
    total: totais[tipo] ?? 0,
  })),
];

/** The records of the pages loaded, without repeats (a record written meanwhile shifts the pages). */
const registrosDasPaginas = (paginas: readonly (Page<Registro> | undefined)[]): Registro[] => {
  const vistos = new Set<string>();
  const itens: Registro[] = [];
  for (const pagina of paginas) {
    for (const r of pagina?.items ?? []) {
      if (vistos.has(r.id)) continue;
      vistos.add(r.id);
      itens.push(r);
    }
  }
  return itens;
};

export function RegistrosTimeline({ ficha }: { ficha: FichaAnimal }) {
  const unidadeNegocioId = useSessionStore((s) => s.unidadeNegocio?.id);
  const excluir = useExcluirRegistro();
  const [filtro, setFiltro] = useState<{ tipo: Filtro; paginas: number }>({ tipo: 'todos', paginas: 1 });
  const [novo, setNovo] = useState(false);
  const [editandoId, setEditandoId] = useState<string | null>(null);
  const podeEscrever = ficha.podeEscrever;

  // N opens the form, unless a dialog (a panel's modal) has the keyboard.
  useHotkeys([['n', () => podeEscrever && !document.querySelector('[aria-modal="true"]') && setNovo(true)]]);

  const tipo = filtro.tipo === 'todos' ? undefined : filtro.tipo;
  const pageSize = ficha.registros.pageSize || DEFAULT_PAGE_SIZE;
  // Page 1 of every kind is the chart's own; the others are fetched.
  const primeiraDaFicha = tipo === undefined;
  const numeros = Array.from({ length: filtro.paginas }, (_, i) => i + 1).filter((page) => !(primeiraDaFicha && page === 1));
  const consultas = useQueries({
    queries: numeros.map((page) => registrosQueryOptions({ petId: ficha.pet.id, tipo, page, pageSize })),
  });
  const paginas = [primeiraDaFicha ? ficha.registros : undefined, ...consultas.map((q) => q.data)];
  const registros = registrosDasPaginas(paginas);
  const total = primeiraDaFicha ? ficha.registros.total : (consultas[0]?.data?.total ?? ficha.totaisPorTipo[filtro.tipo] ?? 0);
  const carregando = consultas.some((q) => q.isPending);
  const falha = consultas.find((q) => q.isError);

  const chips = chipsDoFiltro(ficha.totaisPorTipo);

  const pedirExclusao = async (registro: Registro) => {
    const confirmado = await confirmDelete({
      subject: 'o registro',
      name: nomeDoRegistro(registro),
      detail: registro.anexos.length > 0 ? 'Os anexos do registro também serão excluídos.' : undefined,
    });
    if (!confirmado) return;
    excluir.mutate(registro.id, { onSuccess: () => notifySuccess('Registro excluído'), onError: notifyActionError });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="timeline-titulo">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4" id="timeline-titulo">
          Histórico clínico
        </Title>
        {podeEscrever && !novo ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setNovo(true)} rightSection={<Kbd size="xs">N</Kbd>}>
            Novo registro
          </Button>
        ) : null}
      </Group>

      {novo ? <RegistroForm ficha={ficha} onDone={() => setNovo(false)} /> : null}

      {chips[0]!.total > 0 ? (
        <Chip.Group value={filtro.tipo} onChange={(value) => setFiltro({ tipo: value as Filtro, paginas: 1 })}>
          <Group gap={6} role="radiogroup" aria-label="Filtrar por tipo">
            {chips.map((chip) => (
              <Chip key={chip.value} value={chip.value} size="xs" variant="outline">
                {chip.label}{' '}
                <Text span size="xs" fw={700} ml={2}>
                  {chip.total}
                </Text>
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      ) : null}

      {registros.length === 0 && !carregando && !falha ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap={4}>
            <IconClipboardHeart size={32} color="var(--mantine-color-gray-5)" />
            <Text fw={500}>{tipo ? `Nenhum registro de ${TIPOS_REGISTRO[tipo].toLowerCase()}` : 'Nenhum registro clínico'}</Text>
            {podeEscrever && !tipo ? (
              <Text size="sm" c="dimmed">
                Use “Novo registro” (tecla N) para a primeira consulta.
              </Text>
            ) : null}
          </Stack>
        </Paper>
      ) : null}

      <Stack gap="sm" role="group" aria-label="Registros">
        {registros.map((registro) =>
          editandoId === registro.id ? (
            <RegistroForm key={registro.id} ficha={ficha} registro={registro} onDone={() => setEditandoId(null)} />
          ) : (
            <RegistroCard
              key={registro.id}
              registro={registro}
              unidadeNegocioId={unidadeNegocioId}
              onEditar={
                podeEscrever && registro.editavel && isTipoFormulario(registro.tipo)
                  ? () => setEditandoId(registro.id)
                  : undefined
              }
              onExcluir={podeEscrever && registro.editavel ? () => void pedirExclusao(registro) : undefined}
            />
          ),
        )}
        {carregando ? (
          <>
            <Skeleton height={96} radius="md" />
            <Skeleton height={96} radius="md" />
          </>
        ) : null}
      </Stack>

      {falha ? (
        <LoadErrorAlert title="Não foi possível carregar os registros" error={falha.error} onRetry={() => void falha.refetch()} />
      ) : null}

      {!carregando && !falha && registros.length < total ? (
        <Group justify="center">
          <Button variant="default" onClick={() => setFiltro((f) => ({ ...f, paginas: f.paginas + 1 }))}>
            Carregar mais ({total - registros.length} restantes)
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
