/**
 * F8: a payment. The active methods are listed with number keys 1..n; picking one moves to its
 * form with the open balance prefilled. Cash asks "Valor recebido" and shows the change big;
 * credit card offers installments up to the method's maximum ("3x de R$ 33,34"); a prazo the
 * installments and the first due date; customer credit shows the customer's balance and needs
 * a customer; card methods ask, optionally, the brand, the NSU / authorisation code and the
 * acquirer (prefilled with the method's default; issue #15 item 4); PIX shows the amount's BR
 * Code as a QR for the customer to scan (issue #18 item 9, pix-qr.tsx). Enter confirms; Esc goes
 * back to the list, then closes.
 *
 * Every payment gets its `chave` (uuid) when its form opens and keeps it until it is recorded, so
 * a double Enter or a retry after a network failure records it once (DOMAIN.md §6).
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Kbd,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { BANDEIRAS_CARTAO, CODIGOS_BANDEIRA, dadosCartaoInputShape, isCartao } from '@petshop/shared/cartao';
import { formatDate, formatMoney, parseDateInput, todayISO } from '@petshop/shared/format';
import { TIPOS_PARCELAVEIS } from '@petshop/shared/forma-pagamento';
import { calcularPagamento, type FormaPagamentoPdv } from '@petshop/shared/venda';
import { IconAlertCircle } from '@tabler/icons-react';
import { z } from 'zod';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useCreditoClienteTotal } from '../api/get-credito-cliente-total.ts';
import { PixQr } from './pix-qr.tsx';
import {
  errosPagamento,
  novoId,
  numero,
  textoParcelas,
  vencimentoPadrao,
  type NovoPagamento,
  type RegistroVenda,
} from '../registro.ts';
import { DataInput } from '#lib/ui/masked-inputs.tsx';
import { MoneyInput, moneyValue } from '#lib/ui/decimal-input.tsx';

export type ErrosPagamento = {
  valorRecebido?: string;
  parcelas?: string;
  dataVencimento?: string;
  bandeira?: string;
  autorizacao?: string;
  adquirente?: string;
  adquirenteCnpj?: string;
  geral?: string[];
};

/** The card fields as the API checks them (NSU letters/digits, CNPJ check digits). */
const cartaoSchema = z.object(dadosCartaoInputShape);
/** The usual brands first (a letter picks them: V → Visa, M → Mastercard, E → Elo), then the rest by name. */
const BANDEIRAS_USUAIS = ['01', '02', '06', '07', '03'] as const;
const OPCOES_BANDEIRA = [
  { value: '', label: 'Não informada' },
  ...BANDEIRAS_USUAIS.map((codigo) => ({ value: codigo, label: BANDEIRAS_CARTAO[codigo] })),
  ...CODIGOS_BANDEIRA.filter((c) => !(BANDEIRAS_USUAIS as readonly string[]).includes(c))
    .map((codigo) => ({ value: codigo, label: BANDEIRAS_CARTAO[codigo] }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
];
/** A select has no implicit submission: Enter confirms as in the value field. */
const enterConfirma = (form: RefObject<HTMLFormElement | null>) => (e: KeyboardEvent<HTMLSelectElement>) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    form.current?.requestSubmit();
  }
};

type PagamentoModalProps = {
  opened: boolean;
  onClose: () => void;
  registro: RegistroVenda;
  formas: readonly FormaPagamentoPdv[];
  /** Records the payment; resolves to errors to show, or null when it was taken. */
  onConfirmar: (pagamento: NovoPagamento) => Promise<ErrosPagamento | null>;
  /** The unit has a PIX key: a PIX method shows the BR Code's QR (issue #18 item 9). */
  pixConfigurado?: boolean;
};

