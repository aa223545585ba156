import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart, IconHeartFilled, IconShare } from '@tabler/icons-react';
import { useSavedHomes } from '../../lib/api/saved-homes.tsx';

/** The page's own address, without a search's dates, which are the sharer's and not the reader's. */
function shareUrl(propertyId: number): string {
  return `${window.location.origin}/property/${propertyId}`;
}

async function share(propertyId: number, title: string): Promise<void> {
  const url = shareUrl(propertyId);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (err) {
      // The guest closed the share sheet: nothing to say. Any other failure falls back to copying.
      if (err instanceof DOMException && err.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notifications.show({ id: 'link-copied', title: 'Link copied', message: url });
  } catch {
    notifications.show({
      id: 'link-copied',
      title: 'Copy this link to share the home',
      message: url,
      color: 'yellow',
    });
  }
}

/** Share (the system's share sheet, or the link copied) and Save (the same list as the home grid's hearts). */
export function SaveShare({ propertyId, title }: { propertyId: number; title: string }) {
  const { isSaved, toggle } = useSavedHomes();
  const saved = isSaved(propertyId);
  const Heart = saved ? IconHeartFilled : IconHeart;
  return (
    <Group gap={4} wrap="nowrap" data-testid="save-share">
      <Button
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        px={{ base: 8, sm: 'md' }}
        leftSection={<IconShare size={16} aria-hidden />}
        onClick={() => void share(propertyId, title)}
        data-testid="share-home"
      >
        Share
      </Button>
      <Button
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        px={{ base: 8, sm: 'md' }}
        leftSection={
          <Heart size={16} aria-hidden color={saved ? 'var(--mantine-color-brand-8)' : undefined} />
        }
        aria-pressed={saved}
        onClick={() => void toggle(propertyId)}
        data-testid="save-home"
      >
        {saved ? 'Saved' : 'Save'}
      </Button>
    </Group>
  );
}
