/**
 * The chart's header (issue #19 item 6, DOMAIN.md §9): photo (or the species' icon), name,
 * species · breed · coat, sex and neutering, age, latest weight with its date, microchip, the
 * tutor (link back to the customer) with phone, and the alerts: allergies and overdue doses in
 * red, aggressive, muzzle, deceased with its date in dark.
 */
import { Anchor, Avatar, Badge, Group, Paper, Stack, Text, Title, Tooltip, type MantineColor } from '@mantine/core';
import type { FichaAnimal } from '@petshop/shared/clinica';
import { PORTES, type Porte } from '@petshop/shared/especie';
import { formatDate, formatTelefone } from '@petshop/shared/format';
import {
  IconAlertTriangle,
  IconCat,
  IconCross,
  IconDog,
  IconPaw,
  IconPhone,
  IconShieldHalf,
  IconUser,
  IconVaccine,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatPeso } from './ficha-format.ts';
import { AnchorLink } from '#lib/ui/router-links.tsx';

type Alerta = FichaAnimal['alertas'][number];

const VISUAL_ALERTA: Record<Alerta['tipo'], { color: MantineColor; variant: 'filled' | 'light'; icon: Icon }> = {
  alergia: { color: 'red', variant: 'filled', icon: IconAlertTriangle },
  vacinaAtrasada: { color: 'red', variant: 'light', icon: IconVaccine },
  agressivo: { color: 'orange', variant: 'light', icon: IconAlertTriangle },
  focinheira: { color: 'orange', variant: 'light', icon: IconShieldHalf },
  obito: { color: 'dark', variant: 'filled', icon: IconCross },
};

/** The species' icon when there is no photo. */
function EspecieIcone({ especieNome }: { especieNome: string | null }) {
  const nome = (especieNome ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
  if (/^(can|cao|cachorr)/.test(nome)) return <IconDog size={44} aria-hidden />;
  if (/^(fel|gat)/.test(nome)) return <IconCat size={44} aria-hidden />;
  return <IconPaw size={44} aria-hidden />;
}

/** 'Macho castrado', 'Fêmea castrada', 'Fêmea'; null when the sex is unknown. */
export const sexoDoPet = (sexo: 'M' | 'F' | null, castrado: boolean): string | null => {
  if (sexo === 'M') return castrado ? 'Macho castrado' : 'Macho';
  if (sexo === 'F') return castrado ? 'Fêmea castrada' : 'Fêmea';
  return castrado ? 'Castrado(a)' : null;
};

function Dado({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {rotulo}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

export function FichaHeader({ ficha, clienteId }: { ficha: FichaAnimal; clienteId: string }) {
  const { pet, tutor, alertas } = ficha;
  const especie = [pet.especieNome, pet.racaNome, pet.pelagemNome].filter(Boolean).join(' · ');
  const sexo = sexoDoPet(pet.sexo, pet.castrado);
  const falecido = Boolean(pet.dataObito);
  // The deceased badge shows even if the API's alerts left it out.
  const avisos: Alerta[] =
    falecido && !alertas.some((a) => a.tipo === 'obito')
      ? [...alertas, { tipo: 'obito', texto: `Falecido em ${formatDate(pet.dataObito)}` }]
      : alertas;

  return (
    <Paper withBorder radius="md" p="md" component="header" aria-label={`Ficha de ${pet.nome}`}>
      <Group gap="md" align="flex-start" wrap="nowrap">
        <Avatar
          src={pet.fotoUrl}
          size={88}
          radius="md"
          color="teal"
          alt={pet.fotoUrl ? `Foto de ${pet.nome}` : undefined}
          style={falecido ? { filter: 'grayscale(1)' } : undefined}
        >
          <EspecieIcone especieNome={pet.especieNome} />
        </Avatar>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} style={{ fontSize: 'clamp(1.3rem, 3vw, 1.75rem)' }}>
              {pet.nome}
            </Title>
            {!pet.ativo && !falecido ? (
              <Badge color="gray" variant="light">
                Inativo
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {[especie || 'Espécie não informada', sexo, pet.idade].filter(Boolean).join(' · ')}
          </Text>
          {avisos.length > 0 ? (
            <Group gap={6} role="group" aria-label="Alertas">
              {avisos.map((alerta) => {
                const visual = VISUAL_ALERTA[alerta.tipo];
                const AlertaIcon = visual.icon;
                const badge = (
                  <Badge
                    key={`${alerta.tipo}-${alerta.texto}`}
                    color={visual.color}
                    variant={visual.variant}
                    leftSection={<AlertaIcon size={12} />}
                    style={{ textTransform: 'none', maxWidth: 360 }}
                  >
                    {alerta.texto}
                  </Badge>
                );
                return alerta.tipo === 'alergia' && pet.alergias ? (
                  <Tooltip key={`${alerta.tipo}-${alerta.texto}`} label={pet.alergias} multiline w={300}>
                    {badge}
                  </Tooltip>
                ) : (
                  badge
                );
              })}
            </Group>
          ) : null}
          <Group gap="xl" wrap="wrap" mt={4} style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
            <Dado rotulo="Peso">
              {pet.peso !== null ? (
                <>
                  {formatPeso(pet.peso)}
                  {pet.pesoData ? (
                    <Text span size="xs" c="dimmed" fw={400}>
                      {' '}
                      em {formatDate(pet.pesoData)}
                    </Text>
                  ) : null}
                </>
              ) : (
                '—'
              )}
            </Dado>
            {pet.porte ? <Dado rotulo="Porte">{PORTES[pet.porte as Porte] ?? pet.porte}</Dado> : null}
            <Dado rotulo="Microchip">{pet.microchip ?? '—'}</Dado>
            {pet.dataNascimento ? <Dado rotulo="Nascimento">{formatDate(pet.dataNascimento)}</Dado> : null}
            <Dado rotulo="Tutor">
              {tutor ? (
                <Group gap={8} wrap="wrap" component="span">
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconUser size={14} aria-hidden />
                    <AnchorLink to="/clientes/$clienteId" params={{ clienteId }} size="sm" fw={500}>
                      {tutor.nome}
                    </AnchorLink>
                  </Group>
                  {tutor.telefone ? (
                    <Group gap={4} component="span" wrap="nowrap">
                      <IconPhone size={14} aria-hidden />
                      <Anchor href={`tel:${tutor.telefone}`} size="sm" c="inherit" fw={500}>
                        {formatTelefone(tutor.telefone)}
                      </Anchor>
                    </Group>
                  ) : null}
                </Group>
              ) : (
                '—'
              )}
            </Dado>
          </Group>
          {pet.observacoes ? (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {pet.observacoes}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