export function PagamentoModal({ opened, onClose, registro, formas, onConfirmar, pixConfigurado = false }: PagamentoModalProps) {
  const [forma, setForma] = useState<FormaPagamentoPdv | null>(null);
  const listaRef = useRef<HTMLDivElement>(null);
  const aberto = numero(registro.valorEmAberto);

  useEffect(() => {
    if (opened) setForma(null);
  }, [opened]);

  const escolher = (f: FormaPagamentoPdv | null) => {
    setForma(f);
    if (!f) window.setTimeout(() => listaRef.current?.querySelector<HTMLButtonElement>('button')?.focus(), 0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (forma) escolher(null);
      else onClose();
    }
  };

  // While the list shows, 1–9 choose a method wherever the focus is: a cashier who presses F8
  // and the method's number at once must not lose the number to the field that had the focus
  // before the modal took it (it would land in the barcode entry).
  const listaAberta = opened && !forma;
  const escolherRef = useRef(escolher);
  escolherRef.current = escolher;
  useEffect(() => {
    if (!listaAberta) return;
    const onTecla = (event: globalThis.KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || !/^[1-9]$/.test(event.key)) return;
      const f = formas[Number(event.key) - 1];
      if (!f) return;
      event.preventDefault();
      event.stopPropagation();
      escolherRef.current(f);
    };
    window.addEventListener('keydown', onTecla, true);
    return () => window.removeEventListener('keydown', onTecla, true);
  }, [listaAberta, formas]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Pagamento (F8)"
      size="lg"
      closeOnEscape={false}
      centered
      onKeyDown={onKeyDown}
      returnFocus={false}
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Text>Em aberto</Text>
          <Text fw={800} fz={26} data-testid="pagamento-aberto">
            {formatMoney(aberto)}
          </Text>
        </Group>
        {forma ? (
          <PagamentoForm
            key={forma.id}
            forma={forma}
            registro={registro}
            pixConfigurado={pixConfigurado}
            onVoltar={() => escolher(null)}
            onConfirmar={async (pagamento) => {
              const falhas = await onConfirmar(pagamento);
              // Taken: the next payment starts from the list again, with what is still open.
              if (!falhas) escolher(null);
              return falhas;
            }}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" ref={listaRef} role="list" aria-label="Formas de pagamento">
            {formas.map((f, idx) => (
              <UnstyledButton
                key={f.id}
                role="listitem"
                onClick={() => escolher(f)}
                data-autofocus={idx === 0 ? true : undefined}
                aria-label={`${idx + 1} ${f.nome}`}
                style={{ borderRadius: 8 }}
              >
                <Paper withBorder p="sm" radius="md">
                  <Group gap="sm" wrap="nowrap">
                    <Kbd size="lg">{idx + 1}</Kbd>
                    <div>
                      <Text fw={600}>{f.nome}</Text>
                      {f.maxParcelas > 1 && TIPOS_PARCELAVEIS.includes(f.tipo) ? (
                        <Text size="xs" c="dimmed">
                          até {f.maxParcelas}x
                        </Text>
                      ) : null}
                    </div>
                  </Group>
                </Paper>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
        {forma ? null : (
          <Text size="xs" c="dimmed">
            Tecle o número da forma de pagamento · Esc fecha
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

function PagamentoForm({
  forma,
  registro,
  pixConfigurado,
  onVoltar,
  onConfirmar,
}: {
  forma: FormaPagamentoPdv;
  registro: RegistroVenda;
  pixConfigurado: boolean;
  onVoltar: () => void;
  onConfirmar: (pagamento: NovoPagamento) => Promise<ErrosPagamento | null>;
}) {
  const aberto = numero(registro.valorEmAberto);
  const credito = useCreditoClienteTotal(forma.tipo === 'credito_cliente' ? (registro.cliente?.id ?? null) : null);
  const saldoCredito = credito.data?.total ?? null;
  const [valor, setValor] = useState<number | string>(aberto);
  const [parcelas, setParcelas] = useState('1');
  const [vencimento, setVencimento] = useState(formatDate(vencimentoPadrao()));
  const [chave, setChave] = useState(novoId);
  const cartao = isCartao(forma.tipo);
  const [bandeira, setBandeira] = useState('');
  const [autorizacao, setAutorizacao] = useState('');
  const [adquirente, setAdquirente] = useState(forma.adquirente ?? '');
  const [adquirenteCnpj, setAdquirenteCnpj] = useState(forma.adquirenteCnpj ?? '');
  const [erros, setErros] = useState<ErrosPagamento>({});
  const [enviando, setEnviando] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // Customer credit: prefill with what the balance covers.
  useEffect(() => {
    if (saldoCredito !== null) setValor((v) => (v === aberto ? Math.max(0, Math.min(aberto, saldoCredito)) : v));
  }, [saldoCredito, aberto]);

  // Focused as the form mounts (a layout effect, before the browser handles the next key): a
  // cashier who presses 1 and types the amount at once loses no digit.
  useLayoutEffect(() => {
    const input = formRef.current?.querySelector<HTMLInputElement>('input[data-valor]');
    input?.focus();
    input?.select();
  }, []);

  const recebido = moneyValue(valor) ?? 0;
  const dinheiro = forma.tipo === 'dinheiro';
  const parcelavel = TIPOS_PARCELAVEIS.includes(forma.tipo) && forma.maxParcelas > 1;
  const simulacao = calcularPagamento(forma.tipo, aberto, recebido);
  const semCliente = (forma.tipo === 'credito_cliente' || forma.tipo === 'a_prazo') && !registro.cliente;
  const creditoInsuficiente = forma.tipo === 'credito_cliente' && saldoCredito !== null && recebido > saldoCredito;
  const opcoesParcelas = Array.from({ length: Math.max(1, forma.maxParcelas) }, (_, i) => ({
    value: String(i + 1),
    label: textoParcelas(simulacao.valor || recebido, i + 1),
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (enviando) return;
    const dataVencimento = forma.tipo === 'a_prazo' ? parseDateInput(vencimento) : null;
    if (forma.tipo === 'a_prazo' && !dataVencimento) {
      setErros({ dataVencimento: 'Data de vencimento inválida' });
      return;
    }
    let dadosCartao: NovoPagamento['cartao'] = null;
    if (cartao) {
      const lido = cartaoSchema.safeParse({ bandeira, autorizacao, adquirente, adquirenteCnpj });
      if (!lido.success) {
        setErros(Object.fromEntries(lido.error.issues.map((i) => [String(i.path[0]), i.message])) as Partial<ErrosPagamento>);
        return;
      }
      const d = lido.data;
      if (d.bandeira || d.autorizacao || d.adquirente || d.adquirenteCnpj)
        dadosCartao = {
          bandeira: d.bandeira ?? null,
          autorizacao: d.autorizacao ?? null,
          adquirente: d.adquirente ?? null,
          adquirenteCnpj: d.adquirenteCnpj ?? null,
        };
    }
    const pagamento: NovoPagamento = {
      chave,
      formaPagamento: { id: forma.id, nome: forma.nome, tipo: forma.tipo },
      valorRecebido: recebido,
      parcelas: parcelavel ? Number(parcelas) : 1,
      dataVencimento,
      cartao: dadosCartao,
    };
    const locais = errosPagamento(registro, pagamento, forma.maxParcelas);
    if (locais || creditoInsuficiente) {
      setErros({
        ...(locais ?? {}),
        ...(creditoInsuficiente ? { valorRecebido: `Saldo de crédito insuficiente (${formatMoney(saldoCredito)})` } : {}),
        geral: locais?.cliente ? [locais.cliente] : undefined,
      });
      return;
    }
    setEnviando(true);
    try {
      const falhas = await onConfirmar(pagamento);
      if (falhas) {
        setErros(falhas);
        setEnviando(false);
      } else setChave(novoId());
    } catch (error) {
      setEnviando(false);
      throw error;
    }
  };

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label={`Pagamento em ${forma.nome}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Badge size="lg" variant="light">
              {forma.nome}
            </Badge>
            {forma.taxaPercentual > 0 ? (
              <Text size="xs" c="dimmed">
                taxa {String(forma.taxaPercentual).replace('.', ',')} %
              </Text>
            ) : null}
          </Group>
          <Button variant="subtle" size="xs" onClick={onVoltar}>
            Trocar forma (Esc)
          </Button>
        </Group>
        {erros.geral?.length ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {erros.geral.join(' ')}
          </Alert>
        ) : null}
        {semCliente ? (
          <Alert color="orange" variant="light" icon={<IconAlertCircle />}>
            {forma.nome} exige um cliente na venda: feche (Esc) e tecle F4.
          </Alert>
        ) : null}
        {forma.tipo === 'credito_cliente' && registro.cliente ? (
          <Text size="sm">
            Saldo de crédito de {registro.cliente.nome}:{' '}
            <Text span fw={700} data-testid="pagamento-saldo-credito">
              {credito.isPending ? 'carregando…' : credito.isError ? 'indisponível' : formatMoney(saldoCredito)}
            </Text>
          </Text>
        ) : null}
        <MoneyInput
          data-valor
          // The modal's focus trap focuses [data-autofocus] a tick after it opens: a cashier who
          // pressed F8 and the method's number before that tick keeps the focus on the amount.
          data-autofocus
          onFocus={(e) => e.currentTarget.select()}
          label={dinheiro ? 'Valor recebido' : 'Valor'}
          size="lg"
          value={valor}
          onChange={(v) => {
            setValor(v);
            if (erros.valorRecebido) setErros((e) => ({ ...e, valorRecebido: undefined }));
          }}
          error={erros.valorRecebido}
          required
        />
        {dinheiro ? (
          <Paper withBorder radius="md" p="sm" bg={simulacao.troco > 0 ? 'blue.0' : undefined}>
            <Group justify="space-between" align="baseline">
              <Text fw={600} size="lg">
                Troco
              </Text>
              <Text fw={800} fz={40} lh={1.1} c="blue.8" data-testid="pagamento-troco">
                {formatMoney(simulacao.troco)}
              </Text>
            </Group>
            {recebido > 0 && recebido < aberto ? (
              <Text size="xs" c="dimmed">
                Paga {formatMoney(simulacao.valor)}; faltarão {formatMoney(aberto - simulacao.valor)}
              </Text>
            ) : null}
          </Paper>
        ) : null}
        {forma.tipo === 'pix' ? (
          <PixQr vendaId={registro.sId} valor={simulacao.valor || recebido} configurado={pixConfigurado} />
        ) : null}
        {parcelavel ? (
          <NativeSelect
            label="Parcelas"
            data={opcoesParcelas}
            value={parcelas}
            onChange={(e) => setParcelas(e.currentTarget.value)}
            onKeyDown={enterConfirma(formRef)}
            error={erros.parcelas}
          />
        ) : null}
        {cartao ? (
          <SimpleGrid cols={2} spacing="sm" role="group" aria-label="Dados do cartão">
            <NativeSelect
              label="Bandeira"
              data={OPCOES_BANDEIRA}
              value={bandeira}
              onChange={(e) => setBandeira(e.currentTarget.value)}
              onKeyDown={enterConfirma(formRef)}
              error={erros.bandeira}
            />
            <TextInput
              label="NSU / autorização"
              value={autorizacao}
              maxLength={24}
              autoComplete="off"
              onChange={(e) => setAutorizacao(e.currentTarget.value)}
              error={erros.autorizacao}
            />
            <TextInput
              label="Adquirente"
              value={adquirente}
              maxLength={60}
              onChange={(e) => setAdquirente(e.currentTarget.value)}
              error={erros.adquirente}
            />
            <TextInput
              label="CNPJ da adquirente"
              value={adquirenteCnpj}
              inputMode="numeric"
              maxLength={18}
              onChange={(e) => setAdquirenteCnpj(e.currentTarget.value)}
              error={erros.adquirenteCnpj}
            />
          </SimpleGrid>
        ) : null}
        {forma.tipo === 'a_prazo' ? (
          <DataInput
            label="Primeiro vencimento"
            value={vencimento}
            onChange={setVencimento}
            error={erros.dataVencimento}
            description={`Hoje é ${formatDate(todayISO())}; as demais parcelas vencem mês a mês`}
          />
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={enviando} disabled={semCliente} rightSection={<Kbd size="xs">Enter</Kbd>}>
            Confirmar pagamento
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
