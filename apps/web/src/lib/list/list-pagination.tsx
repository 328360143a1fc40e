/**
 * The pager under a list that pages through the route's search (`page`, `pageSize`): the page
 * buttons with their pt-BR labels, the current page kept within the last, and the "items per
 * page" select that goes back to page 1.
 */
import { Pagination } from '@mantine/core';
import { SelectField } from '../ui/select-field.tsx';

/** The page sizes a list offers. */
export const PAGE_SIZE_OPTIONS = ['10', '20', '50', '100'];

type ListPaginationProps = { totalPages: number; page: number; onChange: (page: number) => void };

export function ListPagination({ totalPages, page, onChange }: ListPaginationProps) {
  return (
    <Pagination
      total={totalPages}
      value={Math.min(page, totalPages)}
      onChange={onChange}
      size="sm"
      getControlProps={(control) => ({
        'aria-label': control === 'previous' ? 'Página anterior' : control === 'next' ? 'Próxima página' : control,
      })}
      getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
    />
  );
}

type PageSizeSelectProps = { pageSize: number; onChange: (pageSize: number) => void };

export function PageSizeSelect({ pageSize, onChange }: PageSizeSelectProps) {
  return (
    <SelectField
      label="Itens por página"
      hideLabel
      data={PAGE_SIZE_OPTIONS}
      value={String(pageSize)}
      onChange={(value) => {
        if (value) onChange(Number(value));
      }}
      allowDeselect={false}
      w={80}
      size="xs"
    />
  );
}
