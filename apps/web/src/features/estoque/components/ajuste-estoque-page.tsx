/**
 * /produtos/ajuste-estoque/ (spec §2; DOMAIN.md §4 "Ajuste de estoque"; issue #5 item 5): an
 * inventory count with the scanner, or units added or removed, always with a reason. Modes:
 * "Contagem (inventário)" sets the counted quantity of each line (the difference to the
 * balance becomes a movement), "Entrada" adds and "Saída" removes. The scanner field keeps the
 * focus: each read adds the product or counts one more. "Aplicar ajuste" shows each product's
 * balance before and after. The bag opening ("Abrir embalagem para granel") lives here too.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { modals } from '@mantine/modals';
import {
  MODO_AJUSTE_ESTOQUE_LABEL,
  MODOS_AJUSTE_ESTOQUE,
  type AjusteEstoque,
  type ModoAjusteEstoque,
  type PosicaoEstoque,
} from '@petshop/shared/estoque';
import { formatCount, formatQuantidade, parseDateInput, plural } from '@petshop/shared/format';
import { IconBuildingWarehouse, IconCircleCheck, IconPackageExport, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AbrirEmbalagemModal } from './abrir-embalagem-modal.tsx';
import { LeitorProduto } from './leitor-produto.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { toApiError } from '#lib/http/api-error.ts';
import { newUuid } from '#lib/http/idempotency.ts';
import { notifySuccess } from '#lib/notify.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { ButtonLink } from '#lib/ui/router-links.tsx';
import { useAjustarEstoque } from '../api/ajustar-estoque.ts';
import {
  corpoDoAjuste,
  diferencaDaLinha,
  erroDaLinha,
  erroDoMotivo,
  MOTIVO_MAX,
  saldoNovo,
  somarProduto,
  type LinhaAjuste,
} from '../ajuste-linhas.ts';
import { corDoSinal, formatQuantidadeSinal } from '../estoque-format.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { QuantityInput } from '#lib/ui/decimal-input.tsx';

const MODO_OPTIONS = MODOS_AJUSTE_ESTOQUE.map((value) => ({ value, label: MODO_AJUSTE_ESTOQUE_LABEL[value] }));
const isModo = (value: string): value is ModoAjusteEstoque => MODOS_AJUSTE_ESTOQUE.some((m) => m === value);

const AJUDA: Record<ModoAjusteEstoque, string> = {
  contagem:
    'Passe cada unidade no leitor (ou digite a quantidade contada): o saldo de cada produto passa a ser o contado, e a diferença vira uma movimentação de ajuste.',
  entrada: 'As quantidades informadas entram no estoque (ex.: brinde do fornecedor, acerto de entrada).',
  saida: 'As quantidades informadas saem do estoque (ex.: avaria, vencimento, consumo interno).',
};

const COLUNA_QUANTIDADE: Record<ModoAjusteEstoque, string> = { contagem: 'Contado', entrada: 'Entrada', saida: 'Saída' };

type ResultadoAplicado = { ajuste: AjusteEstoque; linhas: LinhaAjuste[]; modo: ModoAjusteEstoque; motivo: string };

export function AjusteEstoquePage() {
  const [modo, setModo] = useState<ModoAjusteEstoque>('contagem');
  const [linhas, setLinhas] = useState<LinhaAjuste[]>([]);
  const [motivo, setMotivo] = useState('');
  const [erroMotivo, setErroMotivo] = useState<string | null>(null);
  const [errosLinha, setErrosLinha] = useState<Record<number, string>>({});
  const [gerais, setGerais] = useState<string[]>([]);
  const [ultimo, setUltimo] = useState<string | null>(null);
  const [destacada, setDestacada] = useState<string | null>(null);
  const [resultado, setResultado] = useState<ResultadoAplicado | null>(null);
  const [granelAberto, setGranelAberto] = useState(false);
  const leitor = useRef<HTMLInputElement>(null);
  const chave = useRef(newUuid());
  const ajustar = useAjustarEstoque();

  const focarLeitor = () => leitor.current?.focus();
  // The scanner field has the focus from the start: the first read already counts.
  useEffect(() => {
    leitor.current?.focus();
  }, []);

  // The scanner's reads arrive from a queue of lookups (closures of earlier renders): the lines
  // are read and written through a ref, so no read is lost to a stale copy.
  const linhasRef = useRef(linhas);
  const mudarLinhas = (novas: LinhaAjuste[]) => {
    linhasRef.current = novas;
    setLinhas(novas);
  };
  const modoRef = useRef(modo);
  modoRef.current = modo;

  const onProduto = (p: PosicaoEstoque, quantidade: number): string | null => {
    if (!p.permiteVendaFracionada && !Number.isInteger(quantidade)) return `${p.unidadeSigla} não aceita quantidade fracionada`;
    const { linhas: novas, indice } = somarProduto(linhasRef.current, p, quantidade);
    mudarLinhas(novas);
    const linha = novas[indice]!;
    setUltimo(
      `${linha.nome} — ${COLUNA_QUANTIDADE[modoRef.current].toLowerCase()} ${formatQuantidade(linha.quantidade, linha.unidade)}`,
    );
    setDestacada(p.produtoId);
    setErrosLinha({});
    return null;
  };

  const alterarLinha = (indice: number, patch: Partial<LinhaAjuste>) => {
    mudarLinhas(linhasRef.current.map((l, i) => (i === indice ? { ...l, ...patch } : l)));
    setErrosLinha(({ [indice]: _, ...resto }) => resto);
  };

  const remover = (indice: number) => {
    mudarLinhas(linhasRef.current.filter((_, i) => i !== indice));
    setErrosLinha({});
    focarLeitor();
  };

  const novoAjuste = () => {
    setResultado(null);
    mudarLinhas([]);
    setMotivo('');
    setUltimo(null);
    setGerais([]);
    setErrosLinha({});
    setTimeout(focarLeitor, 0);
  };

  const aplicar = () => {
    setGerais([]);
    const erroM = erroDoMotivo(motivo);
    setErroMotivo(erroM);
    const erros: Record<number, string> = {};
    linhas.forEach((l, i) => {
      const e = erroDaLinha(l, modo);
      if (e) erros[i] = e;
    });
    setErrosLinha(erros);
    if (linhas.length === 0) {
      setGerais(['Leia ou busque ao menos um produto']);
      return;
    }
    if (erroM || Object.keys(erros).length > 0) return;
    const enviadas = linhas;
    const motivoEnviado = motivo.trim();
    ajustar.mutate(
      { dados: corpoDoAjuste(enviadas, modo, motivoEnviado, chave.current) },
      {
        onSuccess: (ajuste) => {
          chave.current = newUuid();
          notifySuccess('Ajuste de estoque aplicado');
          setResultado({ ajuste, linhas: enviadas, modo, motivo: motivoEnviado });
        },
        onError: (error) => {
          const e = toApiError(error);
          if (e.kind === 'unauthorized') return;
          const porLinha: Record<number, string> = {};
          const outros: string[] = [...e.generalErrors];
          for (const [campo, mensagem] of Object.entries(e.fieldErrors)) {
            const m = /^itens\.(\d+)\./.exec(campo);
            if (m) porLinha[Number(m[1])] = mensagem;
            else if (campo === 'motivo') setErroMotivo(mensagem);
            else outros.push(mensagem);
          }
          setErrosLinha(porLinha);
          if (outros.length === 0 && Object.keys(porLinha).length === 0 && !e.fieldErrors.motivo) outros.push(e.message);
          setGerais(outros);
        },
      },
    );
  };

  const confirmarAplicar = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (ajustar.isPending) return;
    if (linhas.length === 0 || erroDoMotivo(motivo) || linhas.some((l) => erroDaLinha(l, modo))) {
      aplicar();
      return;
    }
    modals.openConfirmModal({
      title: 'Aplicar ajuste de estoque',
      centered: true,
      children: (
        <Text size="sm">
          {MODO_AJUSTE_ESTOQUE_LABEL[modo]} de {formatCount(linhas.length, 'produto', 'produtos')}. Os saldos serão alterados
          agora, com o motivo “{motivo.trim()}”.
        </Text>
      ),
      labels: { confirm: 'Aplicar (Enter)', cancel: 'Voltar (Esc)' },
      confirmProps: { 'data-autofocus': true },
      onConfirm: aplicar,
    });
  };

  const acoes = (
    <>
      <Button variant="default" leftSection={<IconPackageExport size={16} />} onClick={() => setGranelAberto(true)}>
        Abrir embalagem para granel
      </Button>
      <Button
        variant="default"
        leftSection={<IconBuildingWarehouse size={16} />}
        component={Link}
        to="/relatorios/posicao-estoque"
      >
        Posição de estoque
      </Button>
    </>
  );

  return (
    <Stack gap="md">
      <PageHeader
        title="Ajuste de estoque"
        description="Contagem de inventário com o leitor, ou entrada e saída avulsas com motivo."
        back={<BackLink to="/produtos">Produtos</BackLink>}
        actions={acoes}
      />
      {resultado ? (
        <ResultadoAjuste resultado={resultado} onNovo={novoAjuste} />
      ) : (
        <form noValidate onSubmit={confirmarAplicar} aria-label="Ajuste de estoque">
          <Stack gap="md">
            <FormGeneralErrors errors={gerais} title="Não foi possível aplicar o ajuste" />
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Input.Wrapper label="Modo">
                  <div>
                    <SegmentedControl
                      aria-label="Modo do ajuste"
                      data={MODO_OPTIONS}
                      value={modo}
                      onChange={(value) => {
                        if (isModo(value)) setModo(value);
                        setErrosLinha({});
                        focarLeitor();
                      }}
                    />
                  </div>
                </Input.Wrapper>
                <Text size="sm" c="dimmed">
                  {AJUDA[modo]}
                </Text>
                <LeitorProduto ref={leitor} onProduto={onProduto} ultimo={ultimo} disabled={ajustar.isPending} />
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p="md">
              <LinhasAjuste
                linhas={linhas}
                modo={modo}
                erros={errosLinha}
                destacada={destacada}
                onAlterar={alterarLinha}
                onRemover={remover}
                onEnter={focarLeitor}
              />
            </Paper>

            <Paper withBorder radius="md" p="md">
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  label="Motivo"
                  required
                  placeholder={modo === 'contagem' ? 'Inventário mensal' : modo === 'entrada' ? 'Brinde do fornecedor' : 'Avaria'}
                  maxLength={MOTIVO_MAX}
                  value={motivo}
                  error={erroMotivo}
                  onChange={(e) => {
                    setMotivo(e.currentTarget.value);
                    setErroMotivo(null);
                  }}
                  style={{ flex: '1 1 320px' }}
                />
                <Group gap="sm" ml="auto">
                  <Text size="sm" c="dimmed" aria-label="Produtos no ajuste">
                    {formatCount(linhas.length, 'produto', 'produtos')}
                  </Text>
                  <Button type="submit" loading={ajustar.isPending}>
                    Aplicar ajuste
                  </Button>
                </Group>
              </Group>
            </Paper>
          </Stack>
        </form>
      )}
      <AbrirEmbalagemModal opened={granelAberto} onClose={() => setGranelAberto(false)} />
    </Stack>
  );
}

type LinhasAjusteProps = {
  linhas: LinhaAjuste[];
  modo: ModoAjusteEstoque;
  erros: Record<number, string>;
  destacada: string | null;
  onAlterar: (indice: number, patch: Partial<LinhaAjuste>) => void;
  onRemover: (indice: number) => void;
  onEnter: () => void;
};

function LinhasAjuste({ linhas, modo, erros, destacada, onAlterar, onRemover, onEnter }: LinhasAjusteProps) {
  if (linhas.length === 0) {
    return (
      <Stack gap={2} align="center" py="lg">
        <Text fw={500}>Nenhum produto no ajuste</Text>
        <Text size="sm" c="dimmed">
          Passe o código de barras no leitor ou digite o nome do produto acima.
        </Text>
      </Stack>
    );
  }
  const comLote = modo === 'entrada' && linhas.some((l) => l.controlaLote);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label="Itens do ajuste">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Produto</Table.Th>
            <Table.Th ta="right">Saldo atual</Table.Th>
            <Table.Th ta="right" w={150}>
              {COLUNA_QUANTIDADE[modo]}
            </Table.Th>
            <Table.Th ta="right">Diferença</Table.Th>
            <Table.Th ta="right">Novo saldo</Table.Th>
            {comLote ? <Table.Th>Lote</Table.Th> : null}
            <Table.Th w={44} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linhas.map((l, i) => {
            const d = diferencaDaLinha(l, modo);
            const novo = saldoNovo(l, modo);
            return (
              <Table.Tr
                key={l.produtoId}
                aria-label={l.nome}
                bg={destacada === l.produtoId ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {l.nome}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {[l.codigo, l.codigoBarras].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" c={l.saldo < 0 ? 'red.7' : undefined}>
                    {formatQuantidade(l.saldo, l.unidade)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <QuantityInput
                    aria-label={`${COLUNA_QUANTIDADE[modo]} de ${l.nome}`}
                    value={l.quantidade}
                    onChange={(v) => onAlterar(i, { quantidade: typeof v === 'number' ? v : '' })}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        onEnter();
                      }
                    }}
                    fracionada={l.unidade.permiteVendaFracionada}
                    allowNegative={false}
                    rightSection={
                      <Text size="xs" c="dimmed">
                        {l.unidade.sigla}
                      </Text>
                    }
                    rightSectionWidth={40}
                    error={erros[i]}
                    styles={{ input: { textAlign: 'right' } }}
                  />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {d === null ? (
                    '—'
                  ) : (
                    <Text size="sm" fw={600} c={corDoSinal(d)} aria-label={`Diferença de ${l.nome}`}>
                      {formatQuantidadeSinal(d, l.unidade)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {novo === null ? (
                    '—'
                  ) : (
                    <Text size="sm" c={novo < 0 ? 'red.7' : undefined}>
                      {formatQuantidade(novo, l.unidade)}
                    </Text>
                  )}
                </Table.Td>
                {comLote ? (
                  <Table.Td>
                    {l.controlaLote ? (
                      <Group gap={4} wrap="nowrap">
                        <TextInput
                          aria-label={`Lote de ${l.nome}`}
                          placeholder="Lote"
                          value={l.lote.numero}
                          onChange={(e) => onAlterar(i, { lote: { ...l.lote, numero: e.currentTarget.value } })}
                          w={100}
                        />
                        <DateInput
                          aria-label={`Validade do lote de ${l.nome}`}
                          placeholder="Validade"
                          valueFormat="DD/MM/YYYY"
                          dateParser={(text) => parseDateInput(text)}
                          value={l.lote.dataValidade}
                          onChange={(value) => onAlterar(i, { lote: { ...l.lote, dataValidade: value } })}
                          clearable
                          w={130}
                        />
                      </Group>
                    ) : null}
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <Tooltip label="Remover">
                    <ActionIcon variant="subtle" color="red" aria-label={`Remover ${l.nome}`} onClick={() => onRemover(i)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ResultadoAjuste({ resultado, onNovo }: { resultado: ResultadoAplicado; onNovo: () => void }) {
  const { ajuste, linhas, modo, motivo } = resultado;
  const porProduto = new Map(linhas.map((l) => [l.produtoId, l]));
  const hoje = hojeNaUnidade();
  const semMudanca = ajuste.itens.filter((i) => i.saldo === i.saldoAnterior).length;
  return (
    <Paper withBorder radius="md" p="md" data-testid="ajuste-resultado">
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCircleCheck />} title="Ajuste aplicado">
          {MODO_AJUSTE_ESTOQUE_LABEL[modo]} · motivo “{motivo}” ·{' '}
          {formatCount(ajuste.movimentacoes.length, 'movimentação registrada', 'movimentações registradas')}
          {semMudanca > 0
            ? ` · ${formatCount(semMudanca, 'produto', 'produtos')} já ${plural(semMudanca, 'estava', 'estavam')} com o saldo contado`
            : ''}
          .
        </Alert>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label="Resultado do ajuste">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Produto</Table.Th>
                <Table.Th ta="right">Saldo anterior</Table.Th>
                <Table.Th ta="right">Diferença</Table.Th>
                <Table.Th ta="right">Saldo atual</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ajuste.itens.map((item) => {
                const linha = porProduto.get(item.produtoId);
                const unidade = linha?.unidade ?? { sigla: '', permiteVendaFracionada: true };
                const d = item.saldo - item.saldoAnterior;
                return (
                  <Table.Tr key={item.produtoId} aria-label={linha?.nome ?? item.produtoId}>
                    <Table.Td>{linha?.nome ?? '—'}</Table.Td>
                    <Table.Td ta="right">{formatQuantidade(item.saldoAnterior, unidade)}</Table.Td>
                    <Table.Td ta="right">
                      {d === 0 ? (
                        <Badge variant="light" color="gray">
                          sem diferença
                        </Badge>
                      ) : (
                        <Text size="sm" fw={600} c={corDoSinal(d)}>
                          {formatQuantidadeSinal(d, unidade)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" fw={600} aria-label={`Saldo atual de ${linha?.nome ?? ''}`}>
                      {formatQuantidade(item.saldo, unidade)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" gap="sm">
          <ButtonLink
            variant="default"
            to="/relatorios/movimentacoes-estoque"
            search={{ dataInicio: hoje, dataFim: hoje, tipo: ['ajuste_entrada', 'ajuste_saida'] }}
          >
            Ver movimentações
          </ButtonLink>
          <Button onClick={onNovo} data-autofocus autoFocus>
            Novo ajuste
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
