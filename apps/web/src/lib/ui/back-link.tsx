import { Anchor, Group, type AnchorProps } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

type MantineAnchorProps = AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>;

const BackAnchor = forwardRef<HTMLAnchorElement, MantineAnchorProps>(({ children, ...props }, ref) => (
  <Anchor ref={ref} size="sm" c="dimmed" {...props}>
    <Group gap={4} component="span">
      <IconArrowLeft size={14} />
      {children}
    </Group>
  </Anchor>
));
BackAnchor.displayName = 'BackAnchor';

/** '← Parent' link above a page title. */
export const BackLink = createLink(BackAnchor);
