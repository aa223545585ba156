import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClock, IconMail, IconMessageCircle, IconPhone } from '@tabler/icons-react';
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
            title="Phone Support"
            action={
              <Stack gap={4}>
                <Anchor href={`tel:${settings.phoneNumber.replace(/[^+\d]/g, '')}`} fw={600}>
                  {settings.phoneNumber}
                </Anchor>
                {/* The hours the operator keeps in Settings, never a promise of our own. */}
                <Group gap={6} wrap="nowrap" data-testid="business-hours">
                  <IconClock size={16} aria-hidden />
                  <Text size="sm">
                    <VisuallyHidden>Business hours: </VisuallyHidden>
                    {settings.businessHours}
                  </Text>
                </Group>
              </Stack>
            }
          >
            Prefer to talk? Call us during our business hours.
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
