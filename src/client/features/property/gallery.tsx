import { Button } from '@mantine/core';
import { IconLayoutGrid, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { COVER_IMAGE_SIZES, FALLBACK_IMAGE, imageSrcSet, thumbnailUrl } from '#shared/media.ts';
import { MountOnFirstOpen } from '../../components/mount-on-first-open.tsx';
import classes from './gallery.module.css';
import type { TGalleryMode } from './gallery-viewer.tsx';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

// The viewer (Mantine's Modal, focus trap and scroll lock, ~15 KiB gzipped) loads when a tile or the
// button is pointed at, focused or pressed, not with the page.
const loadViewer = () => import('./gallery-viewer.tsx');
const GalleryViewer = lazyRetry(() => loadViewer().then((m) => ({ default: m.GalleryViewer })));

const TILES = 5;

interface TViewerState {
  opened: boolean;
  mode: TGalleryMode;
  index: number;
}

/**
 * Up to 5 tiles (docs/product.md#guest-pages): the cover and four more; with videos the last tile plays the first video,
 * otherwise it carries '+N more' when there are more than 5 images. Every tile opens the viewer.
 */
export function PropertyGallery({
  title,
  images,
  videos,
}: {
  title: string;
  images: string[];
  videos: string[];
}) {
  const photos = images.length > 0 ? images : [FALLBACK_IMAGE];
  const hasVideos = videos.length > 0;
  const photoTiles = photos.slice(0, hasVideos ? TILES - 1 : TILES);
  const hidden = hasVideos ? 0 : photos.length - photoTiles.length;
  const [viewer, setViewer] = useState<TViewerState>({ opened: false, mode: 'photos', index: 0 });
  const open = (mode: TGalleryMode, index: number) => setViewer({ opened: true, mode, index });
  const count = photoTiles.length + (hasVideos ? 1 : 0);

  return (
    <>
      <div className={classes.grid} data-count={count === 1 ? 1 : undefined} data-testid="gallery">
        {photoTiles.map((url, i) => {
          const last = i === photoTiles.length - 1;
          return (
            <button
              key={`${url}-${i}`}
              type="button"
              className={`${classes.tile} ${i === 0 ? classes.main : ''}`}
              onClick={() => open('photos', i)}
              onPointerEnter={() => void loadViewer()}
              onFocus={() => void loadViewer()}
              // The visible '+N more' leads the name (WCAG 2.5.3, label in name).
              aria-label={`${last && hidden > 0 ? `+${hidden} more, open` : 'Open'} photo ${i + 1} of ${photos.length}`}
              data-testid="gallery-tile"
            >
              <img
                src={i === 0 ? url : thumbnailUrl(url)}
                srcSet={imageSrcSet(url)}
                sizes={i === 0 ? COVER_IMAGE_SIZES : '25vw'}
                alt={i === 0 ? title : `${title}, photo ${i + 1}`}
                loading={i === 0 ? 'eager' : 'lazy'}
                onError={(e) => {
                  if (!e.currentTarget.src.endsWith(FALLBACK_IMAGE)) {
                    e.currentTarget.srcset = '';
                    e.currentTarget.src = FALLBACK_IMAGE;
                  }
                }}
              />
              {last && hidden > 0 && <span className={classes.overlay}>+{hidden} more</span>}
            </button>
          );
        })}
        {hasVideos && (
          <button
            type="button"
            className={classes.tile}
            onClick={() => open('videos', 0)}
            onPointerEnter={() => void loadViewer()}
            onFocus={() => void loadViewer()}
            aria-label="Play videos"
            data-testid="gallery-video-tile"
          >
            <video src={videos[0]} muted preload="metadata" playsInline />
            <span className={classes.overlay}>
              <IconPlayerPlayFilled size={40} aria-hidden />
            </span>
          </button>
        )}
        <Button
          className={classes.showAll}
          variant="white"
          color="dark"
          size="sm"
          leftSection={<IconLayoutGrid size={16} aria-hidden />}
          onClick={() => open('photos', 0)}
          onPointerEnter={() => void loadViewer()}
          onFocus={() => void loadViewer()}
        >
          Show all photos
        </Button>
      </div>
      <MountOnFirstOpen opened={viewer.opened}>
        <GalleryViewer
          opened={viewer.opened}
          title={title}
          photos={photos}
          videos={videos}
          mode={viewer.mode}
          index={viewer.index}
          onChange={(mode, index) => setViewer({ opened: true, mode, index })}
          onClose={() => setViewer((v) => ({ ...v, opened: false }))}
        />
      </MountOnFirstOpen>
    </>
  );
}
