import { Anchor, Card, Container, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ContactForm } from '../../features/contact/contact-form.tsx';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { useSiteConfig } from '../../components/layout/use-site-config.ts';

export const Route = createFileRoute('/_site/contact')({
  component: ContactUs,
});

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
              <ContactForm />
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
