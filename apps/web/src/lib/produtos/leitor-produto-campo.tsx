/**
 * Draws a `useLeitorProduto` field: the combobox input (barcode icon, loader while a lookup or
 * an add runs), the error line or the help line under it, and the list of products found
 * (role listbox, each option with an id for aria-activedescendant). What differs per screen
 * (label, ids, test ids, sizes, the help and each option's right side) comes in props.
 */
import { Alert, Group, Loader, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconBarcode } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import type { LeitorProduto, ProdutoLido } from './use-leitor-produto.ts';

/**
 * Sizes: 'grande' (the till), 'media' (the adjustment) and 'compacta' (inside a form, with a
 * description). The list opens right under the input.
 */
const VARIANTES = {
  grande: { size: 'lg', gap: 6, iconSize: undefined, loaderSize: 'sm', listaTop: 76, listaMaxHeight: 320 },
  media: { size: 'md', gap: 6, iconSize: undefined, loaderSize: 'sm', listaTop: 64, listaMaxHeight: 320 },
  compacta: { size: undefined, gap: 4, iconSize: 18, loaderSize: 'xs', listaTop: '100%', listaMaxHeight: 300 },
} as const;

/** Codes (or 'sem código') under the name, with the unit when given. */
export const detalheProduto = (p: ProdutoLido, unidade?: string): string => {
  const codigos = [p.codigo, p.codigoBarras].filter(Boolean).join(' · ') || 'sem código';
  return unidade ? `${codigos} · ${unidade}` : codigos;
};

type LeitorProdutoCampoProps<P extends ProdutoLido & { nome: string }> = {
  leitor: LeitorProduto<P>;
  inputRef: Ref<HTMLInputElement>;
  label: string;
  placeholder: string;
  description?: string;
  variante: keyof typeof VARIANTES;
  disabled?: boolean;
  /** Marks the input for Mantine's autofocus (the scanner field has the focus from the start). */
  autoFocus?: boolean;
  /** The listbox's id, the options' id prefix (`${opcao}-${index}`) and the error line's test id. */
  ids: { lista: string; opcao: string; erro?: string };
  /** Each product in the list: its React key, its unit (after the codes) and its right side (price, balance). */
  chave: (produto: P) => string;
  unidade?: (produto: P) => string;
  lado?: (produto: P) => ReactNode;
  /** The help line shown while there is no error (the input is described by it). */
  ajuda?: { id: string; testId?: string; conteudo: ReactNode };
};

export function LeitorProdutoCampo<P extends ProdutoLido & { nome: string }>({
  leitor,
  inputRef,
  label,
  placeholder,
  description,
  variante,
  disabled,
  autoFocus,
  ids,
  chave,
  unidade,
  lado,
  ajuda,
}: LeitorProdutoCampoProps<P>) {
  const { texto, erro, destaque, lista, listaAberta } = leitor;
  const v = VARIANTES[variante];
  return (
    <Stack gap={v.gap} pos="relative">
      <TextInput
        ref={inputRef}
        label={label}
        description={description}
        placeholder={placeholder}
        size={v.size}
        autoComplete="off"
        spellCheck={false}
        leftSection={<IconBarcode size={v.iconSize} />}
        rightSection={leitor.ocupado ? <Loader size={v.loaderSize} /> : null}
        value={texto}
        disabled={disabled}
        onChange={(e) => leitor.onChange(e.currentTarget.value)}
        onKeyDown={leitor.onKeyDown}
        {...(ajuda ? { 'aria-describedby': ajuda.id } : {})}
        aria-expanded={listaAberta}
        aria-controls={ids.lista}
        aria-activedescendant={listaAberta ? `${ids.opcao}-${destaque}` : undefined}
        role="combobox"
        data-autofocus={autoFocus || undefined}
      />
      {erro ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} py={6} role="alert" data-testid={ids.erro}>
          {erro}
        </Alert>
      ) : ajuda ? (
        <Text id={ajuda.id} size="xs" c="dimmed" data-testid={ajuda.testId}>
          {ajuda.conteudo}
        </Text>
      ) : null}
      {listaAberta ? (
        <Paper
          withBorder
          shadow="md"
          radius="md"
          pos="absolute"
          top={v.listaTop}
          left={0}
          right={0}
          style={{ zIndex: 20 }}
          id={ids.lista}
          role="listbox"
          aria-label="Produtos encontrados"
        >
          <ScrollArea.Autosize mah={v.listaMaxHeight}>
            {lista.map((p, idx) => (
              <UnstyledButton
                key={chave(p)}
                id={`${ids.opcao}-${idx}`}
                role="option"
                aria-selected={idx === destaque}
                w="100%"
                px="sm"
                py={6}
                bg={idx === destaque ? 'var(--mantine-primary-color-light)' : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => leitor.escolher(p)}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {p.nome}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {detalheProduto(p, unidade?.(p))}
                    </Text>
                  </div>
                  {lado?.(p)}
                </Group>
              </UnstyledButton>
            ))}
          </ScrollArea.Autosize>
        </Paper>
      ) : null}
    </Stack>
  );
}
