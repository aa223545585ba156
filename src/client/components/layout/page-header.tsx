import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
// The pages built on this (contact, help, careers, legal) render forms, cards, lists and accordions.
import '../../styles/more-components.css';

/** The band at the top of a static page: title and a short introduction. */
export function PageHeader({
  title,
  children,
  eyebrow,
}: {
  title: string;
  children?: ReactNode;
  eyebrow?: string;
}) {
  return (
    <Box py={{ base: 40, sm: 64 }} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="md" ta="center">
        {eyebrow && (
          <Text
            tt="uppercase"
            fw={700}
            fz="xs"
            c="var(--mantine-color-anchor)"
            mb={6}
            style={{ letterSpacing: '0.08em' }}
          >
            {eyebrow}
          </Text>
        )}
        <Title order={1} fz={{ base: 32, sm: 44 }} style={{ letterSpacing: '-0.02em' }}>
          {title}
        </Title>
        {children && (
          <Text c="dimmed" fz="lg" mt="sm" maw={640} mx="auto">
            {children}
          </Text>
        )}
      </Container>
    </Box>
  );
}
