/**
 * The chart's vaccination card, "Vacinas" (issue #19 item 6; DOMAIN.md §9): the planned doses
 * (pending, soonest first; OVERDUE in red with how many days, due within a week in orange) and the
 * doses applied (date, vaccine, lot, vet). With `ficha.podeEscrever`: "Aplicar protocolo",
 * "Registrar vacina" (also from a planned dose's "Aplicar", prefilled), removing a planned dose or
 * a whole protocol application (this unit's only: the API answers 404 for another unit's), and
 * for everyone who reads the chart "Imprimir carteira" (the vaccination card PDF).
 */
import { ActionIcon, Badge, Button, Card, Divider, Group, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { FichaAnimal, Planejamento, VacinaAplicada } from '@petshop/shared/clinica';
import { formatDate } from '@petshop/shared/format';
import { IconDots, IconPrinter, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { baixarCarteiraVacinacao } from '../api/baixar-carteira-vacinacao.ts';
import { useExcluirPlanejamento } from '../api/excluir-planejamento.ts';
import { useRemoverAplicacaoProtocolo } from '../api/remover-aplicacao-protocolo.ts';
import { AplicarProtocoloModal } from './vacinas/aplicar-protocolo-modal.tsx';
import { situacaoDose, textoSituacao, type SituacaoDose } from './vacinas/datas-vacina.ts';
import { RegistrarVacinaModal } from './vacinas/registrar-vacina-modal.tsx';
import { errorMessage } from '#lib/http/api-error.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { useSessionStore } from '#lib/session/session-store.ts';

/** Applied doses listed before "Ver todas". */
const APLICADAS_VISIVEIS = 5;

const corSituacao = (s: SituacaoDose): string | undefined =>
  s.tipo === 'atrasada' ? 'red' : s.tipo === 'hoje' || s.tipo === 'proxima' ? 'orange' : undefined;

const nomeArquivo = (nome: string) =>
  `carteira-vacinacao-${
    nome
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'pet'
  }.pdf`;

export function VacinasPainel({ ficha }: { ficha: FichaAnimal }) {
  const { planejadas, aplicadas } = ficha.vacinas;
  const hoje = hojeNaUnidade();
  const unidadeId = useSessionStore((s) => s.unidadeNegocio?.id ?? null);
  const [aplicarAberto, setAplicarAberto] = useState(false);
  const [registrar, setRegistrar] = useState<{ planejamento: Planejamento | null } | null>(null);
  const [todasAplicadas, setTodasAplicadas] = useState(false);
  const [imprimindo, setImprimindo] = useState(false);
  const excluir = useExcluirPlanejamento();
  const remover = useRemoverAplicacaoProtocolo();
  const pendentes = planejadas.filter((p) => p.status !== 'aplicada');
  const escrever = ficha.podeEscrever && ficha.pet.dataObito === null;

  const imprimirCarteira = async () => {
    setImprimindo(true);
    try {
      await baixarCarteiraVacinacao(ficha.pet.id, nomeArquivo(ficha.pet.nome));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setImprimindo(false);
    }
  };

  const confirmarExcluir = (p: Planejamento) =>
    modals.openConfirmModal({
      title: 'Remover dose planejada',
      centered: true,
      children: (
        <Text size="sm">
          Remover a dose planejada <strong>{`${p.vacinaNome} — ${p.descricao}`}</strong> de {formatDate(p.dataPrevista)}?
        </Text>
      ),
      labels: { confirm: 'Remover', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => excluir.mutate(p.id, { onSuccess: () => notifySuccess('Dose planejada removida') }),
    });

  const confirmarRemoverAplicacao = (p: Planejamento) =>
    modals.openConfirmModal({
      title: 'Remover aplicação do protocolo',
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Remover as doses pendentes do protocolo <strong>{p.protocoloNome ?? p.vacinaNome}</strong> aplicado a {ficha.pet.nome}
            ?
          </Text>
          <Text size="sm" c="dimmed">
            As doses já aplicadas continuam registradas na carteira.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Remover pendentes', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remover.mutate(p.aplicacaoProtocoloId ?? '', {
          onSuccess: () => notifySuccess('Doses pendentes do protocolo removidas'),
        }),
    });

  return (
    <Card withBorder component="section" aria-labelledby="vacinas-painel-titulo">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id="vacinas-painel-titulo">
            Vacinas
          </Title>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPrinter size={16} aria-hidden />}
            loading={imprimindo}
            onClick={() => void imprimirCarteira()}
          >
            Imprimir carteira
          </Button>
        </Group>
        {escrever ? (
          <SimpleGrid cols={2} spacing="xs">
            <Button size="compact-sm" variant="light" fullWidth px={6} onClick={() => setAplicarAberto(true)}>
              Aplicar protocolo
            </Button>
            <Button size="compact-sm" variant="light" fullWidth px={6} onClick={() => setRegistrar({ planejamento: null })}>
              Registrar vacina
            </Button>
          </SimpleGrid>
        ) : null}

        <Stack gap={6} component="section" aria-labelledby="vacinas-planejadas-titulo">
          <Text size="sm" fw={700} id="vacinas-planejadas-titulo">
            Próximas doses
          </Text>
          {pendentes.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhuma dose planejada.
            </Text>
          ) : (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Doses planejadas">
              {pendentes.map((p) => {
                const situacao = situacaoDose(p, hoje);
                const texto = textoSituacao(situacao);
                const cor = corSituacao(situacao);
                const daUnidade = p.unidadeNegocioId === unidadeId;
                return (
                  <Group
                    key={p.id}
                    component="li"
                    gap="xs"
                    wrap="nowrap"
                    justify="space-between"
                    align="flex-start"
                    data-situacao={situacao.tipo}
                    aria-label={`${p.vacinaNome} — ${p.descricao}`}
                  >
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} c={cor} lineClamp={2}>
                        {p.vacinaNome}
                      </Text>
                      <Text size="xs" c={cor ?? 'dimmed'} fw={cor ? 600 : undefined}>
                        {`${p.descricao} · ${formatDate(p.dataPrevista)}${texto ? ` · ${texto}` : ''}`}
                      </Text>
                    </Stack>
                    {escrever ? (
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="default" onClick={() => setRegistrar({ planejamento: p })}>
                          Aplicar
                        </Button>
                        {daUnidade ? (
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={`Mais ações de ${p.vacinaNome} — ${p.descricao}`}
                              >
                                <IconDots size={16} aria-hidden />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item leftSection={<IconTrash size={14} aria-hidden />} onClick={() => confirmarExcluir(p)}>
                                Remover dose
                              </Menu.Item>
                              {p.aplicacaoProtocoloId ? (
                                <Menu.Item
                                  color="red"
                                  leftSection={<IconTrash size={14} aria-hidden />}
                                  onClick={() => confirmarRemoverAplicacao(p)}
                                >
                                  Remover aplicação do protocolo
                                </Menu.Item>
                              ) : null}
                            </Menu.Dropdown>
                          </Menu>
                        ) : null}
                      </Group>
                    ) : null}
                  </Group>
                );
              })}
            </Stack>
          )}
        </Stack>

        <Divider />

        <Stack gap={6} component="section" aria-labelledby="vacinas-aplicadas-titulo">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={700} id="vacinas-aplicadas-titulo">
              Aplicadas
            </Text>
            {aplicadas.length > 0 ? (
              <Badge variant="light" color="gray" size="sm">
                {aplicadas.length}
              </Badge>
            ) : null}
          </Group>
          {aplicadas.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhuma vacina aplicada registrada.
            </Text>
          ) : (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Vacinas aplicadas">
              {(todasAplicadas ? aplicadas : aplicadas.slice(0, APLICADAS_VISIVEIS)).map((a) => (
                <DoseAplicada key={a.id} aplicada={a} />
              ))}
            </Stack>
          )}
          {aplicadas.length > APLICADAS_VISIVEIS ? (
            <Button size="compact-xs" variant="subtle" onClick={() => setTodasAplicadas((t) => !t)}>
              {todasAplicadas ? 'Ver menos' : `Ver todas (${aplicadas.length})`}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <AplicarProtocoloModal ficha={ficha} opened={aplicarAberto} onClose={() => setAplicarAberto(false)} />
      <RegistrarVacinaModal
        ficha={ficha}
        opened={registrar !== null}
        planejamento={registrar?.planejamento ?? null}
        onClose={() => setRegistrar(null)}
      />
    </Card>
  );
}

function DoseAplicada({ aplicada }: { aplicada: VacinaAplicada }) {
  const detalhes = [
    aplicada.lote ? `Lote ${aplicada.lote}` : null,
    aplicada.veterinarioNome
      ? `${aplicada.veterinarioNome}${aplicada.veterinarioCrmv ? ` (${aplicada.veterinarioCrmv})` : ''}`
      : null,
  ].filter(Boolean);
  return (
    <Stack gap={0} component="li">
      <Text size="sm">
        <Text span fw={600}>
          {formatDate(aplicada.dataAplicacao)}
        </Text>{' '}
        {aplicada.vacinaNome}
      </Text>
      {detalhes.length > 0 ? (
        <Text size="xs" c="dimmed">
          {detalhes.join(' · ')}
        </Text>
      ) : null}
    </Stack>
  );
}
