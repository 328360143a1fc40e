/**
 * Returning items of a finalised sale (issue #4 item 7, DOMAIN.md §6): per item what was sold,
 * what earlier returns took and how much to return now (never more than is left, by the unit's
 * fraction rule), the refund as cash out of the open register or as customer credit (only when
 * the sale has a customer), an optional reason, and the refund total as the API will compute
 * it. Used by the sales list and by the till; `onDone` gets the new return's id.
 */
import { Alert, Badge, Button, Group, Modal, Radio, Stack, Table, Text, Textarea } from '@mantine/core';
import type { TipoReembolso } from '@petshop/shared/devolucao';
import { formatMoney, formatQuantidade } from '@petshop/shared/format';
import type { Venda } from '@petshop/shared/venda';
import { IconAlertCircle, IconArrowBackUp } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { toApiError, type ApiError } from '#lib/http/api-error.ts';
import { newIdempotencyKey, newUuid } from '#lib/http/idempotency.ts';
import { useRegistrarDevolucao } from '../api/registrar-devolucao.ts';
import {
  linhasDevolviveis,
  quantidadeValida,
  totalDevolucao,
  valorDevolucaoLinha,
  type LinhaDevolvivel,
} from '../devolucao-calculo.ts';
import { QuantityInput } from '#lib/ui/decimal-input.tsx';

export type DevolucaoModalProps = {
  venda: Venda;
  opened: boolean;
  onClose: () => void;
  onDone: (devolucaoId: string) => void;
};

