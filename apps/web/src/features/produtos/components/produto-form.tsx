/**
 * /produtos/form/{produtoId?}: a product or service in tabs (Geral, Preços, Estoque, Fiscal,
 * Granel). Errors of fields on a hidden tab mark that tab, and a failed submit opens the first
 * tab with errors.
 */
import { Button, Paper, Tabs, Text, ThemeIcon } from '@mantine/core';
import type { Produto } from '@petshop/shared/produto';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ProdutoEstoqueTab, ProdutoFiscalTab, ProdutoGeralTab, ProdutoGranelTab, ProdutoPrecosTab } from './produto-tabs.tsx';
import {
  PRODUTO_TAB_LABELS,
  PRODUTO_TABS,
  produtoFormSchema,
  produtoValues,
  tabsWithErrors,
  type ProdutoFormValues,
  type ProdutoPayload,
  type ProdutoTab,
} from './produto-values.ts';
import { ResourceFormLayout } from '#lib/forms/resource-form-layout.tsx';
import { useResourceForm } from '#lib/forms/use-resource-form.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { useCriarProduto } from '../api/criar-produto.ts';
import { useExcluirProduto } from '../api/excluir-produto.ts';
import { useAlterarProduto } from '../api/alterar-produto.ts';

const isTab = (value: string | null): value is ProdutoTab => PRODUTO_TABS.some((t) => t === value);

export function ProdutoForm({ produto }: { produto?: Produto }) {
  const navigate = useNavigate();
  const create = useCriarProduto();
  const update = useAlterarProduto();
  const remove = useExcluirProduto();
  const [tab, setTab] = useState<ProdutoTab>('geral');
  const backToList = () => void navigate({ to: '/produtos' });

  const { form, generalErrors, submitting, handleSubmit } = useResourceForm<ProdutoFormValues, ProdutoPayload, Produto>({
    schema: produtoFormSchema,
    initialValues: produtoValues(produto),
    submit: (dados, { idempotencyKey }) =>
      produto ? update.mutateAsync({ id: produto.id, dados, idempotencyKey }) : create.mutateAsync({ dados, idempotencyKey }),
    onSuccess: backToList,
  });

  const errorTabs = tabsWithErrors(form.errors);
  const errorKey = errorTabs.join(',');
  const lastErrorKey = useRef('');
  // New errors (a submit refused by the schema or by the server) on tabs other than the open
  // one: open the first of them, so the user sees what to fix.
  useEffect(() => {
    if (errorKey && errorKey !== lastErrorKey.current && !errorTabs.includes(tab) && errorTabs[0]) setTab(errorTabs[0]);
    lastErrorKey.current = errorKey;
  }, [errorKey, errorTabs, tab]);

  const values = form.getValues();
  const servico = values.tipo === 'servico';

  const excluir = async (current: Produto) => {
    const confirmed = await confirmDelete({
      subject: current.tipo === 'servico' ? 'o serviço' : 'o produto',
      name: current.nome,
    });
    if (!confirmed) return;
    remove.mutate(current.id, {
      onSuccess: () => {
        notifySuccess('Produto excluído');
        backToList();
      },
      onError: notifyActionError,
    });
  };

  return (
    <ResourceFormLayout
      title={produto ? (produto.tipo === 'servico' ? 'Editar serviço' : 'Editar produto') : 'Novo produto'}
      description={produto?.nome}
      back={<BackLink to="/produtos">Produtos</BackLink>}
      onSubmit={handleSubmit}
      onCancel={backToList}
      generalErrors={generalErrors}
      submitting={submitting}
      extraActions={
        produto ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() => void excluir(produto)}
          >
            Excluir
          </Button>
        ) : null
      }
    >
      <Paper withBorder radius="md" p="md">
        <Tabs
          value={tab}
          onChange={(value) => {
            if (isTab(value)) setTab(value);
          }}
          keepMounted
        >
          <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            {PRODUTO_TABS.map((t) => {
              const hasError = errorTabs.includes(t);
              const disabled = servico && (t === 'estoque' || t === 'granel');
              return (
                <Tabs.Tab
                  key={t}
                  value={t}
                  disabled={disabled}
                  color={hasError ? 'red' : undefined}
                  aria-label={hasError ? `${PRODUTO_TAB_LABELS[t]} (com erros)` : undefined}
                  rightSection={
                    hasError ? (
                      <ThemeIcon color="red" size={16} radius="xl" variant="filled" aria-hidden>
                        <IconAlertCircle size={12} />
                      </ThemeIcon>
                    ) : null
                  }
                >
                  <Text component="span" size="sm" c={hasError ? 'red' : undefined} fw={hasError ? 600 : undefined}>
                    {PRODUTO_TAB_LABELS[t]}
                  </Text>
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          <Tabs.Panel value="geral">
            <ProdutoGeralTab form={form} values={values} />
          </Tabs.Panel>
          <Tabs.Panel value="precos">
            <ProdutoPrecosTab form={form} values={values} />
          </Tabs.Panel>
          <Tabs.Panel value="estoque">
            <ProdutoEstoqueTab form={form} values={values} produto={produto} />
          </Tabs.Panel>
          <Tabs.Panel value="fiscal">
            <ProdutoFiscalTab form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="granel">
            <ProdutoGranelTab form={form} values={values} produto={produto} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </ResourceFormLayout>
  );
}
