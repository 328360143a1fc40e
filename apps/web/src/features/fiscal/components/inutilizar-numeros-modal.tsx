/**
 * "Inutilizar numeração" (issue #18 item 4): a range of the unit's series that was skipped and
 * never authorised, with the reason (15+ characters); shows SEFAZ's answer (protocol, or the
 * rejection's cStat and reason).
 */
import { Alert, Button, Grid, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { inutilizarNumerosInputSchema, JUSTIFICATIVA_MINIMA, type InutilizacaoFiscal } from '@petshop/shared/fiscal';
import { useState } from 'react';
import { toApiError } from '#lib/http/api-error.ts';
import { newIdempotencyKey } from '#lib/http/idempotency.ts';
import { DecimalInput } from '#lib/ui/decimal-input.tsx';
import { useInutilizarNumeros } from '../api/inutilizar-numeros.ts';

type Props = { opened: boolean; onClose: () => void };

export function InutilizarNumerosModal({ opened, onClose }: Props) {
  const [versao, setVersao] = useState(0);
  const fechar = () => {
    onClose();
    setVersao((v) => v + 1);
  };
  return (
    <Modal opened={opened} onClose={fechar} title="Inutilizar numeração" centered>
      <InutilizarForm key={versao} onClose={fechar} />
    </Modal>
  );
}

type Valores = { serie: number | string; numeroInicial: number | string; numeroFinal: number | string; justificativa: string };

function InutilizarForm({ onClose }: { onClose: () => void }) {
  const [valores, setValores] = useState<Valores>({ serie: 1, numeroInicial: '', numeroFinal: '', justificativa: '' });
  const [erros, setErros] = useState<Record<string, string>>({});
  const [gerais, setGerais] = useState<readonly string[]>([]);
  const [resultado, setResultado] = useState<InutilizacaoFiscal | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const inutilizar = useInutilizarNumeros();

  const set = <K extends keyof Valores>(campo: K, valor: Valores[K]) => {
    setValores((v) => ({ ...v, [campo]: valor }));
    setErros(({ [campo]: _, ...resto }) => resto);
  };

  const enviar = () => {
    const numero = (v: number | string) => (v === '' || Number.isNaN(v) ? undefined : v);
    const parsed = inutilizarNumerosInputSchema.safeParse({
      ...valores,
      serie: numero(valores.serie),
      numeroInicial: numero(valores.numeroInicial),
      numeroFinal: numero(valores.numeroFinal),
    });
    if (!parsed.success) {
      const novos: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const campo = String(issue.path[0] ?? '');
        novos[campo] ??= issue.message;
      }
      setErros(novos);
      return;
    }
    setGerais([]);
    inutilizar.mutate(
      { dados: parsed.data, idempotencyKey },
      {
        onSuccess: (r) => {
          setResultado(r);
          // A new range after this one is a new request.
          setIdempotencyKey(newIdempotencyKey());
        },
        onError: (error) => {
          const apiError = toApiError(error);
          setErros({ ...apiError.fieldErrors });
          setGerais(Object.keys(apiError.fieldErrors).length > 0 ? apiError.generalErrors : apiError.displayMessages);
        },
      },
    );
  };

  if (resultado) {
    const faixa =
      resultado.numeroInicial === resultado.numeroFinal
        ? `Número ${resultado.numeroInicial}`
        : `Números ${resultado.numeroInicial} a ${resultado.numeroFinal}`;
    return (
      <Stack gap="sm">
        {resultado.status === 'inutilizada' ? (
          <Alert color="green" title="Numeração inutilizada">
            {faixa} da série {resultado.serie} inutilizados na SEFAZ
            {resultado.protocolo ? ` (protocolo ${resultado.protocolo})` : ''}.
          </Alert>
        ) : (
          <Alert color="red" title="A SEFAZ recusou a inutilização">
            {[resultado.cStat, resultado.motivo].filter(Boolean).join(' — ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>Fechar</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      aria-label="Inutilizar numeração"
      onSubmit={(event) => {
        event.preventDefault();
        enviar();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Use para números da série que foram pulados e nunca autorizados. A SEFAZ não aceita inutilizar um número já usado.
        </Text>
        {gerais.length > 0 ? (
          <Alert color="red" title="Não foi possível inutilizar">
            {gerais.join(' ')}
          </Alert>
        ) : null}
        <Grid gap="sm">
          <Grid.Col span={4}>
            <DecimalInput
              label="Série"
              required
              min={0}
              max={999}
              allowDecimal={false}
              allowNegative={false}
              value={valores.serie}
              onChange={(v) => set('serie', v)}
              error={erros.serie}
            />
          </Grid.Col>
          <Grid.Col span={4}>
            <DecimalInput
              label="Número inicial"
              required
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={valores.numeroInicial}
              onChange={(v) => set('numeroInicial', v)}
              error={erros.numeroInicial}
            />
          </Grid.Col>
          <Grid.Col span={4}>
            <DecimalInput
              label="Número final"
              required
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={valores.numeroFinal}
              onChange={(v) => set('numeroFinal', v)}
              error={erros.numeroFinal}
            />
          </Grid.Col>
        </Grid>
        <Textarea
          label="Justificativa"
          required
          autosize
          minRows={2}
          maxLength={255}
          value={valores.justificativa}
          onChange={(event) => set('justificativa', event.currentTarget.value)}
          error={erros.justificativa}
          description={`${valores.justificativa.trim().length}/255 caracteres (mínimo ${JUSTIFICATIVA_MINIMA})`}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" loading={inutilizar.isPending}>
            Inutilizar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
