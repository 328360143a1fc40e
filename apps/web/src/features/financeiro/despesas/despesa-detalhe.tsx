/**
 * /financeiro/despesas/{id}: one payable (TituloDetalhe) with its supplier, the purchase or
 * recurrence it came from, and its attachments.
 */
import { Grid } from '@mantine/core';
import type { Despesa } from '@petshop/shared/financeiro';
import { AnexosDespesa } from './anexos-despesa.tsx';
import { Campo, TituloDetalhe } from '../titulos/titulo-detalhe.tsx';
import { AnchorLink } from '#lib/ui/router-links.tsx';

const ORIGEM_LABEL: Record<Despesa['origem'], string> = {
  manual: 'Lançamento manual',
  compra: 'Compra',
  recorrencia: 'Recorrência',
};

export function DespesaDetalhe({ despesaId }: { despesaId: string }) {
  return (
    <TituloDetalhe
      tipo="despesas"
      id={despesaId}
      campos={(t) => {
        const d = t as Despesa;
        return (
          <>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Campo label="Fornecedor">{d.fornecedor?.nome}</Campo>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Campo label="Origem">
                {d.compra ? (
                  <AnchorLink to="/compras/$compraId" params={{ compraId: d.compra.id }} size="sm">
                    Compra nº {d.compra.numero}
                  </AnchorLink>
                ) : (
                  ORIGEM_LABEL[d.origem]
                )}
              </Campo>
            </Grid.Col>
          </>
        );
      }}
      extra={(t) => <AnexosDespesa despesa={t as Despesa} />}
    />
  );
}
