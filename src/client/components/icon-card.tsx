import { Card, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import '../styles/more-components.css';

/** A titled card with a round icon, for the static pages' value and step grids. */
export function IconCard({
  icon: IconComponent,
  title,
  text,
  eyebrow,
}: {
  icon: Icon;
  title: string;
  text: ReactNode;
  eyebrow?: string;
}) {
  return (
    <Card withBorder radius="lg" padding="xl">
      <ThemeIcon size={48} radius="xl" variant="light" mb="md">
        <IconComponent size={24} aria-hidden />
      </ThemeIcon>
      {eyebrow && (
        <Text size="xs" c="dimmed" fw={700} tt="uppercase">
          {eyebrow}
        </Text>
      )}
      <Title order={3} fz="h4" mb="xs">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {text}
      </Text>
    </Card>
  );
}
