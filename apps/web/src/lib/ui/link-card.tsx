import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/**
 * A card that is a link to a screen: its icon, its title and what it holds, the whole card
 * clickable and named by its text (the section indexes, the reports index, the home page's
 * shortcuts). `compacto`: smaller icon and text, the description cut at two lines (the home
 * page's shortcuts).
 */
export function LinkCard({
  to,
  icon: IconCard,
  title,
  description,
  compacto = false,
}: {
  to: string;
  icon: Icon;
  title: string;
  description: string;
  compacto?: boolean;
}) {
  return (
    <Card component={Link} to={to} withBorder radius="md" padding={compacto ? 'sm' : 'lg'} style={{ textDecoration: 'none' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={compacto ? 32 : 40} radius="md" variant="light">
          <IconCard size={compacto ? 18 : 22} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={compacto ? 0 : 2}>
          <Text fw={600} size={compacto ? 'sm' : undefined}>
            {title}
          </Text>
          <Text size={compacto ? 'xs' : 'sm'} c="dimmed" lineClamp={compacto ? 2 : undefined}>
            {description}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
