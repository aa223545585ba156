import { Avatar, Group } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';

/** The letters the header's avatar shows for a name, as Mantine's Avatar draws them. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/);
  return (
    words.length === 1
      ? name.trim().slice(0, 2)
      : words
          .map((w) => w[0])
          .join('')
          .slice(0, 2)
  ).toUpperCase();
}

/**
 * The user menu button's accessible name. Once signed in, the avatar shows initials, and a control's
 * visible text must be part of its name (speech users say what they see), so they are named too.
 */
export function userMenuLabel(displayName: string | null): string {
  return displayName ? `User menu, ${initialsOf(displayName)}` : 'User menu';
}

/** What the user menu button shows: the menu icon and the avatar (initials once signed in). */
export function UserMenuFace({ displayName }: { displayName: string | null }) {
  return (
    <Group gap={4} wrap="nowrap">
      <IconMenu2 size={16} aria-hidden />
      <Avatar size={24} radius="xl" color="brand" alt="">
        {displayName ? initialsOf(displayName) : undefined}
      </Avatar>
    </Group>
  );
}
