/**
 * "Emitir receita" / "Emitir documento" (issue #19 item 5): a template of the kind, a title, for a
 * prescription its medicines, a PREVIEW of the filled text (processar with salvar:false, shown
 * through htmlSeguro), then "Emitir e baixar PDF": processar saves it as a record and its PDF
 * (GET /clinica/registros/{id}/pdf) is downloaded. A template the API refuses (an unknown
 * variable: 400) shows the API's message. One idempotency key per opening: a double click or a
 * retry issues the document once.
 */
import { Alert, Box, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  processarModeloInputSchema,
  TIPOS_MODELO,
  type FichaAnimal,
  type Medicamento,
  type ProcessarModeloInputParsed,
  type ProcessarModeloResult,
  type TipoModelo,
} from '@petshop/shared/clinica';
import { IconEye } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { htmlSeguro } from './html-seguro.ts';
import { medicamentoVazio, MedicamentosEditor, type MedicamentoValues } from './medicamentos-editor.tsx';
import { baixarRegistroPdf } from '../../api/baixar-registro-pdf.ts';
import { useModelosDocumento } from '../../api/list-modelos-documento.ts';
import { processarModelo, useProcessarModelo } from '../../api/processar-modelo.ts';
import { FormActions } from '#lib/forms/form-actions.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { toApiError } from '#lib/http/api-error.ts';
import { notifyError, notifySuccess } from '#lib/notify.ts';
import { SelectField } from '#lib/ui/select-field.tsx';

type Props = { ficha: FichaAnimal; tipo: TipoModelo | null; onClose: () => void };

const TITULO_MODAL: Record<TipoModelo, string> = { receita: 'Emitir receita', documento: 'Emitir documento' };
/** Words that agree with the kind's gender (a receita, o documento). */
const TEXTOS: Record<TipoModelo, { emitida: string; salva: string; artigo: string }> = {
  receita: { emitida: 'Receita emitida', salva: 'Receita salva', artigo: 'a receita' },
  documento: { emitida: 'Documento emitido', salva: 'Documento salvo', artigo: 'o documento' },
};

export function EmitirDocumentoModal({ ficha, tipo, onClose }: Props) {
  return (
    <Modal
      opened={tipo !== null}
      onClose={onClose}
      title={tipo ? TITULO_MODAL[tipo] : ''}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {/* Mounted per opening: a fresh form and idempotency key each time. */}
      {tipo ? <EmitirDocumentoForm ficha={ficha} tipo={tipo} onClose={onClose} /> : null}
    </Modal>
  );
}

type Values = {
  modeloDocumentoId: string | null;
  petId: string;
  titulo: string;
  medicamentos: MedicamentoValues[];
  salvar: boolean;
};

