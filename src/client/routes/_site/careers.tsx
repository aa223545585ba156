import { Anchor, Button, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconFileText, IconMessages, IconRocket } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { IconCard } from '../../components/icon-card.tsx';

export const Route = createFileRoute('/_site/careers')({
  component: Careers,
});

const STEPS = [
  {
    icon: IconFileText,
    title: 'Apply',
    text: 'Send us your resume and a few lines about what you would love to work on. We read every application.',
  },
  {
    icon: IconMessages,
    title: 'Interview',
    text: 'Meet the team in a relaxed conversation about your experience, how you work and what you want to learn.',
  },
  {
    icon: IconRocket,
    title: 'Join Us',
    text: 'Get a warm welcome, a clear first month, and the support to do the best work of your career.',
  },
];

function Careers() {
  const { settings } = useSiteConfig();
  const resumeHref = `mailto:${settings.supportEmail}?subject=${encodeURIComponent('Resume for future openings')}`;
  return (
    <>
      <PageHeader title="Careers" eyebrow={`Work at ${settings.siteName}`}>
        Help millions of travellers feel at home anywhere. We are a small, remote-friendly team that cares
        about craft, kindness and great stays.
      </PageHeader>
      <Container size="md" py="xl">
        <Card withBorder radius="lg" padding="xl" ta="center">
          <Stack align="center" gap="sm">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray">
              <IconBriefcase size={28} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz="h3">
              No open positions right now
            </Title>
            <Text c="dimmed" maw={520}>
              We are not hiring for any roles at the moment, but we are always glad to meet talented people.
              Send us your resume and we will reach out when a role that fits you opens up.
            </Text>
            <Button component="a" href={resumeHref} radius="md" mt="xs">
              Send your resume
            </Button>
          </Stack>
        </Card>
      </Container>
      <Container size="lg" pb="xl">
        <Title order={2} ta="center" mb="lg">
          How we hire
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {STEPS.map((step, i) => (
            <IconCard
              key={step.title}
              icon={step.icon}
              title={step.title}
              text={step.text}
              eyebrow={`Step ${i + 1}`}
            />
          ))}
        </SimpleGrid>
        <Text ta="center" c="dimmed" mt="xl" size="sm">
          Questions about working with us? Write to{' '}
          <Anchor href={`mailto:${settings.supportEmail}`} inherit>
            {settings.supportEmail}
          </Anchor>
          .
        </Text>
      </Container>
    </>
  );
}
