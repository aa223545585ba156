import {
  Accordion,
  Anchor,
  Button,
  Card,
  Container,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail, IconMessageCircle, IconPhone } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';

export const Route = createFileRoute('/_site/help')({
  component: HelpCenter,
});

const FAQS: { value: string; question: string; answer: ReactNode }[] = [
  {
    value: 'booking',
    question: 'How do I book a stay?',
    answer:
      'Find a place you love, open it, and choose your check-in and check-out dates and the number of guests in the booking card. Press Reserve, add your contact details and confirm. You will see your confirmation number straight away, and no account is needed.',
  },
  {
    value: 'cancellation',
    question: 'What is the cancellation policy?',
    answer:
      'The cancellation policy varies by property. Each listing sets its own terms, so check the policy on the property page before you book. If plans change, contact us with your confirmation number and we will walk you through your options.',
  },
  {
    value: 'host',
    question: 'How do I contact the host?',
    answer:
      'Every stay is hosted by our own team, so you can reach your host through our support channels at any time: live chat, phone or email. Have your confirmation number ready and we will connect you with the right person.',
  },
  {
    value: 'payment',
    question: 'What payment methods do you accept?',
    answer:
      'We accept all major credit and debit cards, including Visa, Mastercard and American Express. Prices can be shown in US dollars or Pakistani rupees; the total, including GST, is shown before you confirm, and you won’t be charged until your booking is confirmed.',
  },
  {
    value: 'modify',
    question: 'Can I change or modify my booking?',
    answer:
      'Yes, subject to availability. Contact our support team with your confirmation number and the new dates or guest count. If the property is free on the new dates, we will update your booking and let you know about any change in price.',
  },
  {
    value: 'issues',
    question: 'What should I do if something goes wrong during my stay?',
    answer:
      'Contact us right away: our phone line and live chat are open 24/7. Tell us what happened and, where it helps, share a photo. We will work with you to fix the problem quickly, or find you another place to stay if we cannot.',
  },
];

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
        <Accordion variant="separated" radius="md" data-testid="faq">
          {FAQS.map((faq) => (
            <Accordion.Item key={faq.value} value={faq.value}>
              <Accordion.Control>
                <Text fw={600}>{faq.question}</Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text c="dimmed">{faq.answer}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
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
