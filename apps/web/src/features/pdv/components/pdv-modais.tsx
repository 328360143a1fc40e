import type { CaixasParaPdv } from '@petshop/shared/venda';
import { useQueryClient } from '@tanstack/react-query';
import { AutorizacaoDescontoModal } from './autorizacao-desconto-modal.tsx';
import { CancelarModal } from './cancelar-modal.tsx';
import { ClienteModal } from './cliente-modal.tsx';
import { CpfNaNotaModal } from './cpf-na-nota-modal.tsx';
import { DescontoModal } from './desconto-modal.tsx';
import { FreteModal } from './frete-modal.tsx';
import { NfcePainel } from './nfce-painel.tsx';
import { PagamentoModal } from './pagamento-modal.tsx';
import type { AbrirCaixaRender } from './pdv-screen.tsx';
import { ResultadoModal, type ResultadoPdv } from './resultado-modal.tsx';
import { VendasOrcamentosModal } from './vendas-orcamentos-list.tsx';
import { queryKeys } from '#lib/query-keys.ts';
import { usePdvStore } from '../pdv-store.ts';
import { definirCliente, definirFrete, numero, type ItemRegistro, type RegistroVenda } from '../registro.ts';
import type { usePdvAcoes } from '../use-pdv-acoes.ts';
import type { NfceVenda } from '../use-nfce-venda.ts';
import { notifyError } from '#lib/notify.ts';

type PdvModaisProps = {
  registro: RegistroVenda;
  orcamento: boolean;
  /** " nº 12", or nothing before the record has a number. */
  numeroTexto: string;
  itemSelecionado: ItemRegistro | null;
  caixas: CaixasParaPdv;
  podeVender: boolean;
  resultado: ResultadoPdv | null;
  acoes: ReturnType<typeof usePdvAcoes>;
  /** The NFC-e of the sale on the result panel (issue #18 item 8). */
  nfce: NfceVenda;
  onAbrirVenda: (id: string) => void;
  renderAbrirCaixa?: AbrirCaixaRender;
};

/**
 * The till's dialogs, one open at a time (the store's `modal`): customer (F4), discount (F6),
 * freight (F7), payment (F8), cancel (Ctrl+Del), the list (F5), the registers feature's
 * open-register modal (F2), and the result panel over everything once a record ended, with the
 * finalised sale's NFC-e and its "CPF na nota?" prompt (issue #18 item 8); "Autorização de
 * desconto" when the sale's discount is above the cashier's limit (issue #22 item 4).
 */
export function PdvModais({
  registro,
  orcamento,
  numeroTexto,
  itemSelecionado,
  caixas,
  podeVender,
  resultado,
  acoes,
  nfce,
  onAbrirVenda,
  renderAbrirCaixa,
}: PdvModaisProps) {
  const queryClient = useQueryClient();
  const modal = usePdvStore((s) => s.modal);
  const setModal = usePdvStore((s) => s.setModal);
  const setCaixaId = usePdvStore((s) => s.setCaixaId);
  const salvar = usePdvStore((s) => s.salvar);
  const { atual, fecharModal } = acoes;
  /** Cancelling gives back stock and money: the sale left the till or has an effected payment. */
  const estornaAoCancelar = !registro.emAtendimento || registro.financeiros.some((f) => f.efetivado);

  return (
    <>
      <ClienteModal
        opened={modal === 'cliente'}
        onClose={fecharModal}
        aviso={acoes.avisoCliente}
        onEscolher={(cliente, pet) => {
          const r = definirCliente(atual(), cliente, pet);
          if (!r.ok) {
            notifyError(r.erro);
            return;
          }
          salvar(r.registro);
          fecharModal();
        }}
      />
      <AutorizacaoDescontoModal
        mensagem={acoes.autorizacao?.mensagem ?? null}
        erro={acoes.autorizacao?.erro ?? null}
        enviando={acoes.autorizacao?.enviando ?? false}
        onConfirmar={(a) => void acoes.confirmarAutorizacao(a)}
        onClose={acoes.cancelarAutorizacao}
      />
      <DescontoModal
        opened={modal === 'desconto'}
        onClose={fecharModal}
        registro={registro}
        item={itemSelecionado}
        onConfirmar={acoes.confirmarDesconto}
      />
      <FreteModal
        opened={modal === 'frete'}
        onClose={fecharModal}
        valorAtual={numero(registro.valorEntregaFrete)}
        onConfirmar={(valor) => {
          salvar(definirFrete(atual(), valor));
          fecharModal();
        }}
      />
      <PagamentoModal
        opened={modal === 'pagamento'}
        onClose={fecharModal}
        registro={registro}
        formas={caixas.formasPagamento}
        onConfirmar={acoes.confirmarPagamento}
        pixConfigurado={caixas.pixConfigurado ?? false}
      />
      <CancelarModal
        opened={modal === 'cancelar'}
        onClose={fecharModal}
        titulo={`${orcamento ? 'Orçamento' : 'Venda'}${numeroTexto}`}
        motivoObrigatorio={!orcamento && estornaAoCancelar}
        efeitos={
          orcamento
            ? undefined
            : estornaAoCancelar
              ? 'O estoque volta, os valores recebidos são estornados do seu caixa e as contas a receber são canceladas.'
              : 'A venda ainda não movimentou estoque nem dinheiro.'
        }
        onConfirmar={acoes.confirmarCancelamento}
      />
      <VendasOrcamentosModal
        opened={modal === 'lista'}
        onClose={fecharModal}
        tab={orcamento ? 'orcamento' : 'venda'}
        onAbrir={(id) => {
          setModal(null);
          onAbrirVenda(id);
        }}
        onTransformar={orcamento && podeVender ? (id) => void acoes.transformarEmVenda(id) : undefined}
        transformando={acoes.transformando}
      />
      {renderAbrirCaixa?.({
        opened: modal === 'abrir-caixa',
        onClose: fecharModal,
        onOpened: (caixa) => {
          setCaixaId(caixa.id);
          void queryClient.invalidateQueries({ queryKey: queryKeys.pdv.caixas() });
          fecharModal();
        },
      })}
      <ResultadoModal
        resultado={resultado}
        onNova={() => acoes.concluir()}
        imprimindo={acoes.imprimindo}
        closeOnEscape={!nfce.cpfAberto}
        nfce={
          resultado?.tipo === 'finalizada' && resultado.venda.tipo === 'Venda' ? (
            <NfcePainel nfce={nfce} returnTo={`/vendas/pdv/${resultado.venda.id}`} />
          ) : null
        }
        onImprimir={(formato) => {
          if (resultado) void acoes.imprimir(resultado.venda.id, formato);
        }}
      />
      <CpfNaNotaModal opened={nfce.cpfAberto} cpfInicial={nfce.cpfInicial} onConfirmar={nfce.confirmarCpf} />
    </>
  );
}
