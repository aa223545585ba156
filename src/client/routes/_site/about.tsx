import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake, IconLeaf, IconShieldCheck } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { IconCard } from '../../components/icon-card.tsx';

export const Route = createFileRoute('/_site/about')({
  component: About,
});

const VALUES = [
  {
    icon: IconHeartHandshake,
    title: 'Hospitality first',
    text: 'Every stay is hosted by our own team. We treat each guest the way we would want to be welcomed: warmly, honestly and with attention to detail.',
  },
  {
    icon: IconShieldCheck,
    title: 'Trust and safety',
    text: 'Clear prices with nothing hidden, calendars that never double-book, and support that answers day and night. You should never have to wonder.',
  },
  {
    icon: IconLeaf,
    title: 'Travel that gives back',
    text: 'We work with local partners, favour homes that care for their surroundings, and want every trip to leave a place a little better than we found it.',
  },
];

const IMPACT = [
  { figure: '10,000+', label: 'Properties' },
  { figure: '50,000+', label: 'Happy guests' },
  { figure: '100+', label: 'Cities' },
  { figure: '98%', label: 'Guest satisfaction' },
];

function About() {
  const { settings } = useSiteConfig();
  return (
    <>
      <PageHeader title={`About ${settings.siteName}`} eyebrow="Our story">
        Holiday homes you will want to come back to, booked in minutes, with people behind them who care.
      </PageHeader>
      <Container size="md" py="xl">
        <Stack gap="xs" ta="center">
          <Title order={2}>Our mission</Title>
          <Text fz="lg" c="dimmed">
            To make finding and booking a place to stay feel as good as arriving there. We bring together
            homes with character, honest prices and real support, so that anyone can travel with confidence
            and feel at home wherever they go.
          </Text>
        </Stack>
      </Container>

      <Container size="lg" py="xl">
        <Title order={2} ta="center" mb="lg">
          What we value
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {VALUES.map((v) => (
            <IconCard key={v.title} icon={v.icon} title={v.title} text={v.text} />
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" py="xl">
        <Title order={2} ta="center" mb="lg">
          Our impact
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
          {IMPACT.map((item) => (
            <Stack key={item.label} gap={0} ta="center" py="lg">
              <Text fz={{ base: 28, xs: 40 }} fw={800} c="var(--mantine-color-anchor)" lh={1.1}>
                {item.figure}
              </Text>
              <Text c="dimmed">{item.label}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="md" py="xl">
        <Title order={2} mb="sm">
          Our story
        </Title>
        <Stack gap="sm" c="dimmed" fz="md" lh={1.7}>
          <Text inherit>
            {settings.siteName} was founded in 2020 by a small group of travellers who were tired of listings
            that did not match reality, fees that appeared at the last step, and nobody to call when something
            went wrong.
          </Text>
          <Text inherit>
            We started with a handful of beach houses and mountain cabins that we knew personally, and a
            promise: every home is checked, every price is the price, and every guest can reach a real person
            at any hour. Word spread. Today we host stays in more than a hundred cities, from city apartments
            to lakeside villas.
          </Text>
          <Text inherit>
            We are still the same team at heart, and we still read every message. Thank you for travelling
            with us.
          </Text>
        </Stack>
      </Container>
    </>
  );
}
