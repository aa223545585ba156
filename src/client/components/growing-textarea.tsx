import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './growing-textarea.module.css';

interface TGrowingTextareaProps extends Omit<TextareaProps, 'autosize' | 'classNames' | 'styles' | 'rows'> {
  minRows?: number;
  /** Without it, the box grows without end. */
  maxRows?: number;
}

/**
 * A text box that grows with what is typed, between `minRows` and `maxRows` lines, by CSS
 * (`field-sizing: content`). Mantine's `autosize` measures the box with `getComputedStyle` in a layout
 * effect, which makes the browser work out the whole page's style inside React's commit: on the checkout
 * that measurement was the page's longest task after its first paint (docs/decisions.md#growing-text-boxes).
 */
export function GrowingTextarea({ minRows = 2, maxRows, ...props }: TGrowingTextareaProps) {
  // An unset --rows-max leaves the max-height's calc() invalid, which the browser reads as no limit.
  const rows = { '--rows-min': minRows, ...(maxRows ? { '--rows-max': maxRows } : {}) } as CSSProperties;
  return (
    <Textarea {...props} rows={minRows} classNames={{ input: classes.input }} styles={{ input: rows }} />
  );
}
