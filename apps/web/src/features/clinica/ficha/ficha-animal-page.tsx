/**
 * /clientes/{clienteId}/ficha-animal/{petId}/ (spec §2, issue #19 item 6): the animal's chart.
 * Breadcrumb Clientes › tutor › Ficha de <pet>; the header; the timeline with "Novo registro" in
 * place (main column); the vaccination card, the weight chart and the documents issued (side
 * column). Below 1040 px (1024×768 PCs) one column: the vaccines and the weight side by side
 * above the timeline, the documents under it. The route loads the chart before showing it.
 */
import { Breadcrumbs, Grid, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DocumentosPainel } from './documentos-painel.tsx';
import { FichaHeader } from './ficha-header.tsx';
import { PesoChart } from './peso-chart.tsx';
import { RegistrosTimeline } from './registros-timeline.tsx';
import { VacinasPainel } from './vacinas-painel.tsx';
import { useFichaAnimal } from '../api/get-ficha-animal.ts';
import { AnchorLink } from '#lib/ui/router-links.tsx';

/** Main and side columns: side by side from 1040 px (md), the side a third from 1200 px (lg). */
const MAIN_SPAN = { base: 12, md: 7, lg: 8 };
const SIDE_SPAN = { base: 12, md: 5, lg: 4 };
/** The theme's md breakpoint. */
const DUAS_COLUNAS_DESDE = '65em';

export function FichaAnimalPage({ clienteId, petId }: { clienteId: string; petId: string }) {
  const { data: ficha, dataUpdatedAt } = useFichaAnimal(petId);
  // Read at once (not after a first render), so the page does not jump between layouts.
  const duasColunas = useMediaQuery(`(min-width: ${DUAS_COLUNAS_DESDE})`, false, { getInitialValueInEffect: false });
  return (
    <Stack gap="md">
      <nav aria-label="Caminho">
        <Breadcrumbs separator="›">
          <AnchorLink to="/clientes" size="sm">
            Clientes
          </AnchorLink>
          <AnchorLink to="/clientes/$clienteId" params={{ clienteId }} size="sm">
            {ficha.tutor?.nome ?? 'Cliente'}
          </AnchorLink>
          <Text size="sm" aria-current="page">
            Ficha de {ficha.pet.nome}
          </Text>
        </Breadcrumbs>
      </nav>
      <FichaHeader ficha={ficha} clienteId={clienteId} />
      {duasColunas ? (
        <Grid gap="md">
          <Grid.Col span={MAIN_SPAN}>
            <RegistrosTimeline ficha={ficha} />
          </Grid.Col>
          <Grid.Col span={SIDE_SPAN}>
            <Stack gap="md">
              <VacinasPainel ficha={ficha} />
              <PesoChart ficha={ficha} fichaAtualizadaEm={dataUpdatedAt} />
              <DocumentosPainel ficha={ficha} />
            </Stack>
          </Grid.Col>
        </Grid>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <VacinasPainel ficha={ficha} />
            <PesoChart ficha={ficha} fichaAtualizadaEm={dataUpdatedAt} />
          </SimpleGrid>
          <RegistrosTimeline ficha={ficha} />
          <DocumentosPainel ficha={ficha} />
        </>
      )}
    </Stack>
  );
}

/** What the route shows while the chart loads: the page's shape in grey. */
export function FichaAnimalSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Carregando a ficha">
      <Skeleton height={14} width={260} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Skeleton height={28} width="40%" />
          <Skeleton height={14} width="60%" />
          <Skeleton height={14} width="75%" />
        </Stack>
      </Paper>
      <Grid gap="md">
        <Grid.Col span={MAIN_SPAN}>
          <Stack gap="sm">
            <Skeleton height={36} width={200} />
            <Skeleton height={120} radius="md" />
            <Skeleton height={120} radius="md" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={SIDE_SPAN}>
          <Stack gap="md">
            <Skeleton height={180} radius="md" />
            <Skeleton height={200} radius="md" />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
