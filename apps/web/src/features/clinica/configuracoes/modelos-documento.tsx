/**
 * Prescription and document templates (issue #19 item 5; spec §2
 * /configuracoes/clinica/modelos-receita and /modelos-documento): one resource per `tipo` over
 * /clinica/modelos-documento — the list of that kind, and the form (name, the rich-text content
 * with its variables, "Controle especial" for prescriptions, active) on lib/crud's form page.
 * The API's refusal of an unknown variable lands under the editor (field `conteudo`).
 */
import { Badge, Grid, Switch, Text, TextInput } from '@mantine/core';
import {
  modeloDocumentoInputSchema,
  type ModeloDocumento,
  type ModeloDocumentoInputParsed,
  type TipoModelo,
} from '@petshop/shared/clinica';
import { linkOptions } from '@tanstack/react-router';
import { modelosDocumentoApi } from '../api/cadastros-clinica.ts';
import type { CrudApi } from '#lib/crud/crud-api.ts';
import type { CrudFieldsProps, CrudResource } from '#lib/crud/crud-resource.ts';
import type { ListParams } from '#lib/query-keys.ts';
import { AtivoBadge } from '#lib/ui/ativo-badge.tsx';
import { FormSection } from '#lib/ui/form-section.tsx';
import { EditorModelo } from './editor-modelo.tsx';

export type ModeloDocumentoFormValues = {
  tipo: TipoModelo;
  nome: string;
  conteudo: string;
  controleEspecial: boolean;
  ativo: boolean;
};

const valuesOf =
  (tipo: TipoModelo) =>
  (row?: ModeloDocumento): ModeloDocumentoFormValues => ({
    tipo: row?.tipo ?? tipo,
    nome: row?.nome ?? '',
    conteudo: row?.conteudo ?? '',
    controleEspecial: row?.controleEspecial ?? false,
    ativo: row?.ativo ?? true,
  });

/** The API with its list narrowed to one kind (the screens' `tipo` is the route, not a search param). */
const apiDoTipo = (tipo: TipoModelo): CrudApi<ModeloDocumento, ModeloDocumentoInputParsed> => ({
  ...modelosDocumentoApi,
  useList: (params: ListParams) => modelosDocumentoApi.useList({ ...params, tipo }),
});

function ModeloReceitaFields(props: CrudFieldsProps<ModeloDocumento, ModeloDocumentoFormValues>) {
  return <ModeloFields {...props} receita />;
}

function ModeloDocumentoFields(props: CrudFieldsProps<ModeloDocumento, ModeloDocumentoFormValues>) {
  return <ModeloFields {...props} receita={false} />;
}

function ModeloFields({ form, receita }: CrudFieldsProps<ModeloDocumento, ModeloDocumentoFormValues> & { receita: boolean }) {
  return (
    <FormSection title={receita ? 'Modelo de receita' : 'Modelo de documento'}>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TextInput
            label="Nome"
            required
            autoFocus
            maxLength={120}
            placeholder={receita ? 'Ex.: Receita simples' : 'Ex.: Atestado de saúde'}
            {...form.getInputProps('nome')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <EditorModelo
            label="Conteúdo"
            required
            value={form.values.conteudo}
            onChange={(html) => form.setFieldValue('conteudo', html)}
            error={form.errors.conteudo}
            description={
              receita
                ? 'O texto da receita. Os medicamentos (dose, via, frequência e duração) são listados depois dele ao emitir. Use "Variáveis" para os dados do tutor, do pet, da unidade e do veterinário.'
                : undefined
            }
          />
        </Grid.Col>
        {receita ? (
          <Grid.Col span={12}>
            <Switch
              label="Controle especial"
              description="Receita de controle especial (Portaria SVS/MS 344/98): impressa em duas vias, com a identificação do comprador e do fornecedor."
              {...form.getInputProps('controleEspecial', { type: 'checkbox' })}
            />
          </Grid.Col>
        ) : null}
        <Grid.Col span={12}>
          <Switch label="Ativo" {...form.getInputProps('ativo', { type: 'checkbox' })} />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

const colunaNome = {
  key: 'nome',
  header: 'Nome',
  render: (r: ModeloDocumento) => (
    <Text size="sm" fw={500}>
      {r.nome}
    </Text>
  ),
};
const colunaAtivo = {
  key: 'ativo',
  header: 'Situação',
  render: (r: ModeloDocumento) => <AtivoBadge ativo={r.ativo} />,
  width: 110,
};

export const modelosReceitaResource: CrudResource<ModeloDocumento, ModeloDocumentoFormValues, ModeloDocumentoInputParsed> = {
  api: apiDoTipo('receita'),
  title: 'Modelos de receita',
  description: 'Receitas com os dados do tutor, do pet e do veterinário preenchidos ao emitir pela ficha do animal.',
  newTitle: 'Novo modelo de receita',
  editTitle: 'Editar modelo de receita',
  subject: 'o modelo de receita',
  deleteDetail: 'As receitas já emitidas com ele continuam na ficha dos pets.',
  name: (r) => r.nome,
  columns: [
    colunaNome,
    {
      key: 'controleEspecial',
      header: 'Tipo',
      render: (r) =>
        r.controleEspecial ? (
          <Badge variant="light" color="orange">
            Controle especial
          </Badge>
        ) : (
          <Text size="sm">Simples</Text>
        ),
      width: 180,
      visibleFrom: 'xs',
    },
    colunaAtivo,
  ],
  searchPlaceholder: 'Buscar por nome',
  schema: modeloDocumentoInputSchema,
  valuesOf: valuesOf('receita'),
  Fields: ModeloReceitaFields,
  links: {
    list: linkOptions({ to: '/configuracoes/clinica/modelos-receita' }),
    form: (id) =>
      linkOptions({ to: '/configuracoes/clinica/modelos-receita/form/{-$modeloDocumentoId}', params: { modeloDocumentoId: id } }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'clinica' } }),
    parentLabel: 'Configurações',
  },
};

export const modelosDocumentoResource: CrudResource<ModeloDocumento, ModeloDocumentoFormValues, ModeloDocumentoInputParsed> = {
  api: apiDoTipo('documento'),
  title: 'Modelos de documento',
  description: 'Atestados, termos de consentimento e declarações preenchidos com os dados do pet ao emitir pela ficha.',
  newTitle: 'Novo modelo de documento',
  editTitle: 'Editar modelo de documento',
  subject: 'o modelo de documento',
  deleteDetail: 'Os documentos já emitidos com ele continuam na ficha dos pets.',
  name: (r) => r.nome,
  columns: [colunaNome, colunaAtivo],
  searchPlaceholder: 'Buscar por nome',
  schema: modeloDocumentoInputSchema,
  valuesOf: valuesOf('documento'),
  Fields: ModeloDocumentoFields,
  links: {
    list: linkOptions({ to: '/configuracoes/clinica/modelos-documento' }),
    form: (id) =>
      linkOptions({
        to: '/configuracoes/clinica/modelos-documento/form/{-$modeloDocumentoId}',
        params: { modeloDocumentoId: id },
      }),
    parent: linkOptions({ to: '/configuracoes', search: { tab: 'clinica' } }),
    parentLabel: 'Configurações',
  },
};
