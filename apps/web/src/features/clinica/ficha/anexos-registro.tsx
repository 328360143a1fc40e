/**
 * A record's attachments (issue #19 item 6): images as thumbnails that open large in a modal,
 * other files (exam PDFs) as chips that open /api/arquivos/{id} in a new tab.
 */
import { Button, Group, Image, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Anexo } from '@petshop/shared/clinica';
import { IconExternalLink, IconFileTypePdf, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { formatTamanho } from './ficha-format.ts';

const isImagem = (anexo: Anexo) => anexo.mimeType.startsWith('image/');

export function AnexosRegistro({ anexos }: { anexos: readonly Anexo[] }) {
  const [aberta, setAberta] = useState<Anexo | null>(null);
  const imagens = anexos.filter(isImagem);
  const arquivos = anexos.filter((a) => !isImagem(a));
  return (
    <Stack gap={6} pl={{ base: 0, xs: 46 }} role="group" aria-label="Anexos">
      {imagens.length > 0 ? (
        <Group gap="xs">
          {imagens.map((anexo) => (
            <UnstyledButton
              key={anexo.id}
              onClick={() => setAberta(anexo)}
              aria-label={`Ver ${anexo.nome}`}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                border: '1px solid var(--mantine-color-gray-3)',
                overflow: 'hidden',
              }}
            >
              <Image src={anexo.url} alt={anexo.nome} w={80} h={80} fit="cover" loading="lazy" />
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
      {arquivos.length > 0 ? (
        <Group gap="xs">
          {arquivos.map((anexo) => (
            <Button
              key={anexo.id}
              component="a"
              href={anexo.url}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              color={anexo.mimeType === 'application/pdf' ? 'red' : 'gray'}
              size="compact-sm"
              radius="xl"
              leftSection={anexo.mimeType === 'application/pdf' ? <IconFileTypePdf size={16} /> : <IconPaperclip size={16} />}
              rightSection={<IconExternalLink size={12} />}
              title={`${anexo.nome} (${formatTamanho(anexo.tamanho)}), abre em nova aba`}
              maw={280}
            >
              <Text span size="sm" truncate="end">
                {anexo.nome}
              </Text>
            </Button>
          ))}
        </Group>
      ) : null}
      <Modal opened={aberta !== null} onClose={() => setAberta(null)} title={aberta?.nome} size="xl" centered>
        {aberta ? (
          <Stack gap="xs">
            <Image src={aberta.url} alt={aberta.nome} fit="contain" mah="70vh" />
            <Group justify="flex-end">
              <Button
                component="a"
                href={aberta.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                size="xs"
                rightSection={<IconExternalLink size={12} />}
              >
                Abrir em nova aba
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
