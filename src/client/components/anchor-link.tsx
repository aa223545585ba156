import { Anchor, ActionIcon, type AnchorProps, type ActionIconProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

/** Mantine's Anchor and ActionIcon as typed TanStack Router links (`component={Link}` loses the types). */
export const AnchorLink = createLink(
  forwardRef<HTMLAnchorElement, AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>>(
    function AnchorLinkBase(props, ref) {
      return <Anchor ref={ref} {...props} />;
    },
  ),
);

export const ActionIconLink = createLink(
  forwardRef<HTMLAnchorElement, ActionIconProps & AnchorHTMLAttributes<HTMLAnchorElement>>(
    function ActionIconLinkBase(props, ref) {
      return <ActionIcon component="a" ref={ref} {...props} />;
    },
  ),
);
