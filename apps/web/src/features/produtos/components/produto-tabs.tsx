/** The five tabs of the product form. */
import { Alert, Grid, Paper, SegmentedControl, Select, Stack, Switch, Text, TextInput, Input } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { formatMoney, formatQuantidade } from '@petshop/shared/format';
import {
  CSOSNS,
  CSTS_ICMS,
  CSTS_PIS_COFINS,
  ORIGENS,
  TIPOS_PRODUTO,
  type Produto,
  type TipoProduto,
} from '@petshop/shared/produto';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ProdutoEstoqueSaldo } from './produto-estoque-saldo.tsx';
import { ProdutoPacoteFields } from './produto-pacote-fields.tsx';
import type { ProdutoFormValues } from './produto-values.ts';
import { applyMask } from '#lib/ui/masks.ts';
import { DecimalInput, MoneyInput, QuantityInput } from '#lib/ui/decimal-input.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { categoriasProdutoApi } from '../api/categorias-produto.ts';
import { useProdutos } from '../api/list-produtos.ts';
import { marcasApi } from '../api/marcas.ts';
import { unidadesMedidaApi } from '../api/unidades-medida.ts';
import { lucro, onCustoChange, onMarkupChange, onVendaChange, type PrecoValue, type PrecosForm } from '../precos.ts';
import { useProduto } from '#lib/produtos/get-produto.ts';

type TabProps = { form: UseFormReturnType<ProdutoFormValues>; values: ProdutoFormValues };

const TIPO_OPTIONS = Object.entries(TIPOS_PRODUTO).map(([value, label]) => ({ value, label }));
const codeOptions = (codes: Record<string, string>) =>
  Object.entries(codes).map(([value, label]) => ({ value, label: `${value} - ${label}` }));

/** Active records plus the one already chosen (an old product keeps showing its inactive brand). */
const activeOptions = <T extends { id: string; ativo: boolean }>(
  rows: readonly T[],
  current: string | null,
  label: (row: T) => string,
) => rows.filter((r) => r.ativo || r.id === current).map((r) => ({ value: r.id, label: label(r) }));

/** The unit chosen on the form, once the units are loaded. */
const useUnidade = (id: string | null) => {
  const unidades = unidadesMedidaApi.useOptions();
  return { unidades, unidade: unidades.data?.items.find((u) => u.id === id) ?? null };
};

// ---------------------------------------------------------------------------------------------
// Geral
// ---------------------------------------------------------------------------------------------

