/**
 * Cancelling an authorised NFC-e (event 110111, issue #18 item 4): the reason of 15 to 255
 * characters with a counter; the API refuses past 30 minutes or when SEFAZ does.
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { cancelarNfceInputSchema, JUSTIFICATIVA_MINIMA, type DocumentoFiscal } from '@petshop/shared/fiscal';
import { formatMoney } from '@petshop/shared/format';
import { useState } from 'react';
import { toApiError } from '#lib/http/api-error.ts';
import { newIdempotencyKey } from '#lib/http/idempotency.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useCancelarDocumentoFiscal } from '../api/cancelar-documento-fiscal.ts';

const MAXIMO = 255;

type Props = { documento: DocumentoFiscal | null; onClose: () => void };

export function CancelarDocumentoModal({ documento, onClose }: Props) {
  return (
    <Modal opened={Boolean(documento)} onClose={onClose} title="Cancelar NFC-e" centered>
      {documento ? <CancelarForm key={documento.id} documento={documento} onClose={onClose} /> : null}
    </Modal>
  );
}

function CancelarForm({ documento, onClose }: { documento: DocumentoFiscal; onClose: () => void }) {
  const [justificativa, setJustificativa] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [gerais, setGerais] = useState<readonly string[]>([]);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const cancelar = useCancelarDocumentoFiscal();
  const tamanho = justificativa.trim().length;

  const enviar = () => {
    const parsed = cancelarNfceInputSchema.safeParse({ justificativa });
    if (!parsed.success) {
      setErro(parsed.error.issues[0]?.message ?? 'Justificativa inválida');
      return;
    }
    setErro(null);
    setGerais([]);
    cancelar.mutate(
      { id: documento.id, dados: parsed.data, idempotencyKey },
      {
        onSuccess: () => {
          notifySuccess(`NFC-e nº ${documento.numero} cancelada`);
          onClose();
        },
        onError: (error) => {
          const apiError = toApiError(error);
          const { justificativa: campo, ...outros } = apiError.fieldErrors;
          setErro(campo ?? null);
          const resto = [...apiError.generalErrors, ...Object.values(outros)];
          setGerais(resto.length > 0 || campo ? resto : apiError.displayMessages);
        },
      },
    );
  };

  return (
    <form
      aria-label="Cancelar NFC-e"
      onSubmit={(event) => {
        event.preventDefault();
        enviar();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          NFC-e nº <strong>{documento.numero}</strong> (série {documento.serie}) da venda nº {documento.vendaNumero},{' '}
          {formatMoney(documento.valorTotal)}. O cancelamento é aceito até 30 minutos após a autorização.
        </Text>
        {gerais.length > 0 ? (
          <Alert color="red" title="Não foi possível cancelar">
            {gerais.join(' ')}
          </Alert>
        ) : null}
        <Textarea
          label="Justificativa"
          required
          autosize
          minRows={3}
          maxLength={MAXIMO}
          value={justificativa}
          onChange={(event) => {
            setJustificativa(event.currentTarget.value);
            if (erro) setErro(null);
          }}
          error={erro}
          description={`${tamanho}/${MAXIMO} caracteres (mínimo ${JUSTIFICATIVA_MINIMA})`}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" color="red" loading={cancelar.isPending}>
            Cancelar NFC-e
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
