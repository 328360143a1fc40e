/**
 * /clientes/{clienteId}/ficha-animal/{petId}/ (spec §2, issue #19 item 6): the animal's chart.
 * Breadcrumb Clientes › tutor › Ficha de <pet>; the header; the timeline with "Novo registro" in
 * place (main column); the vaccination card, the weight chart and the documents issued (side
 * column). Below 1040 px (1024×768 PCs) the vaccines and the weight side by side above the
 * timeline, the documents under it; one column on a phone. One tree whose places move by CSS
 * (ficha-animal-page.module.css): a resize never remounts a panel, so an open dialog stays. The
 * route loads the chart before showing it.
 */
import { Breadcrumbs, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { DocumentosPainel } from './documentos-painel.tsx';
import { FichaHeader } from './ficha-header.tsx';
import { PesoChart } from './peso-chart.tsx';
import { RegistrosTimeline } from './registros-timeline.tsx';
import { VacinasPainel } from './vacinas-painel.tsx';
import { useFichaAnimal } from '../api/get-ficha-animal.ts';
import { AnchorLink } from '#lib/ui/router-links.tsx';
import classes from './ficha-animal-page.module.css';

export function FichaAnimalPage({ clienteId, petId }: { clienteId: string; petId: string }) {
  const { data: ficha, dataUpdatedAt } = useFichaAnimal(petId);
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
      <div className={classes.layout}>
        <div className={classes.registros}>
          <RegistrosTimeline ficha={ficha} />
        </div>
        <div className={classes.vacinas}>
          <VacinasPainel ficha={ficha} />
        </div>
        <div className={classes.peso}>
          <PesoChart ficha={ficha} fichaAtualizadaEm={dataUpdatedAt} />
        </div>
        <div className={classes.documentos}>
          <DocumentosPainel ficha={ficha} />
        </div>
      </div>
    </Stack>
  );
}

/** What the route shows while the chart loads: the page's shape in grey. */
export function FichaAnimalSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Carregando a ficha">
      <Skeleton height={14} width={260} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Skeleton height={28} width="40%" />
          <Skeleton height={14} width="60%" />
          <Skeleton height={14} width="75%" />
        </Stack>
      </Paper>
      <div className={classes.layout}>
        <Stack gap="sm" className={classes.registros}>
          <Skeleton height={36} width={200} />
          <Skeleton height={120} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
        <Skeleton height={180} radius="md" className={classes.vacinas} />
        <Skeleton height={200} radius="md" className={classes.peso} />
      </div>
    </Stack>
  );
}
