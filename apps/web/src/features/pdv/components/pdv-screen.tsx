/**
 * The point-of-sale screen in modes Nova and Edicao (spec §2; issue #4 item 3): a cashier with a
 * queue, keyboard and barcode scanner only. Items on the left (the product input always has the
 * focus), customer, totals and payments on the right, the keyboard map in the footer; every
 * action has an F-key and the browser's own F-keys (F5 reload, ...) never fire here.
 *
 * The working record lives in the pdv store (localStorage) and is snapshotted to the API while
 * it changes; finalising, leaving open, saving a quote and cancelling go to the API at once.
 * Composed by the routes /vendas/pdv/ and /vendas/pdv/{id}, which pass the open-register modal
 * of the registers feature as a render prop (features do not import each other).
 */
import { Alert, Box, Button, Paper, Stack, Text } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useModals } from '@mantine/modals';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { MODOS_PDV, type CaixasParaPdv, type ModoPdv, type Venda } from '@petshop/shared/venda';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AcoesPanel, BotaoFinalizar } from './acoes-panel.tsx';
import { AtalhosBar } from './atalhos-bar.tsx';
import { CaixaFechadoPanel } from './caixa-fechado-panel.tsx';
import { ClientePanel } from './cliente-panel.tsx';
import { ItensPanel } from './itens-panel.tsx';
import { PagamentosList } from './pagamentos-list.tsx';
import { PdvModais } from './pdv-modais.tsx';
import { PdvHeader, type TabPdv } from './pdv-header.tsx';
import type { ResultadoPdv } from './resultado-modal.tsx';
import { ResumoFixo } from './resumo-fixo.tsx';
import { TotaisPanel } from './totais-panel.tsx';
import { ValidadeOrcamento } from './validade-orcamento.tsx';
import { VendasOrcamentosList } from './vendas-orcamentos-list.tsx';
import { atalhosDoPdv, hotkeysDoPdv } from '../atalhos.ts';
import { dialogoAberto } from '../dialogo-aberto.ts';
import { usePdvStore } from '../pdv-store.ts';
import {
  definirCliente,
  definirPet,
  mesclarVenda,
  motivoNaoDeixarAberta,
  motivoNaoFinalizar,
  numero,
  registroParaVendaInput,
  temConteudo,
  validadePadrao,
  type RegistroVenda,
} from '../registro.ts';
import { useAutosave } from '../use-autosave.ts';
import { estadoTela, usePdvAcoes } from '../use-pdv-acoes.ts';
import { useNfceVenda } from '../use-nfce-venda.ts';
import { hasPermissao } from '#lib/access/sections.tsx';
import { notifyError } from '#lib/notify.ts';
import { useSessionStore } from '#lib/session/session-store.ts';

export type { TabPdv };

/** The registers feature's open-register modal, passed in by the route. */
export type AbrirCaixaRender = (props: {
  opened: boolean;
  onClose: () => void;
  onOpened: (caixa: { id: string }) => void;
}) => ReactNode;

type PdvScreenProps = {
  registroId: string;
  modo: ModoPdv;
  tab: TabPdv;
  /** Nova only: the tabs venda/orcamento (search param `tab`). */
  onTabChange?: (tab: TabPdv) => void;
  caixas: CaixasParaPdv;
  /** After a sale/quote is done (or cancelled) and the cashier moves on: returnTo, a fresh record, ... */
  onConcluir: () => void;
  /** Opens /vendas/pdv/{id}. */
  onAbrirVenda: (id: string) => void;
  renderAbrirCaixa?: AbrirCaixaRender;
};

/**
 * Two columns from Mantine's md (1040 px, the navbar beside): the till is exactly the screen's
 * height, each column scrolls by itself and the shortcut bar closes it, so nothing is ever under
 * the bar (issue #15 item 4). Narrower, one column scrolling with the page, with the total and
 * "Finalizar" pinned at the bottom above the bar (hidden on phones).
 */
