/**
 * The 'Dados' tab of a customer: personal data, contacts and address, each read until
 * 'Editar' and saved on its own (PUT /pessoas/{id}/dados-pessoais, /contato, /endereco). An
 * anonymised customer (LGPD) is read-only: no 'Editar' (the API refuses the edit too), and a
 * notice "Cliente anonimizado em dd/MM/yyyy" (GET …/lgpd/anonimizacao).
 */
import { Alert, Group, Stack, Text } from '@mantine/core';
import { formatCep, formatCpfCnpj, formatDate, formatTelefone, todayISO } from '@petshop/shared/format';
import {
  pessoaContatoInputSchema,
  pessoaDadosPessoaisInputSchema,
  pessoaEnderecoInputSchema,
  SEXOS_PESSOA,
  TIPOS_TELEFONE,
  type Pessoa,
} from '@petshop/shared/pessoa';
import { pessoaAnonimizada } from '@petshop/shared/lgpd';
import { IconBrandWhatsapp, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { ConsentimentoField } from './consentimento-field.tsx';
import { ContatoFields } from './contato-fields.tsx';
import { DadosPessoaisFields } from './dados-pessoais-fields.tsx';
import { idadePessoa } from '@petshop/shared/idade';
import { InfoList } from './info-list.tsx';
import {
  contatoValues,
  dadosPessoaisValues,
  dropTrailingBlankPhones,
  enderecoFormValues,
  type ContatoValues,
  type DadosPessoaisValues,
  type EnderecoValues,
} from './pessoa-values.ts';
import { EnderecoFields } from '#lib/address/endereco-fields.tsx';
import { EditableSection, SectionForm } from '#lib/forms/editable-section.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { useAlterarPessoaContato } from '../api/alterar-pessoa-contato.ts';
import { useAlterarPessoaDadosPessoais } from '../api/alterar-pessoa-dados-pessoais.ts';
import { useAlterarPessoaEndereco } from '../api/alterar-pessoa-endereco.ts';
import { useAnonimizacao } from '../api/get-anonimizacao.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';

type SectionProps = { pessoa: Pessoa; canEdit?: boolean };
type EditorProps = SectionProps & { onDone: () => void };

export function ClienteDadosTab({ pessoa }: SectionProps) {
  const anonimizado = pessoaAnonimizada(pessoa);
  return (
    <Stack gap="md">
      {anonimizado ? <AnonimizadoNotice pessoaId={pessoa.id} /> : null}
      <DadosPessoaisSection pessoa={pessoa} canEdit={!anonimizado} />
      <ContatoSection pessoa={pessoa} canEdit={!anonimizado} />
      <EnderecoSection pessoa={pessoa} canEdit={!anonimizado} />
    </Stack>
  );
}

/** Why the data cannot be edited: the anonymisation's date in the unit's time zone. */
function AnonimizadoNotice({ pessoaId }: { pessoaId: string }) {
  const { data } = useAnonimizacao(pessoaId, true);
  const timeZone = useTimeZone();
  const em = data?.anonimizadoEm ? ` em ${formatDate(data.anonimizadoEm, timeZone)}` : '';
  return (
    <Alert color="red" variant="light" icon={<IconLock size={18} />} title={`Cliente anonimizado${em}`}>
      Os dados pessoais foram apagados a pedido do titular (LGPD) e não podem mais ser alterados. As vendas, os pets e os
      prontuários continuam registrados.
    </Alert>
  );
}

// ---------------------------------------------------------------------------------------------

const TITLE_DADOS = 'Dados pessoais';

function DadosPessoaisSection({ pessoa, canEdit = true }: SectionProps) {
  const [editing, setEditing] = useState(false);
  const nascimento = pessoa.dataNascimento
    ? `${formatDate(pessoa.dataNascimento)} (${idadePessoa(pessoa.dataNascimento, todayISO())})`
    : null;
  return (
    <EditableSection
      title={TITLE_DADOS}
      editing={editing && canEdit}
      canEdit={canEdit}
      onEdit={() => setEditing(true)}
      view={
        <InfoList
          items={[
            { label: 'Nome', value: pessoa.nome },
            { label: 'CPF/CNPJ', value: formatCpfCnpj(pessoa.cpfCnpj) },
            { label: 'RG', value: pessoa.rg },
            { label: 'Data de nascimento', value: nascimento },
            { label: 'Sexo', value: pessoa.sexo ? SEXOS_PESSOA[pessoa.sexo] : null },
            { label: 'Como conheceu', value: pessoa.comoConheceu },
            {
              label: 'Marketing (LGPD)',
              value: pessoa.consentimentoMarketing
                ? `Aceita${pessoa.consentimentoMarketingEm ? ` desde ${formatDate(pessoa.consentimentoMarketingEm)}` : ''}`
                : 'Não aceita',
            },
            { label: 'Cliente desde', value: formatDate(pessoa.createdAt) },
            { label: 'Observações', value: pessoa.observacoes, span: 'full' },
          ]}
        />
      }
      edit={<DadosPessoaisEditor pessoa={pessoa} onDone={() => setEditing(false)} />}
    />
  );
}

function DadosPessoaisEditor({ pessoa, onDone }: EditorProps) {
  const update = useAlterarPessoaDadosPessoais();
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    DadosPessoaisValues,
    z.output<typeof pessoaDadosPessoaisInputSchema>,
    Pessoa
  >({
    schema: pessoaDadosPessoaisInputSchema,
    initialValues: dadosPessoaisValues(pessoa),
    submit: (dados, { idempotencyKey }) => update.mutateAsync({ id: pessoa.id, dados, idempotencyKey }),
    onSuccess: onDone,
  });
  return (
    <SectionForm
      title={TITLE_DADOS}
      onSubmit={handleSubmit}
      onCancel={onDone}
      generalErrors={generalErrors}
      submitting={submitting}
    >
      <DadosPessoaisFields form={form} />
      <ConsentimentoField form={form} />
    </SectionForm>
  );
}

// ---------------------------------------------------------------------------------------------

const TITLE_CONTATO = 'Contato';
const contatoSchema = z.preprocess(dropTrailingBlankPhones, pessoaContatoInputSchema);

function ContatoSection({ pessoa, canEdit = true }: SectionProps) {
  const [editing, setEditing] = useState(false);
  return (
    <EditableSection
      title={TITLE_CONTATO}
      editing={editing && canEdit}
      canEdit={canEdit}
      onEdit={() => setEditing(true)}
      view={
        <InfoList
          items={[
            { label: 'E-mail', value: pessoa.email },
            {
              label: 'Telefones',
              span: 'full',
              value:
                pessoa.telefones.length > 0 ? (
                  <Stack gap={4} component="span">
                    {pessoa.telefones.map((t) => (
                      <Group key={t.numero} gap={6} component="span" wrap="nowrap">
                        <Text size="sm" component="span">
                          {formatTelefone(t.numero)}
                        </Text>
                        <Text size="xs" c="dimmed" component="span">
                          {TIPOS_TELEFONE[t.tipo]}
                        </Text>
                        {t.whatsapp ? (
                          <IconBrandWhatsapp size={16} color="var(--mantine-color-green-7)" aria-label="WhatsApp" role="img" />
                        ) : null}
                      </Group>
                    ))}
                  </Stack>
                ) : null,
            },
          ]}
        />
      }
      edit={<ContatoEditor pessoa={pessoa} onDone={() => setEditing(false)} />}
    />
  );
}

function ContatoEditor({ pessoa, onDone }: EditorProps) {
  const update = useAlterarPessoaContato();
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    ContatoValues,
    z.output<typeof pessoaContatoInputSchema>,
    Pessoa
  >({
    schema: contatoSchema,
    initialValues: contatoValues(pessoa),
    submit: (dados, { idempotencyKey }) => update.mutateAsync({ id: pessoa.id, dados, idempotencyKey }),
    onSuccess: onDone,
  });
  return (
    <SectionForm
      title={TITLE_CONTATO}
      onSubmit={handleSubmit}
      onCancel={onDone}
      generalErrors={generalErrors}
      submitting={submitting}
    >
      <ContatoFields form={form} />
    </SectionForm>
  );
}

// ---------------------------------------------------------------------------------------------

const TITLE_ENDERECO = 'Endereço';

function EnderecoSection({ pessoa, canEdit = true }: SectionProps) {
  const [editing, setEditing] = useState(false);
  const e = pessoa.endereco;
  const rua = [e.logradouro, e.numero].filter(Boolean).join(', ');
  return (
    <EditableSection
      title={TITLE_ENDERECO}
      editing={editing && canEdit}
      canEdit={canEdit}
      onEdit={() => setEditing(true)}
      view={
        <InfoList
          items={[
            { label: 'CEP', value: formatCep(e.cep) },
            { label: 'Logradouro', value: rua },
            { label: 'Complemento', value: e.complemento },
            { label: 'Bairro', value: e.bairro },
            { label: 'Cidade/UF', value: [e.cidade, e.uf].filter(Boolean).join('/') },
          ]}
        />
      }
      edit={<EnderecoEditor pessoa={pessoa} onDone={() => setEditing(false)} />}
    />
  );
}

function EnderecoEditor({ pessoa, onDone }: EditorProps) {
  const update = useAlterarPessoaEndereco();
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    EnderecoValues,
    z.output<typeof pessoaEnderecoInputSchema>,
    Pessoa
  >({
    schema: pessoaEnderecoInputSchema,
    initialValues: enderecoFormValues(pessoa),
    submit: (dados, { idempotencyKey }) => update.mutateAsync({ id: pessoa.id, dados, idempotencyKey }),
    onSuccess: onDone,
  });
  return (
    <SectionForm
      title={TITLE_ENDERECO}
      onSubmit={handleSubmit}
      onCancel={onDone}
      generalErrors={generalErrors}
      submitting={submitting}
    >
      <EnderecoFields form={form} withCodigoIbge={false} />
    </SectionForm>
  );
}
