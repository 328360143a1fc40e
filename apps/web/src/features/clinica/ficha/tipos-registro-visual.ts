/** Icon and colour of each kind of record in the chart's timeline and filter chips (issue #19 item 6). */
import type { MantineColor } from '@mantine/core';
import type { TipoRegistro } from '@petshop/shared/clinica';
import {
  IconBed,
  IconFileText,
  IconMedicalCross,
  IconMicroscope,
  IconNote,
  IconPrescription,
  IconRepeat,
  IconScale,
  IconStethoscope,
  type Icon,
} from '@tabler/icons-react';

export const VISUAL_TIPO_REGISTRO: Record<TipoRegistro, { icon: Icon; color: MantineColor }> = {
  consulta: { icon: IconStethoscope, color: 'teal' },
  retorno: { icon: IconRepeat, color: 'cyan' },
  exame: { icon: IconMicroscope, color: 'violet' },
  procedimento: { icon: IconMedicalCross, color: 'grape' },
  internacao: { icon: IconBed, color: 'orange' },
  peso: { icon: IconScale, color: 'lime' },
  observacao: { icon: IconNote, color: 'gray' },
  documento: { icon: IconFileText, color: 'indigo' },
  receita: { icon: IconPrescription, color: 'pink' },
};
