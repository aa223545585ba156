import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';
// The pages built on this (contact, help, careers, legal) render forms, cards, lists and accordions.
import '../../styles/more-components.css';

export interface TLegalSection {
  title: string;
  body: ReactNode;
}

/** Privacy Policy and Terms of Service: numbered sections, 'last updated' today (docs/product.md#guest-pages). */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: TLegalSection[];
}) {
  const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <>
      <PageHeader title={title}>
        <Text span data-testid="last-updated">
          Last updated: {today}
        </Text>
      </PageHeader>
      <Container size="md" py="xl">
        <Stack gap="xl">
          <Text>{intro}</Text>
          <Stack gap="xl" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {sections.map((s, i) => (
              <li key={s.title}>
                <Title order={2} fz="h3" mb="xs">
                  {i + 1}. {s.title}
                </Title>
                <Stack gap="xs" c="var(--mantine-color-text)" fz="md" lh={1.65}>
                  {s.body}
                </Stack>
              </li>
            ))}
          </Stack>
        </Stack>
      </Container>
    </>
  );
}
