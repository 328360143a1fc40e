import { Group, Loader, Progress, Stack, Text } from '@mantine/core';

type ProgressoEnvioProps = {
  /** Upload progress 0..1, or null when unknown. */
  progresso: number | null;
  /** What the server does once the file has arrived. */
  fase: string;
};

/**
 * Busy state of a call that uploads the spreadsheet: the upload bar, then what the server is
 * doing (on an old PC a large file takes a few seconds each way).
 */
export function ProgressoEnvio({ progresso, fase }: ProgressoEnvioProps) {
  const enviando = progresso !== null && progresso < 1;
  return (
    <Stack gap={6} maw={520} role="status" aria-live="polite">
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{enviando ? `Enviando a planilha… ${Math.round((progresso ?? 0) * 100)}%` : fase}</Text>
      </Group>
      <Progress value={enviando ? (progresso ?? 0) * 100 : 100} animated={!enviando} striped={!enviando} size="sm" />
    </Stack>
  );
}
