/** Grooming boxes of the selected unit (DOMAIN.md §10): /configuracoes/atendimento/boxes. */
import { Text } from '@mantine/core';
import { recursoInputSchema, type Box } from '@petshop/shared/agenda';
import { linkOptions } from '@tanstack/react-router';
import type { CrudResource } from '#lib/crud/crud-resource.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { boxesApi, type BoxInputParsed } from '#lib/agenda/cadastros-agenda.ts';
import { recursoFields, recursoValuesOf, type RecursoFormValues } from './recurso-fields.tsx';

/** Spec §2: boxes/form/ for a new box, boxes/form/{id} to edit one (the box loaded first). */
export const boxesResource: CrudResource<Box, RecursoFormValues, BoxInputParsed> = {
  api: boxesApi,
  title: 'Boxes',
  description: 'Estações do banho e tosa desta unidade; cada box recebe os pets que a agenda permitir ao mesmo tempo.',
  newTitle: 'Novo box',
  editTitle: 'Editar box',
  subject: 'o box',
  deleteDetail: 'Boxes com atendimentos não podem ser excluídos: desative-os.',
  name: (r) => r.nome,
  columns: [
    {
      key: 'nome',
      header: 'Nome',
      render: (r) => (
        <Text size="sm" fw={500}>
          {r.nome}
        </Text>
      ),
    },
    { key: 'ativo', header: 'Situação', render: (r) => <AtivoBadge ativo={r.ativo} />, width: 110 },
  ],
  searchPlaceholder: 'Buscar por nome',
  schema: recursoInputSchema,
  valuesOf: recursoValuesOf,
  Fields: recursoFields('Box', 'Ex.: Box 1'),
  links: {
    list: linkOptions({ to: '/configuracoes/atendimento/boxes' }),
    form: (id) =>
      id
        ? linkOptions({ to: '/configuracoes/atendimento/boxes/form/$id', params: { id } })
        : linkOptions({ to: '/configuracoes/atendimento/boxes/form' }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'atendimento' } }),
    parentLabel: 'Configurações',
  },
};
