import { Button, Kbd, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { Atalho } from '../atalhos.ts';

/** F10: "Finalizar venda", or "Salvar orçamento" on a quote; enabled by the shortcut table's rule. */
export function BotaoFinalizar({ f10, orcamento, loading }: { f10: Atalho; orcamento: boolean; loading: boolean }) {
  return (
    <Button
      size="lg"
      color={orcamento ? undefined : 'teal'}
      onClick={f10.acao}
      loading={loading}
      disabled={!f10.habilitado}
      rightSection={<Kbd>F10</Kbd>}
    >
      {orcamento ? 'Salvar orçamento' : 'Finalizar venda'}
    </Button>
  );
}

/**
 * The actions under the payments: F10 (when the column holds it), why the sale cannot be
 * finalised yet, and for a sale "Pagamento" (F8) and "Deixar em aberto" (F9), both enabled by
 * the shortcut table's rules.
 */
export function AcoesPanel({
  f8,
  f9,
  quantidadeItens,
  deixadaEmAberto,
  duasColunas,
  style,
  botaoFinalizar,
  motivoFinalizar,
  deixandoAberta,
}: {
  /** The sale's F8 and F9 (none on a quote). */
  f8: Atalho | undefined;
  f9: Atalho | undefined;
  quantidadeItens: number;
  deixadaEmAberto: boolean;
  duasColunas: boolean;
  style: CSSProperties | undefined;
  /** Shown here only in two columns (one column pins it at the bottom instead). */
  botaoFinalizar: ReactNode;
  /** Why F10 is disabled (none on a quote). */
  motivoFinalizar: string | null;
  deixandoAberta: boolean;
}) {
  return (
    <Stack gap="xs" style={style} data-testid="pdv-acoes">
      {duasColunas ? botaoFinalizar : null}
      {motivoFinalizar && quantidadeItens > 0 ? (
        <Text size="xs" c="dimmed" ta="center" data-testid="pdv-motivo-finalizar">
          {motivoFinalizar}
        </Text>
      ) : null}
      {f8 ? (
        <SimpleGrid
          cols={deixadaEmAberto ? 1 : duasColunas ? { base: 1, xl: 2 } : { base: 1, xs: 2 }}
          spacing="xs"
          verticalSpacing="xs"
        >
          <Button variant="light" onClick={f8.acao} disabled={!f8.habilitado} rightSection={<Kbd size="xs">F8</Kbd>}>
            Pagamento
          </Button>
          {f9 && !deixadaEmAberto ? (
            <Button
              variant="default"
              onClick={f9.acao}
              loading={deixandoAberta}
              disabled={!f9.habilitado}
              rightSection={<Kbd size="xs">F9</Kbd>}
              title={f9.motivo ?? undefined}
            >
              Deixar em aberto
            </Button>
          ) : null}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
