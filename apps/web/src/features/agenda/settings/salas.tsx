/** Clinic rooms of the selected unit (DOMAIN.md §10): /configuracoes/atendimento/salas. */
import { Text } from '@mantine/core';
import { recursoInputSchema, type Sala } from '@petshop/shared/agenda';
import { linkOptions } from '@tanstack/react-router';
import type { CrudResource } from '#lib/crud/crud-resource.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { salasApi, type SalaInputParsed } from '#lib/agenda/cadastros-agenda.ts';
import { recursoFields, recursoValuesOf, type RecursoFormValues } from './recurso-fields.tsx';

export const salasResource: CrudResource<Sala, RecursoFormValues, SalaInputParsed> = {
  api: salasApi,
  title: 'Salas',
  description: 'Consultórios e salas da clínica desta unidade, reservados pelos atendimentos.',
  newTitle: 'Nova sala',
  editTitle: 'Editar sala',
  subject: 'a sala',
  deleteDetail: 'Salas com atendimentos não podem ser excluídas: desative-as.',
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
  Fields: recursoFields('Sala', 'Ex.: Consultório 1'),
  links: {
    list: linkOptions({ to: '/configuracoes/atendimento/salas' }),
    form: (id) => linkOptions({ to: '/configuracoes/atendimento/salas/form/{-$salaId}', params: { salaId: id } }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'atendimento' } }),
    parentLabel: 'Configurações',
  },
};
