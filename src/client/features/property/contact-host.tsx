import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { MountOnFirstOpen } from '../../components/mount-on-first-open.tsx';

const ContactHostDialog = lazy(() => import('./contact-host-dialog.tsx'));

/** 'Contact host': a question before booking (docs/messaging.md#inquiries), in a dialog loaded on demand. */
export function ContactHost({ propertyId, title }: { propertyId: number; title: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconMessageCircle size={16} aria-hidden />}
        onClick={() => setOpened(true)}
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
        />
      </MountOnFirstOpen>
    </>
  );
}
