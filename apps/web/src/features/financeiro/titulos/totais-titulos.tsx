/**
 * The totals of the filtered list (every page, as the API sums them): value, settled, still open
 * (receivables with card/PIX fees: also net of them, what the overview's "a receber" sums) and
 * overdue, in reais.
 */
import { SimpleGrid } from '@mantine/core';
import type { TotaisTitulos } from '@petshop/shared/financeiro';
import { formatMoney } from '@petshop/shared/format';
import { FiguraValor } from '../components/figura-valor.tsx';

export function TotaisTitulosBar({ totais, pagoLabel }: { totais: TotaisTitulos | undefined; pagoLabel: string }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" role="group" aria-label="Totais da lista">
      <FiguraValor label="Valor" valor={totais?.valor} />
      <FiguraValor label={pagoLabel} valor={totais?.valorPago} cor="green.8" />
      <FiguraValor
        label="Em aberto"
        valor={totais?.valorEmAberto}
        cor="blue.8"
        detalhe={
          totais && totais.valorEmAbertoLiquido !== totais.valorEmAberto
            ? `líquido de taxas ${formatMoney(totais.valorEmAbertoLiquido)}`
            : undefined
        }
      />
      <FiguraValor label="Vencido" valor={totais?.valorVencido} cor={totais && totais.valorVencido > 0 ? 'red.8' : undefined} />
    </SimpleGrid>
  );
}
