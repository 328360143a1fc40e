import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import type { VendaResumo } from '@petshop/shared/venda';
import { IconArrowBackUp, IconPrinter } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import type { Column } from '#lib/list/list-page.tsx';

type VendaAcoesOptions = {
  onImprimir: (venda: VendaResumo) => void;
  imprimindoId: string | null;
  /** Absent: no 'Devolver' action (the screen has no return modal). */
  onDevolver?: ((venda: VendaResumo) => void) | undefined;
};

/** Stops the row's click (which opens the sale) from firing too. */
const only = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

/** The trailing actions of a sale row: print the receipt; return items of a finalised sale. */
export function vendaAcoesColumn({ onImprimir, imprimindoId, onDevolver }: VendaAcoesOptions): Column<VendaResumo> {
  return {
    key: 'acoes',
    header: <VisuallyHidden>Ações</VisuallyHidden>,
    width: 88,
    align: 'right',
    render: (venda) => (
      <Group gap={2} justify="flex-end" wrap="nowrap" onKeyDown={(event) => event.stopPropagation()}>
        <Tooltip label="Imprimir">
          <ActionIcon
            variant="subtle"
            aria-label={`Imprimir venda nº ${venda.numero}`}
            loading={imprimindoId === venda.id}
            onClick={only(() => onImprimir(venda))}
          >
            <IconPrinter size={16} />
          </ActionIcon>
        </Tooltip>
        {onDevolver && venda.status === 'Finalizada' ? (
          <Tooltip label="Devolver">
            <ActionIcon
              variant="subtle"
              color="orange"
              aria-label={`Devolver itens da venda nº ${venda.numero}`}
              onClick={only(() => onDevolver(venda))}
            >
              <IconArrowBackUp size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    ),
  };
}
