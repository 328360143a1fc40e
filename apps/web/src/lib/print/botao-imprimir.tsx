/**
 * A split print button for a PDF document of the API (imprimir-documento.ts), as the till's
 * receipt button looks: the button prints the 80 mm roll, its menu "Imprimir em A4". Shows a
 * spinner while the document is fetched; errors are notified by the helper.
 */
import { Button, Group, Menu, type ButtonProps } from '@mantine/core';
import { IconChevronDown, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { imprimirDocumento, type FormatoImpressao } from './imprimir-documento.ts';

export type BotaoImprimirProps = {
  /** The button's text, e.g. "Imprimir fechamento". */
  label: string;
  /** The API path of the document (relative to /api), answered as PDF with ?formato. */
  caminho: string;
  /** File name when the browser blocks printing and the PDF is downloaded. */
  nomeArquivo: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
};

export function BotaoImprimir({ label, caminho, nomeArquivo, variant = 'default', size = 'sm' }: BotaoImprimirProps) {
  const [imprimindo, setImprimindo] = useState(false);
  const imprimir = (formato: FormatoImpressao) => {
    setImprimindo(true);
    void imprimirDocumento(caminho, nomeArquivo, formato).finally(() => setImprimindo(false));
  };
  return (
    <Group gap={0} wrap="nowrap">
      <Button
        variant={variant}
        size={size}
        leftSection={<IconPrinter size={16} />}
        loading={imprimindo}
        onClick={() => imprimir('80mm')}
        style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
      >
        {label}
      </Button>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button
            variant={variant}
            size={size}
            px={8}
            aria-label={`${label}: outros formatos`}
            style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeftWidth: 0 }}
          >
            <IconChevronDown size={16} />
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => imprimir('80mm')}>Imprimir em bobina 80 mm</Menu.Item>
          <Menu.Item onClick={() => imprimir('a4')}>Imprimir em A4</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
