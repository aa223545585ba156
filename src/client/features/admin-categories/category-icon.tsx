import { Avatar } from '@mantine/core';
import { IconCategory } from '@tabler/icons-react';

/** A category's icon on a light tile: the icons are dark line drawings, legible in the dark theme too. */
export function CategoryIcon({ src, alt = '' }: { src: string | null; alt?: string }) {
  return (
    <Avatar
      src={src || null}
      size={32}
      radius="sm"
      alt={alt}
      styles={{
        root: { background: '#fff', border: '1px solid var(--mantine-color-default-border)' },
        image: { padding: 3 },
      }}
    >
      <IconCategory size={18} color="#495057" aria-hidden />
    </Avatar>
  );
}
