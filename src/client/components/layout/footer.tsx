import { ActionIcon, Anchor, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import classes from './layout.module.css';
import { LogoMark } from './logo.tsx';
import { useSiteConfig } from './use-site-config.ts';

const COLUMNS = [
  {
    title: 'Support',
    links: [
      { to: '/help', label: 'Help Center' },
      { to: '/contact', label: 'Contact Us' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
    ],
  },
] as const;

const SOCIAL = [
  { href: 'https://www.facebook.com/', label: 'Facebook', icon: IconBrandFacebook },
  { href: 'https://www.instagram.com/', label: 'Instagram', icon: IconBrandInstagram },
  { href: 'https://x.com/', label: 'X', icon: IconBrandX },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', icon: IconBrandLinkedin },
];

export function Footer() {
  const { settings } = useSiteConfig();
  return (
    <footer className={classes.footer} data-testid="site-footer">
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Group gap={8}>
              <LogoMark size={24} />
              <Text fw={800}>{settings.siteName}</Text>
            </Group>
            <Text size="sm" c="dimmed" maw={280}>
              {settings.siteDescription}
            </Text>
          </Stack>
          {COLUMNS.map((col) => (
            <Stack gap={6} key={col.title} component="nav" aria-label={col.title}>
              <Text fw={700} size="sm">
                {col.title}
              </Text>
              {col.links.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} className={classes.footerLink}>
                  {l.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Group
          justify="space-between"
          mt="xl"
          pt="md"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="sm" c="dimmed" data-testid="copyright">
            © {new Date().getFullYear()} {settings.siteName}, Inc. All rights reserved.
          </Text>
          <Group gap={4}>
            {SOCIAL.map(({ href, label, icon: Icon }) => (
              <ActionIcon
                key={label}
                component="a"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`${settings.siteName} on ${label}`}
              >
                <Icon size={18} stroke={1.6} aria-hidden />
              </ActionIcon>
            ))}
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
