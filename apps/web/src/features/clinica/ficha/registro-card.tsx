/**
 * One record of the chart's timeline (issue #19 item 6): the kind's icon and colour, the local
 * date and time, the vet with CRMV, the unit when another unit wrote it, the kind's content
 * (the exame físico as a compact table), the attachments (images as thumbnails, PDFs as chips)
 * and its actions: PDF for everyone, edit and delete when the record is editable here.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
  type MantineColor,
} from '@mantine/core';
import { HIDRATACAO, MUCOSAS, TIPOS_REGISTRO, type Registro } from '@petshop/shared/clinica';
import { IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { AnexosRegistro } from './anexos-registro.tsx';
import { formatDataLocal, formatNumero, formatPeso } from './ficha-format.ts';
import { VISUAL_TIPO_REGISTRO } from './tipos-registro-visual.ts';
import { baixarRegistroPdf } from '../api/baixar-registro-pdf.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';

type RegistroCardProps = {
  registro: Registro;
  /** The selected unit: a record written elsewhere names its unit. */
  unidadeNegocioId: string | undefined;
  /** Edit and delete offered (the user writes in the chart and the record is editable here). */
  onEditar?: () => void;
  onExcluir?: () => void;
};

/** '{kind} de dd/MM/yyyy HH:mm', the record's accessible name. */
export const nomeDoRegistro = (registro: Registro): string =>
  `${TIPOS_REGISTRO[registro.tipo]} de ${formatDataLocal(registro.dataLocal)}`;

/** 'CRMV-SP 12345' as stored, with the prefix when the number came alone. */
const crmv = (valor: string | null): string | null => (valor ? (/^crmv/i.test(valor) ? valor : `CRMV ${valor}`) : null);

