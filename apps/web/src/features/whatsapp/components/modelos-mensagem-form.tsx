/**
 * The unit's message templates (issue #21 item 2): one accordion item per template with its
 * on/off switch, the text with chips that insert a `{{variavel}}` at the cursor (only the
 * variables that template offers, VARIAVEIS_POR_MODELO), the sending hour of the daily ones,
 * the reminder's hours and the vaccine's days in advance, and a live preview rendered by the
 * API's own `renderizarModelo` with the sample values, drawn like a WhatsApp bubble. One
 * "Salvar modelos" sends the whole set; the API's errors (`aniversario.texto`, …) go to their
 * field and open the template they belong to.
 */
import type { ReactNode } from 'react';
import { Accordion, Badge, Box, Button, Group, Paper, Stack, Switch, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm, type UseFormReturnType } from '@mantine/form';
import {
  EXEMPLO_VARIAVEIS,
  renderizarModelo,
  TIPO_MODELO_IDS,
  TIPOS_MODELO_WHATSAPP,
  VARIAVEIS_MODELO,
  VARIAVEIS_POR_MODELO,
  type ModelosMensagem,
  type TipoModeloWhatsapp,
  type VariavelModelo,
} from '@petshop/shared/whatsapp';
import { useRef, useState } from 'react';
import { useSalvarModelosMensagem } from '../api/salvar-modelos-mensagem.ts';
import { applyServerErrors } from '#lib/forms/apply-server-errors.ts';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { notifySuccess } from '#lib/notify.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { DecimalInput } from '#lib/ui/decimal-input.tsx';

type Form = UseFormReturnType<ModelosMensagem>;

/** When each template goes out, for the accordion's summary. */
const quando = (tipo: TipoModeloWhatsapp, m: ModelosMensagem[TipoModeloWhatsapp]): string => {
  switch (tipo) {
    case 'aniversario':
      return `Todo dia às ${m.horaEnvio ?? '--:--'}`;
    case 'confirmacaoAgendamento':
      return 'Ao agendar';
    case 'lembreteAgendamento':
      return `${m.antecedenciaHoras ?? '-'} h antes do atendimento`;
    case 'petPronto':
      return 'Quando o pet fica pronto';
    case 'vacinaAVencer':
      return `${m.antecedenciaDias ?? '-'} dias antes, às ${m.horaEnvio ?? '--:--'}`;
  }
};

/** Inserts `trecho` in `texto` replacing the selection [inicio, fim); answers the new text and the cursor. */
export const inserirNoCursor = (
  texto: string,
  trecho: string,
  inicio: number,
  fim: number,
): { texto: string; cursor: number } => {
  const a = Math.max(0, Math.min(inicio, texto.length));
  const b = Math.max(a, Math.min(fim, texto.length));
  return { texto: texto.slice(0, a) + trecho + texto.slice(b), cursor: a + trecho.length };
};

