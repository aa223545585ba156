import { Button, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PropertyCard } from '../../features/home/property-card.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { publicHomesQuery } from '../../lib/api/homes.ts';
import { useSavedHomes } from '../../lib/api/saved-homes.tsx';

export const Route = createFileRoute('/_site/saved')({
  component: SavedPage,
});

const GRID = { base: 1, xs: 2, md: 3, lg: 4 };

/** A visitor's hearts, as cards. */
function useVisitorSaved(ids: ReadonlySet<number>, enabled: boolean) {
  const all = useQuery({ ...publicHomesQuery(), enabled });
  return { data: all.data?.filter((p) => ids.has(p.id)), isPending: enabled && all.isPending };
}

/** `/saved`: the homes behind the hearts (docs/decisions.md#saved-homes). */
function SavedPage() {
  const { user, isLoading } = useAuth();
  const saved = useSavedHomes();
  const visitor = useVisitorSaved(saved.ids, !isLoading && user === null && saved.ids.size > 0);
  const homes = user ? saved.saved : saved.ids.size === 0 ? [] : visitor.data;
  const pending = isLoading || (user ? saved.isLoading : visitor.isPending);
  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={28} mb="lg">
        Saved homes
      </Title>
      {pending || !homes ? (
        <SimpleGrid cols={GRID}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={280} radius="md" />
          ))}
        </SimpleGrid>
      ) : homes.length === 0 ? (
        <Stack align="center" py="xl" gap="sm" ta="center">
          <IconHeart size={40} aria-hidden />
          <Text fw={600}>No saved homes yet</Text>
          <Text c="dimmed" size="sm">
            Tap the heart on a home to keep it here.
            {!user && ' Sign in to keep your saved homes on every device.'}
          </Text>
          <Button component={Link} to="/" variant="light">
            Explore homes
          </Button>
        </Stack>
      ) : (
        <SimpleGrid cols={GRID} spacing="lg" data-testid="saved-homes">
          {homes.map((p, i) => (
            <PropertyCard key={p.id} property={p} eager={i < 4} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
