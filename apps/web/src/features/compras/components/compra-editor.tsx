/**
 * The draft editor of /compras/cadastro-manual and /compras/{compraId}/ (DOMAIN.md §5; issue #5
 * item 5): supplier, invoice number and series, dates, items (scanner or search; quantity,
 * unit cost, discount, lots), freight, discount, other costs and installments, with the totals
 * computed live by the API's own arithmetic. Imported lines without product get "Vincular" and
 * "Criar produto"; the import's warnings stay on top. "Salvar rascunho" keeps it;
 * "Ver resumo e finalizar" saves and opens the summary.
 */
import { Alert, Badge, Button, Grid, Group, List, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { compraInputSchema, type Compra } from '@petshop/shared/compra';
import { formatCount, formatDateTime, parseDateInput } from '@petshop/shared/format';
import type { ProdutoPdv } from '@petshop/shared/produto';
import { IconAlertTriangle, IconArrowRight, IconDeviceFloppy, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { CompraItens } from './compra-itens.tsx';
import { CriarProdutoModal } from './criar-produto-modal.tsx';
import { ParcelasEditor } from './parcelas-editor.tsx';
import { ProdutoBusca } from './produto-busca.tsx';
import { StatusCompraBadge } from './status-compra-badge.tsx';
import { TotaisCompra } from './totais-compra.tsx';
import { VincularItemModal } from './vincular-item-modal.tsx';
import { FormGeneralErrors } from '#lib/forms/form-general-errors.tsx';
import { FornecedorSelect } from '#lib/fornecedores/fornecedor-select.tsx';
import { applyServerErrors } from '#lib/forms/apply-server-errors.ts';
import { newIdempotencyKey, newUuid } from '#lib/http/idempotency.ts';
import { notifyActionError } from '#lib/http/notify-api-error.ts';
import { notifySuccess } from '#lib/notify.ts';
import { useTimeZone } from '#lib/session/use-time-zone.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { confirmDelete } from '#lib/ui/confirm-delete.tsx';
import { MoneyInput } from '#lib/ui/decimal-input.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { produtoQueryOptions } from '#lib/produtos/get-produto.ts';
import { useExcluirCompra } from '../api/excluir-compra.ts';
import { useSalvarCompra } from '../api/salvar-compra.ts';
import {
  adicionarProduto,
  compraValues,
  corpoDaCompra,
  itemDoServidor,
  totaisDoForm,
  type CompraForm,
  type ItemForm,
} from '../compra-values.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

type Proximo = 'ficar' | 'resumo';

export function CompraEditor({ compra }: { compra?: Compra }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const salvar = useSalvarCompra();
  const excluir = useExcluirCompra();
  const hoje = hojeNaUnidade();
  const [gerais, setGerais] = useState<string[]>([]);
  const [vinculando, setVinculando] = useState<ItemForm | null>(null);
  const [criando, setCriando] = useState<ItemForm | null>(null);
  const [destacada, setDestacada] = useState<string | null>(null);
  const [acao, setAcao] = useState<Proximo | null>(null);
  /** The client's id of a new purchase: sent again after a lost answer, it gets the same draft. */
  const clientId = useRef(newUuid());
  const chave = useRef(newIdempotencyKey());
  const busca = useRef<HTMLInputElement>(null);

  const form = useForm<CompraForm>({ mode: 'controlled', initialValues: compraValues(compra, hoje) });
  const values = form.getValues();
  const calculo = totaisDoForm(values);

  const onProduto = async (p: ProdutoPdv, quantidade: number): Promise<string | null> => {
    if (p.tipo === 'servico') return `${p.nome} é um serviço: compras só de produtos`;
    try {
      const produto = await queryClient.fetchQuery(produtoQueryOptions(p.id));
      const { itens, indice } = adicionarProduto(form.getValues().itens, produto, quantidade);
      form.setFieldValue('itens', itens);
      setDestacada(itens[indice]!.key);
      return null;
    } catch {
      return `Não foi possível carregar ${p.nome}`;
    }
  };

  /**
   * A line linked or created on the server: it, and the other lines of its supplier code (which
   * the API links with it), take the server's lines; the rest keeps what is typed. Answers how
   * many lines were linked.
   */
  const linhaDoServidor = (atualizada: Compra, itemId: string): number => {
    const item = atualizada.itens.find((i) => i.id === itemId);
    const ligadas = atualizada.itens.filter(
      (i) => i.id === itemId || (item?.codigoFornecedor != null && i.codigoFornecedor === item.codigoFornecedor),
    );
    for (const ligada of ligadas) {
      const indice = form.getValues().itens.findIndex((i) => i.id === ligada.id);
      if (indice >= 0) form.setFieldValue(`itens.${indice}`, itemDoServidor(ligada));
    }
    setVinculando(null);
    setCriando(null);
    setDestacada(itemId);
    return Math.max(1, ligadas.length);
  };
  const mesmoCodigo = (n: number) => (n > 1 ? ` (${n} itens com o mesmo código do fornecedor)` : '');

  const gravar = (proximo: Proximo) => {
    if (salvar.isPending) return;
    setGerais([]);
    form.clearErrors();
    const dados = corpoDaCompra(form.getValues(), compra ? undefined : clientId.current);
    const parsed = compraInputSchema.safeParse(dados);
    if (!parsed.success) {
      const erros: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (!(path in erros)) erros[path] = issue.message;
      }
      form.setErrors(erros);
      setGerais(['Verifique os campos destacados']);
      return;
    }
    setAcao(proximo);
    salvar.mutate(
      { id: compra?.id ?? null, dados, idempotencyKey: chave.current },
      {
        onSuccess: (salva) => {
          chave.current = newIdempotencyKey();
          form.setValues(compraValues(salva, hoje));
          form.resetDirty(compraValues(salva, hoje));
          if (proximo === 'resumo') {
            void navigate({ to: '/compras/$compraId/resumo', params: { compraId: salva.id } });
            return;
          }
          notifySuccess(`Rascunho da compra nº ${salva.numero} salvo`);
          if (!compra) void navigate({ to: '/compras/$compraId', params: { compraId: salva.id }, replace: true });
        },
        onError: (error) => setGerais(applyServerErrors(form, error)),
      },
    );
  };

  const excluirRascunho = async (atual: Compra) => {
    const ok = await confirmDelete({
      subject: 'o rascunho da compra',
      name: `nº ${atual.numero}`,
      detail: 'Nada foi lançado no estoque nem no financeiro: o rascunho é apagado.',
    });
    if (!ok) return;
    excluir.mutate(atual.id, {
      onSuccess: () => {
        notifySuccess(`Rascunho da compra nº ${atual.numero} excluído`);
        void navigate({ to: '/compras' });
      },
      onError: notifyActionError,
    });
  };

  const pendentes = values.itens.filter((i) => !i.produto).length;

  return (
    <Stack gap="md">
      <PageHeader
        back={<BackLink to="/compras">Compras</BackLink>}
        title={
          <Group gap="sm" component="span">
            {compra ? `Compra nº ${compra.numero}` : 'Nova compra'}
            {compra ? <StatusCompraBadge status={compra.status} size="lg" /> : null}
            {compra?.origem === 'xml' ? (
              <Badge variant="outline" color="gray" size="lg">
                XML da NF-e
              </Badge>
            ) : null}
          </Group>
        }
        description={
          compra
            ? `Rascunho criado em ${formatDateTime(compra.createdAt, timeZone)}${compra.usuario ? ` por ${compra.usuario.nome}` : ''}. Nada entra no estoque até finalizar.`
            : 'Cadastro manual de uma nota de fornecedor. Nada entra no estoque até finalizar.'
        }
      />

      {compra && compra.avisos.length > 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} title="Avisos da importação" role="status">
          <List size="sm" spacing={2}>
            {compra.avisos.map((a) => (
              <List.Item key={`${a.codigo}-${a.mensagem}`}>{a.mensagem}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {pendentes > 0 ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconInfoCircle />}
          title={`${formatCount(pendentes, 'item', 'itens')} sem produto`}
        >
          Use “Vincular” para apontar o produto do catálogo (com a conversão, ex.: 1 CX = 12 UN) ou “Criar produto” para
          cadastrá-lo com os dados da nota. O fornecedor fica lembrado para as próximas notas.
        </Alert>
      ) : null}

      <FormGeneralErrors errors={gerais} />

      <Secao titulo="Nota">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <FornecedorSelect
              label="Fornecedor"
              value={values.fornecedorId}
              atual={compra?.fornecedor ?? null}
              onChange={(id) => {
                form.setFieldValue('fornecedorId', id);
                form.clearFieldError('fornecedorId');
              }}
              error={form.errors.fornecedorId}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <TextInput label="Número da nota" maxLength={20} {...form.getInputProps('numeroNota')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <TextInput label="Série" maxLength={10} {...form.getInputProps('serie')} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <DateInput
              label="Data de emissão"
              placeholder="dd/mm/aaaa"
              valueFormat="DD/MM/YYYY"
              dateParser={(text) => parseDateInput(text)}
              clearable
              value={values.dataEmissao}
              onChange={(v) => form.setFieldValue('dataEmissao', v)}
              error={form.errors.dataEmissao}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <DateInput
              label="Data de entrada"
              placeholder="dd/mm/aaaa"
              valueFormat="DD/MM/YYYY"
              dateParser={(text) => parseDateInput(text)}
              value={values.dataEntrada}
              onChange={(v) => form.setFieldValue('dataEntrada', v)}
              error={form.errors.dataEntrada}
            />
          </Grid.Col>
          {compra?.chaveAcesso ? (
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Chave de acesso" value={compra.chaveAcesso} readOnly variant="filled" ff="monospace" />
            </Grid.Col>
          ) : null}
        </Grid>
      </Secao>

      <Secao titulo="Itens" descricao={formatCount(values.itens.length, 'item', 'itens')}>
        <ProdutoBusca ref={busca} onProduto={onProduto} />
        <CompraItens form={form} calculo={calculo} destacada={destacada} onVincular={setVinculando} onCriarProduto={setCriando} />
      </Secao>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Secao titulo="Parcelas" descricao="Viram contas a pagar ao finalizar.">
            <ParcelasEditor form={form} total={calculo.valorTotal} hoje={hoje} />
          </Secao>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Secao titulo="Valores">
            <Grid gap="sm">
              <Grid.Col span={4}>
                <MoneyInput
                  label="Frete"
                  value={values.valorFrete}
                  onChange={(v) => form.setFieldValue('valorFrete', v)}
                  error={form.errors.valorFrete}
                />
              </Grid.Col>
              <Grid.Col span={4}>
                <MoneyInput
                  label="Outras despesas"
                  value={values.valorOutros}
                  onChange={(v) => form.setFieldValue('valorOutros', v)}
                  error={form.errors.valorOutros}
                />
              </Grid.Col>
              <Grid.Col span={4}>
                <MoneyInput
                  label="Desconto"
                  value={values.valorDesconto}
                  onChange={(v) => form.setFieldValue('valorDesconto', v)}
                  error={form.errors.valorDesconto}
                />
              </Grid.Col>
            </Grid>
            <Paper bg="gray.0" radius="md" p="sm" aria-label="Totais da compra" component="section">
              <TotaisCompra totais={calculo} />
            </Paper>
          </Secao>
        </Grid.Col>
      </Grid>

      <Secao titulo="Observações">
        <Textarea aria-label="Observações" autosize minRows={2} maxLength={2000} {...form.getInputProps('observacoes')} />
      </Secao>

      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            {compra ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={excluir.isPending}
                onClick={() => void excluirRascunho(compra)}
              >
                Excluir
              </Button>
            ) : null}
          </Group>
          <Group gap="sm" ml="auto">
            <Button
              variant="default"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() => gravar('ficar')}
              loading={salvar.isPending && acao === 'ficar'}
              disabled={salvar.isPending && acao !== 'ficar'}
            >
              Salvar rascunho
            </Button>
            <Button
              rightSection={<IconArrowRight size={16} />}
              onClick={() => gravar('resumo')}
              loading={salvar.isPending && acao === 'resumo'}
              disabled={salvar.isPending && acao !== 'resumo'}
            >
              Ver resumo e finalizar
            </Button>
          </Group>
        </Group>
      </Paper>

      {compra ? (
        <>
          <VincularItemModal
            compraId={compra.id}
            item={vinculando}
            onClose={() => setVinculando(null)}
            onVinculado={(c, itemId) => notifySuccess(`Item vinculado${mesmoCodigo(linhaDoServidor(c, itemId))}`)}
          />
          <CriarProdutoModal
            compraId={compra.id}
            item={criando}
            onClose={() => setCriando(null)}
            onCriado={(c, itemId) => notifySuccess(`Produto criado e vinculado${mesmoCodigo(linhaDoServidor(c, itemId))}`)}
          />
        </>
      ) : null}
    </Stack>
  );
}

function Secao({ titulo, descricao, children }: { titulo: string; descricao?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={titulo}>
      <Stack gap="sm">
        <Group gap="xs" align="baseline">
          <Title order={4}>{titulo}</Title>
          {descricao ? (
            <Text size="sm" c="dimmed">
              {descricao}
            </Text>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
