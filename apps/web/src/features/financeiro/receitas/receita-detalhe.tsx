/**
 * /financeiro/receitas/{id}: one receivable (TituloDetalhe) with its customer, the sale it came
 * from (changed only through the sale: no edit or cancel here) and the card/PIX fee.
 */
import { Grid } from '@mantine/core';
import type { Receita } from '@petshop/shared/financeiro';
import { formatMoney } from '@petshop/shared/format';
import { Campo, TituloDetalhe } from '../titulos/titulo-detalhe.tsx';
import { AnchorLink } from '#lib/ui/router-links.tsx';

export function ReceitaDetalhe({ receitaId }: { receitaId: string }) {
  return (
    <TituloDetalhe
      tipo="receitas"
      id={receitaId}
      campos={(t) => {
        const r = t as Receita;
        return (
          <>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Campo label="Cliente">{r.pessoa?.nome}</Campo>
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <Campo label="Origem">
                {r.venda ? (
                  <AnchorLink to="/vendas/pdv/$id" params={{ id: r.venda.id }} size="sm">
                    Venda nº {r.venda.numero}
                  </AnchorLink>
                ) : (
                  'Lançamento manual'
                )}
              </Campo>
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <Campo label="Líquido esperado">{formatMoney(r.valorLiquido)}</Campo>
            </Grid.Col>
          </>
        );
      }}
    />
  );
}
