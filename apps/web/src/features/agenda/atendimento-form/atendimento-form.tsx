/**
 * The booking form (issue #17 items 2 and 3): pet (with its owner), type, day, start and end,
 * professional, the room or box the type needs, services with their prices, notes, "não
 * fazer", priority, leva e traz (the owner's address prefilled), repetition and the pet's
 * package. Creates (POST) or saves (PUT); the API's 400 (a clash naming the other
 * appointment) lands on the fields and as a general error, nothing typed is lost.
 */
import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { PRIORIDADES, type AtendimentoDetalhe, type Eventos, type Prioridade } from '@petshop/shared/agenda';
import { parseDateInput } from '@petshop/shared/format';
import type { Pet } from '@petshop/shared/pet';
import type { ProdutoPdv } from '@petshop/shared/produto';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { useAlterarAtendimento } from '../api/alterar-atendimento.ts';
import { useCriarAtendimento } from '../api/criar-atendimento.ts';
import { pessoaTutorQueryOptions } from '../api/get-pessoa-tutor.ts';
import { tiposAtendimentoApi } from '#lib/agenda/cadastros-agenda.ts';
import {
  aplicarTipo,
  atendimentoInput,
  atendimentoValues,
  CAMPOS_DO_SERVIDOR,
  novoAtendimentoValues,
  somarMinutos,
  umAnoDepois,
  type AtendimentoFormValues,
  type NovoAtendimentoInicial,
} from './atendimento-values.ts';
import { PacoteAviso } from './pacote-aviso.tsx';
import { PetSelect } from './pet-select.tsx';
import { applyServerErrors } from '#lib/forms/apply-server-errors.ts';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { newIdempotencyKey } from '#lib/http/idempotency.ts';
import { notifySuccess } from '#lib/notify.ts';
import { listProdutosPdv } from '#lib/produtos/list-produtos-pdv.ts';
import { ProdutoSelect } from '#lib/produtos/produto-select.tsx';
import { queryKeys } from '#lib/query-keys.ts';
import { DecimalInput, MoneyInput } from '#lib/ui/decimal-input.tsx';
import { AnchorLink } from '#lib/ui/router-links.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';

type AtendimentoFormProps = {
  /** Editing this appointment; absent: booking a new one at `inicial`. */
  atendimento?: AtendimentoDetalhe;
  inicial?: NovoAtendimentoInicial;
  recursos: Eventos['recursos'] | undefined;
  /** Whether the user may book and edit (permission agenda); otherwise read-only. */
  editavel: boolean;
  onSaved: () => void;
  onCancel: () => void;
};

const PRIORIDADE_OPTIONS = Object.entries(PRIORIDADES).map(([value, label]) => ({ value, label }));

const buscaServicos = (termo: string) => ({
  queryKey: [...queryKeys.produtos.buscaPdv(termo), 'servicos'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await listProdutosPdv(termo, signal)).filter((p) => p.tipo === 'servico'),
});

const enderecoTexto = (e: {
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
}): string =>
  [[e.logradouro, e.numero].filter(Boolean).join(', '), e.complemento, e.bairro, [e.cidade, e.uf].filter(Boolean).join('/')]
    .filter(Boolean)
    .join(' - ');

