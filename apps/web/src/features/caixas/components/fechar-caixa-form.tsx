/**
 * Closing a register (DOMAIN.md §6: "close with the counted amount per payment method, showing
 * expected vs counted (quebra de caixa)"): one money field per method the register had
 * movements in and that is counted at the till (cash first; customer credit, a prazo and
 * boleto are not counted, they close as expected), the live difference per line and in total
 * (red short, green over), remarks, and a confirmation before POST /caixas/{id}/fechar.
 * An empty field counts as R$ 0,00, as the API does.
 *
 * Blind closing (the unit's "Fechamento de caixa cego", issue #15): the API sends no expected
 * amounts to a cashier (`fechamentoCego`), so the form asks only the counts — "Fechamento
 * cego: informe o valor contado" — with no expected column, difference or over/short notice.
 */
import { Alert, Button, Group, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Caixa, TotalFormaCaixa } from '@petshop/shared/caixa';
import { formatMoney, fromCents, toCents } from '@petshop/shared/format';
import { IconEyeOff, IconLock } from '@tabler/icons-react';
import { forwardRef, useRef, useState, type FormEvent } from 'react';
import { DiferencaCaixa } from './caixa-ui.tsx';
import { useFecharCaixa } from '../api/fechar-caixa.ts';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { toApiError } from '#lib/http/api-error.ts';
import { newIdempotencyKey } from '#lib/http/idempotency.ts';
import { notifySuccess } from '#lib/notify.ts';
import { MoneyInput, moneyValue } from '#lib/ui/decimal-input.tsx';

type Linha = Pick<TotalFormaCaixa, 'formaPagamentoId' | 'nome' | 'esperado'>;

const chave = (l: Pick<TotalFormaCaixa, 'formaPagamentoId'>) => l.formaPagamentoId ?? 'dinheiro';

const DINHEIRO_VAZIO: TotalFormaCaixa = {
  formaPagamentoId: null,
  nome: 'Dinheiro',
  tipo: 'dinheiro',
  conferir: true,
  entradas: 0,
  saidas: 0,
  esperado: 0,
  contado: null,
  diferenca: null,
};

/** The lines counted at closing: cash always (first), then each counted method with movements. */
export const linhasDeContagem = (caixa: Pick<Caixa, 'totaisPorForma'>): Linha[] => {
  const linhas = caixa.totaisPorForma.filter((t) => t.conferir);
  if (!linhas.some((l) => l.formaPagamentoId === null)) linhas.unshift({ ...DINHEIRO_VAZIO });
  return linhas.sort((a, b) => (a.formaPagamentoId === null ? -1 : b.formaPagamentoId === null ? 1 : 0));
};

/** counted − expected in reais, counting an empty field as 0. */
export const diferencaDaLinha = (esperado: number | null, contado: number | string | null | undefined): number =>
  fromCents(toCents(moneyValue(contado) ?? 0) - toCents(esperado ?? 0));

export type FecharCaixaFormProps = {
  caixa: Pick<Caixa, 'id' | 'numero' | 'totaisPorForma'> & { fechamentoCego?: boolean };
  onClosed?: (caixa: Caixa) => void;
};

