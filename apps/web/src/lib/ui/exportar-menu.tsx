/**
 * "Exportar" button of a list (issue #6: lists export to CSV and XLSX): fetches
 * `GET {url}?formato=csv|xlsx&<the list's filters>` with the app's HTTP client (the API needs
 * the bearer token and the unit header, so a plain link cannot) and saves the file.
 */
import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { http } from '../http/http.ts';
import { baixarBlob, nomeDoArquivo } from '../http/baixar-blob.ts';
import { errorMessage } from '../http/api-error.ts';
import { notifyError } from '../notify.ts';

export type ExportarMenuProps = {
  /** API path of the export, e.g. '/financeiro/despesas/exportar'. */
  url: string;
  /** The list's current filters (without page/pageSize). */
  params: Record<string, unknown>;
  /** File name without extension when the answer has none. */
  nome: string;
};

/** The file name the API gave in Content-Disposition, else `fallback`. */
export function ExportarMenu({ url, params, nome }: ExportarMenuProps) {
  const [baixando, setBaixando] = useState<'csv' | 'xlsx' | null>(null);

  const exportar = async (formato: 'csv' | 'xlsx') => {
    setBaixando(formato);
    try {
      const limpos = Object.fromEntries(
        Object.entries(params).filter(
          ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
        ),
      );
      const { data, headers } = await http.get<Blob>(url, {
        params: { ...limpos, formato },
        paramsSerializer: { indexes: null },
        responseType: 'blob',
      });
      baixarBlob(data, nomeDoArquivo(headers['content-disposition'], `${nome}.${formato}`));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBaixando(null);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={baixando !== null}>
          Exportar
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void exportar('xlsx')}>
          Planilha Excel (.xlsx)
        </Menu.Item>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => void exportar('csv')}>
          CSV (.csv)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
