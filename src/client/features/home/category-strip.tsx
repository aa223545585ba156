import { ActionIcon, Box, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCategory, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CATEGORY_FADE_PX, CATEGORY_SKELETONS } from '#shared/constants.ts';
import type { TCategory } from '#shared/schemas/category.ts';
import classes from './home.module.css';
import { categoriesQuery } from './api.ts';

function CategoryIcon({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <IconCategory size={24} stroke={1.5} aria-hidden />;
  return (
    <img
      src={src}
      alt=""
      width={24}
      height={24}
      // Never fetched beside the page's LCP photo: they come once the layout shows them.
      loading="lazy"
      className={classes.categoryIcon}
      onError={() => setFailed(true)}
    />
  );
}

interface TProps {
  selected: string | null;
  onToggle: (name: string) => void;
}

/**
 * The category strip: active categories, scroll arrows, and an edge fade on a side once there is more
 * than 20 px to scroll that way (docs/product.md#guest-constants).
 */
export function CategoryStrip({ selected, onToggle }: TProps) {
  const { data, isPending, isError } = useQuery(categoriesQuery());
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const left = el.scrollLeft > CATEGORY_FADE_PX;
    const right = el.scrollWidth - el.clientWidth - el.scrollLeft > CATEGORY_FADE_PX;
    setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
  }, []);

  const categories: TCategory[] = (data ?? []).filter((c) => c.active);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // The observer's first report comes after the browser's own layout: measuring here would force one.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, categories.length]);

  const scrollBy = (direction: -1 | 1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.7, behavior: 'smooth' });
  };

  if (isError) {
    return (
      <Text c="red" size="sm" py="md" role="alert">
        Failed to load categories
      </Text>
    );
  }

  return (
    <Box
      className={classes.strip}
      data-fade-left={edges.left || undefined}
      data-fade-right={edges.right || undefined}
    >
      {edges.left && (
        <ActionIcon
          className={classes.arrowLeft}
          variant="default"
          radius="xl"
          size={30}
          aria-label="Scroll categories left"
          onClick={() => scrollBy(-1)}
        >
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
      )}
      <div
        ref={scroller}
        className={classes.scroller}
        onScroll={measure}
        role="toolbar"
        aria-label="Categories"
        data-testid="category-strip"
      >
        {isPending
          ? Array.from({ length: CATEGORY_SKELETONS }, (_, i) => (
              <Stack
                key={i}
                gap={6}
                align="center"
                className={classes.category}
                data-testid="category-skeleton"
              >
                <Skeleton circle height={24} />
                <Skeleton height={10} width={56} />
              </Stack>
            ))
          : categories.map((c) => {
              const active = selected === c.name.toLowerCase();
              return (
                <UnstyledButton
                  key={c.id}
                  className={classes.category}
                  data-active={active || undefined}
                  aria-pressed={active}
                  onClick={() => onToggle(c.name)}
                  data-testid="category"
                >
                  <CategoryIcon src={c.icon} />
                  <Text size="xs" fw={active ? 700 : 500} className={classes.categoryName}>
                    {c.name}
                  </Text>
                </UnstyledButton>
              );
            })}
      </div>
      {edges.right && (
        <ActionIcon
          className={classes.arrowRight}
          variant="default"
          radius="xl"
          size={30}
          aria-label="Scroll categories right"
          onClick={() => scrollBy(1)}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      )}
    </Box>
  );
}
