import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { MountOnFirstOpen } from '../../components/mount-on-first-open.tsx';
import type { TChosenStay } from '../../lib/chosen-stay.ts';

const ContactHostDialog = lazy(() => import('./contact-host-dialog.tsx'));

/** 'Contact host': a question before booking (docs/messaging.md#inquiries), in a dialog loaded on demand. */
export function ContactHost({
  propertyId,
  title,
  chosenStay,
}: {
  propertyId: number;
  title: string;
  chosenStay?: (() => TChosenStay | null) | undefined;
}) {
  const [opened, setOpened] = useState(false);
  const [stay, setStay] = useState<TChosenStay | null>(null);
  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconMessageCircle size={16} aria-hidden />}
        onClick={() => {
          // The question starts from the dates and party chosen in the booking card.
          setStay(chosenStay?.() ?? null);
          setOpened(true);
        }}
        data-testid="contact-host"
      >
        Contact host
      </Button>
      <MountOnFirstOpen opened={opened}>
        <ContactHostDialog
          opened={opened}
          onClose={() => setOpened(false)}
          propertyId={propertyId}
          title={title}
          stay={stay}
        />
      </MountOnFirstOpen>
    </>
  );
}
