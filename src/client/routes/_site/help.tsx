import { Anchor, Button, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail, IconMessageCircle, IconPhone } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';
import { FaqList } from '../../features/help/faq-list.tsx';

export const Route = createFileRoute('/_site/help')({
  component: HelpCenter,
});

function SupportCard({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack gap="sm" h="100%">
        <ThemeIcon size={48} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={3} fz="h4">
          {title}
        </Title>
        <Text c="dimmed" size="sm" style={{ flex: 1 }}>
          {children}
        </Text>
        {action}
      </Stack>
    </Card>
  );
}

function HelpCenter() {
  const { settings } = useSiteConfig();
  return (
    <>
      <PageHeader title="Help Center" eyebrow="Support">
        Answers to the questions we hear most, and three ways to reach a real person whenever you need one.
      </PageHeader>
      <Container size="md" py="xl">
        <Title order={2} fz="h3" mb="md">
          Frequently asked questions
        </Title>
        <FaqList />
      </Container>
      <Container size="lg" pb="xl">
        <Title order={2} fz="h3" mb="md" ta="center">
          Still need help?
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <SupportCard
            icon={<IconMessageCircle size={24} aria-hidden />}
            title="Live Chat"
            action={
              <Button
                variant="light"
                radius="md"
                onClick={() =>
                  notifications.show({
                    title: 'Live Chat',
                    message:
                      'Our team will join the chat in a moment. You can also call or email us at any time.',
                  })
                }
              >
                Start a chat
              </Button>
            }
          >
            Chat with our support team for quick answers about bookings, payments and your stay.
          </SupportCard>
          <SupportCard
            icon={<IconPhone size={24} aria-hidden />}
            title="Phone Support (24/7)"
            action={
              <Anchor href={`tel:${settings.phoneNumber.replace(/[^+\d]/g, '')}`} fw={600}>
                {settings.phoneNumber}
              </Anchor>
            }
          >
            Prefer to talk? Call us any time of day or night, every day of the year.
          </SupportCard>
          <SupportCard
            icon={<IconMail size={24} aria-hidden />}
            title="Email Support"
            action={
              <Anchor href={`mailto:${settings.supportEmail}`} fw={600}>
                {settings.supportEmail}
              </Anchor>
            }
          >
            Send us the details and we will reply within 24 hours. Or use our{' '}
            <Anchor component={Link} to="/contact" inherit>
              contact form
            </Anchor>
            .
          </SupportCard>
        </SimpleGrid>
      </Container>
    </>
  );
}
