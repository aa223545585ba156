import { ActionIcon, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { FALLBACK_IMAGE, imageSrcSet } from '#shared/media.ts';
import classes from './gallery.module.css';

const STEPS = [
  { delta: -1, label: 'Previous', side: 'left', Icon: IconChevronLeft },
  { delta: 1, label: 'Next', side: 'right', Icon: IconChevronRight },
] as const;

/** The current photo (falling back to a placeholder if it fails) or video, between Previous and Next. */
export function GalleryStage({
  url,
  mode,
  title,
  current,
  count,
  onStep,
}: {
  url: string | undefined;
  mode: 'photos' | 'videos';
  title: string;
  current: number;
  count: number;
  onStep: (delta: number) => void;
}) {
  return (
    <div className={classes.viewerStage}>
      {url === undefined ? (
        <Text c="dimmed">No videos available for this property.</Text>
      ) : mode === 'photos' ? (
        <img
          key={url}
          className={classes.viewerMedia}
          src={url}
          srcSet={imageSrcSet(url)}
          sizes="100vw"
          alt={`${title}, photo ${current + 1} of ${count}`}
          data-testid="gallery-current"
          data-index={current}
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(FALLBACK_IMAGE)) {
              e.currentTarget.srcset = '';
              e.currentTarget.src = FALLBACK_IMAGE;
            }
          }}
        />
      ) : (
        <video
          key={url}
          className={classes.viewerMedia}
          src={url}
          controls
          playsInline
          data-testid="gallery-current"
          data-index={current}
        />
      )}
      {count > 1 &&
        STEPS.map(({ delta, label, side, Icon }) => (
          <ActionIcon
            key={label}
            className={classes.viewerNav}
            style={{ [side]: 8 }}
            variant="default"
            size="xl"
            radius="xl"
            onClick={() => onStep(delta)}
            aria-label={label}
          >
            <Icon aria-hidden />
          </ActionIcon>
        ))}
    </div>
  );
}