export const FecharCaixaForm = forwardRef<HTMLFormElement, FecharCaixaFormProps>(function FecharCaixaForm(
  { caixa, onClosed },
  ref,
) {
  const linhas = linhasDeContagem(caixa);
  const cego = Boolean(caixa.fechamentoCego) || linhas.some((l) => l.esperado === null);
  const [contados, setContados] = useState<Record<string, number | string>>({});
  const [observacoes, setObservacoes] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const [gerais, setGerais] = useState<string[]>([]);
  const fechar = useFecharCaixa();
  const chaveIdempotencia = useRef(newIdempotencyKey());

  const totalEsperado = linhas.reduce((s, l) => s + toCents(l.esperado ?? 0), 0);
  const totalContado = linhas.reduce((s, l) => s + toCents(moneyValue(contados[chave(l)]) ?? 0), 0);
  const diferencaTotal = fromCents(totalContado - totalEsperado);

  const enviar = () => {
    setErros({});
    setGerais([]);
    const contagens = linhas.map((l) => ({
      formaPagamentoId: l.formaPagamentoId,
      valorContado: moneyValue(contados[chave(l)]) ?? 0,
    }));
    fechar.mutate(
      {
        caixaId: caixa.id,
        dados: { contagens, observacoes: observacoes.trim() || undefined },
        idempotencyKey: chaveIdempotencia.current,
      },
      {
        onSuccess: (fechado) => {
          chaveIdempotencia.current = newIdempotencyKey();
          notifySuccess(`Caixa nº ${fechado.numero} fechado`);
          onClosed?.(fechado);
        },
        onError: (error) => {
          const apiError = toApiError(error);
          const porLinha: Record<string, string> = {};
          const outras: string[] = [...apiError.generalErrors];
          for (const [campo, mensagem] of Object.entries(apiError.fieldErrors)) {
            const m = /^contagens\.(\d+)\./.exec(campo);
            const linha = m ? linhas[Number(m[1])] : undefined;
            if (linha) porLinha[chave(linha)] = mensagem;
            else if (campo === 'observacoes') porLinha.observacoes = mensagem;
            else outras.push(mensagem);
          }
          setErros(porLinha);
          setGerais(outras.length > 0 || Object.keys(porLinha).length > 0 ? outras : [apiError.message]);
        },
      },
    );
  };

  const confirmar = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (fechar.isPending) return;
    modals.openConfirmModal({
      title: `Fechar o caixa nº ${caixa.numero}?`,
      centered: true,
      children: (
        <Stack gap="xs">
          {cego ? (
            <Text size="sm">Contado {formatMoney(fromCents(totalContado))}.</Text>
          ) : (
            <>
              <Text size="sm">
                Contado {formatMoney(fromCents(totalContado))} de {formatMoney(fromCents(totalEsperado))} esperados.
              </Text>
              <Text size="sm">
                Diferença: <DiferencaCaixa valor={diferencaTotal} />
              </Text>
            </>
          )}
          <Text size="sm" c="dimmed">
            Depois de fechado, o caixa não aceita mais movimentações.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Confirmar fechamento', cancel: 'Voltar' },
      onConfirm: enviar,
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Fechamento do caixa">
      <form ref={ref} noValidate onSubmit={confirmar} aria-label="Fechar caixa">
        <Stack gap="md">
          <div>
            <Title order={4}>Fechamento</Title>
            <Text size="sm" c="dimmed">
              Conte o dinheiro da gaveta e confira os comprovantes de cada forma de pagamento.
            </Text>
          </div>
          {cego ? (
            <Alert color="blue" variant="light" icon={<IconEyeOff size={18} />}>
              Fechamento cego: informe o valor contado
            </Alert>
          ) : null}
          <FormGeneralErrors errors={gerais} title="Não foi possível fechar o caixa" />
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Forma de pagamento</Table.Th>
                  {cego ? null : <Table.Th ta="right">Esperado</Table.Th>}
                  <Table.Th w={180}>Contado</Table.Th>
                  {cego ? null : <Table.Th ta="right">Diferença</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {linhas.map((l, i) => (
                  <Table.Tr key={chave(l)}>
                    <Table.Td>{l.nome}</Table.Td>
                    {cego ? null : (
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(l.esperado)}
                      </Table.Td>
                    )}
                    <Table.Td>
                      <MoneyInput
                        aria-label={`Contado em ${l.nome}`}
                        value={contados[chave(l)] ?? ''}
                        onChange={(value) => setContados((c) => ({ ...c, [chave(l)]: value }))}
                        error={erros[chave(l)]}
                        data-autofocus={i === 0 ? true : undefined}
                        size="sm"
                      />
                    </Table.Td>
                    {cego ? null : (
                      <Table.Td ta="right" aria-label={`Diferença em ${l.nome}`}>
                        <DiferencaCaixa valor={diferencaDaLinha(l.esperado, contados[chave(l)])} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>Total</Table.Th>
                  {cego ? null : (
                    <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(fromCents(totalEsperado))}
                    </Table.Th>
                  )}
                  <Table.Th style={{ whiteSpace: 'nowrap' }} aria-label="Total contado">
                    {formatMoney(fromCents(totalContado))}
                  </Table.Th>
                  {cego ? null : (
                    <Table.Th ta="right" aria-label="Diferença total">
                      <DiferencaCaixa valor={diferencaTotal} />
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          {!cego && diferencaTotal !== 0 ? (
            <Alert color={diferencaTotal < 0 ? 'red' : 'teal'} variant="light" role="status">
              {diferencaTotal < 0
                ? `Falta ${formatMoney(-diferencaTotal)} em relação ao esperado.`
                : `Sobra ${formatMoney(diferencaTotal)} em relação ao esperado.`}
            </Alert>
          ) : null}
          <Textarea
            label="Observações"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={500}
            value={observacoes}
            onChange={(event) => setObservacoes(event.currentTarget.value)}
            error={erros.observacoes}
          />
          <Group justify="flex-end">
            <Button type="submit" color="dark" leftSection={<IconLock size={16} />} loading={fechar.isPending}>
              Fechar caixa
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
});
