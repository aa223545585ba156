import { Card, Container, Image, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { trpc } from '../lib/trpc.ts';

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.properties.search.queryOptions({ limit: 12 })),
  component: Home,
});

function Home() {
  const { data } = useQuery(trpc.properties.search.queryOptions({ limit: 12 }));
  return (
    <Container size="xl" py="md">
      <Title order={2} mb="md">
        Stays
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {data?.items.map((p) => (
          <Card key={p.id} component={Link} to={`/property/${p.id}`} data-testid="property-card" padding="sm">
            <Card.Section>
              <Image src={p.images[0]} alt={p.title} h={200} />
            </Card.Section>
            <Text fw={600} mt="xs">
              {p.title}
            </Text>
            <Text size="sm" c="dimmed">
              {p.location}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
