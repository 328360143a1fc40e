/**
 * PIX at the till (issue #18 item 9): the BR Code of the amount typed in the payment form, as a
 * QR for the customer to scan and its "copia e cola" text with "Copiar código". The code comes
 * from GET /comercial/vendas/{id}/pix?valor= (the unit's key, txid of the sale's number); the QR
 * is drawn here by `qrcode` as a data URL. The cashier confirms the payment as before (Enter).
 */
import { Button, Center, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { useClipboard, useDebouncedValue } from '@mantine/hooks';
import { formatMoney } from '@petshop/shared/format';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { usePixVenda } from '../api/get-pix-venda.ts';
import { errorMessage } from '#lib/http/api-error.ts';

type PixQrProps = {
  /** The saved sale (null while the till has not saved it yet). */
  vendaId: string | null;
  /** The amount to charge, in reais. */
  valor: number;
  /** The unit has a PIX key (the till's context). */
  configurado: boolean;
};

/** Side of the QR image, px (scannable from a phone across the counter). */
const LADO = 200;

export function PixQr({ vendaId, valor, configurado }: PixQrProps) {
  // The amount settles before asking the server (typing 150 asks once, not for 1, 15 and 150).
  const [valorEstavel] = useDebouncedValue(Math.round(valor * 100) / 100, 300);
  const pix = usePixVenda(vendaId, valorEstavel, configurado);
  const [imagem, setImagem] = useState<string | null>(null);
  const clipboard = useClipboard({ timeout: 2000 });
  const payload = pix.data?.payload ?? null;

  useEffect(() => {
    let vivo = true;
    setImagem(null);
    if (payload) {
      void QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 1, width: LADO * 2 }).then((url) => {
        if (vivo) setImagem(url);
      });
    }
    return () => {
      vivo = false;
    };
  }, [payload]);

  if (!configurado) {
    return (
      <Text size="sm" c="dimmed" data-testid="pix-sem-chave">
        Configure a chave PIX da unidade para mostrar o QR Code ao cliente.
      </Text>
    );
  }
  if (!vendaId) {
    return (
      <Text size="sm" c="dimmed">
        O QR Code do PIX aparece assim que a venda for salva.
      </Text>
    );
  }
  if (valorEstavel <= 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="pix-qr">
      {pix.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(pix.error)}
        </Text>
      ) : (
        <Group gap="md" wrap="nowrap" align="center">
          <Center w={LADO} h={LADO} style={{ flexShrink: 0 }}>
            {imagem && pix.data ? (
              <Image src={imagem} w={LADO} h={LADO} alt={`QR Code PIX de ${formatMoney(Number(pix.data.valor))}`} />
            ) : (
              <Loader size="sm" role="status" aria-label="Gerando QR Code PIX" />
            )}
          </Center>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Text fw={700}>PIX {pix.data ? formatMoney(Number(pix.data.valor)) : ''}</Text>
            <Text size="xs" c="dimmed">
              O cliente escaneia o QR Code no app do banco. Confirme o pagamento (Enter) quando ele aparecer na conta.
            </Text>
            {pix.data ? (
              <>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }} lineClamp={2} data-testid="pix-copia-e-cola">
                  {pix.data.payload}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={clipboard.copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={() => clipboard.copy(pix.data.payload)}
                >
                  {clipboard.copied ? 'Copiado' : 'Copiar código'}
                </Button>
              </>
            ) : null}
          </Stack>
        </Group>
      )}
    </Paper>
  );
}
