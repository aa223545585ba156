import { ActionIcon, Group, Modal, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { thumbnailUrl } from '#shared/media.ts';
import { GalleryStage } from './gallery-stage.tsx';
import classes from './gallery.module.css';
import '../../styles/more-components.css';

export type TGalleryMode = 'photos' | 'videos';

/** Steps through a list of `length`, wrapping past either end. */
export function wrapIndex(index: number, length: number): number {
  return length === 0 ? 0 : ((index % length) + length) % length;
}

interface TGalleryViewerProps {
  opened: boolean;
  title: string;
  photos: string[];
  videos: string[];
  mode: TGalleryMode;
  index: number;
  onChange: (mode: TGalleryMode, index: number) => void;
  onClose: () => void;
}

/** The full-screen viewer: photos and videos modes, wrap-around, arrow keys, Escape and a close button. */
export function GalleryViewer({
  opened,
  title,
  photos,
  videos,
  mode,
  index,
  onChange,
  onClose,
}: TGalleryViewerProps) {
  const items = mode === 'photos' ? photos : videos;
  const current = wrapIndex(index, items.length);

  useEffect(() => {
    if (!opened) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') onChange(mode, wrapIndex(current - 1, items.length));
      if (e.key === 'ArrowRight') onChange(mode, wrapIndex(current + 1, items.length));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, mode, current, items.length, onChange]);

  const step = (delta: number) => onChange(mode, wrapIndex(current + delta, items.length));
  const url = items[current];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      closeOnEscape
      transitionProps={{ duration: 0 }}
      styles={{ body: { height: '100dvh', display: 'flex', flexDirection: 'column', padding: 16 } }}
    >
      <Stack h="100%" gap="sm" data-testid="gallery-viewer">
        <VisuallyHidden>
          <Modal.Title>{`${title} gallery`}</Modal.Title>
        </VisuallyHidden>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              radius="xl"
              onClick={onClose}
              aria-label="Close gallery"
            >
              <IconX size={20} aria-hidden />
            </ActionIcon>
            {videos.length > 0 && (
              <SegmentedControl
                size="sm"
                value={mode}
                onChange={(v) => onChange(v, 0)}
                data={[
                  { value: 'photos', label: `Photos (${photos.length})` },
                  { value: 'videos', label: `Videos (${videos.length})` },
                ]}
                aria-label="Gallery mode"
              />
            )}
          </Group>
          {items.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="gallery-counter">
              {current + 1} / {items.length}
            </Text>
          )}
        </Group>

        <GalleryStage
          url={url}
          mode={mode}
          title={title}
          current={current}
          count={items.length}
          onStep={step}
        />

        {mode === 'photos' && photos.length > 1 && (
          <div className={classes.thumbs}>
            {photos.map((p, i) => (
              <button
                key={`${p}-${i}`}
                type="button"
                className={classes.thumb}
                data-active={i === current || undefined}
                onClick={() => onChange('photos', i)}
                aria-label={`Show photo ${i + 1}`}
              >
                <img src={thumbnailUrl(p)} alt="" loading="lazy" />
              </button>
            ))}
          </div>
        )}
      </Stack>
    </Modal>
  );
}