export function DevolucaoModal({ venda, opened, onClose, onDone }: DevolucaoModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Devolução da venda nº ${venda.numero}`} size="xl" centered>
      {/* Mounted per opening: each one starts empty with its own idempotency key. */}
      {opened ? <DevolucaoForm venda={venda} onClose={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

type Quantidades = Record<string, number>;

const REEMBOLSO_LABEL: Record<TipoReembolso, string> = {
  dinheiro: 'Dinheiro (sai do caixa)',
  credito_cliente: 'Crédito para o cliente',
};

function DevolucaoForm({ venda, onClose, onDone }: Omit<DevolucaoModalProps, 'opened'>) {
  const linhas = useMemo(() => linhasDevolviveis(venda), [venda]);
  const [quantidades, setQuantidades] = useState<Quantidades>({});
  const [reembolso, setReembolso] = useState<TipoReembolso>('dinheiro');
  const [motivo, setMotivo] = useState('');
  // One return per opening: its id and key make a double click or a retry record it once.
  const [id] = useState(newUuid);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [erro, setErro] = useState<{ error: ApiError; enviados: string[] } | null>(null);
  const create = useRegistrarDevolucao();

  const total = totalDevolucao(linhas, quantidades);
  const itens = linhas
    .map((l) => ({ vendaItemId: l.vendaItemId, quantidade: quantidadeValida(l, quantidades[l.vendaItemId] ?? 0) }))
    .filter((i) => i.quantidade > 0);
  const nadaADevolver = linhas.every((l) => l.restante <= 0);
  const semCliente = venda.cliente === null;

  const erroDaLinha = (vendaItemId: string): string | undefined => {
    if (!erro) return undefined;
    const i = erro.enviados.indexOf(vendaItemId);
    return i < 0 ? undefined : (erro.error.fieldErrors[`itens.${i}.quantidade`] ?? erro.error.fieldErrors[`itens.${i}`]);
  };
  const gerais = erro
    ? [
        ...erro.error.generalErrors,
        ...Object.entries(erro.error.fieldErrors)
          .filter(([campo]) => !campo.startsWith('itens.') && campo !== 'reembolso' && campo !== 'motivo')
          .map(([, msg]) => msg),
        ...(erro.error.fieldErrors.itens ? [erro.error.fieldErrors.itens] : []),
      ]
    : [];
  const mensagensGerais =
    erro && gerais.length === 0 && Object.keys(erro.error.fieldErrors).length === 0 ? [erro.error.message] : gerais;

  const submit = () => {
    if (itens.length === 0) return;
    const enviados = itens.map((i) => i.vendaItemId);
    setErro(null);
    create.mutate(
      {
        dados: { id, vendaId: venda.id, itens, reembolso, motivo: motivo.trim() || undefined },
        idempotencyKey,
      },
      {
        onSuccess: (devolucao) => onDone(devolucao.id),
        onError: (error) => setErro({ error: toApiError(error), enviados }),
      },
    );
  };

  return (
    <form
      aria-label="Devolução"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {nadaADevolver ? (
          <Alert color="gray" variant="light" title="Nada a devolver">
            Todos os itens desta venda já foram devolvidos.
          </Alert>
        ) : null}
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="xs" aria-label="Itens da venda">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Produto</Table.Th>
                <Table.Th ta="right">Vendido</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  Já devolvido
                </Table.Th>
                <Table.Th w={150}>Devolver</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {linhas.map((linha) => (
                <LinhaDevolucao
                  key={linha.vendaItemId}
                  linha={linha}
                  quantidade={quantidades[linha.vendaItemId]}
                  error={erroDaLinha(linha.vendaItemId)}
                  onChange={(q) => setQuantidades((atual) => ({ ...atual, [linha.vendaItemId]: q }))}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!nadaADevolver ? (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setQuantidades(Object.fromEntries(linhas.map((l) => [l.vendaItemId, l.restante])))}
            >
              Devolver tudo
            </Button>
            <Button variant="subtle" size="compact-sm" color="gray" onClick={() => setQuantidades({})}>
              Limpar
            </Button>
          </Group>
        ) : null}

        <Radio.Group
          label="Reembolso"
          value={reembolso}
          onChange={(value) => setReembolso(value === 'credito_cliente' ? 'credito_cliente' : 'dinheiro')}
          error={erro?.error.fieldErrors.reembolso}
        >
          <Group gap="xl" mt={6}>
            <Radio value="dinheiro" label={REEMBOLSO_LABEL.dinheiro} />
            <Radio
              value="credito_cliente"
              label={REEMBOLSO_LABEL.credito_cliente}
              disabled={semCliente}
              description={semCliente ? 'Venda sem cliente identificado' : `Para ${venda.cliente?.nome}`}
            />
          </Group>
        </Radio.Group>

        <Textarea
          label="Motivo"
          placeholder="Opcional: produto com defeito, troca, desistência…"
          value={motivo}
          onChange={(event) => setMotivo(event.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          error={erro?.error.fieldErrors.motivo}
        />

        {mensagensGerais.length > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível registrar a devolução">
            {mensagensGerais.join(' ')}
          </Alert>
        ) : null}

        <Group justify="space-between" align="center">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Total a devolver
            </Text>
            <Text fw={700} fz={26} aria-label="Total a devolver">
              {formatMoney(total)}
            </Text>
          </Stack>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button
              type="submit"
              color="orange"
              leftSection={<IconArrowBackUp size={16} />}
              disabled={itens.length === 0}
              loading={create.isPending}
            >
              Confirmar devolução
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

type LinhaDevolucaoProps = {
  linha: LinhaDevolvivel;
  quantidade: number | undefined;
  error: string | undefined;
  onChange: (quantidade: number) => void;
};

function LinhaDevolucao({ linha, quantidade, error, onChange }: LinhaDevolucaoProps) {
  const esgotada = linha.restante <= 0;
  const fracionada = linha.unidade.permiteVendaFracionada;
  return (
    <Table.Tr opacity={esgotada ? 0.6 : 1}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {linha.descricao}
        </Text>
        <Text size="xs" c="dimmed">
          {formatMoney(linha.valorUnitario)} / {linha.unidade.sigla}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatQuantidade(linha.vendido, linha.unidade)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {linha.jaDevolvido > 0 ? formatQuantidade(linha.jaDevolvido, linha.unidade) : '—'}
      </Table.Td>
      <Table.Td>
        {esgotada ? (
          <Badge color="gray" variant="light">
            Devolvido
          </Badge>
        ) : (
          <QuantityInput
            aria-label={`Devolver ${linha.descricao}`}
            value={quantidade ?? ''}
            onChange={(value) => onChange(value === '' ? 0 : value)}
            min={0}
            max={linha.restante}
            allowNegative={false}
            fracionada={fracionada}
            placeholder="0"
            rightSection={
              <Text size="xs" c="dimmed" pr={6}>
                {linha.unidade.sigla}
              </Text>
            }
            rightSectionWidth={36}
            description={`máx. ${formatQuantidade(linha.restante, linha.unidade)}`}
            error={error}
            size="xs"
          />
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(valorDevolucaoLinha(linha, quantidade ?? 0))}
      </Table.Td>
    </Table.Tr>
  );
}