export function ModelosMensagemForm({ modelos }: { modelos: ModelosMensagem }) {
  const unidadeId = useSessionStore((s) => s.unidadeNegocio?.id ?? '');
  const salvar = useSalvarModelosMensagem();
  const [gerais, setGerais] = useState<string[]>([]);
  const [abertos, setAbertos] = useState<string[]>([]);
  const form = useForm<ModelosMensagem>({ initialValues: modelos });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="whatsapp-modelos-titulo">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setGerais([]);
          salvar.mutate(
            { unidadeId, modelos: values },
            {
              onSuccess: (salvos) => {
                form.setInitialValues(salvos);
                form.setValues(salvos);
                notifySuccess('Modelos salvos');
              },
              onError: (error) => {
                setGerais(applyServerErrors(form, error));
                const comErro = TIPO_MODELO_IDS.filter((t) => Object.keys(form.errors).some((k) => k.startsWith(`${t}.`)));
                setAbertos((atual) => [...new Set([...atual, ...comErro])]);
              },
            },
          );
        })}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="whatsapp-modelos-titulo">
            Modelos de mensagem
          </Title>
          <Text size="sm" c="dimmed">
            Mensagens enviadas automaticamente pela unidade. Clique numa variável para inseri-la no texto, na posição do cursor.
          </Text>
          <FormGeneralErrors errors={gerais} />
          <Accordion multiple value={abertos} onChange={setAbertos} variant="separated">
            {TIPO_MODELO_IDS.map((tipo) => (
              <ModeloItem key={tipo} tipo={tipo} form={form} />
            ))}
          </Accordion>
          <Group>
            <Button type="submit" loading={salvar.isPending} disabled={!unidadeId}>
              Salvar modelos
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function ModeloItem({ tipo, form }: { tipo: TipoModeloWhatsapp; form: Form }) {
  const textoRef = useRef<HTMLTextAreaElement>(null);
  const m = form.getValues()[tipo];
  const nome = TIPOS_MODELO_WHATSAPP[tipo];
  const comErro = Object.keys(form.errors).some((k) => k.startsWith(`${tipo}.`));

  const inserir = (variavel: VariavelModelo) => {
    const el = textoRef.current;
    const atual = form.getValues()[tipo].texto;
    const inicio = el?.selectionStart ?? atual.length;
    const fim = el?.selectionEnd ?? atual.length;
    const { texto, cursor } = inserirNoCursor(atual, `{{${variavel}}}`, inicio, fim);
    form.setFieldValue(`${tipo}.texto`, texto);
    requestAnimationFrame(() => {
      if (!el) return;
      el.focus();
      el.setSelectionRange(cursor, cursor);
    });
  };

  return (
    <Accordion.Item value={tipo}>
      <Accordion.Control>
        <Group justify="space-between" wrap="wrap" gap="xs" pr="sm">
          <Text fw={600}>{nome}</Text>
          <Group gap="xs">
            {comErro ? (
              <Badge color="red" variant="light">
                Verifique
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed">
              {quando(tipo, m)}
            </Text>
            <Badge color={m.ativo ? 'green' : 'gray'} variant="light">
              {m.ativo ? 'Ativo' : 'Desligado'}
            </Badge>
          </Group>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Stack gap="sm" style={{ flex: '1 1 320px', minWidth: 0 }}>
            <Switch
              label={`Enviar mensagem de ${nome.toLowerCase()}`}
              {...form.getInputProps(`${tipo}.ativo`, { type: 'checkbox' })}
            />
            <Textarea
              ref={textoRef}
              label="Texto"
              required
              autosize
              minRows={3}
              maxRows={10}
              maxLength={1000}
              {...form.getInputProps(`${tipo}.texto`)}
            />
            <Stack gap={4}>
              <Text size="xs" c="dimmed" id={`variaveis-${tipo}`}>
                Variáveis
              </Text>
              <Group gap={6} role="group" aria-labelledby={`variaveis-${tipo}`}>
                {VARIAVEIS_POR_MODELO[tipo].map((v) => (
                  <Tooltip key={v} label={VARIAVEIS_MODELO[v].descricao} withArrow>
                    <Button
                      size="compact-xs"
                      radius="xl"
                      variant="light"
                      onClick={() => inserir(v)}
                      aria-label={`Inserir {{${v}}} (${VARIAVEIS_MODELO[v].descricao})`}
                    >
                      {`{{${v}}}`}
                    </Button>
                  </Tooltip>
                ))}
              </Group>
            </Stack>
            <Group gap="sm" align="flex-start" wrap="wrap">
              {tipo === 'aniversario' || tipo === 'vacinaAVencer' ? (
                <TimeInput
                  label="Hora de envio"
                  required
                  w={140}
                  {...form.getInputProps(`${tipo}.horaEnvio`)}
                  value={m.horaEnvio ?? ''}
                  onChange={(e) => form.setFieldValue(`${tipo}.horaEnvio`, e.currentTarget.value || null)}
                />
              ) : null}
              {tipo === 'lembreteAgendamento' ? (
                <AntecedenciaInput
                  label="Antecedência (horas)"
                  min={1}
                  max={72}
                  suffix=" h"
                  value={m.antecedenciaHoras}
                  error={form.errors[`${tipo}.antecedenciaHoras`]}
                  onChange={(v) => form.setFieldValue(`${tipo}.antecedenciaHoras`, v)}
                />
              ) : null}
              {tipo === 'vacinaAVencer' ? (
                <AntecedenciaInput
                  label="Antecedência (dias)"
                  min={0}
                  max={60}
                  suffix=" dias"
                  value={m.antecedenciaDias}
                  error={form.errors[`${tipo}.antecedenciaDias`]}
                  onChange={(v) => form.setFieldValue(`${tipo}.antecedenciaDias`, v)}
                />
              ) : null}
            </Group>
          </Stack>
          <PreviaWhatsapp titulo={nome} texto={renderizarModelo(m.texto, EXEMPLO_VARIAVEIS)} />
        </Group>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** The rendered text inside a WhatsApp-like chat bubble (WhatsApp's *bold* and _italic_ shown as such). */
export function PreviaWhatsapp({ titulo, texto }: { titulo: string; texto: string }) {
  return (
    <Stack gap={4} style={{ flex: '1 1 260px', maxWidth: 420 }}>
      <Text size="xs" c="dimmed">
        Prévia (com dados de exemplo)
      </Text>
      <Box p="md" style={{ background: '#efeae2', borderRadius: 8 }}>
        <Box
          role="figure"
          aria-label={`Prévia: ${titulo}`}
          data-testid="previa-whatsapp"
          px="sm"
          py={6}
          style={{
            background: '#d9fdd3',
            color: '#111b21',
            borderRadius: '8px 0 8px 8px',
            boxShadow: '0 1px 0.5px rgba(11, 20, 26, 0.13)',
            marginLeft: 'auto',
            maxWidth: '90%',
            width: 'fit-content',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontSize: 14,
            lineHeight: 1.4,
          }}
        >
          {texto || (
            <Text span c="dimmed" size="sm">
              (mensagem vazia)
            </Text>
          )}
          <Text span size="xs" c="#3b4a54" ml="sm" style={{ float: 'right', marginTop: 6 }}>
            10:30 ✓✓
          </Text>
        </Box>
      </Box>
    </Stack>
  );
}

/** A whole number of hours or days before the event (null while empty). */
function AntecedenciaInput({
  onChange,
  ...props
}: {
  label: string;
  min: number;
  max: number;
  suffix: string;
  value: number | null;
  error: ReactNode;
  onChange: (valor: number | null) => void;
}) {
  return (
    <DecimalInput
      {...props}
      required
      w={180}
      decimalScale={0}
      onChange={(v) => onChange(typeof v === 'number' && !Number.isNaN(v) ? v : null)}
    />
  );
}
