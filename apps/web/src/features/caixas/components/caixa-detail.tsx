/**
 * One register session (DOMAIN.md §6 "Caixa"): header (nº, operator, opened/closed at, status),
 * totals, the per-method check esperado / contado / diferença (*quebra de caixa*), the
 * movements, and — while open, for whoever may act on it — the actions and the closing form.
 * A closed register is read only: no actions, and "Imprimir fechamento" (80 mm / A4).
 *
 * Blind closing (issue #15): when the API withholds the expected amounts (`fechamentoCego`,
 * a cashier of a unit that closes blind) no expected amount, total or difference is shown:
 * only what was counted, and "Caixa fechado" once closed.
 */
import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Caixa } from '@petshop/shared/caixa';
import { formatDateTime, formatMoney } from '@petshop/shared/format';
import { useEffect, useRef, type ReactNode } from 'react';
import { CaixaAcoes } from './caixa-acoes.tsx';
import { DiferencaCaixa, StatusCaixaBadge, usePermissoesCaixa } from './caixa-ui.tsx';
import { FecharCaixaForm } from './fechar-caixa-form.tsx';
import { MovimentacoesTable } from './movimentacoes-table.tsx';
import { useCaixa } from '../api/get-caixa.ts';
import { BotaoImprimir } from '#lib/print/botao-imprimir.tsx';
import { BackLink } from '#lib/ui/back-link.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { useTimeZone } from '#lib/session/use-time-zone.ts';

type CaixaDetailProps = {
  id: string;
  /** Scroll to (and focus) the closing form on arrival ("Fechar caixa" elsewhere). */
  focarFechamento?: boolean;
  onMovimentoClick?: (movimentoId: string) => void;
};

export function CaixaDetail({ id, focarFechamento = false, onMovimentoClick }: CaixaDetailProps) {
  const { data: caixa } = useCaixa(id);
  const timeZone = useTimeZone();
  const { podeFechar } = usePermissoesCaixa(caixa.usuario.id);
  const fechamento = useRef<HTMLFormElement>(null);
  const aberto = caixa.status === 'Aberto';
  const cego = caixa.fechamentoCego;
  const mostrarFechamento = aberto && podeFechar;

  const irParaFechamento = () => {
    fechamento.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    fechamento.current?.querySelector<HTMLInputElement>('input')?.focus();
  };

  useEffect(() => {
    if (focarFechamento && mostrarFechamento) irParaFechamento();
  }, [focarFechamento, mostrarFechamento]);

  return (
    <Stack gap="md">
      <PageHeader
        title={
          <Group gap="sm" component="span">
            Caixa nº {caixa.numero}
            <StatusCaixaBadge status={caixa.status} />
          </Group>
        }
        description={
          <>
            Operador: {caixa.usuario.nome} · Aberto em {formatDateTime(caixa.dataAbertura, timeZone)}
            {caixa.dataFechamento
              ? ` · Fechado em ${formatDateTime(caixa.dataFechamento, timeZone)}${caixa.fechadoPor ? ` por ${caixa.fechadoPor.nome}` : ''}`
              : ''}
          </>
        }
        back={
          <BackLink to="/vendas/movimentacoes-caixa" preload="intent">
            Movimentações de caixa
          </BackLink>
        }
        actions={
          aberto ? null : (
            <BotaoImprimir
              label="Imprimir fechamento"
              caminho={`/comercial/caixas/${encodeURIComponent(caixa.id)}/imprimir`}
              nomeArquivo={`fechamento-caixa-${caixa.numero}.pdf`}
            />
          )
        }
      />

      {!aberto && cego ? (
        <Alert color="gray" variant="light" role="status" title="Caixa fechado">
          Contado em dinheiro: {formatMoney(caixa.valorContado)}. O esperado e a diferença ficam com a gerência (fechamento cego).
        </Alert>
      ) : null}

      {aberto ? <CaixaAcoes caixa={caixa} onFechar={mostrarFechamento ? irParaFechamento : undefined} /> : null}

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Totais do caixa">
        <Total label="Abertura" valor={formatMoney(caixa.valorAbertura)} />
        {caixa.entradas === null ? null : <Total label="Entradas" valor={formatMoney(caixa.entradas)} cor="teal.7" />}
        {caixa.saidas === null ? null : <Total label="Saídas" valor={formatMoney(-caixa.saidas)} cor="red.7" />}
        {cego ? (
          aberto ? (
            <Total label="Fechamento cego" valor="Informe o valor contado" />
          ) : (
            <Total label="Contado (dinheiro)" valor={formatMoney(caixa.valorContado)} />
          )
        ) : aberto ? (
          <Total label="Dinheiro em caixa" valor={formatMoney(caixa.saldoDinheiro)} />
        ) : (
          <Total label="Quebra de caixa (dinheiro)" valor={<DiferencaCaixa valor={caixa.diferenca} fw={700} size="lg" />} />
        )}
      </SimpleGrid>

      <ConferenciaPorForma caixa={caixa} />

      {caixa.observacoes ? (
        <Paper withBorder radius="md" p="md">
          <Text size="xs" c="dimmed">
            Observações
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {caixa.observacoes}
          </Text>
        </Paper>
      ) : null}

      {mostrarFechamento ? <FecharCaixaForm ref={fechamento} caixa={caixa} /> : null}

      <Paper withBorder radius="md" p="md" component="section" aria-label="Movimentações do caixa">
        <Stack gap="sm">
          <Title order={4}>Movimentações</Title>
          <MovimentacoesTable
            items={caixa.movimentacoes}
            mostrarCaixa={false}
            onRowClick={onMovimentoClick ? (m) => onMovimentoClick(m.id) : undefined}
            emptyMessage="Nenhuma movimentação"
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

function Total({ label, valor, cor }: { label: string; valor: ReactNode; cor?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={700} size="lg" c={cor}>
        {valor}
      </Text>
    </Paper>
  );
}

/** Per payment method: in, out, expected; counted and the difference once closed (blind: counted only). */
function ConferenciaPorForma({ caixa }: { caixa: Caixa }) {
  const fechado = caixa.status === 'Fechado';
  const cego = caixa.fechamentoCego;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Conferência por forma de pagamento">
      <Stack gap="sm">
        <Title order={4}>Conferência por forma de pagamento</Title>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Forma de pagamento</Table.Th>
                {cego ? null : (
                  <>
                    <Table.Th ta="right">Entradas</Table.Th>
                    <Table.Th ta="right">Saídas</Table.Th>
                    <Table.Th ta="right">Esperado</Table.Th>
                  </>
                )}
                <Table.Th ta="right">Contado</Table.Th>
                {cego ? null : <Table.Th ta="right">Diferença</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {caixa.totaisPorForma.map((t) => (
                <Table.Tr key={t.formaPagamentoId ?? 'dinheiro'}>
                  <Table.Td>
                    {t.nome}
                    {t.conferir ? null : (
                      <Text size="xs" c="dimmed">
                        Não conferido no caixa
                      </Text>
                    )}
                  </Table.Td>
                  {cego ? null : (
                    <>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(t.entradas)}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(t.saidas)}
                      </Table.Td>
                      <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(t.esperado)}
                      </Table.Td>
                    </>
                  )}
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {t.contado === null ? '—' : formatMoney(t.contado)}
                  </Table.Td>
                  {cego ? null : (
                    <Table.Td ta="right">
                      <DiferencaCaixa valor={t.diferenca} size="sm" />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!fechado ? (
          <Text size="xs" c="dimmed">
            {cego
              ? 'Fechamento cego: informe o valor contado no fechamento.'
              : 'Contado e diferença aparecem quando o caixa é fechado.'}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
