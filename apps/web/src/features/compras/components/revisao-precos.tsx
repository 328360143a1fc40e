/**
 * "Preços de venda a revisar" on the purchase's summary (issue #15): the products whose cost
 * price goes up with the purchase (`RevisaoPreco` of the API), each with its cost before → after,
 * the sale price now, the markup now and at the new cost, the suggested price keeping the markup,
 * and a new sale price to type (the suggestion by default) with the markup it gives. Ticked
 * rows are saved by "Atualizar preços de venda" in one call; field errors of the API show on
 * their row. Without `produtos.gerenciar` the figures show and nothing can be saved.
 */
import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { RevisaoPreco } from '@petshop/shared/compra';
import { formatDecimal, formatMoney, toCents } from '@petshop/shared/format';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { resolverPrecos } from '@petshop/shared/produto';
import { IconAlertCircle, IconTrendingUp } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { hasPermissao } from '#lib/access/sections.tsx';
import { toApiError } from '#lib/http/api-error.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { MoneyInput, type DecimalValue } from '#lib/ui/decimal-input.tsx';
import { useAtualizarPrecosVenda } from '../api/atualizar-precos-venda.ts';
import { formatCusto } from '../compras-format.ts';

const pct = (v: number) => `${formatDecimal(v)} %`;

type Linha = { marcado: boolean; preco: DecimalValue };

type RevisaoPrecosProps = {
  compraId: string;
  revisao: readonly RevisaoPreco[];
  /** The text above the table (before or after finalising). */
  descricao: ReactNode;
  /** Called with the number of products saved. */
  onSalvo?: (quantidade: number) => void;
  /** Extra actions beside the save button ("Ver compra"). */
  acoes?: ReactNode;
};