export function AtendimentoForm({ atendimento, inicial, recursos, editavel, onSaved, onCancel }: AtendimentoFormProps) {
  const criando = !atendimento;
  const queryClient = useQueryClient();
  const href = useRouterState({ select: (s) => s.location.href });
  const form = useForm<AtendimentoFormValues>({
    mode: 'controlled',
    initialValues: atendimento ? atendimentoValues(atendimento) : novoAtendimentoValues(inicial ?? { inicio: '' }),
    validate: {
      petId: (v) => (v ? null : 'Pet é obrigatório'),
      tipoAtendimentoId: (v) => (v ? null : 'Tipo de atendimento é obrigatório'),
      data: (v) => (v ? null : 'Data obrigatória'),
      horaInicio: (v) => (v ? null : 'Início obrigatório'),
      horaFim: (v, values) => (v && values.horaInicio && v <= values.horaInicio ? 'O fim deve ser depois do início' : null),
      levaEndereco: (v, values) => (values.levaETraz && !v.trim() ? 'Endereço obrigatório' : null),
      repetirAte: (v, values) => (values.repetir && !v ? 'Informe até quando repetir' : null),
    },
  });
  const v = form.getValues();
  const [pet, setPet] = useState<Pet | null>(null);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const idempotencyKey = useRef(newIdempotencyKey());
  const criar = useCriarAtendimento();
  const alterar = useAlterarAtendimento();
  const tipos = tiposAtendimentoApi.useOptions({ ativo: 'true' });

  const tipoPorId = useMemo(() => new Map((tipos.data?.items ?? []).map((t) => [t.id, t])), [tipos.data]);
  const tipo = v.tipoAtendimentoId ? (tipoPorId.get(v.tipoAtendimentoId) ?? null) : null;
  const tipoOptions = useMemo(() => {
    const rows = (tipos.data?.items ?? []).map((t) => ({ value: t.id, label: t.nome }));
    if (atendimento && !tipoPorId.has(atendimento.tipoAtendimentoId)) {
      rows.push({ value: atendimento.tipoAtendimentoId, label: atendimento.tipoNome });
    }
    return rows;
  }, [tipos.data, tipoPorId, atendimento]);

  const tutores = pet
    ? pet.tutores.map((t) => ({ value: t.pessoaId, label: t.nome }))
    : atendimento && v.petId === atendimento.petId
      ? [{ value: atendimento.clienteId, label: atendimento.clienteNome }]
      : [];
  const recursoDoTipo = tipo?.recurso ?? (v.boxId ? 'Box' : v.salaId ? 'Sala' : 'Nenhum');
  const opcoes = (lista: readonly { id: string; nome: string; ativo?: boolean }[], atual: string | null) =>
    lista.filter((r) => r.ativo !== false || r.id === atual).map((r) => ({ value: r.id, label: r.nome }));

  const escolherPet = (novo: Pet | null) => {
    setPet(novo);
    form.setFieldValue('petId', novo?.id ?? null);
    form.setFieldValue('clienteId', novo?.tutores[0]?.pessoaId ?? null);
    form.setFieldValue('levaEndereco', '');
  };

  const escolherTipo = (id: string | null) => {
    const anterior = tipo;
    form.setFieldValue('tipoAtendimentoId', id);
    const novo = id ? tipoPorId.get(id) : undefined;
    if (novo) form.setValues(aplicarTipo(form.getValues(), novo, anterior));
  };

  const alternarLevaETraz = async (ligado: boolean) => {
    form.setFieldValue('levaETraz', ligado);
    const { clienteId, levaEndereco } = form.getValues();
    if (!ligado || levaEndereco.trim() || !clienteId) return;
    try {
      const pessoa = await queryClient.fetchQuery(pessoaTutorQueryOptions(clienteId));
      if (!form.getValues().levaEndereco.trim()) form.setFieldValue('levaEndereco', enderecoTexto(pessoa.endereco));
    } catch {
      // No address: the field stays empty for the user to type.
    }
  };

  const salvar = form.onSubmit(async (values) => {
    setGeneralErrors([]);
    const dados = atendimentoInput(values, criando);
    try {
      if (atendimento) {
        await alterar.mutateAsync({ id: atendimento.id, dados: { ...dados, prioridade: atendimento.prioridade } });
        notifySuccess('Atendimento salvo');
      } else {
        const criado = await criar.mutateAsync({ dados, idempotencyKey: idempotencyKey.current });
        notifySuccess(criado.ids.length > 1 ? `${criado.ids.length} atendimentos agendados` : 'Atendimento agendado');
      }
      onSaved();
    } catch (error) {
      idempotencyKey.current = newIdempotencyKey();
      setGeneralErrors(applyServerErrors(form, error, { fieldMap: CAMPOS_DO_SERVIDOR }));
    }
  });

  const salvando = criar.isPending || alterar.isPending;
  const adicionarServico = (produto: ProdutoPdv | null) => {
    if (!produto) return;
    form.insertListItem('servicos', { produtoId: produto.id, descricao: produto.nome, valor: produto.precoVenda });
  };

  return (
    <form onSubmit={salvar} noValidate aria-label={criando ? 'Novo atendimento' : 'Editar atendimento'}>
      <fieldset disabled={!editavel || salvando} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <FormGeneralErrors errors={generalErrors} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PetSelect
              label="Pet"
              required
              value={v.petId}
              valueLabel={atendimento ? `${atendimento.petNome} — ${atendimento.clienteNome}` : undefined}
              onChange={escolherPet}
              error={form.errors.petId}
              data-autofocus={criando || undefined}
            />
            <SelectField
              label="Tutor"
              data={tutores}
              value={v.clienteId}
              onChange={(id) => form.setFieldValue('clienteId', id)}
              allowDeselect={false}
              disabled={tutores.length <= 1}
              description={tutores.length > 1 ? 'O pet tem mais de um tutor: escolha quem traz' : undefined}
              error={form.errors.clienteId}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <SelectField
              label="Tipo de atendimento"
              required
              searchable
              data={tipoOptions}
              value={v.tipoAtendimentoId}
              onChange={escolherTipo}
              nothingFoundMessage="Nenhum tipo encontrado"
              error={form.errors.tipoAtendimentoId}
            />
            {editavel ? (
              <AnchorLink
                size="xs"
                to={'/configuracoes/atendimento/tipos-atendimento/form' as never}
                search={{ returnTo: href } as never}
              >
                + novo tipo
              </AnchorLink>
            ) : null}
          </Stack>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <DateInput
              label="Data"
              required
              placeholder="dd/mm/aaaa"
              valueFormat="DD/MM/YYYY"
              dateParser={(text) => parseDateInput(text)}
              value={v.data || null}
              onChange={(value) => form.setFieldValue('data', value ?? '')}
              error={form.errors.data}
            />
            <TimeInput
              label="Início"
              required
              value={v.horaInicio}
              onChange={(event) => {
                const hora = event.currentTarget.value;
                const { horaInicio, horaFim } = form.getValues();
                form.setFieldValue('horaInicio', hora);
                // Keep the duration when the start moves.
                if (hora && horaInicio && horaFim) {
                  const dur =
                    Number(horaFim.slice(0, 2)) * 60 +
                    Number(horaFim.slice(3)) -
                    (Number(horaInicio.slice(0, 2)) * 60 + Number(horaInicio.slice(3)));
                  if (dur > 0) form.setFieldValue('horaFim', somarMinutos(hora, dur));
                }
              }}
              error={form.errors.horaInicio}
            />
            <TimeInput
              label="Fim"
              description={!v.horaFim && tipo ? `Padrão: ${tipo.duracaoMinutos} min` : undefined}
              {...form.getInputProps('horaFim')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <SelectField
              label="Profissional"
              clearable
              searchable
              data={(recursos?.profissionais ?? []).map((p) => ({ value: p.id, label: p.nome }))}
              value={v.responsavelId}
              onChange={(id) => form.setFieldValue('responsavelId', id)}
              error={form.errors.responsavelId}
            />
            {recursoDoTipo === 'Box' ? (
              <SelectField
                label="Box"
                clearable
                data={opcoes(recursos?.boxes ?? [], v.boxId)}
                value={v.boxId}
                onChange={(id) => form.setFieldValue('boxId', id)}
                error={form.errors.boxId}
              />
            ) : recursoDoTipo === 'Sala' ? (
              <SelectField
                label="Sala"
                clearable
                data={opcoes(recursos?.salas ?? [], v.salaId)}
                value={v.salaId}
                onChange={(id) => form.setFieldValue('salaId', id)}
                error={form.errors.salaId}
              />
            ) : null}
          </SimpleGrid>

          <PacoteAviso
            petId={v.petId}
            tipoAtendimentoId={v.tipoAtendimentoId}
            atual={atendimento && v.tipoAtendimentoId === atendimento.tipoAtendimentoId ? atendimento.pacote : null}
            usarPacote={v.usarPacote}
            onUsarPacoteChange={(usar) => form.setFieldValue('usarPacote', usar)}
            disabled={!editavel}
          />

          <Divider label="Serviços" labelPosition="left" />
          {v.servicos.length > 0 ? (
            <Table.ScrollContainer minWidth={300}>
              <Table verticalSpacing={4} aria-label="Serviços do atendimento">
                <Table.Tbody>
                  {v.servicos.map((s, i) => (
                    <Table.Tr key={`${s.produtoId}-${i}`}>
                      <Table.Td>
                        <Text size="sm">{s.descricao}</Text>
                      </Table.Td>
                      <Table.Td w={150}>
                        <MoneyInput
                          aria-label={`Valor de ${s.descricao}`}
                          size="xs"
                          {...form.getInputProps(`servicos.${i}.valor`)}
                        />
                      </Table.Td>
                      <Table.Td w={40}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remover ${s.descricao}`}
                          onClick={() => form.removeListItem('servicos', i)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm" c="dimmed">
              Nenhum serviço: nada será cobrado além do pacote ou do leva e traz.
            </Text>
          )}
          {editavel ? (
            <ProdutoSelect<ProdutoPdv, readonly unknown[]>
              label="Adicionar serviço"
              placeholder="Buscar serviço"
              value={null}
              onChange={(_, item) => adicionarServico(item)}
              busca={buscaServicos as never}
              idOf={(p) => p.id}
              nomeOf={(p) => p.nome}
            />
          ) : null}
          {form.errors.servicos ? (
            <Text size="sm" c="red">
              {form.errors.servicos}
            </Text>
          ) : null}

          <Divider label="Observações" labelPosition="left" />
          <Textarea label="Observações" rows={3} {...form.getInputProps('observacoes')} />
          <TextInput label="Não fazer" placeholder="Ex.: não cortar as unhas" {...form.getInputProps('naoFazer')} />
          {criando ? (
            <SelectField
              label="Prioridade"
              data={PRIORIDADE_OPTIONS}
              value={v.prioridade}
              allowDeselect={false}
              onChange={(p) => form.setFieldValue('prioridade', (p ?? 'Normal') as Prioridade)}
              w={{ base: '100%', xs: 220 }}
            />
          ) : null}

          <Switch
            label="Leva e traz"
            checked={v.levaETraz}
            onChange={(event) => void alternarLevaETraz(event.currentTarget.checked)}
          />
          {v.levaETraz ? (
            <Stack gap="sm" pl={{ base: 0, xs: 'md' }}>
              <TextInput label="Endereço de busca e entrega" required {...form.getInputProps('levaEndereco')} />
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <TimeInput label="Buscar às" {...form.getInputProps('horaBusca')} />
                <TimeInput label="Entregar às" {...form.getInputProps('horaEntrega')} />
                <MoneyInput label="Taxa" {...form.getInputProps('levaValor')} />
              </SimpleGrid>
            </Stack>
          ) : null}

          {criando ? (
            <>
              <Checkbox label="Repetir" {...form.getInputProps('repetir', { type: 'checkbox' })} />
              {v.repetir ? (
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" pl={{ base: 0, xs: 'md' }}>
                  <DecimalInput
                    label="A cada quantas semanas"
                    min={1}
                    max={12}
                    allowDecimal={false}
                    {...form.getInputProps('intervaloSemanas')}
                  />
                  <DateInput
                    label="Até"
                    required
                    placeholder="dd/mm/aaaa"
                    valueFormat="DD/MM/YYYY"
                    dateParser={(text) => parseDateInput(text)}
                    minDate={v.data || undefined}
                    maxDate={v.data ? umAnoDepois(v.data) : undefined}
                    value={v.repetirAte}
                    onChange={(value) => form.setFieldValue('repetirAte', value)}
                    error={form.errors.repetirAte}
                  />
                </SimpleGrid>
              ) : null}
            </>
          ) : null}
        </Stack>
      </fieldset>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={onCancel}>
          {editavel ? 'Cancelar' : 'Fechar'}
        </Button>
        {editavel ? (
          <Button type="submit" loading={salvando}>
            {criando ? 'Agendar' : 'Salvar'}
          </Button>
        ) : null}
      </Group>
    </form>
  );
}