/** The file name of a document's PDF when the API gives none. */
const nomePdf = (titulo: string, pet: string) =>
  `${`${titulo} ${pet}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}.pdf`;

function EmitirDocumentoForm({ ficha, tipo, onClose }: { ficha: FichaAnimal; tipo: TipoModelo; onClose: () => void }) {
  const modelos = useModelosDocumento({ tipo, ativo: 'true', page: 1, pageSize: 100 });
  const processar = useProcessarModelo();
  const [previa, setPrevia] = useState<{ html: string; medicamentos: Medicamento[] } | null>(null);
  const [erroPrevia, setErroPrevia] = useState<readonly string[]>([]);
  const [gerandoPrevia, setGerandoPrevia] = useState(false);
  const lista = modelos.data?.items ?? [];

  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<
    Values,
    ProcessarModeloInputParsed,
    ProcessarModeloResult
  >({
    schema: processarModeloInputSchema,
    initialValues: {
      modeloDocumentoId: null,
      petId: ficha.pet.id,
      titulo: '',
      medicamentos: tipo === 'receita' ? [medicamentoVazio()] : [],
      salvar: true,
    },
    submit: (dados, { idempotencyKey }) => processar.mutateAsync({ dados: { ...dados, salvar: true }, idempotencyKey }),
    successMessage: false,
    onSuccess: (resultado) => {
      const registro = resultado.registro;
      onClose();
      if (!registro) return;
      notifySuccess(registro.titulo ? `${TEXTOS[tipo].emitida}: ${registro.titulo}` : TEXTOS[tipo].emitida);
      baixarRegistroPdf(registro.id, nomePdf(registro.titulo ?? TIPOS_MODELO[tipo], ficha.pet.nome)).catch((error: unknown) =>
        notifyError(`${TEXTOS[tipo].salva} na ficha, mas o PDF não foi baixado: ${toApiError(error).message}`),
      );
    },
  });
  const v = form.getValues();

  // A template is chosen once the list arrives (most clinics use one): the first that is not of
  // controle especial (those are the exception: two copies, the buyer's identification).
  const primeiroModelo = (lista.find((m) => !m.controleEspecial) ?? lista[0])?.id ?? null;
  const escolhido = v.modeloDocumentoId;
  const { setFieldValue } = form;
  useEffect(() => {
    if (escolhido === null && primeiroModelo) setFieldValue('modeloDocumentoId', primeiroModelo);
  }, [primeiroModelo, escolhido, setFieldValue]);

  const modelo = lista.find((m) => m.id === v.modeloDocumentoId) ?? null;

  const gerarPrevia = async () => {
    if (form.validate().hasErrors) return;
    setGerandoPrevia(true);
    setErroPrevia([]);
    try {
      const dados = processarModeloInputSchema.parse({ ...v, salvar: false });
      const resultado = await processarModelo({ dados });
      // The PDF lists a prescription's medicines after the text: so does the preview.
      setPrevia({ html: htmlSeguro(resultado.html), medicamentos: dados.medicamentos });
    } catch (error) {
      const apiError = toApiError(error);
      const porCampo = Object.entries(apiError.fieldErrors);
      for (const [campo, mensagem] of porCampo)
        if (campo in v || campo.startsWith('medicamentos.')) form.setFieldError(campo, mensagem);
      setErroPrevia(
        [...porCampo.filter(([campo]) => !(campo in v)).map(([, m]) => m), ...apiError.generalErrors].filter(Boolean),
      );
      if (porCampo.length === 0 && apiError.generalErrors.length === 0) setErroPrevia(apiError.displayMessages);
      setPrevia(null);
    } finally {
      setGerandoPrevia(false);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={TITULO_MODAL[tipo]}>
      <Stack gap="sm">
        <FormGeneralErrors errors={generalErrors} title={`Não foi possível emitir ${TEXTOS[tipo].artigo}`} />
        <Group grow align="flex-start" gap="sm">
          <SelectField
            label="Modelo"
            required
            searchable
            data-autofocus
            placeholder={modelos.isPending ? 'Carregando…' : 'Escolha o modelo'}
            nothingFoundMessage="Nenhum modelo ativo"
            data={lista.map((m) => ({ value: m.id, label: m.nome }))}
            value={v.modeloDocumentoId}
            onChange={(value) => {
              form.setFieldValue('modeloDocumentoId', value);
              form.clearFieldError('modeloDocumentoId');
              setPrevia(null);
              setErroPrevia([]);
            }}
            error={form.errors.modeloDocumentoId}
          />
          <TextInput
            label="Título"
            maxLength={200}
            placeholder={modelo?.nome ?? 'O nome do modelo'}
            {...form.getInputProps('titulo')}
          />
        </Group>
        {modelo?.controleEspecial ? (
          <Alert color="orange" variant="light">
            Receita de controle especial: o PDF sai em duas vias, com a identificação do comprador e do fornecedor.
          </Alert>
        ) : null}
        {tipo === 'receita' ? <MedicamentosEditor form={form} /> : null}
        {modelos.isSuccess && lista.length === 0 ? (
          <Alert color="yellow" variant="light">
            Nenhum modelo de {TIPOS_MODELO[tipo].toLowerCase()} ativo. Cadastre em Configurações › Clínica.
          </Alert>
        ) : null}
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={600} id="previa-documento-titulo">
              Pré-visualização
            </Text>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconEye size={14} aria-hidden />}
              loading={gerandoPrevia}
              disabled={!v.modeloDocumentoId}
              onClick={() => void gerarPrevia()}
            >
              {previa ? 'Atualizar pré-visualização' : 'Pré-visualizar'}
            </Button>
          </Group>
          {erroPrevia.length > 0 ? (
            <Alert color="red" variant="light" title="O modelo não pôde ser preenchido" role="alert">
              {erroPrevia.join(' ')}
            </Alert>
          ) : null}
          {previa ? (
            <Box
              role="document"
              aria-labelledby="previa-documento-titulo"
              p="md"
              bd="1px solid var(--mantine-color-gray-3)"
              bg="white"
              style={{ borderRadius: 'var(--mantine-radius-sm)', maxHeight: 320, overflowY: 'auto', fontSize: 14 }}
            >
              {/* htmlSeguro keeps only the editor's tags (no script, no event attribute, no image). */}
              <div dangerouslySetInnerHTML={{ __html: previa.html }} />
              {previa.medicamentos.length > 0 ? (
                <ol aria-label="Medicamentos da receita" style={{ margin: 0, paddingLeft: 20 }}>
                  {previa.medicamentos.map((m, i) => (
                    <li key={i}>
                      <strong>{m.nome}</strong>
                      {` — ${[m.dose, m.via, m.frequencia, m.duracao].join(', ')}${m.quantidade ? ` (${m.quantidade})` : ''}`}
                    </li>
                  ))}
                </ol>
              ) : null}
            </Box>
          ) : (
            <Text size="sm" c="dimmed">
              Veja o texto preenchido com os dados do pet, do tutor e da unidade antes de emitir.
            </Text>
          )}
        </Stack>
        <FormActions onCancel={onClose} submitting={submitting} submitLabel="Emitir e baixar PDF" />
      </Stack>
    </form>
  );
}
