import { Group, Select, TextInput, type SelectProps, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useDebouncedText } from '../lib/use-debounced-text.ts';

/**
 * The filters above an admin table. Each takes its value as the URL holds it (undefined: not filtered) and
 * reports a change the same way; the page writes it to the URL and goes back to page 1.
 */

/** The row of filters, wrapping on narrow screens. */
export function FilterBar({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid={testId}>
      {children}
    </Group>
  );
}

type TTextProps = Omit<TextInputProps, 'value' | 'onChange' | 'onKeyDown' | 'type' | 'leftSection'> & {
  value: string | undefined;
  /** The trimmed text (undefined when empty), after a pause in typing or at once on Enter. */
  onChange: (value: string | undefined) => void;
  /** A free-text search box (search icon, type="search") rather than one column's filter. */
  search?: boolean;
};

/** A text filter: it follows the URL (Back/forward) and reports after a pause in typing or on Enter. */
export function FilterTextInput({ value, onChange, search = false, ...props }: TTextProps) {
  const [text, setText] = useDebouncedText(value, onChange);
  return (
    <TextInput
      {...props}
      type={search ? 'search' : undefined}
      leftSection={search ? <IconSearch size={16} aria-hidden /> : undefined}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onChange(text.trim() || undefined);
      }}
    />
  );
}

type TSelectProps<T extends string> = Omit<SelectProps, 'value' | 'onChange' | 'data' | 'clearable'> & {
  /** The choices; typed by the filter's own values, so a choice the URL cannot hold does not compile. */
  data: readonly (NoInfer<T> | { value: NoInfer<T>; label: string })[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
};

/** A filter picked from a list, or cleared to show all. */
export function FilterSelect<T extends string>({ data, value, onChange, ...props }: TSelectProps<T>) {
  return (
    <Select
      {...props}
      data={data}
      value={value ?? null}
      // Mantine answers one of `data`'s values, or null when cleared.
      onChange={(v) => onChange((v as T | null) ?? undefined)}
      clearable
    />
  );
}
