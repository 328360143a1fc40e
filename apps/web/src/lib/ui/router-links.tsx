/**
 * Mantine's Anchor and Button as typed router links (TanStack `createLink`): `to`, `params`
 * and `search` are checked against the route tree, and links preload on intent.
 */
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

const MantineAnchor = forwardRef<HTMLAnchorElement, AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => (
  <Anchor ref={ref} {...props} />
));
MantineAnchor.displayName = 'MantineAnchor';

const MantineButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => (
  <Button ref={ref} component="a" {...props} />
));
MantineButtonAnchor.displayName = 'MantineButtonAnchor';

export const AnchorLink = createLink(MantineAnchor);
export const ButtonLink = createLink(MantineButtonAnchor);