const DUAS_COLUNAS = '(min-width: 65em)';
const ALTURA_DA_TELA = 'calc(100dvh - var(--app-shell-header-offset, 0rem) - 2 * var(--app-shell-padding, 0rem))';
const COLUNA_ROLAVEL = { minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' } as const;
/** Finalizar and the payment buttons at the bottom of the right column, whatever scrolls above. */
const ACOES_FIXAS = {
  position: 'sticky',
  bottom: 0,
  zIndex: 1,
  paddingTop: 'var(--mantine-spacing-xs)',
  background: 'var(--mantine-color-gray-0)',
} as const;

export function PdvScreen({
  registroId,
  modo,
  tab,
  onTabChange,
  caixas,
  onConcluir,
  onAbrirVenda,
  renderAbrirCaixa,
}: PdvScreenProps) {
  const registro = usePdvStore((s) => s.registros[registroId]);
  const salvar = usePdvStore((s) => s.salvar);
  const setModal = usePdvStore((s) => s.setModal);
  const caixaEscolhido = usePdvStore((s) => s.caixaId);
  const setCaixaId = usePdvStore((s) => s.setCaixaId);
  const selecionadoStore = usePdvStore((s) => s.itemSelecionado[registroId] ?? null);
  const backup = usePdvStore((s) => s.backup);
  const confirmacoes = useModals().modals.length;
  const duasColunas = useMediaQuery(DUAS_COLUNAS, false, { getInitialValueInEffect: false });
  const unidade = useSessionStore((s) => s.unidadeNegocio);
  const session = { unidadeNegocio: unidade };
  const podeVender = hasPermissao(session, PERMISSOES.vendas);
  const podeOrcar = hasPermissao(session, PERMISSOES.orcamentos);
  const podeAbrirCaixa = hasPermissao(session, PERMISSOES.caixa);

  const entradaRef = useRef<HTMLInputElement>(null);
  const [resultado, setResultado] = useState<ResultadoPdv | null>(null);

  // The register sold on: the one chosen (while still open), else the user's own.
  const caixaId = useMemo(() => {
    if (caixaEscolhido && caixas.caixas.some((c) => c.id === caixaEscolhido)) return caixaEscolhido;
    return caixas.caixas.find((c) => c.doUsuario)?.id ?? null;
  }, [caixaEscolhido, caixas.caixas]);
  useEffect(() => {
    if (caixaEscolhido !== caixaId) setCaixaId(caixaId);
  }, [caixaEscolhido, caixaId, setCaixaId]);

  const focarEntrada = useCallback(() => window.setTimeout(() => entradaRef.current?.focus(), 0), []);

  // A modal left open by a previous screen does not follow the cashier here.
  useEffect(() => {
    setModal(null);
    focarEntrada();
  }, [registroId, setModal, focarEntrada]);

  const estado = estadoTela(registro, resultado, caixaId);
  const { editavel, deixadaEmAberto, itensEditaveis, orcamento, precisaCaixa } = estado;

  // The tab decides the kind of a new record (the current one can become a quote, spec §2).
  useEffect(() => {
    if (!registro || modo !== MODOS_PDV.Nova || !editavel) return;
    const tipo = tab === 'orcamento' ? 'Orcamento' : 'Venda';
    if (registro.tipo === tipo) return;
    if (tipo === 'Orcamento' && registro.financeiros.length > 0) {
      notifyError('Exclua os pagamentos antes de transformar a venda em orçamento');
      onTabChange?.('venda');
      return;
    }
    salvar({
      ...registro,
      tipo,
      validadeOrcamento: tipo === 'Orcamento' ? (registro.validadeOrcamento ?? validadePadrao()) : null,
      alteradoEm: new Date().toISOString(),
    });
  }, [tab, registro, modo, editavel, salvar, onTabChange]);

  const toInput = useCallback((r: RegistroVenda) => registroParaVendaInput(r, { caixaId }), [caixaId]);
  const onSnapshot = useCallback(
    (venda: Venda) => {
      const atual = usePdvStore.getState().registros[venda.id];
      if (atual && atual.status === 'EmAberto') salvar(mesclarVenda(atual, venda));
    },
    [salvar],
  );
  const autosave = useAutosave({
    registro: registro ?? ({ id: registroId, alteradoEm: '', itens: [] } as unknown as RegistroVenda),
    // Drafts being served and quotes (a saved quote's edits are kept too); never a sale left open.
    enabled: Boolean(registro && editavel && (registro.emAtendimento || registro.tipo === 'Orcamento') && !precisaCaixa),
    toInput,
    onSaved: onSnapshot,
  });

  const acoes = usePdvAcoes({
    registroId,
    modo,
    tab,
    caixaId,
    estado,
    autosave,
    setResultado,
    focarEntrada,
    entradaRef,
    formasPagamento: caixas.formasPagamento,
    onConcluir,
    onAbrirVenda,
  });

  // Issue #18 item 8: the NFC-e of the sale just finalised (automatic on units that ask for it).
  const vendaFinalizada = resultado?.tipo === 'finalizada' && resultado.venda.tipo === 'Venda' ? resultado.venda : null;
  const nfce = useNfceVenda({
    vendaId: vendaFinalizada?.id ?? null,
    cpfCliente: vendaFinalizada?.cliente?.cpfCnpj ?? null,
    automatica: caixas.nfceEmissaoAutomatica ?? false,
  });

  const itemSelecionadoId =
    registro && selecionadoStore && registro.itens.some((i) => i.id === selecionadoStore)
      ? selecionadoStore
      : (registro?.itens.at(-1)?.id ?? null);
  const itemSelecionado = registro?.itens.find((i) => i.id === itemSelecionadoId) ?? null;

  // --------------------------------------------------------------------------------------------
  // Keyboard: one table feeds the key handler and the shortcut bar
  // --------------------------------------------------------------------------------------------

  const motivoFinalizar = registro && !orcamento ? motivoNaoFinalizar(registro, { caixaId }) : null;
  const motivoAberta = registro && !orcamento ? motivoNaoDeixarAberta(registro) : null;
  const atalhos = atalhosDoPdv(
    {
      precisaCaixa,
      podeAbrirCaixa,
      editavel,
      itensEditaveis,
      deixadaEmAberto,
      orcamento,
      quantidadeItens: registro?.itens.length ?? 0,
      valorEmAberto: numero(registro?.valorEmAberto),
      sId: registro?.sId ?? null,
      temConteudo: registro !== undefined && temConteudo(registro),
      motivoFinalizar,
      motivoAberta,
      resultadoId: resultado?.venda.id ?? null,
      podeEmitirNfce: nfce.podeIniciar,
    },
    {
      abrirCaixa: () => setModal('abrir-caixa'),
      focarProduto: focarEntrada,
      cliente: () => setModal('cliente'),
      lista: () => setModal('lista'),
      desconto: () => setModal('desconto'),
      frete: () => setModal('frete'),
      pagamento: () => setModal('pagamento'),
      deixarEmAberto: () => void acoes.deixarEmAberto(),
      finalizar: () => void acoes.finalizar(),
      salvarOrcamento: () => void acoes.salvarOrcamento(),
      imprimir: (id) => void acoes.imprimir(id),
      cancelar: () => void acoes.cancelar(),
      emitirNfce: nfce.iniciar,
    },
  );
  const porTecla = (tecla: string) => atalhos.find((a) => a.tecla === tecla);
  /**
   * A dialog is over the till (its modals, the result, a confirmation, anyone's modal or
   * drawer): only the dialog's keys act, the till's F-keys do nothing (issue #15 item 1).
   */
  const sobDialogo = () => resultado !== null || usePdvStore.getState().modal !== null || confirmacoes > 0 || dialogoAberto();
  useHotkeys(hotkeysDoPdv(atalhos, { sobResultado: resultado !== null, confirmacoes, sobDialogo }), []);

  if (!registro) return null;

  const numeroTexto = registro.numero ? ` nº ${registro.numero}` : '';
  const titulo = orcamento ? `Orçamento${numeroTexto}` : modo === MODOS_PDV.Nova ? 'Ponto de venda' : `Venda${numeroTexto}`;
  const botaoFinalizar = (
    <BotaoFinalizar
      f10={porTecla('F10')!}
      orcamento={orcamento}
      loading={orcamento ? acoes.finalizando || acoes.deixandoAberta : acoes.finalizando}
    />
  );

  return (
    <Stack
      gap="sm"
      data-testid="pdv-screen"
      data-modo={modo}
      data-colunas={duasColunas ? 2 : 1}
      style={duasColunas ? { height: ALTURA_DA_TELA, minHeight: 480 } : undefined}
    >
      <PdvHeader
        registro={registro}
        titulo={titulo}
        orcamento={orcamento}
        deixadaEmAberto={deixadaEmAberto}
        tab={tab}
        onTabChange={
          modo === MODOS_PDV.Nova && onTabChange && podeVender && podeOrcar
            ? (t) => {
                onTabChange(t);
                // Back to the product field: the next keystrokes are a scan.
                focarEntrada();
              }
            : undefined
        }
        caixas={caixas.caixas}
        caixaId={caixaId}
        onCaixa={setCaixaId}
        autosave={editavel && !deixadaEmAberto ? autosave.estado : null}
        backup={modo === MODOS_PDV.Nova && backup && backup.id !== registro.id ? backup : null}
        onRestaurarBackup={() => {
          usePdvStore.getState().restaurarBackup();
          onTabChange?.(backup?.tipo === 'Orcamento' ? 'orcamento' : 'venda');
        }}
        onLista={() => setModal('lista')}
        onImprimir={(formato) => void acoes.imprimir(registro.sId, formato)}
        onCancelar={() => void acoes.cancelar()}
      />

      {precisaCaixa ? (
        <CaixaFechadoPanel
          caixas={caixas.caixas}
          podeAbrir={podeAbrirCaixa}
          onAbrir={() => setModal('abrir-caixa')}
          onEscolher={setCaixaId}
          onOrcamento={modo === MODOS_PDV.Nova && podeOrcar && onTabChange ? () => onTabChange('orcamento') : undefined}
        />
      ) : (
        <Box
          style={{
            display: 'grid',
            gap: 'var(--mantine-spacing-sm)',
            gridTemplateColumns: duasColunas ? 'minmax(0, 2fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
            ...(duasColunas ? { flex: 1, minHeight: 0 } : {}),
          }}
        >
          <Box style={duasColunas ? COLUNA_ROLAVEL : undefined}>
            <Stack gap="sm">
              <ItensPanel
                registro={registro}
                itensEditaveis={itensEditaveis}
                deixadaEmAberto={deixadaEmAberto}
                entradaRef={entradaRef}
                itemSelecionadoId={itemSelecionadoId}
                permiteEstoqueNegativo={caixas.permiteEstoqueNegativo}
                onProdutoAdicionado={() => acoes.setErros([])}
                focarEntrada={focarEntrada}
              />
              {orcamento && modo === MODOS_PDV.Nova ? (
                <Paper withBorder radius="md" p="sm">
                  <Stack gap="xs">
                    <Text fw={600}>Orçamentos</Text>
                    <VendasOrcamentosList
                      tab="orcamento"
                      onAbrir={onAbrirVenda}
                      onTransformar={podeVender ? (id) => void acoes.transformarEmVenda(id) : undefined}
                      transformando={acoes.transformando}
                    />
                  </Stack>
                </Paper>
              ) : null}
            </Stack>
          </Box>
          <Box style={duasColunas ? COLUNA_ROLAVEL : undefined}>
            <Stack gap="sm">
              <ClientePanel
                registro={registro}
                readOnly={!editavel || deixadaEmAberto}
                onEscolher={() => setModal('cliente')}
                onRemoverCliente={() => {
                  const r = definirCliente(acoes.atual(), null);
                  if (r.ok) salvar(r.registro);
                  else notifyError(r.erro);
                }}
                onRemoverPet={() => salvar(definirPet(acoes.atual(), null))}
              />
              <TotaisPanel registro={registro} />
              {orcamento ? (
                <ValidadeOrcamento
                  registro={registro}
                  onChange={(iso) => salvar({ ...registro, validadeOrcamento: iso, alteradoEm: new Date().toISOString() })}
                />
              ) : (
                <PagamentosList
                  financeiros={registro.financeiros}
                  onExcluir={(f) => void acoes.excluirPagamento(f)}
                  readOnly={!editavel}
                  excluindo={acoes.excluindoPagamento}
                />
              )}
              {acoes.erros.length > 0 ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertCircle />}
                  role="alert"
                  title="Não foi possível concluir"
                  withCloseButton
                  onClose={() => acoes.setErros([])}
                >
                  {acoes.erros.map((m) => (
                    <Text key={m} size="sm">
                      {m}
                    </Text>
                  ))}
                </Alert>
              ) : null}
              <AcoesPanel
                f8={porTecla('F8')}
                f9={porTecla('F9')}
                quantidadeItens={registro.itens.length}
                deixadaEmAberto={deixadaEmAberto}
                duasColunas={duasColunas}
                style={duasColunas ? ACOES_FIXAS : undefined}
                botaoFinalizar={botaoFinalizar}
                motivoFinalizar={motivoFinalizar}
                deixandoAberta={acoes.deixandoAberta}
              />
              {orcamento && registro.sId && modo === MODOS_PDV.Edicao && podeVender ? (
                <Button
                  variant="light"
                  onClick={() => void acoes.transformarEmVenda(registro.id)}
                  loading={acoes.transformando !== null}
                >
                  Transformar em venda
                </Button>
              ) : null}
            </Stack>
          </Box>
        </Box>
      )}

      <Box style={{ position: 'sticky', bottom: 0, zIndex: 5 }}>
        {!duasColunas && !precisaCaixa ? <ResumoFixo registro={registro}>{botaoFinalizar}</ResumoFixo> : null}
        <AtalhosBar atalhos={atalhos} />
      </Box>

      <PdvModais
        registro={registro}
        orcamento={orcamento}
        numeroTexto={numeroTexto}
        itemSelecionado={itemSelecionado}
        caixas={caixas}
        podeVender={podeVender}
        resultado={resultado}
        acoes={acoes}
        nfce={nfce}
        onAbrirVenda={onAbrirVenda}
        renderAbrirCaixa={renderAbrirCaixa}
      />
    </Stack>
  );
}
