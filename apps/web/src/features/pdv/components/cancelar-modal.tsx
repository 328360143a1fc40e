import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { applyServerErrors } from '#lib/forms/apply-server-errors.ts';

type CancelarModalProps = {
  opened: boolean;
  onClose: () => void;
  /** 'Venda nº 12', 'Orçamento nº 3'. */
  titulo: string;
  /** Whether the reason is required (anything beyond an untouched draft). */
  motivoObrigatorio: boolean;
  /** What cancelling will undo, in a sentence. */
  efeitos?: string;
  onConfirmar: (motivo: string) => Promise<void>;
};

/**
 * Ctrl+Delete: cancels a sale or quote with a reason (DELETE /pdv/excluir-venda/{id}). A sale
 * that moved stock or money is reversed by the API; the reason is then required (min. 3 letters).
 */
export function CancelarModal({ opened, onClose, titulo, motivoObrigatorio, efeitos, onConfirmar }: CancelarModalProps) {
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [gerais, setGerais] = useState<string[]>([]);
  const [enviando, setEnviando] = useState(false);
  useEffect(() => {
    if (opened) {
      setMotivo('');
      setErro(null);
      setGerais([]);
    }
  }, [opened]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (motivoObrigatorio && motivo.trim().length < 3) {
      setErro('Informe o motivo (mínimo 3 letras)');
      return;
    }
    setEnviando(true);
    try {
      await onConfirmar(motivo.trim());
    } catch (error) {
      const target = {
        getValues: () => ({ motivo }),
        setErrors: (errors: Record<string, unknown>) => setErro(typeof errors.motivo === 'string' ? errors.motivo : null),
      };
      setGerais(applyServerErrors(target, error));
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Cancelar ${titulo}`} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {efeitos ? <Text size="sm">{efeitos}</Text> : null}
          {gerais.length > 0 ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {gerais.join(' ')}
            </Alert>
          ) : null}
          <Textarea
            label="Motivo do cancelamento"
            required={motivoObrigatorio}
            autosize
            minRows={2}
            maxLength={500}
            value={motivo}
            onChange={(e) => {
              setMotivo(e.currentTarget.value);
              setErro(null);
            }}
            error={erro}
            data-autofocus
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Voltar (Esc)
            </Button>
            <Button type="submit" color="red" loading={enviando}>
              Cancelar {titulo.toLowerCase()}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
