/**
 * A photo picker with its preview: the chosen file, else the stored photo, else initials.
 * The file travels as the `foto` part of a multipart body (lib/http/multipart.ts).
 */
import { Avatar, Checkbox, FileInput, Group, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

type FotoFieldProps = {
  label?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The stored photo. */
  currentUrl?: string | null;
  /** Initials shown without a photo. */
  name?: string;
  /** 'Remover foto' when there is a stored photo and no new file. */
  remove?: { checked: boolean; onChange: (checked: boolean) => void };
  size?: number;
};

export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export function FotoField({ label = 'Foto', file, onChange, currentUrl = null, name, remove, size = 72 }: FotoFieldProps) {
  const preview = useObjectUrl(file);
  const shown = preview ?? (remove?.checked ? null : currentUrl);
  return (
    <Stack gap="xs">
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar src={shown} size={size} radius="xl" alt={label} name={name} color="initials">
          {name ? undefined : <IconPhoto size={size / 2.5} />}
        </Avatar>
        <FileInput
          label={label}
          placeholder="Escolher imagem"
          accept="image/*"
          clearable
          value={file}
          onChange={onChange}
          style={{ flex: 1, minWidth: 0 }}
        />
      </Group>
      {remove && currentUrl && !file ? (
        <Checkbox label="Remover foto" checked={remove.checked} onChange={(e) => remove.onChange(e.currentTarget.checked)} />
      ) : null}
    </Stack>
  );
}
