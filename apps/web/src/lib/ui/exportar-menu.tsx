/**
 * "Exportar" button of a list (issue #6: lists export to CSV and XLSX): fetches
 * `GET {url}?formato=csv|xlsx&<the list's filters>` with the app's HTTP client (the API needs
 * the bearer token and the unit header, so a plain link cannot) and saves the file. The reports
 * (issue #20) also offer 'pdf' through `formatos`.
 */
import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
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
  /** The formats offered, in this order (default XLSX and CSV). */
  formatos?: readonly FormatoExportacao[];
};

export type FormatoExportacao = 'csv' | 'xlsx' | 'pdf';

const FORMATOS_PADRAO: readonly FormatoExportacao[] = ['xlsx', 'csv'];

const ITENS: Record<FormatoExportacao, { label: string; icon: typeof IconFileSpreadsheet }> = {
  xlsx: { label: 'Planilha Excel (.xlsx)', icon: IconFileSpreadsheet },
  csv: { label: 'CSV (.csv)', icon: IconFileTypeCsv },
  pdf: { label: 'PDF (.pdf)', icon: IconFileTypePdf },
};

/** The file name the API gave in Content-Disposition, else `fallback`. */
export function ExportarMenu({ url, params, nome, formatos = FORMATOS_PADRAO }: ExportarMenuProps) {
  const [baixando, setBaixando] = useState<FormatoExportacao | null>(null);

  const exportar = async (formato: FormatoExportacao) => {
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
        {formatos.map((formato) => {
          const { label, icon: Icon } = ITENS[formato];
          return (
            <Menu.Item key={formato} leftSection={<Icon size={16} />} onClick={() => void exportar(formato)}>
              {label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
