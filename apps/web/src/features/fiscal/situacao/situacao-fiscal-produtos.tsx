/**
 * /fiscal/situacao-fiscal-produtos/ (issue #18 item 7; spec §2/§5; DOMAIN.md §4 "Situação
 * fiscal"): the products with what is missing or invalid for an NFC-e of the selected unit's
 * regime, fixed inline or in bulk, saved in one POST.
 *
 * - `ids` (the till's refused sale): only those products; otherwise the catalogue's active goods
 *   with a "Só pendentes" switch (default on) and the search box.
 * - Each row: the problems in red (recomputed while typing by the shared rules), NCM, CEST,
 *   CFOP (CFOPS_NFCE), origem, CSOSN or CST by the unit's CRT, PIS/COFINS CST.
 * - Checkboxes + "Aplicar aos selecionados" fill the given fields of the selected rows.
 * - "Salvar" sends the changed rows (any page) at once; a 400's `produtos.{i}.fiscal.{campo}`
 *   lands on that row's field. With `returnTo` (a path of this site): "Voltar para a venda", and
 *   after a save that leaves nothing pending the user is taken back there.
 * Without `produtos.gerenciar` the screen is read-only.
 */
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { ProdutoSituacao } from '@petshop/shared/fiscal';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { CSOSNS, CSTS_ICMS, CSTS_PIS_COFINS, ORIGENS } from '@petshop/shared/produto';
import { CFOPS_NFCE, crtSimples, problemasFiscais, type Crt } from '@petshop/shared/situacao-fiscal';
import { IconArrowBackUp, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { hasPermissao } from '#lib/access/sections.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { toApiError } from '#lib/http/api-error.ts';
import { ListPage, type Column } from '#lib/list/list-page.tsx';
import { useSearchUpdater } from '#lib/list/use-search-updater.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { applyMask } from '#lib/ui/masks.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { SelectField } from '#lib/ui/select-field.tsx';
import { listProdutoSituacao, useProdutoSituacao } from './api/list-produto-situacao.ts';
import { useSalvarProdutosSituacao } from './api/salvar-produtos-situacao.ts';
import {
  draftOf,
  errorsByProduto,
  inputOf,
  produtoFiscalOf,
  ROTULO_CAMPO,
  safeReturnTo,
  sameDraft,
  type CampoFiscal,
  type FiscalDraft,
} from './fiscal-draft.ts';

export type SituacaoFiscalSearch = {
  page: number;
  pageSize: number;
  query?: string | undefined;
  ids: string[];
  returnTo?: string | undefined;
  pendentes: boolean;
};

type Option = { value: string; label: string };
/** The field shows the code alone (narrow cells); the list shows code and description. */
const DESCRICOES: Record<string, Record<string, string>> = {};
const codeOptions = (codes: Record<string, string>, tabela: string): Option[] => {
  DESCRICOES[tabela] = codes;
  return Object.keys(codes).map((value) => ({ value, label: value }));
};
const renderCode =
  (tabela: string) =>
  ({ option }: { option: { value: string; label: string } }) => (
    <Text size="xs">
      {option.value}
      {DESCRICOES[tabela]?.[option.value] ? ` - ${DESCRICOES[tabela][option.value]}` : ` (não aceito na NFC-e)`}
    </Text>
  );
const CFOP_OPTIONS = codeOptions(CFOPS_NFCE, 'cfop');
const ORIGEM_OPTIONS = codeOptions(ORIGENS, 'origem');
const CSOSN_OPTIONS = codeOptions(CSOSNS, 'csosn');
const CST_OPTIONS = codeOptions(CSTS_ICMS, 'cst');
const PIS_COFINS_OPTIONS = codeOptions(CSTS_PIS_COFINS, 'pisCofins');
const TABELA: Record<CampoFiscal, string> = {
  ncm: '',
  cest: '',
  cfop: 'cfop',
  origem: 'origem',
  csosn: 'csosn',
  cst: 'cst',
  pisCst: 'pisCofins',
  cofinsCst: 'pisCofins',
};
/** A stored value outside the list (CFOP 5949) stays visible, marked as not accepted. */
const withCurrent = (options: Option[], value: string): Option[] =>
  value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;

const MASKS: Partial<Record<CampoFiscal, string>> = { ncm: '####.##.##', cest: '##.###.##' };
const COMBO = { width: 380, position: 'bottom-start' as const };

/** An edited row: the server's version it started from and the values typed. */
type Edit = { base: ProdutoSituacao; values: FiscalDraft };
type RowErrors = Partial<Record<CampoFiscal | 'id', string>>;

export function SituacaoFiscalProdutos({ search }: { search: SituacaoFiscalSearch }) {
  const porIds = search.ids.length > 0;
  const params = {
    page: search.page,
    pageSize: search.pageSize,
    query: search.query,
    ids: search.ids,
    pendentes: porIds ? undefined : search.pendentes || undefined,
  };
  const result = useProdutoSituacao(params);
  const crt: Crt = result.data?.crt ?? '1';
  const simples = crtSimples(crt);
  const campoIcms: CampoFiscal = simples ? 'csosn' : 'cst';
  const unidadeNegocio = useSessionStore((s) => s.unidadeNegocio);
  const podeEditar = hasPermissao({ unidadeNegocio }, PERMISSOES.produtosGerenciar);
  const updateSearch = useSearchUpdater();
  const router = useRouter();
  const queryClient = useQueryClient();
  const salvar = useSalvarProdutosSituacao();
  const returnTo = safeReturnTo(search.returnTo);

  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [selected, setSelected] = useState<Record<string, ProdutoSituacao>>({});
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [gerais, setGerais] = useState<string[]>([]);
  const [bulk, setBulk] = useState<Partial<FiscalDraft>>({});

  const valuesOf = (p: ProdutoSituacao): FiscalDraft => edits[p.id]?.values ?? draftOf(p);
  const changed = useMemo(() => Object.entries(edits).filter(([, e]) => !sameDraft(e.values, draftOf(e.base))), [edits]);

  const setField = (p: ProdutoSituacao, campo: CampoFiscal, value: string) => {
    setEdits((prev) => {
      const current = prev[p.id] ?? { base: p, values: draftOf(p) };
      return { ...prev, [p.id]: { ...current, values: { ...current.values, [campo]: value } } };
    });
    setErrors((prev) => (prev[p.id]?.[campo] ? { ...prev, [p.id]: { ...prev[p.id], [campo]: undefined } } : prev));
  };

  const items = result.data?.items ?? [];
  const pageAllSelected = items.length > 0 && items.every((p) => selected[p.id]);
  const pageSomeSelected = items.some((p) => selected[p.id]);
  const toggle = (p: ProdutoSituacao) =>
    setSelected((prev) => {
      const next = { ...prev };
      if (next[p.id]) delete next[p.id];
      else next[p.id] = p;
      return next;
    });
  const togglePage = () =>
    setSelected((prev) => {
      const next = { ...prev };
      for (const p of items) {
        if (pageAllSelected) delete next[p.id];
        else next[p.id] = p;
      }
      return next;
    });

  const aplicar = () => {
    const campos = Object.entries(bulk).filter(([, v]) => v) as [CampoFiscal, string][];
    setEdits((prev) => {
      const next = { ...prev };
      for (const p of Object.values(selected)) {
        const current = next[p.id] ?? { base: p, values: draftOf(p) };
        next[p.id] = { ...current, values: { ...current.values, ...Object.fromEntries(campos) } };
      }
      return next;
    });
  };

  const salvarAlteracoes = async () => {
    const lista = changed.map(([id, e]) => inputOf(id, e.values));
    const ids = lista.map((p) => p.id);
    setGerais([]);
    try {
      await salvar.mutateAsync({ produtos: lista });
    } catch (error) {
      const apiError = toApiError(error);
      const mapped = errorsByProduto(apiError.fieldErrors, ids);
      setErrors(mapped.porProduto);
      setGerais([...apiError.generalErrors, ...mapped.gerais]);
      if (apiError.generalErrors.length === 0 && mapped.gerais.length === 0 && Object.keys(mapped.porProduto).length > 0)
        setGerais(['Corrija os campos marcados nas linhas em vermelho']);
      return;
    }
    setEdits((prev) => Object.fromEntries(Object.entries(prev).filter(([id]) => !ids.includes(id))));
    setErrors({});
    setSelected({});
    notifySuccess(lista.length === 1 ? 'Dados fiscais salvos' : `Dados fiscais de ${lista.length} produtos salvos`);
    if (returnTo) {
      const pendentes = await queryClient.fetchQuery({
        queryKey: ['fiscal', 'produto-situacao', 'pendentes-restantes', search.ids, search.query],
        queryFn: () => listProdutoSituacao({ page: 1, pageSize: 1, ids: search.ids, pendentes: true }),
        staleTime: 0,
      });
      if (pendentes.total === 0) router.history.push(returnTo);
    }
  };

  const field = (p: ProdutoSituacao, campo: CampoFiscal, live: Set<string>): ReactNode => {
    const value = valuesOf(p)[campo];
    const error = errors[p.id]?.[campo];
    const label = `${ROTULO_CAMPO[campo]} de ${p.nome}`;
    const disabled = !podeEditar || p.tipo === 'servico';
    const invalid = error ?? live.has(campo);
    const mask = MASKS[campo];
    if (campo === 'ncm' || campo === 'cest') {
      return (
        <TextInput
          size="xs"
          w={campo === 'ncm' ? 100 : 90}
          aria-label={label}
          inputMode="numeric"
          placeholder={mask!.replace(/#/g, '0')}
          maxLength={mask!.length}
          value={applyMask(value, mask!)}
          onChange={(e) => setField(p, campo, e.currentTarget.value.replace(/\D/g, ''))}
          error={typeof invalid === 'string' ? invalid : invalid || undefined}
          disabled={disabled}
        />
      );
    }
    const data =
      campo === 'cfop'
        ? CFOP_OPTIONS
        : campo === 'origem'
          ? ORIGEM_OPTIONS
          : campo === 'csosn'
            ? CSOSN_OPTIONS
            : campo === 'cst'
              ? CST_OPTIONS
              : PIS_COFINS_OPTIONS;
    return (
      <SelectField
        label={label}
        hideLabel
        size="xs"
        w={campo === 'origem' ? 58 : campo === 'cfop' ? 76 : 80}
        data={withCurrent(data, value)}
        value={value || null}
        onChange={(v) => setField(p, campo, v ?? '')}
        renderOption={renderCode(TABELA[campo])}
        comboboxProps={COMBO}
        searchable
        clearable={campo !== 'cfop' && campo !== 'origem'}
        allowDeselect={false}
        placeholder="—"
        error={invalid || undefined}
        disabled={disabled}
      />
    );
  };

  const columns: Column<ProdutoSituacao>[] = [
    {
      key: 'sel',
      header: (
        <Checkbox
          aria-label="Selecionar todos desta página"
          checked={pageAllSelected}
          indeterminate={pageSomeSelected && !pageAllSelected}
          onChange={togglePage}
          disabled={!podeEditar}
        />
      ),
      width: 36,
      render: (p) => (
        <Checkbox
          aria-label={`Selecionar ${p.nome}`}
          checked={Boolean(selected[p.id])}
          onChange={() => toggle(p)}
          disabled={!podeEditar || p.tipo === 'servico'}
        />
      ),
    },
    {
      key: 'produto',
      header: 'Produto',
      render: (p) => {
        const problemas = problemasFiscais(produtoFiscalOf(p.tipo, valuesOf(p)), crt);
        const editado = edits[p.id] && !sameDraft(edits[p.id]!.values, draftOf(p));
        return (
          <Stack gap={2} miw={180} maw={280}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={500}>
                {p.nome}
              </Text>
              {editado ? (
                <Badge size="xs" variant="light" color="blue">
                  Alterado
                </Badge>
              ) : null}
            </Group>
            {p.codigo || p.codigoBarras ? (
              <Text size="xs" c="dimmed">
                {[p.codigo, p.codigoBarras].filter(Boolean).join(' · ')}
              </Text>
            ) : null}
            {p.tipo === 'servico' ? (
              <Badge size="xs" variant="light" color="violet">
                Serviço: não entra na NFC-e
              </Badge>
            ) : problemas.length === 0 ? (
              <Badge size="xs" variant="light" color="teal" leftSection={<IconCheck size={10} />}>
                Completo
              </Badge>
            ) : (
              <Stack gap={2} aria-label={`Pendências de ${p.nome}`}>
                <Group gap={4}>
                  {[...new Set(problemas.map((x) => x.campo))].map((campo) => (
                    <Badge key={campo} size="xs" color="red" variant="filled">
                      {ROTULO_CAMPO[campo as CampoFiscal] ?? campo}
                    </Badge>
                  ))}
                </Group>
                {problemas.map((x) => (
                  <Text key={`${x.campo}:${x.mensagem}`} size="xs" c="red">
                    {x.mensagem}
                  </Text>
                ))}
              </Stack>
            )}
            {errors[p.id]?.id ? (
              <Text size="xs" c="red">
                {errors[p.id]!.id}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    ...(['ncm', 'cest', 'cfop', 'origem', campoIcms, 'pisCst', 'cofinsCst'] as CampoFiscal[]).map(
      (campo): Column<ProdutoSituacao> => ({
        key: campo,
        header: campo === 'pisCst' ? 'PIS' : campo === 'cofinsCst' ? 'COFINS' : ROTULO_CAMPO[campo],
        render: (p) => field(p, campo, new Set(problemasFiscais(produtoFiscalOf(p.tipo, valuesOf(p)), crt).map((x) => x.campo))),
      }),
    ),
  ];

  const nSelecionados = Object.keys(selected).length;
  const bulkBar =
    podeEditar && nSelecionados > 0 ? (
      <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-0)" aria-label="Aplicar aos selecionados">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Text size="sm" fw={500}>
            {nSelecionados === 1 ? '1 selecionado' : `${nSelecionados} selecionados`}
          </Text>
          <TextInput
            size="xs"
            w={110}
            label="NCM"
            inputMode="numeric"
            placeholder="0000.00.00"
            maxLength={10}
            value={applyMask(bulk.ncm ?? '', MASKS.ncm!)}
            onChange={(e) => {
              const ncm = e.currentTarget.value.replace(/\D/g, '');
              setBulk((b) => ({ ...b, ncm }));
            }}
          />
          <BulkSelect
            label="CFOP"
            tabela="cfop"
            data={CFOP_OPTIONS}
            value={bulk.cfop}
            onChange={(cfop) => setBulk((b) => ({ ...b, cfop }))}
          />
          <BulkSelect
            label="Origem"
            tabela="origem"
            data={ORIGEM_OPTIONS}
            value={bulk.origem}
            onChange={(origem) => setBulk((b) => ({ ...b, origem }))}
          />
          <BulkSelect
            label={simples ? 'CSOSN' : 'CST'}
            tabela={simples ? 'csosn' : 'cst'}
            data={simples ? CSOSN_OPTIONS : CST_OPTIONS}
            value={bulk[campoIcms]}
            onChange={(v) => setBulk((b) => ({ ...b, [campoIcms]: v }))}
          />
          <BulkSelect
            label="PIS"
            tabela="pisCofins"
            data={PIS_COFINS_OPTIONS}
            value={bulk.pisCst}
            onChange={(pisCst) => setBulk((b) => ({ ...b, pisCst }))}
          />
          <BulkSelect
            label="COFINS"
            tabela="pisCofins"
            data={PIS_COFINS_OPTIONS}
            value={bulk.cofinsCst}
            onChange={(cofinsCst) => setBulk((b) => ({ ...b, cofinsCst }))}
          />
          <Button size="xs" variant="light" onClick={aplicar} disabled={!Object.values(bulk).some(Boolean)}>
            Aplicar aos selecionados
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={() => setSelected({})}>
            Limpar seleção
          </Button>
        </Group>
      </Paper>
    ) : null;

  return (
    <ListPage
      title="Situação fiscal dos produtos"
      description={`O que falta para cada produto sair na NFC-e — regime da unidade: ${
        simples ? 'Simples Nacional (CSOSN)' : 'Regime normal (CST)'
      }.`}
      back={
        returnTo ? undefined : (
          <BackLink to="/fiscal" w="fit-content">
            Fiscal
          </BackLink>
        )
      }
      search={search}
      result={result}
      columns={columns}
      getRowKey={(p) => p.id}
      getRowLabel={(p) => p.nome}
      searchPlaceholder="Nome, código ou código de barras"
      tableLabel="Produtos e suas pendências fiscais"
      tableMinWidth={960}
      filters={
        porIds ? (
          <Text size="sm" c="dimmed">
            {search.ids.length === 1 ? '1 produto da venda' : `${search.ids.length} produtos da venda`}
          </Text>
        ) : (
          <Switch
            label="Só pendentes"
            checked={search.pendentes}
            onChange={(e) => void updateSearch({ pendentes: e.currentTarget.checked, page: 1 })}
          />
        )
      }
      aboveTable={
        <>
          <FormGeneralErrors errors={gerais} />
          {bulkBar}
        </>
      }
      emptyState={
        <Text fw={500}>
          {search.pendentes && !porIds && !search.query ? 'Nenhum produto com pendência fiscal' : 'Nenhum produto encontrado'}
        </Text>
      }
      createAction={
        <>
          {returnTo ? (
            <Button variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={() => router.history.push(returnTo)}>
              Voltar para a venda
            </Button>
          ) : null}
          {podeEditar ? (
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() => void salvarAlteracoes()}
              loading={salvar.isPending}
              disabled={changed.length === 0}
            >
              {changed.length > 1 ? `Salvar (${changed.length})` : 'Salvar'}
            </Button>
          ) : null}
        </>
      }
      belowHeader={
        !podeEditar ? (
          <Alert color="gray" variant="light">
            Somente leitura: corrigir dados fiscais exige permissão de gerenciar produtos.
          </Alert>
        ) : null
      }
    />
  );
}

function BulkSelect({
  label,
  tabela,
  data,
  value,
  onChange,
}: {
  label: string;
  tabela: string;
  data: Option[];
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <SelectField
      label={label}
      size="xs"
      w={label === 'Origem' ? 72 : 88}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      renderOption={renderCode(tabela)}
      comboboxProps={COMBO}
      searchable
      clearable
      placeholder="—"
    />
  );
}
