/**
 * "Abrir embalagem para granel" (DOMAIN.md §4 "Bulk products"; issue #5 item 1): the shop opens
 * packages of a product that has a bulk counterpart (a 15 kg bag of feed sold by the KG). The
 * user picks the package product and how many packages; POST /estoques/saida_para_granel takes
 * them out and puts quantity × factor of the bulk product in at proportional cost, and the
 * modal shows both new balances.
 */
import { Alert, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import type { PosicaoEstoque, SaidaGranel } from '@petshop/shared/estoque';
import { formatQuantidade } from '@petshop/shared/format';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { ProdutoEstoqueSelect } from './produto-estoque-select.tsx';
import { toApiError } from '#lib/http/api-error.ts';
import { newUuid } from '#lib/http/idempotency.ts';
import { notifySuccess } from '#lib/notify.ts';
import { AnchorLink } from '#lib/ui/router-links.tsx';
import { useProduto } from '#lib/produtos/get-produto.ts';
import { useSaidaParaGranel } from '../api/saida-para-granel.ts';
import { formatCusto } from '../estoque-format.ts';
import { DecimalInput } from '#lib/ui/decimal-input.tsx';

type AbrirEmbalagemModalProps = { opened: boolean; onClose: () => void };

export function AbrirEmbalagemModal({ opened, onClose }: AbrirEmbalagemModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Abrir embalagem para granel" size="lg" centered>
      {opened ? <AbrirEmbalagem onClose={onClose} /> : null}
    </Modal>
  );
}

function AbrirEmbalagem({ onClose }: { onClose: () => void }) {
  const [produtoId, setProdutoId] = useState<string | null>(null);
  const [posicao, setPosicao] = useState<PosicaoEstoque | null>(null);
  const [quantidade, setQuantidade] = useState<number | ''>(1);
  const [erro, setErro] = useState<string | null>(null);
  const [resultado, setResultado] = useState<SaidaGranel | null>(null);
  const chave = useRef(newUuid());
  const produto = useProduto(produtoId);
  const granelId = produto.data?.granel?.produtoGranelId ?? null;
  const granel = useProduto(granelId);
  const abrir = useSaidaParaGranel();

  const fator = produto.data?.granel?.fatorConversao ?? null;
  const unidade = produto.data?.unidadeMedida ?? null;
  const unidadeGranel = granel.data?.unidadeMedida ?? null;
  const semGranel = produto.data !== undefined && produto.data.granel === null;
  const pronto = Boolean(produtoId && fator && typeof quantidade === 'number' && quantidade >= 1);

  const recomecar = () => {
    setResultado(null);
    setProdutoId(null);
    setPosicao(null);
    setQuantidade(1);
    setErro(null);
  };

  const enviar = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!produtoId || abrir.isPending) return;
    if (typeof quantidade !== 'number' || quantidade < 1 || !Number.isInteger(quantidade)) {
      setErro('Informe um número inteiro de embalagens (1 ou mais)');
      return;
    }
    setErro(null);
    abrir.mutate(
      { dados: { produtoId, quantidade, chave: chave.current } },
      {
        onSuccess: (r) => {
          chave.current = newUuid();
          setResultado(r);
          notifySuccess('Embalagem aberta para granel');
        },
        onError: (error) => {
          const e = toApiError(error);
          setErro(Object.values(e.fieldErrors)[0] ?? e.displayMessages.join(' '));
        },
      },
    );
  };

  if (resultado) return <ResultadoGranel resultado={resultado} onOutra={recomecar} onClose={onClose} />;

  return (
    <form onSubmit={enviar} noValidate aria-label="Abrir embalagem para granel">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Tira embalagens do estoque do produto embalado e coloca a quantidade equivalente do produto a granel, pelo custo
          proporcional.
        </Text>
        <ProdutoEstoqueSelect
          label="Produto embalado"
          value={produtoId}
          mostrarSaldo
          data-autofocus
          onChange={(id, p) => {
            setProdutoId(id);
            setPosicao(p);
            setErro(null);
          }}
        />
        {semGranel && produto.data ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle />} title="Produto sem produto a granel vinculado">
            <Text size="sm">
              Vincule o produto a granel e o fator de conversão na aba Granel do cadastro:{' '}
              <AnchorLink to="/produtos/form/{-$produtoId}" params={{ produtoId: produto.data.id }} size="sm">
                abrir {produto.data.nome}
              </AnchorLink>
              .
            </Text>
          </Alert>
        ) : null}
        {produto.data?.granel && unidade ? (
          <>
            <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-blue-0)">
              <Text size="sm" fw={500}>
                1 {unidade.sigla} de {produto.data.nome} ={' '}
                {formatQuantidade(produto.data.granel.fatorConversao, {
                  sigla: unidadeGranel?.sigla ?? '',
                  permiteVendaFracionada: true,
                })}{' '}
                de {produto.data.granel.produtoGranelNome}
              </Text>
              {posicao ? (
                <Text size="xs" c="dimmed">
                  Estoque atual: {formatQuantidade(posicao.quantidade, unidade)}
                </Text>
              ) : null}
            </Paper>
            <DecimalInput
              label="Embalagens a abrir"
              description={`Quantos ${unidade.sigla} abrir`}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={quantidade}
              onChange={(v) => setQuantidade(typeof v === 'number' ? v : '')}
              w={200}
            />
            {fator && typeof quantidade === 'number' && quantidade > 0 ? (
              <Text size="sm" aria-label="Prévia da conversão">
                Sai <b>{formatQuantidade(quantidade, unidade)}</b> de {produto.data.nome}; entra{' '}
                <b>{formatQuantidade(quantidade * fator, { sigla: unidadeGranel?.sigla ?? '', permiteVendaFracionada: true })}</b>{' '}
                de {produto.data.granel.produtoGranelNome}.
              </Text>
            ) : null}
          </>
        ) : null}
        {erro ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {erro}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" disabled={!pronto} loading={abrir.isPending}>
            Abrir embalagem
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ResultadoGranel({ resultado, onOutra, onClose }: { resultado: SaidaGranel; onOutra: () => void; onClose: () => void }) {
  const lados = [
    { titulo: 'Saiu', lado: resultado.produto },
    { titulo: 'Entrou', lado: resultado.produtoGranel },
  ];
  return (
    <Stack gap="md" data-testid="granel-resultado">
      <Alert color="teal" variant="light" icon={<IconCircleCheck />} title="Embalagem aberta">
        Os dois saldos já estão atualizados.
      </Alert>
      <Table verticalSpacing="xs" aria-label="Resultado da abertura">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Produto</Table.Th>
            <Table.Th ta="right">Movimento</Table.Th>
            <Table.Th ta="right">Custo unitário</Table.Th>
            <Table.Th ta="right">Novo saldo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lados.map(({ titulo, lado }) => {
            const unidade = { sigla: lado.unidadeSigla, permiteVendaFracionada: true };
            return (
              <Table.Tr key={lado.produtoId}>
                <Table.Td>{lado.nome}</Table.Td>
                <Table.Td ta="right" c={titulo === 'Saiu' ? 'red.7' : 'teal.8'} style={{ whiteSpace: 'nowrap' }}>
                  {titulo === 'Saiu' ? '−' : '+'}
                  {formatQuantidade(lado.quantidade, unidade)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatCusto(lado.custoUnitario)}
                </Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} aria-label={`Novo saldo de ${lado.nome}`}>
                  {formatQuantidade(lado.saldo, unidade)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onOutra}>
          Abrir outra
        </Button>
        <Button onClick={onClose} data-autofocus>
          Fechar
        </Button>
      </Group>
    </Stack>
  );
}
