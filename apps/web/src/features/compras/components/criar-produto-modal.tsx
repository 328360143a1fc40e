/**
 * "Criar produto" from an imported line (DOMAIN.md §5): the API makes the product from the
 * invoice's data (name, NCM, CEST, GTIN, unit, cost) through the catalogue's own rules, links
 * the line and remembers it for the supplier's code. The user may rename it, pick its unit (the
 * invoice's by default), the conversion ("1 CX = [12] UN"), the sale price or markup, category
 * and brand.
 */
import { Alert, Button, Grid, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { Compra } from '@petshop/shared/compra';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { ItemFornecedor } from './item-fornecedor.tsx';
import { toApiError } from '#lib/http/api-error.ts';
import { DecimalInput, MoneyInput, moneyValue } from '#lib/ui/decimal-input.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { useCriarProdutoItem } from '../api/criar-produto-item.ts';
import { categoriasProdutoApi, marcasApi, unidadesMedidaApi } from '../api/opcoes.ts';
import type { ItemForm } from '../compra-values.ts';
import { formatCusto } from '../compras-format.ts';

type CriarProdutoModalProps = {
  compraId: string;
  item: ItemForm | null;
  onClose: () => void;
  onCriado: (compra: Compra, itemId: string) => void;
};

export function CriarProdutoModal({ compraId, item, onClose, onCriado }: CriarProdutoModalProps) {
  return (
    <Modal opened={item !== null} onClose={onClose} title="Criar produto a partir do item" size="lg" centered>
      {item?.id ? <CriarProduto compraId={compraId} item={item} itemId={item.id} onClose={onClose} onCriado={onCriado} /> : null}
    </Modal>
  );
}

function CriarProduto({
  compraId,
  item,
  itemId,
  onClose,
  onCriado,
}: Omit<CriarProdutoModalProps, 'item'> & { item: ItemForm; itemId: string }) {
  const criar = useCriarProdutoItem();
  const f = item.fornecimento;
  const unidades = unidadesMedidaApi.useOptions();
  const categorias = categoriasProdutoApi.useOptions();
  const marcas = marcasApi.useOptions();
  const [nome, setNome] = useState(f?.descricao ?? '');
  const [unidadeMedidaId, setUnidadeMedidaId] = useState<string | null>(null);
  const [fator, setFator] = useState<number | ''>(f?.fatorConversao ?? 1);
  const [precoVenda, setPrecoVenda] = useState<number | string>('');
  const [markup, setMarkup] = useState<number | ''>('');
  const [categoriaId, setCategoriaId] = useState<string | null>(null);
  const [marcaId, setMarcaId] = useState<string | null>(null);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [geral, setGeral] = useState<string | null>(null);

  const unidadeOptions = useMemo(
    () => (unidades.data?.items ?? []).filter((u) => u.ativo).map((u) => ({ value: u.id, label: `${u.sigla} - ${u.descricao}` })),
    [unidades.data],
  );
  // The invoice's unit when the shop has it (uCom 'CX' → CX), as the API would choose.
  const sugerida = useMemo(() => {
    const sigla = f?.unidadeFornecedor?.trim().toUpperCase();
    const lista = unidades.data?.items ?? [];
    return lista.find((u) => u.sigla.toUpperCase() === sigla) ?? lista.find((u) => u.sigla.toUpperCase() === 'UN') ?? null;
  }, [f, unidades.data]);
  const unidadeEscolhida = unidadeMedidaId ?? sugerida?.id ?? null;
  const sigla = (unidades.data?.items ?? []).find((u) => u.id === unidadeEscolhida)?.sigla ?? 'UN';
  const custo = f && typeof fator === 'number' && fator > 0 ? f.valorUnitarioFornecedor / fator : null;

  const enviar = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErros({});
    setGeral(null);
    criar.mutate(
      {
        compraId,
        itemId,
        dados: {
          nome: nome.trim() || undefined,
          unidadeMedidaId: unidadeEscolhida ?? undefined,
          fatorConversao: fator === '' ? undefined : fator,
          precoVenda: moneyValue(precoVenda) ?? undefined,
          markup: markup === '' ? undefined : markup,
          categoriaId: categoriaId ?? undefined,
          marcaId: marcaId ?? undefined,
        },
      },
      {
        onSuccess: (compra) => onCriado(compra, itemId),
        onError: (error) => {
          const e = toApiError(error);
          setErros({ ...e.fieldErrors });
          const semCampo = Object.entries(e.fieldErrors)
            .filter(([k]) => !['nome', 'unidadeMedidaId', 'fatorConversao', 'precoVenda', 'markup'].includes(k))
            .map(([, m]) => m);
          const mensagens = [...e.generalErrors, ...semCampo];
          setGeral(mensagens.length > 0 ? mensagens.join(' ') : Object.keys(e.fieldErrors).length === 0 ? e.message : null);
        },
      },
    );
  };

  return (
    <form onSubmit={enviar} noValidate aria-label="Criar produto">
      <Stack gap="md">
        {f ? <ItemFornecedor f={f} /> : null}
        <Grid gap="sm">
          <Grid.Col span={12}>
            <TextInput
              label="Nome do produto"
              required
              maxLength={120}
              value={nome}
              onChange={(e) => setNome(e.currentTarget.value)}
              error={erros.nome}
              data-autofocus
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SelectField
              label="Unidade de medida"
              data={unidadeOptions}
              value={unidadeEscolhida}
              onChange={setUnidadeMedidaId}
              searchable
              allowDeselect={false}
              error={erros.unidadeMedidaId}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DecimalInput
              label="Fator de conversão"
              description={`1 ${f?.unidadeFornecedor ?? 'unidade da nota'} = ${typeof fator === 'number' ? fator : '?'} ${sigla}`}
              value={fator}
              onChange={(v) => setFator(typeof v === 'number' ? v : '')}
              decimalScale={4}
              allowNegative={false}
              error={erros.fatorConversao}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MoneyInput
              label="Preço de venda"
              description={custo !== null ? `Custo: ${formatCusto(custo)} por ${sigla}` : undefined}
              value={precoVenda}
              onChange={setPrecoVenda}
              error={erros.precoVenda}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DecimalInput
              label="Markup"
              description="Ou o markup sobre o custo"
              suffix=" %"
              decimalScale={2}
              allowNegative={false}
              value={markup}
              onChange={(v) => setMarkup(typeof v === 'number' ? v : '')}
              error={erros.markup}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SelectField
              label="Categoria"
              placeholder="Sem categoria"
              data={(categorias.data?.items ?? [])
                .filter((c) => c.ativo)
                .map((c) => ({ value: c.id, label: c.categoriaPaiNome ? `${c.categoriaPaiNome} › ${c.nome}` : c.nome }))}
              value={categoriaId}
              onChange={setCategoriaId}
              searchable
              clearable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <SelectField
              label="Marca"
              placeholder="Sem marca"
              data={(marcas.data?.items ?? []).filter((m) => m.ativo).map((m) => ({ value: m.id, label: m.nome }))}
              value={marcaId}
              onChange={setMarcaId}
              searchable
              clearable
            />
          </Grid.Col>
        </Grid>
        <Text size="xs" c="dimmed">
          NCM, CEST e código de barras vêm da nota. O preço de venda, sem markup nem preço, fica igual ao custo: revise no
          cadastro do produto.
        </Text>
        {geral ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {geral}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={criar.isPending}>
            Criar produto
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
