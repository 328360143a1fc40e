/**
 * Mode Visualizacao of /vendas/pdv/{id} (spec §2): a finalised or cancelled sale, or a quote
 * converted or expired, read only — with print (F12, A4 in the menu), "Devolução" for a
 * finalised sale (the returns feature's modal, passed in by the route) and cancel with a reason
 * (Ctrl+Delete). A finalised sale shows its NFC-e's status and, without one, "Emitir NFC-e" (F11)
 * with the "CPF na nota?" prompt (issue #18 item 8; where "Corrigir dados fiscais" comes back to).
 */
import { Alert, Anchor, Badge, Button, Grid, Group, Kbd, Menu, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { formatDate, formatDateTime, formatMoney } from '@petshop/shared/format';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { STATUS_VENDA_LABEL, type Venda } from '@petshop/shared/venda';
import { IconArrowBackUp, IconChevronDown, IconPrinter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { AtalhosBar } from './atalhos-bar.tsx';
import { CancelarModal } from './cancelar-modal.tsx';
import { ClientePanel } from './cliente-panel.tsx';
import { CpfNaNotaModal } from './cpf-na-nota-modal.tsx';
import { NfcePainel } from './nfce-painel.tsx';
import { StatusFiscalBadge } from './status-fiscal-badge.tsx';
import { ItensTable } from './itens-table.tsx';
import { PagamentosList } from './pagamentos-list.tsx';
import { TotaisPanel } from './totais-panel.tsx';
import { useExcluirVenda } from '../api/excluir-venda.ts';
import { documentoAtual, useDocumentosVenda } from '../api/list-documentos-venda.ts';
import { useNfceVenda } from '../use-nfce-venda.ts';
import { registroDeVenda } from '../registro.ts';
import { hasPermissao } from '#lib/access/sections.tsx';
import { notifySuccess } from '#lib/notify.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { imprimirVenda, type FormatoImpressao } from '#lib/print/imprimir-venda.ts';

/** The returns feature's modal, passed in by the route. */
export type DevolucaoRender = (props: {
  venda: Venda;
  opened: boolean;
  onClose: () => void;
  onDone: (devolucaoId: string) => void;
}) => ReactNode;

type VendaVisualizacaoProps = {
  venda: Venda;
  renderDevolucao?: DevolucaoRender;
  /** After a return was registered (the route opens it). */
  onDevolvida?: (devolucaoId: string) => void;
  /** After the sale was cancelled. */
  onCancelada?: (venda: Venda) => void;
  /** Opens another sale (the one a quote became). */
  onAbrirDevolucao?: (devolucaoId: string) => void;
  voltar?: ReactNode;
};

const statusBadge = (venda: Venda) => {
  if (venda.tipo === 'Orcamento') {
    if (venda.status === 'Cancelada') return { label: 'Cancelado', color: 'gray' };
    if (venda.statusOrcamento === 'Convertido') return { label: 'Convertido em venda', color: 'teal' };
    if (venda.statusOrcamento === 'Expirado') return { label: 'Expirado', color: 'orange' };
    return { label: 'Aberto', color: 'blue' };
  }
  return {
    label: STATUS_VENDA_LABEL[venda.status],
    color: venda.status === 'Finalizada' ? 'teal' : venda.status === 'Cancelada' ? 'red' : 'blue',
  };
};

export function VendaVisualizacao({
  venda,
  renderDevolucao,
  onDevolvida,
  onCancelada,
  onAbrirDevolucao,
  voltar,
}: VendaVisualizacaoProps) {
  const unidade = useSessionStore((s) => s.unidadeNegocio);
  const podeVender = hasPermissao({ unidadeNegocio: unidade }, PERMISSOES.vendas);
  const podeOrcar = hasPermissao({ unidadeNegocio: unidade }, PERMISSOES.orcamentos);
  const [modal, setModal] = useState<'cancelar' | 'devolucao' | null>(null);
  const [imprimindo, setImprimindo] = useState(false);
  const excluir = useExcluirVenda();
  const registro = registroDeVenda(venda);
  const orcamento = venda.tipo === 'Orcamento';
  const podeCancelar = venda.status !== 'Cancelada' && (orcamento ? podeOrcar : podeVender) && venda.devolucoes.length === 0;
  const podeDevolver = !orcamento && venda.status === 'Finalizada' && podeVender && Boolean(renderDevolucao);
  const badge = statusBadge(venda);
  const faturavel = !orcamento && venda.status === 'Finalizada';
  const podeFiscal = hasPermissao({ unidadeNegocio: unidade }, PERMISSOES.fiscal);
  const documentos = useDocumentosVenda(venda.id, faturavel && (podeVender || podeFiscal));
  const nfce = useNfceVenda({
    vendaId: faturavel && (podeVender || podeFiscal) ? venda.id : null,
    cpfCliente: venda.cliente?.cpfCnpj ?? null,
    automatica: false,
    documentoExistente: documentoAtual(documentos.data),
  });

  const imprimir = async (formato: FormatoImpressao = '80mm') => {
    setImprimindo(true);
    try {
      await imprimirVenda(venda.id, formato);
    } finally {
      setImprimindo(false);
    }
  };

  useHotkeys(
    [
      ...['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10'].map((k): [string, () => void] => [k, () => undefined]),
      ['F11', () => (nfce.podeIniciar && !modal ? nfce.iniciar() : undefined)],
      ['F12', () => void imprimir()],
      ['ctrl+Delete', () => (podeCancelar && !modal ? setModal('cancelar') : undefined)],
    ],
    [],
  );

  return (
    <Stack gap="sm" data-testid="pdv-visualizacao">
      {voltar}
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={2}>
            {orcamento ? 'Orçamento' : 'Venda'} nº {venda.numero}
          </Title>
          <Badge size="lg" variant="light" color={badge.color}>
            {badge.label}
          </Badge>
          {nfce.documento ? <StatusFiscalBadge size="lg" status={nfce.documento.status} /> : null}
        </Group>
        <Group gap="xs">
          {podeDevolver ? (
            <Button variant="light" leftSection={<IconArrowBackUp size={18} />} onClick={() => setModal('devolucao')}>
              Devolução
            </Button>
          ) : null}
          <Group gap={0} wrap="nowrap">
            <Button
              leftSection={<IconPrinter size={18} />}
              rightSection={<Kbd size="xs">F12</Kbd>}
              onClick={() => void imprimir()}
              loading={imprimindo}
              style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
            >
              Imprimir
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  px={8}
                  aria-label="Outros formatos"
                  style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: '1px solid rgba(255,255,255,.4)' }}
                >
                  <IconChevronDown size={16} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void imprimir('a4')}>Imprimir em A4</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
          {podeCancelar ? (
            <Button
              color="red"
              variant="outline"
              onClick={() => setModal('cancelar')}
              rightSection={<Kbd size="xs">Ctrl+Del</Kbd>}
            >
              Cancelar {orcamento ? 'orçamento' : 'venda'}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {[
          `Criada em ${formatDateTime(venda.createdAt)} por ${venda.usuario.nome}`,
          venda.dataFinalizacao ? `finalizada em ${formatDateTime(venda.dataFinalizacao)}` : null,
          orcamento && venda.validadeOrcamento ? `válido até ${formatDate(venda.validadeOrcamento)}` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {venda.status === 'Cancelada' ? (
        <Alert color="red" variant="light" title={`Cancelada em ${formatDateTime(venda.dataCancelamento)}`}>
          {venda.motivoCancelamento ?? 'Sem motivo informado'}
        </Alert>
      ) : null}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="sm">
            <ItensTable itens={registro.itens} selecionadoId={null} readOnly />
          </Paper>
          {venda.devolucoes.length > 0 ? (
            <Paper withBorder radius="md" p="sm" mt="sm">
              <Text fw={600} mb="xs">
                Devoluções
              </Text>
              <Table verticalSpacing={4}>
                <Table.Tbody>
                  {venda.devolucoes.map((d) => (
                    <Table.Tr key={d.id}>
                      <Table.Td>
                        {onAbrirDevolucao ? (
                          <Anchor component="button" type="button" onClick={() => onAbrirDevolucao(d.id)}>
                            Devolução nº {d.numero}
                          </Anchor>
                        ) : (
                          `Devolução nº ${d.numero}`
                        )}
                      </Table.Td>
                      <Table.Td>{formatDateTime(d.createdAt)}</Table.Td>
                      <Table.Td>{d.reembolso === 'credito_cliente' ? 'Crédito do cliente' : 'Dinheiro'}</Table.Td>
                      <Table.Td ta="right">{formatMoney(d.valorTotal)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          ) : null}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            {nfce.documento || (faturavel && (podeVender || podeFiscal) && !documentos.isPending) ? (
              <Paper withBorder radius="md" p="sm">
                <NfcePainel nfce={nfce} returnTo={`/vendas/pdv/${venda.id}`} />
              </Paper>
            ) : null}
            <ClientePanel registro={registro} readOnly />
            <TotaisPanel registro={registro} />
            <PagamentosList financeiros={registro.financeiros} readOnly />
            {venda.observacoes ? (
              <Paper withBorder radius="md" p="sm">
                <Text size="sm">{venda.observacoes}</Text>
              </Paper>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <AtalhosBar
        atalhos={[
          {
            tecla: 'F11',
            label: 'Emitir NFC-e',
            acao: nfce.iniciar,
            naBarra: faturavel && !nfce.documento,
            habilitado: nfce.podeIniciar,
          },
          { tecla: 'F12', label: 'Imprimir', acao: () => void imprimir(), naBarra: true, habilitado: true },
          { tecla: 'Ctrl+Del', label: 'Cancelar', acao: () => setModal('cancelar'), naBarra: true, habilitado: podeCancelar },
          { tecla: 'Esc', label: 'Fechar', naBarra: true, habilitado: true },
        ]}
      />
      <CancelarModal
        opened={modal === 'cancelar'}
        onClose={() => setModal(null)}
        titulo={`${orcamento ? 'Orçamento' : 'Venda'} nº ${venda.numero}`}
        motivoObrigatorio={!orcamento}
        efeitos={
          orcamento
            ? undefined
            : 'O estoque volta, os valores recebidos são estornados do seu caixa e as contas a receber são canceladas.'
        }
        onConfirmar={async (motivo) => {
          const cancelada = await excluir.mutateAsync({ id: venda.id, motivo: motivo || undefined });
          setModal(null);
          notifySuccess(`${orcamento ? 'Orçamento' : 'Venda'} nº ${cancelada.numero} cancelad${orcamento ? 'o' : 'a'}`);
          onCancelada?.(cancelada);
        }}
      />
      <CpfNaNotaModal opened={nfce.cpfAberto} cpfInicial={nfce.cpfInicial} onConfirmar={nfce.confirmarCpf} />
      {podeDevolver && renderDevolucao
        ? renderDevolucao({
            venda,
            opened: modal === 'devolucao',
            onClose: () => setModal(null),
            onDone: (id) => {
              setModal(null);
              onDevolvida?.(id);
            },
          })
        : null}
    </Stack>
  );
}
