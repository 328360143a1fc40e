/**
 * One register movement, for /vendas/movimentacoes-caixa/{id} when the id is a movement rather
 * than a register: kind, value, method, date, who, what it refers to (sale, return, customer,
 * account, category) and a link to its register.
 */
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { TIPO_MOVIMENTACAO_CAIXA_LABEL } from '@petshop/shared/caixa';
import { formatDateTime } from '@petshop/shared/format';
import type { ReactNode } from 'react';
import { AnchorLink } from '#lib/ui/router-links.tsx';
import { StatusCaixaBadge, ValorMovimento } from './caixa-ui.tsx';
import { useMovimentacaoCaixa } from '../api/get-movimentacao-caixa.ts';
import { BackLink } from '#lib/ui/back-link.tsx';
import { PageHeader } from '#lib/ui/page-header.tsx';
import { useTimeZone } from '#lib/session/use-time-zone.ts';

export function MovimentacaoCaixaDetail({ id }: { id: string }) {
  const { data: m } = useMovimentacaoCaixa(id);
  const timeZone = useTimeZone();
  return (
    <Stack gap="md">
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {TIPO_MOVIMENTACAO_CAIXA_LABEL[m.tipo]}
            <ValorMovimento valor={m.valor} fw={700} size="xl" />
          </Group>
        }
        description={m.descricao}
        back={
          <BackLink to="/vendas/movimentacoes-caixa" preload="intent">
            Movimentações de caixa
          </BackLink>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Campo label="Caixa">
            <Group gap="xs">
              <AnchorLink to="/vendas/movimentacoes-caixa/$movimentacaoId" params={{ movimentacaoId: m.caixaId }}>
                Caixa nº {m.caixaNumero}
              </AnchorLink>
              <StatusCaixaBadge status={m.caixaStatus} />
            </Group>
          </Campo>
          <Campo label="Data/hora">{formatDateTime(m.createdAt, timeZone)}</Campo>
          <Campo label="Forma de pagamento">{m.formaPagamento?.nome ?? 'Dinheiro'}</Campo>
          <Campo label="Usuário">{m.usuario?.nome ?? '—'}</Campo>
          {m.venda ? (
            <Campo label="Venda">
              <AnchorLink to="/vendas/pdv/$id" params={{ id: m.venda.id }}>
                Venda nº {m.venda.numero}
              </AnchorLink>
            </Campo>
          ) : null}
          {m.devolucao ? (
            <Campo label="Devolução">
              <AnchorLink to="/devolucoes/$id" params={{ id: m.devolucao.id }}>
                Devolução nº {m.devolucao.numero}
              </AnchorLink>
            </Campo>
          ) : null}
          {m.pessoa ? (
            <Campo label="Cliente">
              <AnchorLink to="/clientes/$clienteId" params={{ clienteId: m.pessoa.id }}>
                {m.pessoa.nome}
              </AnchorLink>
            </Campo>
          ) : null}
          {m.conta ? <Campo label="Conta de destino">{m.conta.nome}</Campo> : null}
          {m.categoriaFinanceira ? (
            <Campo label="Categoria financeira">
              <Badge variant="light" color="gray">
                {m.categoriaFinanceira.nome}
              </Badge>
            </Campo>
          ) : null}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}

function Campo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm">
        {children}
      </Text>
    </div>
  );
}
