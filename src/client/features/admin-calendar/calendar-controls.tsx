import { ActionIcon, Badge, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BAR_STYLE, barFill } from './bar-colors.ts';

/** What each bar colour means, under both calendars. */
export function BarLegend() {
  return (
    <Group gap="xs">
      {(Object.keys(BAR_STYLE) as (keyof typeof BAR_STYLE)[]).map((kind) => (
        <Badge key={kind} {...barFill(kind)} variant="filled">
          {BAR_STYLE[kind].label}
        </Badge>
      ))}
    </Group>
  );
}

/** Back and forward arrows around whatever names the period shown (a month title, a 'Today' button). */
export function PeriodStepper({
  previous,
  next,
  onPrevious,
  onNext,
  children,
}: {
  previous: string;
  next: string;
  onPrevious: () => void;
  onNext: () => void;
  children: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon variant="default" size="lg" aria-label={previous} onClick={onPrevious}>
        <IconChevronLeft size={18} />
      </ActionIcon>
      {children}
      <ActionIcon variant="default" size="lg" aria-label={next} onClick={onNext}>
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}
