/**
 * Mantine's Anchor as a typed router link (TanStack `createLink`): `to`, `params` and `search`
 * are checked against the route tree, and links preload on intent.
 */
import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

const MantineAnchor = forwardRef<HTMLAnchorElement, AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => (
  <Anchor ref={ref} {...props} />
));
MantineAnchor.displayName = 'MantineAnchor';

export const AnchorLink = createLink(MantineAnchor);
