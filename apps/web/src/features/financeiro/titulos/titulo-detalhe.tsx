/**
 * One payable or receivable (GET /financeiro/{tipo}/{id}): its data, where it came from (a
 * purchase, a sale, a recurrence), the settled and open values, the settlements with "Cancelar
 * baixa", and the actions its status allows: "Baixar" while something is open, "Editar" and
 * "Cancelar" only while open with nothing settled (and never a sale's receivable, changed only
 * through the sale). `extra` holds what only one kind has (a payable's attachments).
 */
import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatDate, formatMoney } from '@petshop/shared/format';
import { IconAlertCircle, IconCash, IconPencil, IconX } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { BaixaModal } from './baixa-modal.tsx';
import { BaixasHistorico } from './baixas-historico.tsx';
import { StatusTituloBadge } from './status-titulo-badge.tsx';
import { podeBaixarTitulo } from './titulos-colunas.tsx';
import { TituloFormModal } from './titulo-form.tsx';
import { useCancelarTitulo } from '../api/cancelar-titulo.ts';
import { useTitulo } from '../api/get-titulo.ts';
import type { Titulo } from './titulo-types.ts';
import type { TipoTitulo } from '#lib/query-keys.ts';
import { FinanceiroNav } from '../components/financeiro-nav.tsx';
import { errorMessage } from '#lib/http/api-error.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { RoutePending } from '#lib/ui/route-pending.tsx';

/** Whether it can be edited or cancelled: open, nothing settled, not a sale's receivable (a purchase's payable is edited, never cancelled here). */
export const podeAlterar = (t: Titulo) => t.status === 'EmAberto' && t.valorPago === 0 && !('venda' in t && t.venda);

const Campo = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" component="div">
      {children || '—'}
    </Text>
  </Stack>
);

const Valor = ({ label, valor, cor }: { label: string; valor: number; cor?: string }) => (
  <Paper withBorder radius="md" px="md" py="xs" aria-label={label}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={700} size="lg" c={cor} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(valor)}
    </Text>
  </Paper>
);

const confirmarCancelamento = (t: Titulo, nome: string): Promise<boolean> =>
  new Promise((resolve) => {
    modals.openConfirmModal({
      title: `Cancelar ${nome}`,
      centered: true,
      children: (
        <Text size="sm">
          Cancelar <strong>{t.descricao}</strong> de {formatMoney(t.valor)}, vencimento {formatDate(t.dataVencimento)}? Ela
          continua na lista como cancelada.
        </Text>
      ),
      labels: { confirm: `Cancelar ${nome}`, cancel: 'Voltar' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });

type TituloDetalheProps = {
  tipo: TipoTitulo;
  id: string;
  /** Where the título came from and who (supplier, customer, sale or purchase), per kind. */
  campos: (t: Titulo) => ReactNode;
  extra?: (t: Titulo) => ReactNode;
};

export { Campo };

export function TituloDetalhe({ tipo, id, campos, extra }: TituloDetalheProps) {
  const query = useTitulo(tipo, id);
  const cancelar = useCancelarTitulo(tipo);
  const navigate = useNavigate();
  const [baixando, setBaixando] = useState(false);
  const [editando, setEditando] = useState(false);
  const nome = tipo === 'despesas' ? 'despesa' : 'receita';
  const lista = tipo === 'despesas' ? '/financeiro/despesas' : '/financeiro/receitas';
  const back = (
    <BackLink to={lista} search={{}}>
      {tipo === 'despesas' ? 'Despesas' : 'Receitas'}
    </BackLink>
  );

  if (query.isPending) return <RoutePending />;
  if (query.isError)
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={`Não foi possível abrir a ${nome}`}>
          {errorMessage(query.error)}
        </Alert>
      </Stack>
    );
  const t = query.data;
  const doCancelar = async () => {
    if (!(await confirmarCancelamento(t, nome))) return;
    try {
      await cancelar.mutateAsync(t.id);
      notifySuccess(`${tipo === 'despesas' ? 'Despesa' : 'Receita'} cancelada`);
      void navigate({ to: lista });
    } catch (error) {
      notifyActionError(error);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          {back}
          <Group gap="sm" wrap="nowrap">
            <Title order={2}>{t.descricao}</Title>
            <StatusTituloBadge titulo={t} />
          </Group>
          <Text c="dimmed" size="sm">
            {tipo === 'despesas' ? 'Despesa' : 'Receita'}
            {t.totalParcelas > 1 ? ` · parcela ${t.parcela}/${t.totalParcelas}` : ''} · vencimento {formatDate(t.dataVencimento)}
          </Text>
        </Stack>
        <Group gap="sm">
          {podeAlterar(t) && !('compra' in t && t.compra) ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconX size={16} />}
              onClick={() => void doCancelar()}
              loading={cancelar.isPending}
            >
              Cancelar {nome}
            </Button>
          ) : null}
          {podeAlterar(t) ? (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditando(true)}>
              Editar
            </Button>
          ) : null}
          {podeBaixarTitulo(t) ? (
            <Button leftSection={<IconCash size={16} />} onClick={() => setBaixando(true)}>
              Baixar
            </Button>
          ) : null}
        </Group>
      </Group>
      <FinanceiroNav />
      <Grid gap="sm">
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Valor label="Valor" valor={t.valor} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Valor label={tipo === 'despesas' ? 'Pago' : 'Recebido'} valor={t.valorPago} cor="green.8" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <Valor label="Em aberto" valor={t.valorEmAberto} cor={t.vencida ? 'red.8' : 'blue.8'} />
        </Grid.Col>
        {'valorTaxa' in t ? (
          <Grid.Col span={{ base: 6, md: 3 }}>
            <Valor label="Taxa do cartão/PIX" valor={t.valorTaxa} />
          </Grid.Col>
        ) : null}
      </Grid>
      <Paper withBorder radius="md" p="md">
        <Grid gap="md">
          {campos(t)}
          <Grid.Col span={{ base: 6, md: 3 }}>
            <Campo label="Categoria">{t.categoriaFinanceira?.nome}</Campo>
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <Campo label="Documento">{t.documento}</Campo>
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <Campo label="Forma de pagamento">{t.formaPagamento?.nome}</Campo>
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <Campo label="Conta">{t.conta?.nome}</Campo>
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <Campo label="Emissão">{formatDate(t.dataEmissao)}</Campo>
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <Campo label="Vencimento">{formatDate(t.dataVencimento)}</Campo>
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <Campo label={tipo === 'despesas' ? 'Pago em' : 'Recebido em'}>{t.dataBaixa ? formatDate(t.dataBaixa) : null}</Campo>
          </Grid.Col>
          {t.observacoes ? (
            <Grid.Col span={12}>
              <Campo label="Observações">{t.observacoes}</Campo>
            </Grid.Col>
          ) : null}
        </Grid>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="baixas-titulo">
        <Stack gap="sm">
          <Title order={4} id="baixas-titulo">
            Baixas
          </Title>
          <BaixasHistorico tipo={tipo} titulo={t} podeCancelar={t.status !== 'Cancelada'} />
        </Stack>
      </Paper>
      {extra?.(t)}
      <BaixaModal tipo={tipo} titulo={baixando ? t : null} onClose={() => setBaixando(false)} />
      <TituloFormModal tipo={tipo} opened={editando} titulo={t} onClose={() => setEditando(false)} />
    </Stack>
  );
}