export function RegistroCard({ registro, unidadeNegocioId, onEditar, onExcluir }: RegistroCardProps) {
  const visual = VISUAL_TIPO_REGISTRO[registro.tipo];
  const Icon = visual.icon;
  const [baixando, setBaixando] = useState(false);
  const nome = nomeDoRegistro(registro);
  const autor = [registro.veterinarioNome, crmv(registro.veterinarioCrmv)].filter(Boolean).join(' · ');
  const outraUnidade = unidadeNegocioId !== undefined && registro.unidadeNegocioId !== unidadeNegocioId;

  const baixar = () => {
    setBaixando(true);
    baixarRegistroPdf(registro.id, `${registro.tipo}-${registro.dataLocal.slice(0, 10)}.pdf`)
      .catch(notifyActionError)
      .finally(() => setBaixando(false));
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={nome}
      style={{ borderLeft: `4px solid var(--mantine-color-${visual.color}-5)` }}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <ThemeIcon variant="light" color={visual.color} radius="xl" size="lg" aria-hidden>
              <Icon size={18} />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="wrap">
                <Text fw={600}>{TIPOS_REGISTRO[registro.tipo]}</Text>
                {registro.titulo ? <Text fw={500}>— {registro.titulo}</Text> : null}
                {registro.controleEspecial ? (
                  <Badge size="xs" color="red" variant="light">
                    Controle especial
                  </Badge>
                ) : null}
                {outraUnidade ? (
                  <Badge size="xs" color="gray" variant="light">
                    {registro.unidadeNegocioNome}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {formatDataLocal(registro.dataLocal)}
                {autor ? ` · ${autor}` : ''}
              </Text>
            </Stack>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconDownload size={14} />}
              loading={baixando}
              onClick={baixar}
              aria-label={`PDF: ${nome}`}
            >
              PDF
            </Button>
            {onEditar ? (
              <Tooltip label="Editar">
                <ActionIcon variant="subtle" aria-label={`Editar ${nome}`} onClick={onEditar}>
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {onExcluir ? (
              <Tooltip label="Excluir">
                <ActionIcon variant="subtle" color="red" aria-label={`Excluir ${nome}`} onClick={onExcluir}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        </Group>
        <ConteudoRegistro registro={registro} cor={visual.color} />
        {registro.anexos.length > 0 ? <AnexosRegistro anexos={registro.anexos} /> : null}
      </Stack>
    </Paper>
  );
}

/** A labelled block of free text, line breaks kept. */
function Bloco({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {rotulo}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Plain text of a filled document's HTML (never rendered as HTML here), first characters. */
const textoDoHtml = (html: string, max = 280): string => {
  const texto = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return texto.length > max ? `${texto.slice(0, max)}…` : texto;
};

function ConteudoRegistro({ registro, cor }: { registro: Registro; cor: MantineColor }) {
  return (
    <Stack gap={6} pl={{ base: 0, xs: 46 }}>
      {registro.anamnese ? <Bloco rotulo="Anamnese">{registro.anamnese}</Bloco> : null}
      {registro.evolucao ? <Bloco rotulo="Evolução">{registro.evolucao}</Bloco> : null}
      {registro.exameFisico ? <ExameFisicoTabela exame={registro.exameFisico} cor={cor} /> : null}
      {registro.diagnostico ? <Bloco rotulo="Diagnóstico">{registro.diagnostico}</Bloco> : null}
      {registro.conduta ? <Bloco rotulo="Conduta">{registro.conduta}</Bloco> : null}
      {registro.tipo === 'peso' && registro.peso !== null ? (
        <Text size="sm">
          Peso: <strong>{formatPeso(registro.peso)}</strong>
        </Text>
      ) : null}
      {registro.descricao ? <Bloco rotulo="Descrição">{registro.descricao}</Bloco> : null}
      {registro.medicamentos.length > 0 ? (
        <List size="sm" spacing={2}>
          {registro.medicamentos.map((m, i) => (
            <List.Item key={`${m.nome}-${i}`}>
              <strong>{m.nome}</strong> — {[m.dose, m.via, m.frequencia, m.duracao].join(', ')}
              {m.quantidade ? ` (${m.quantidade})` : ''}
            </List.Item>
          ))}
        </List>
      ) : null}
      {registro.conteudoHtml && registro.medicamentos.length === 0 ? (
        <Text size="sm" c="dimmed" lineClamp={3}>
          {textoDoHtml(registro.conteudoHtml)}
        </Text>
      ) : null}
    </Stack>
  );
}

type ExameFisico = NonNullable<Registro['exameFisico']>;

/** The exame físico's filled values as one header row and one value row. */
function ExameFisicoTabela({ exame, cor }: { exame: ExameFisico; cor: MantineColor }) {
  const colunas: [string, string][] = [];
  if (exame.peso !== null) colunas.push(['Peso', formatPeso(exame.peso)]);
  if (exame.temperatura !== null) colunas.push(['Temp.', `${formatNumero(exame.temperatura)} °C`]);
  if (exame.frequenciaCardiaca !== null) colunas.push(['FC', `${formatNumero(exame.frequenciaCardiaca)} bpm`]);
  if (exame.frequenciaRespiratoria !== null) colunas.push(['FR', `${formatNumero(exame.frequenciaRespiratoria)} mpm`]);
  if (exame.mucosas) colunas.push(['Mucosas', MUCOSAS[exame.mucosas as keyof typeof MUCOSAS] ?? exame.mucosas]);
  if (exame.hidratacao) colunas.push(['Hidratação', HIDRATACAO[exame.hidratacao as keyof typeof HIDRATACAO] ?? exame.hidratacao]);
  if (exame.tpc !== null) colunas.push(['TPC', `${formatNumero(exame.tpc)} s`]);
  if (colunas.length === 0 && !exame.observacoes) return null;
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        Exame físico
      </Text>
      {colunas.length > 0 ? (
        <Table.ScrollContainer minWidth={colunas.length * 80} type="native">
          <Table
            withTableBorder
            withColumnBorders
            verticalSpacing={4}
            horizontalSpacing="xs"
            fz="sm"
            aria-label="Exame físico"
            style={{ borderColor: `var(--mantine-color-${cor}-2)` }}
          >
            <Table.Thead>
              <Table.Tr>
                {colunas.map(([rotulo]) => (
                  <Table.Th key={rotulo} fz="xs" c="dimmed">
                    {rotulo}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                {colunas.map(([rotulo, valor]) => (
                  <Table.Td key={rotulo}>{valor}</Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {exame.observacoes ? (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
          {exame.observacoes}
        </Text>
      ) : null}
    </div>
  );
}