export function ProdutoGeralTab({ form, values }: TabProps) {
  const marcas = marcasApi.useOptions();
  const categorias = categoriasProdutoApi.useOptions();
  const { unidades } = useUnidade(values.unidadeMedidaId);
  const marcaOptions = useMemo(
    () => activeOptions(marcas.data?.items ?? [], values.marcaId, (m) => m.nome),
    [marcas.data, values.marcaId],
  );
  const categoriaOptions = useMemo(
    () =>
      activeOptions(categorias.data?.items ?? [], values.categoriaId, (c) =>
        c.categoriaPaiNome ? `${c.categoriaPaiNome} › ${c.nome}` : c.nome,
      ),
    [categorias.data, values.categoriaId],
  );
  const unidadeOptions = useMemo(
    () => activeOptions(unidades.data?.items ?? [], values.unidadeMedidaId, (u) => `${u.sigla} - ${u.descricao}`),
    [unidades.data, values.unidadeMedidaId],
  );

  const setTipo = (tipo: TipoProduto) => {
    form.setFieldValue('tipo', tipo);
    // Services never control stock or lots, nor have a bulk counterpart (the API refuses them).
    if (tipo === 'servico') {
      form.setFieldValue('controlaEstoque', false);
      form.setFieldValue('controlaLote', false);
      form.setFieldValue('temGranel', false);
    } else {
      form.setFieldValue('controlaEstoque', true);
    }
  };

  return (
    <Grid gap="sm">
      <Grid.Col span={12}>
        <Input.Wrapper label="Tipo">
          <div>
            <SegmentedControl
              aria-label="Tipo"
              data={TIPO_OPTIONS}
              value={values.tipo}
              onChange={(value) => setTipo(value === 'servico' ? 'servico' : 'produto')}
            />
          </div>
        </Input.Wrapper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <TextInput
          label="Nome"
          required
          placeholder={values.tipo === 'servico' ? 'Banho - porte médio' : 'Ração Golden Adulto Frango 15 kg'}
          {...form.getInputProps('nome')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 4 }}>
        <TextInput label="Código interno" maxLength={30} {...form.getInputProps('codigo')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 4 }}>
        <TextInput
          label="Código de barras"
          placeholder="EAN/GTIN de 8 a 14 dígitos"
          inputMode="numeric"
          maxLength={14}
          {...form.getInputProps('codigoBarras')}
          onChange={(event) => form.setFieldValue('codigoBarras', event.currentTarget.value.replace(/\D/g, ''))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
        <SelectField
          label="Unidade de medida"
          required
          placeholder="Selecione"
          data={unidadeOptions}
          searchable
          nothingFoundMessage="Nenhuma unidade"
          {...form.getInputProps('unidadeMedidaId')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
        <SelectField
          label="Marca"
          placeholder="Sem marca"
          data={marcaOptions}
          searchable
          clearable
          nothingFoundMessage="Nenhuma marca"
          {...form.getInputProps('marcaId')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <SelectField
          label="Categoria"
          placeholder="Sem categoria"
          data={categoriaOptions}
          searchable
          clearable
          nothingFoundMessage="Nenhuma categoria"
          {...form.getInputProps('categoriaId')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Switch
          label="Ativo"
          description="Inativos não aparecem no PDV."
          {...form.getInputProps('ativo', { type: 'checkbox' })}
        />
      </Grid.Col>
      {values.tipo === 'servico' ? (
        <Grid.Col span={12}>
          <ProdutoPacoteFields form={form} values={values} />
        </Grid.Col>
      ) : null}
    </Grid>
  );
}

// ---------------------------------------------------------------------------------------------
// Preços
// ---------------------------------------------------------------------------------------------

export function ProdutoPrecosTab({ form, values }: TabProps) {
  const precos: PrecosForm = { precoCusto: values.precoCusto, markup: values.markup, precoVenda: values.precoVenda };
  /** The typed field keeps what is being typed; the other two follow (precos.ts). */
  const apply = (next: PrecosForm, typed: keyof PrecosForm, raw: PrecoValue | string) => {
    const value: PrecoValue = typeof raw === 'number' ? raw : raw.trim() === '' ? '' : (next[typed] as PrecoValue);
    form.setValues({ ...next, [typed]: value });
    form.clearFieldError('precoCusto');
    form.clearFieldError('markup');
    form.clearFieldError('precoVenda');
  };
  const ganho = lucro(precos);
  return (
    <Stack gap="sm">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <MoneyInput
            label="Preço de custo"
            value={values.precoCusto}
            error={form.errors.precoCusto}
            onChange={(v) => apply(onCustoChange(precos, v), 'precoCusto', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DecimalInput
            label="Markup"
            suffix=" %"
            decimalScale={2}
            allowNegative={false}
            placeholder="0 %"
            value={values.markup}
            error={form.errors.markup}
            onChange={(v) => apply(onMarkupChange(precos, v), 'markup', v)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <MoneyInput
            label="Preço de venda"
            value={values.precoVenda}
            error={form.errors.precoVenda}
            onChange={(v) => apply(onVendaChange(precos, v), 'precoVenda', v)}
          />
        </Grid.Col>
      </Grid>
      <Text size="sm" c="dimmed">
        Alterar o custo ou o markup recalcula o preço de venda; alterar o preço de venda recalcula o markup.
        {ganho !== null ? (
          <>
            {' '}
            Lucro por unidade:{' '}
            <Text span fw={600} c={ganho < 0 ? 'red' : undefined}>
              {formatMoney(ganho)}
            </Text>
            .
          </>
        ) : null}
      </Text>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Estoque
// ---------------------------------------------------------------------------------------------

export function ProdutoEstoqueTab({ form, values, produto }: TabProps & { produto?: Produto | undefined }) {
  const { unidade } = useUnidade(values.unidadeMedidaId);
  if (values.tipo === 'servico') {
    return (
      <Alert variant="light" icon={<IconInfoCircle />}>
        Serviços não controlam estoque.
      </Alert>
    );
  }
  const fracionada = unidade?.permiteVendaFracionada ?? false;
  return (
    <Grid gap="sm">
      {produto && produto.tipo === 'produto' && produto.controlaEstoque ? (
        <Grid.Col span={12}>
          <ProdutoEstoqueSaldo produto={produto} />
        </Grid.Col>
      ) : null}
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <QuantityInput
          label="Estoque mínimo"
          description={
            unidade
              ? fracionada
                ? `Em ${unidade.sigla}, com até 3 casas decimais`
                : `Em ${unidade.sigla}, quantidade inteira`
              : 'Escolha a unidade de medida na aba Geral'
          }
          suffix={unidade ? ` ${unidade.sigla}` : undefined}
          fracionada={fracionada}
          allowNegative={false}
          disabled={!values.controlaEstoque}
          {...form.getInputProps('estoqueMinimo')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Stack gap="sm">
          <Switch
            label="Controla estoque"
            description="Vendas e compras movimentam o saldo deste produto."
            {...form.getInputProps('controlaEstoque', { type: 'checkbox' })}
          />
          <Switch
            label="Controla lote e validade"
            description="Entradas registram lote e data de validade (relatório de vencimentos)."
            {...form.getInputProps('controlaLote', { type: 'checkbox' })}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

// ---------------------------------------------------------------------------------------------
// Fiscal
// ---------------------------------------------------------------------------------------------

const ORIGEM_OPTIONS = codeOptions(ORIGENS);
const CSOSN_OPTIONS = codeOptions(CSOSNS);
const CST_OPTIONS = codeOptions(CSTS_ICMS);
const PIS_COFINS_OPTIONS = codeOptions(CSTS_PIS_COFINS);

/** A digits-only code typed with its usual mask ('2309.10.00'). */
function CodeInput({
  form,
  path,
  label,
  pattern,
  description,
}: {
  form: UseFormReturnType<ProdutoFormValues>;
  path: 'fiscal.ncm' | 'fiscal.cest' | 'fiscal.cfop';
  label: string;
  pattern: string;
  description: string;
}) {
  const props = form.getInputProps(path);
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <TextInput
      label={label}
      description={description}
      inputMode="numeric"
      placeholder={pattern.replace(/#/g, '0')}
      maxLength={pattern.length}
      {...props}
      value={applyMask(value, pattern)}
      onChange={(event) => form.setFieldValue(path, event.currentTarget.value.replace(/\D/g, ''))}
    />
  );
}

export function ProdutoFiscalTab({ form }: { form: UseFormReturnType<ProdutoFormValues> }) {
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <CodeInput form={form} path="fiscal.ncm" label="NCM" pattern="####.##.##" description="8 dígitos (ração: 2309.10.00)" />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <CodeInput form={form} path="fiscal.cest" label="CEST" pattern="##.###.##" description="7 dígitos, quando houver ST" />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <CodeInput form={form} path="fiscal.cfop" label="CFOP" pattern="####" description="Venda dentro do estado: 5102" />
      </Grid.Col>
      <Grid.Col span={12}>
        <SelectField label="Origem" data={ORIGEM_OPTIONS} allowDeselect={false} {...form.getInputProps('fiscal.origem')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <SelectField
          label="CSOSN"
          description="Simples Nacional (CRT 1)"
          placeholder="Selecione"
          data={CSOSN_OPTIONS}
          clearable
          searchable
          {...form.getInputProps('fiscal.csosn')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <SelectField
          label="CST do ICMS"
          description="Regime normal (CRT 3)"
          placeholder="Selecione"
          data={CST_OPTIONS}
          clearable
          searchable
          {...form.getInputProps('fiscal.cst')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <SelectField
          label="CST do PIS"
          placeholder="Selecione"
          data={PIS_COFINS_OPTIONS}
          clearable
          searchable
          {...form.getInputProps('fiscal.pisCst')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <SelectField
          label="CST da COFINS"
          placeholder="Selecione"
          data={PIS_COFINS_OPTIONS}
          clearable
          searchable
          {...form.getInputProps('fiscal.cofinsCst')}
        />
      </Grid.Col>
    </Grid>
  );
}

// ---------------------------------------------------------------------------------------------
// Granel
// ---------------------------------------------------------------------------------------------

const SEARCH_DEBOUNCE_MS = 250;

export function ProdutoGranelTab({ form, values, produto }: TabProps & { produto?: Produto | undefined }) {
  const { unidade } = useUnidade(values.unidadeMedidaId);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const resultados = useProdutos(
    { page: 1, pageSize: 20, query: query.trim() || undefined, tipo: 'produto', ativo: true },
    values.temGranel,
  );
  const escolhido = useProduto(values.granel.produtoGranelId);

  const options = useMemo(() => {
    const map = new Map<string, string>();
    const current = values.granel.produtoGranelId;
    if (current) {
      const nome =
        escolhido.data?.nome ?? (produto?.granel?.produtoGranelId === current ? produto.granel.produtoGranelNome : null);
      if (nome) map.set(current, nome);
    }
    for (const p of resultados.data?.items ?? []) if (p.id !== produto?.id) map.set(p.id, p.nome);
    return [...map].map(([value, label]) => ({ value, label }));
  }, [resultados.data, escolhido.data, produto, values.granel.produtoGranelId]);

  if (values.tipo === 'servico') {
    return (
      <Alert variant="light" icon={<IconInfoCircle />}>
        Serviços não têm produto a granel.
      </Alert>
    );
  }

  const fator = typeof values.granel.fatorConversao === 'number' ? values.granel.fatorConversao : null;
  const granelUnidade = escolhido.data?.unidadeMedida ?? null;
  const frase =
    fator && escolhido.data && unidade && granelUnidade
      ? `1 ${unidade.sigla} deste produto = ${formatQuantidade(fator, { sigla: granelUnidade.sigla, permiteVendaFracionada: true })} de ${escolhido.data.nome}${/a granel$/i.test(escolhido.data.nome) ? '' : ' a granel'}`
      : null;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Ao abrir um saco para vender a granel, a saída para granel tira 1 unidade deste produto do estoque e coloca a quantidade
        equivalente do produto a granel.
      </Text>
      <Switch
        label="Este produto tem uma versão a granel"
        {...form.getInputProps('temGranel', { type: 'checkbox' })}
        onChange={(event) => {
          form.setFieldValue('temGranel', event.currentTarget.checked);
          form.clearFieldError('granel');
        }}
      />
      {typeof form.errors.granel === 'string' || form.errors.granel ? (
        <Text size="sm" c="red" role="alert">
          {form.errors.granel}
        </Text>
      ) : null}
      {values.temGranel ? (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <Input.Wrapper
              label="Produto a granel"
              required
              error={form.errors['granel.produtoGranelId']}
              description="Busque pelo nome ou código do produto vendido a granel"
              id="granel-produto"
            >
              <Select
                id="granel-produto"
                aria-label="Produto a granel"
                placeholder="Buscar produto"
                data={options}
                searchable
                clearable
                searchValue={search}
                onSearchChange={setSearch}
                // The API searches (names without accents, codes): no second filter here.
                filter={({ options: all }) => all}
                nothingFoundMessage={resultados.isFetching ? 'Buscando...' : 'Nenhum produto encontrado'}
                value={values.granel.produtoGranelId}
                onChange={(value) => {
                  form.setFieldValue('granel.produtoGranelId', value);
                  form.clearFieldError('granel.produtoGranelId');
                }}
                error={Boolean(form.errors['granel.produtoGranelId'])}
              />
            </Input.Wrapper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <DecimalInput
              label="Fator de conversão"
              description={
                granelUnidade ? `Quantos ${granelUnidade.sigla} tem 1 unidade deste` : 'Quanto do granel tem 1 unidade deste'
              }
              required
              decimalScale={3}
              allowNegative={false}
              suffix={granelUnidade ? ` ${granelUnidade.sigla}` : undefined}
              {...form.getInputProps('granel.fatorConversao')}
            />
          </Grid.Col>
          {frase ? (
            <Grid.Col span={12}>
              <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-blue-0)">
                <Text size="sm" fw={500}>
                  {frase}
                </Text>
              </Paper>
            </Grid.Col>
          ) : null}
        </Grid>
      ) : null}
    </Stack>
  );
}
