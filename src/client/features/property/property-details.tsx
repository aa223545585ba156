import { Avatar, Badge, Divider, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAirConditioning,
  IconBarbell,
  IconBath,
  IconBed,
  IconBriefcase,
  IconCheck,
  IconDeviceTv,
  IconHome,
  IconParking,
  IconPaw,
  IconPool,
  IconSmoking,
  IconToolsKitchen,
  IconUsers,
  IconWashMachine,
  IconWifi,
  type Icon,
} from '@tabler/icons-react';
import { guestsLabel, plural, propertyTypeLabel } from '#shared/labels.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import '../../styles/property-page.css';

const AMENITY_ICONS: Record<string, Icon> = {
  Wifi: IconWifi,
  Kitchen: IconToolsKitchen,
  TV: IconDeviceTv,
  Washer: IconWashMachine,
  'Free parking': IconParking,
  'Air conditioning': IconAirConditioning,
  Pool: IconPool,
  'Hot tub': IconBath,
  Gym: IconBarbell,
  Workspace: IconBriefcase,
  'Smoking allowed': IconSmoking,
  'Pets allowed': IconPaw,
};

export const BRAND_LOGO = '/images/brand-logo.svg';

/** 'Hosted by' line; the host icon is the brand logo when the listing sets showLogo (docs/product.md#guest-data). */
export function HostLine({ property, siteName }: { property: TProperty; siteName: string }) {
  const type = propertyTypeLabel(property.propertyType, property.bedrooms);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2}>
        <Title order={2} fz="xl">
          {type} hosted by {siteName}
        </Title>
        <Text c="dimmed" size="sm">
          {guestsLabel(property.maxGuests)} · {plural(property.bedrooms, 'bedroom', 'bedrooms')} ·{' '}
          {plural(property.bathrooms, 'bathroom', 'bathrooms')}
        </Text>
      </Stack>
      {property.showLogo ? (
        <Avatar src={BRAND_LOGO} alt={`${siteName} logo`} size={56} radius="xl" data-testid="host-logo" />
      ) : (
        <Avatar size={56} radius="xl" color="brand" role="img" aria-label="Host">
          <IconHome size={28} aria-hidden />
        </Avatar>
      )}
    </Group>
  );
}

export function PropertyDescription({ description }: { description: string }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="lg">
        About this place
      </Title>
      <Text style={{ whiteSpace: 'pre-line' }}>{description}</Text>
    </Stack>
  );
}

export function PropertyFacts({ property }: { property: TProperty }) {
  const facts = [
    { icon: IconBed, label: plural(property.bedrooms, 'bedroom', 'bedrooms') },
    { icon: IconBath, label: plural(property.bathrooms, 'bathroom', 'bathrooms') },
    { icon: IconUsers, label: `Up to ${guestsLabel(property.maxGuests)}` },
    { icon: IconHome, label: propertyTypeLabel(property.propertyType, property.bedrooms) },
  ];
  return (
    <Stack gap="md">
      <Title order={3} fz="lg">
        Property details
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="property-facts">
        {facts.map((f) => (
          <Group key={f.label} gap="xs" wrap="nowrap">
            <ThemeIcon variant="light" color="gray" size="lg" radius="md">
              <f.icon size={18} aria-hidden />
            </ThemeIcon>
            <Text size="sm">{f.label}</Text>
          </Group>
        ))}
      </SimpleGrid>
      {property.amenities.length > 0 && (
        <>
          <Divider />
          <Title order={4} fz="md">
            What this place offers
          </Title>
          <Group gap="xs" data-testid="amenities">
            {property.amenities.map((a) => {
              const AmenityIcon = AMENITY_ICONS[a] ?? IconCheck;
              const highlighted = a === 'Pool';
              return (
                <Badge
                  key={a}
                  size="lg"
                  radius="sm"
                  variant={highlighted ? 'filled' : 'light'}
                  color={highlighted ? 'brand' : 'gray'}
                  leftSection={<AmenityIcon size={14} aria-hidden />}
                  tt="none"
                  fw={highlighted ? 700 : 500}
                  data-highlighted={highlighted || undefined}
                >
                  {a}
                </Badge>
              );
            })}
          </Group>
        </>
      )}
    </Stack>
  );
}
