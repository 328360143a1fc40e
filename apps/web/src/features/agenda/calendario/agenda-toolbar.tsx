/**
 * The calendar's toolbar: Hoje, ‹ ›, the date, the view (Dia / Semana / Lista), the grouping
 * of the rows (Box / Sala / Profissional) and the area (Banho e tosa / Clínica). Every control
 * is a native button, input or radio group, usable by keyboard.
 */
import { ActionIcon, Button, Group, SegmentedControl } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { AREAS_ATENDIMENTO, type AreaAtendimento } from '@petshop/shared/agenda';
import { parseDateInput } from '@petshop/shared/format';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { AGRUPAMENTO_LABEL, AGRUPAMENTOS, type Agrupamento, type Visao } from './periodo.ts';
import { SelectField } from '#lib/ui/select-field.tsx';

const VISAO_LABEL: Record<Visao, string> = { dia: 'Dia', semana: 'Semana', lista: 'Lista' };
const TODAS = 'todas';

type AgendaToolbarProps = {
  data: string;
  hoje: string;
  visao: Visao;
  agrupamento: Agrupamento;
  area: AreaAtendimento | undefined;
  onData: (data: string) => void;
  onDeslocar: (passo: 1 | -1) => void;
  onVisao: (visao: Visao) => void;
  onAgrupamento: (agrupamento: Agrupamento) => void;
  onArea: (area: AreaAtendimento | undefined) => void;
};

function Segmentos<T extends string>({
  label,
  value,
  data,
  onChange,
}: {
  label: string;
  value: T;
  data: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return <SegmentedControl aria-label={label} size="xs" value={value} data={data} onChange={(v) => onChange(v as T)} />;
}

export function AgendaToolbar({
  data,
  hoje,
  visao,
  agrupamento,
  area,
  onData,
  onDeslocar,
  onVisao,
  onAgrupamento,
  onArea,
}: AgendaToolbarProps) {
  const unidade = visao === 'semana' ? 'Semana' : 'Dia';
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Group gap={4} wrap="nowrap">
        <Button size="xs" variant="default" onClick={() => onData(hoje)} disabled={data === hoje}>
          Hoje
        </Button>
        <ActionIcon variant="default" size="md" aria-label={`${unidade} anterior`} onClick={() => onDeslocar(-1)}>
          <IconChevronLeft size={16} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="md"
          aria-label={`Próxim${visao === 'semana' ? 'a semana' : 'o dia'}`}
          onClick={() => onDeslocar(1)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
        <DateInput
          aria-label="Data"
          size="xs"
          w={120}
          valueFormat="DD/MM/YYYY"
          dateParser={(text) => parseDateInput(text)}
          value={data}
          onChange={(value) => {
            if (value) onData(value);
          }}
        />
      </Group>
      <Segmentos
        label="Visualização"
        value={visao}
        data={(['dia', 'semana', 'lista'] as const).map((v) => ({ value: v, label: VISAO_LABEL[v] }))}
        onChange={onVisao}
      />
      {visao !== 'lista' ? (
        <Segmentos
          label="Agrupar por"
          value={agrupamento}
          data={AGRUPAMENTOS.map((a) => ({ value: a, label: AGRUPAMENTO_LABEL[a] }))}
          onChange={onAgrupamento}
        />
      ) : null}
      <SelectField
        label="Área"
        hideLabel
        size="xs"
        w={150}
        allowDeselect={false}
        data={[
          { value: TODAS, label: 'Todas as áreas' },
          ...Object.entries(AREAS_ATENDIMENTO).map(([value, label]) => ({ value, label })),
        ]}
        value={area ?? TODAS}
        onChange={(v) => onArea(v && v !== TODAS ? (v as AreaAtendimento) : undefined)}
      />
    </Group>
  );
}
