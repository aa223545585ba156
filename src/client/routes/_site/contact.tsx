import {
  Anchor,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';

export const Route = createFileRoute('/_site/contact')({
  component: ContactUs,
});

const EMPTY = { name: '', email: '', subject: '', message: '' };

/** The spec's contact send makes no call: it is simulated for 1 s (guest-side §2). */
const SIMULATED_SEND_MS = 1000;

function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={40} radius="xl" variant="light">
        {icon}
      </ThemeIcon>
      <div>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fw={600}>{children}</Text>
      </div>
    </Group>
  );
}

function ContactUs() {
  const { settings } = useSiteConfig();
  const [values, setValues] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSending(true);
    try {
      await new Promise((resolve) => setTimeout(resolve, SIMULATED_SEND_MS));
      notifications.show({
        color: 'green',
        message: "Message sent successfully! We'll get back to you within 24 hours.",
      });
      setValues(EMPTY);
    } catch {
      notifications.show({ color: 'red', message: 'Error sending message: Please try again later.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <PageHeader title="Contact Us" eyebrow="We're here to help">
        Questions about a stay, a booking or a partnership? Send us a note and a member of our team will get
        back to you.
      </PageHeader>
      <Container size="lg" py="xl">
        <Grid gap={{ base: 'xl', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder radius="lg" padding="xl">
              <Title order={2} fz="h3" mb="md">
                Send us a message
              </Title>
              <form onSubmit={(e) => void submit(e)} data-testid="contact-form">
                <Stack gap="md">
                  <Group grow align="flex-start" wrap="wrap">
                    <TextInput
                      label="Name"
                      name="name"
                      required
                      autoComplete="name"
                      value={values.name}
                      onChange={set('name')}
                    />
                    <TextInput
                      label="Email"
                      name="email"
                      type="email"
                      required
                      autoComplete="email"
                      value={values.email}
                      onChange={set('email')}
                    />
                  </Group>
                  <TextInput
                    label="Subject"
                    name="subject"
                    required
                    value={values.subject}
                    onChange={set('subject')}
                  />
                  <Textarea
                    label="Message"
                    name="message"
                    required
                    minRows={5}
                    autosize
                    value={values.message}
                    onChange={set('message')}
                  />
                  <Group justify="flex-end">
                    <Button type="submit" loading={sending} radius="md" size="md">
                      Send message
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <Title order={2} fz="h3">
                Get in touch
              </Title>
              <InfoRow icon={<IconMapPin size={20} aria-hidden />} label="Address">
                {settings.businessAddress}
              </InfoRow>
              <InfoRow icon={<IconPhone size={20} aria-hidden />} label="Phone">
                <Anchor href={`tel:${settings.phoneNumber.replace(/[^+\d]/g, '')}`} inherit>
                  {settings.phoneNumber}
                </Anchor>
              </InfoRow>
              <InfoRow icon={<IconMail size={20} aria-hidden />} label="Email">
                <Anchor href={`mailto:${settings.supportEmail}`} inherit>
                  {settings.supportEmail}
                </Anchor>
              </InfoRow>
              <InfoRow icon={<IconClock size={20} aria-hidden />} label="Business hours">
                {settings.businessHours}
              </InfoRow>
              <Text c="dimmed">We respond within 24 hours</Text>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
