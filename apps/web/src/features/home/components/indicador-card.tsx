/**
 * One indicator of the home page (issue #20 item 2): a card that is a link to its list (typed
 * router link, keyboard reachable), with an icon, a title, the big figure and a line of detail.
 * `IndicadorCardSkeleton` holds its place while the figures load.
 */
import { Card, Group, Skeleton, Stack, Text, ThemeIcon, type CardProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from 'react';

const CardAnchor = forwardRef<HTMLAnchorElement, CardProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => (
  <Card ref={ref} component="a" withBorder radius="md" padding="md" style={{ textDecoration: 'none' }} {...props} />
));
CardAnchor.displayName = 'CardAnchor';

/** A Mantine Card as a typed router link. */
export const CardLink = createLink(CardAnchor);

export type IndicadorConteudoProps = {
  titulo: string;
  icon: Icon;
  cor?: string;
  /** The big figure. */
  valor: ReactNode;
  /** Lines under it (comparison, breakdown). */
  children?: ReactNode;
};

/** The inside of an indicator card (the caller wraps it in a `CardLink` to its list). */
export function IndicadorConteudo({ titulo, icon: Icone, cor, valor, children }: IndicadorConteudoProps) {
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" fw={500}>
          {titulo}
        </Text>
        <ThemeIcon size={32} radius="md" variant="light" color={cor} aria-hidden>
          <Icone size={18} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Text fz={26} fw={700} lh={1.1} c="var(--mantine-color-text)">
        {valor}
      </Text>
      {children}
    </Stack>
  );
}

export function IndicadorCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden>
      <Stack gap={8}>
        <Skeleton height={12} width="50%" />
        <Skeleton height={26} width="70%" />
        <Skeleton height={10} width="80%" />
      </Stack>
    </Card>
  );
}
