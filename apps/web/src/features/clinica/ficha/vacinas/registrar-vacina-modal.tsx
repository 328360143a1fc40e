/**
 * "Registrar vacina" (issue #19 item 3): a dose applied — date (today), vaccine, the stock lot
 * (a Select of the product's lots when its product controls lots; else the lot as printed and its
 * expiry), manufacturer (the vaccine's), the vet (the signed-in user), the next dose (what the API
 * will plan, editable) and whether it is charged on the pet's sale em atendimento. Opened from a
 * planned dose's "Aplicar", it completes that dose. The dose's `id` is made once per opening, so a
 * double click or a retry records it once.
 */
import { Modal, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import {
  registrarVacinaInputSchema,
  type FichaAnimal,
  type Planejamento,
  type RegistrarVacinaInputParsed,
  type VacinaAplicada,
} from '@petshop/shared/clinica';
import { formatDate, formatMoney, formatQuantidade, parseDateInput } from '@petshop/shared/format';
import { useState } from 'react';
import { proximaDosePrevista } from './datas-vacina.ts';
import { useLotesVacina } from '../../api/list-lotes-vacina.ts';
import { useProtocolos } from '../../api/list-protocolos.ts';
import { useVacinas } from '../../api/list-vacinas.ts';
import { useRegistrarVacina } from '../../api/registrar-vacina.ts';
import { FormActions } from '#lib/forms/form-actions.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { newUuid } from '#lib/http/idempotency.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { SelectField } from '#lib/ui/select-field.tsx';

type Props = {
  ficha: FichaAnimal;
  opened: boolean;
  /** The planned dose it completes ("Aplicar" on a planned dose), or null. */
  planejamento: Planejamento | null;
  onClose: () => void;
};

export function RegistrarVacinaModal({ ficha, opened, planejamento, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Registrar vacina" size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {/* Mounted per opening: a fresh dose id, form and idempotency key each time. */}
      {opened ? <RegistrarVacinaForm ficha={ficha} planejamento={planejamento} onClose={onClose} /> : null}
    </Modal>
  );
}

type Values = {
  id: string;
  petId: string;
  vacinaId: string | null;
  planejamentoId: string | null;
  dataAplicacao: string;
  loteId: string | null;
  lote: string;
  validadeLote: string;
  fabricante: string;
  proximaDose: string;
  observacoes: string;
  cobrar: boolean;
};

/** The pet's earliest pending dose of a vaccine (what the API completes when none is named). */
const primeiraPendente = (planejadas: readonly Planejamento[], vacinaId: string | null): Planejamento | null =>
  planejadas
    .filter((p) => p.vacinaId === vacinaId && p.status !== 'aplicada')
    .sort((a, b) => a.dataPrevista.localeCompare(b.dataPrevista))[0] ?? null;

/** The success notice: the sale it went to and the next dose planned. */
export const mensagemDoseRegistrada = (aplicada: VacinaAplicada): string => {
  const partes = [
    aplicada.vendaNumero === null ? 'Dose registrada' : `Dose registrada; adicionada à venda nº ${aplicada.vendaNumero}`,
  ];
  if (aplicada.proximaDose) {
    partes.push(`Próxima dose: ${aplicada.proximaDose.descricao} em ${formatDate(aplicada.proximaDose.dataPrevista)}`);
  }
  return partes.join('. ');
};

function RegistrarVacinaForm({ ficha, planejamento, onClose }: Omit<Props, 'opened'>) {
  const hoje = hojeNaUnidade();
  const usuario = useSessionStore((s) => s.user);
  const especieId = ficha.pet.especieId ?? undefined;
  const vacinas = useVacinas({ especieId, ativo: 'true', page: 1, pageSize: 100 });
  const protocolos = useProtocolos({ especieId, ativo: 'true', page: 1, pageSize: 100 });
  const registrar = useRegistrarVacina();
  const [proximaEditada, setProximaEditada] = useState(false);
  const [fabricanteEditado, setFabricanteEditado] = useState(false);
  const planejadas = ficha.vacinas.planejadas;

  const listaVacinas = vacinas.data?.items ?? [];
  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<Values, RegistrarVacinaInputParsed, VacinaAplicada>({
    schema: registrarVacinaInputSchema,
    initialValues: {
      id: newUuid(),
      petId: ficha.pet.id,
      vacinaId: planejamento?.vacinaId ?? null,
      planejamentoId: planejamento?.id ?? null,
      dataAplicacao: hoje,
      loteId: null,
      lote: '',
      validadeLote: '',
      fabricante: '',
      proximaDose: '',
      observacoes: '',
      cobrar: true,
    },
    submit: (dados, { idempotencyKey }) => {
      // The next dose is sent only when the vet changed it: absent, the API plans what the
      // protocol says (and does not plan a second copy of a dose already planned).
      const enviar: RegistrarVacinaInputParsed = {
        ...dados,
        planejamentoId: completa?.id,
        // The manufacturer shown (the vaccine's until typed over) is the one sent.
        fabricante: fabricanteEditado ? dados.fabricante : (vacina?.fabricante ?? undefined),
        cobrar: Boolean(vacina?.produtoId) && dados.cobrar,
      };
      if (!proximaEditada || dados.proximaDose === prevista?.data) delete enviar.proximaDose;
      return registrar.mutateAsync({ dados: enviar, idempotencyKey });
    },
    successMessage: false,
    onSuccess: (aplicada) => {
      // Longer than a plain "saved": the vet reads the sale's number and the next dose.
      notifications.show({
        color: 'teal',
        title: 'Vacina registrada',
        message: mensagemDoseRegistrada(aplicada),
        autoClose: 8000,
      });
      onClose();
    },
  });
  const v = form.getValues();
  const vacina = listaVacinas.find((x) => x.id === v.vacinaId) ?? null;
  const controlaLote = Boolean(vacina?.produtoId && vacina.controlaLote);
  const lotes = useLotesVacina(vacina?.produtoId ?? null, controlaLote);
  const completa = planejamento ?? primeiraPendente(planejadas, v.vacinaId);
  const prevista = proximaDosePrevista(completa, planejadas, protocolos.data?.items ?? [], parseDateInput(v.dataAplicacao) ?? '');
  const fabricante = fabricanteEditado ? v.fabricante : (vacina?.fabricante ?? '');

  const opcoesVacina = listaVacinas.map((x) => ({ value: x.id, label: x.nome }));
  if (planejamento && !opcoesVacina.some((o) => o.value === planejamento.vacinaId)) {
    opcoesVacina.unshift({ value: planejamento.vacinaId, label: planejamento.vacinaNome });
  }

  return (
    <form noValidate aria-label="Registrar vacina" onSubmit={handleSubmit}>
      <Stack gap="sm">
        <FormGeneralErrors errors={generalErrors} title="Não foi possível registrar a dose" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateInput
            label="Data da aplicação"
            required
            data-autofocus
            placeholder="dd/mm/aaaa"
            valueFormat="DD/MM/YYYY"
            dateParser={(text) => parseDateInput(text)}
            maxDate={hoje}
            value={v.dataAplicacao || null}
            onChange={(value) => form.setFieldValue('dataAplicacao', value ?? '')}
            error={form.errors.dataAplicacao}
          />
          <SelectField
            label="Vacina"
            required
            searchable
            disabled={planejamento !== null}
            placeholder={vacinas.isPending ? 'Carregando…' : 'Escolha a vacina'}
            nothingFoundMessage="Nenhuma vacina ativa para esta espécie"
            data={opcoesVacina}
            value={v.vacinaId}
            onChange={(value) => {
              form.setFieldValue('vacinaId', value);
              form.setFieldValue('loteId', null);
              form.clearFieldError('vacinaId');
            }}
            error={form.errors.vacinaId}
          />
        </SimpleGrid>
        {completa ? (
          <Text size="sm" c="dimmed" aria-label="Dose planejada">
            Completa a dose planejada: {completa.vacinaNome} — {completa.descricao}, prevista para{' '}
            {formatDate(completa.dataPrevista)}
          </Text>
        ) : null}
        {controlaLote ? (
          <SelectField
            label="Lote do estoque"
            clearable
            placeholder={lotes.isPending ? 'Carregando…' : 'Automático: o que vence primeiro'}
            nothingFoundMessage="Nenhum lote com estoque"
            description="A dose sai do estoque deste lote"
            data={(lotes.data?.items ?? []).map((l) => ({
              value: l.id,
              disabled: l.vencido,
              label: `${l.numero} — ${l.dataValidade ? `val. ${formatDate(l.dataValidade)}` : 'sem validade'} — ${formatQuantidade(l.quantidade, { sigla: l.unidadeSigla, permiteVendaFracionada: l.permiteVendaFracionada })}${l.vencido ? ' (vencido)' : ''}`,
            }))}
            {...form.getInputProps('loteId')}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Lote" maxLength={60} placeholder="Como impresso no frasco" {...form.getInputProps('lote')} />
            <DateInput
              label="Validade do lote"
              placeholder="dd/mm/aaaa"
              valueFormat="DD/MM/YYYY"
              dateParser={(text) => parseDateInput(text)}
              clearable
              value={v.validadeLote || null}
              onChange={(value) => form.setFieldValue('validadeLote', value ?? '')}
              error={form.errors.validadeLote}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Fabricante"
            maxLength={120}
            value={fabricante}
            onChange={(event) => {
              setFabricanteEditado(true);
              form.setFieldValue('fabricante', event.currentTarget.value);
            }}
            error={form.errors.fabricante}
          />
          <TextInput
            label="Veterinário"
            readOnly
            variant="filled"
            value={usuario?.nome ?? ''}
            description="Quem está conectado"
          />
        </SimpleGrid>
        <DateInput
          label="Próxima dose"
          placeholder="dd/mm/aaaa"
          valueFormat="DD/MM/YYYY"
          dateParser={(text) => parseDateInput(text)}
          clearable
          value={(proximaEditada ? v.proximaDose : (prevista?.data ?? '')) || null}
          onChange={(value) => {
            setProximaEditada(true);
            form.setFieldValue('proximaDose', value ?? '');
          }}
          error={form.errors.proximaDose}
          description={
            prevista
              ? `${prevista.descricao}${prevista.jaPlanejada ? ' (já planejada)' : ' (será planejada)'}; altere para planejar em outra data`
              : 'Informe para planejar a próxima dose'
          }
        />
        <Switch
          label="Cobrar na venda em atendimento"
          disabled={!vacina?.produtoId}
          checked={Boolean(vacina?.produtoId) && v.cobrar}
          onChange={(event) => form.setFieldValue('cobrar', event.currentTarget.checked)}
          description={
            !vacina
              ? undefined
              : vacina.produtoId
                ? `${vacina.produtoNome ?? 'Produto'}: ${formatMoney(vacina.precoVenda)} na venda do pet`
                : 'Vacina sem produto vinculado: a dose não é cobrada nem sai do estoque'
          }
        />
        <Textarea label="Observações" autosize minRows={1} maxRows={4} maxLength={1000} {...form.getInputProps('observacoes')} />
        <FormActions onCancel={onClose} submitting={submitting} submitLabel="Registrar dose" />
      </Stack>
    </form>
  );
}