export function RevisaoPrecos({ compraId, revisao, descricao, onSalvo, acoes }: RevisaoPrecosProps) {
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const podeSalvar = hasPermissao({ unidadeNegocio }, PERMISSOES.produtosGerenciar);
  const atualizar = useAtualizarPrecosVenda();
  const [linhas, setLinhas] = useState<Record<string, Linha>>(() =>
    Object.fromEntries(revisao.map((r) => [r.produtoId, { marcado: true, preco: r.precoSugerido }])),
  );
  const [erros, setErros] = useState<Record<string, string>>({});
  const [gerais, setGerais] = useState<string[]>([]);

  const linha = (r: RevisaoPreco): Linha => linhas[r.produtoId] ?? { marcado: true, preco: r.precoSugerido };
  const mudar = (produtoId: string, parte: Partial<Linha>) => {
    setLinhas((atual) => ({ ...atual, [produtoId]: { ...(atual[produtoId] ?? { marcado: true, preco: '' }), ...parte } }));
    setErros((e) => {
      const { [produtoId]: _, ...resto } = e;
      return resto;
    });
  };

  const marcados = revisao.filter((r) => linha(r).marcado);

  const salvar = () => {
    setGerais([]);
    const locais: Record<string, string> = {};
    for (const r of marcados) {
      const { preco } = linha(r);
      if (preco === '' || !Number.isFinite(preco) || preco <= 0) locais[r.produtoId] = 'Informe o novo preço de venda';
      else if (toCents(preco) < toCents(r.custoNovo))
        locais[r.produtoId] = `O preço de venda não pode ser menor que o preço de custo (${formatMoney(r.custoNovo)})`;
    }
    setErros(locais);
    if (Object.keys(locais).length > 0) return;
    atualizar.mutate(
      { compraId, dados: { precos: marcados.map((r) => ({ produtoId: r.produtoId, precoVenda: linha(r).preco as number })) } },
      {
        onSuccess: (res) => onSalvo?.(res.produtos.length),
        onError: (error) => {
          const e = toApiError(error);
          if (e.kind === 'unauthorized') return;
          const porProduto: Record<string, string> = {};
          const outros: string[] = [...e.generalErrors];
          for (const [campo, mensagem] of Object.entries(e.fieldErrors)) {
            const m = /^precos\.(\d+)\./.exec(campo);
            const r = m ? marcados[Number(m[1])] : undefined;
            if (r) porProduto[r.produtoId] = mensagem;
            else outros.push(mensagem);
          }
          setErros(porProduto);
          setGerais(outros.length > 0 || Object.keys(porProduto).length > 0 ? outros : [e.message]);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Preços de venda a revisar">
      <Stack gap="sm">
        <Group gap="xs">
          <IconTrendingUp size={20} color="var(--mantine-color-orange-7)" />
          <Title order={4}>Preços de venda a revisar</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {descricao}
        </Text>
        {gerais.length > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Não foi possível atualizar os preços" role="alert">
            {gerais.join(' ')}
          </Alert>
        ) : null}
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="xs" aria-label="Preços de venda a revisar">
            <Table.Thead>
              <Table.Tr>
                {podeSalvar ? <Table.Th w={40} /> : null}
                <Table.Th>Produto</Table.Th>
                <Table.Th ta="right">Custo</Table.Th>
                <Table.Th ta="right">Preço de venda</Table.Th>
                <Table.Th ta="right">Markup atual</Table.Th>
                <Table.Th ta="right">Markup com o novo custo</Table.Th>
                <Table.Th ta="right">Preço sugerido</Table.Th>
                {podeSalvar ? <Table.Th>Novo preço de venda</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {revisao.map((r) => {
                const { marcado, preco } = linha(r);
                const novo =
                  typeof preco === 'number' && Number.isFinite(preco) && preco > 0
                    ? resolverPrecos({ precoCusto: r.custoNovo, precoVenda: preco }).markup
                    : null;
                return (
                  <Table.Tr key={r.produtoId} aria-label={r.nome}>
                    {podeSalvar ? (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Atualizar ${r.nome}`}
                          checked={marcado}
                          onChange={(e) => mudar(r.produtoId, { marcado: e.currentTarget.checked })}
                        />
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {r.nome}
                      </Text>
                      <Text size="xs" c="dimmed">
                        por {r.unidadeSigla}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} aria-label={`Custo de ${r.nome}`}>
                      <Text size="sm" span c="dimmed">
                        {formatCusto(r.custoAtual)}
                      </Text>{' '}
                      →{' '}
                      <Text size="sm" span fw={700} c="orange.8">
                        {formatCusto(r.custoNovo)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(r.precoVenda)}</Table.Td>
                    <Table.Td ta="right" aria-label={`Markup atual de ${r.nome}`}>
                      {pct(r.markupAtual)}
                    </Table.Td>
                    <Table.Td ta="right" aria-label={`Markup com o novo custo de ${r.nome}`}>
                      <Text size="sm" span c={r.markupNovo < r.markupAtual ? 'red.7' : undefined}>
                        {pct(r.markupNovo)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" aria-label={`Preço sugerido de ${r.nome}`}>
                      <Text size="sm" span fw={600}>
                        {formatMoney(r.precoSugerido)}
                      </Text>
                    </Table.Td>
                    {podeSalvar ? (
                      <Table.Td miw={170}>
                        <MoneyInput
                          aria-label={`Novo preço de venda de ${r.nome}`}
                          size="xs"
                          value={preco}
                          disabled={!marcado}
                          error={erros[r.produtoId]}
                          onChange={(v) => mudar(r.produtoId, { preco: v })}
                        />
                        {novo !== null && marcado ? (
                          <Text size="xs" c="dimmed" mt={2} aria-label={`Markup no novo preço de ${r.nome}`}>
                            Markup: {pct(novo)}
                          </Text>
                        ) : null}
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" gap="sm">
          {acoes}
          {podeSalvar ? (
            <Button onClick={salvar} loading={atualizar.isPending} disabled={marcados.length === 0}>
              Atualizar preços de venda
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              Seu perfil não altera preços de produtos: peça a quem gerencia os produtos.
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
