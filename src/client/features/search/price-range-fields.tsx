import { Group, NumberInput } from '@mantine/core';

interface TProps {
  /** '$' or 'Rs ': the display currency's prefix. */
  symbol: string;
  min: number | '';
  max: number | '';
  onChange: (min: number | '', max: number | '') => void;
}

/** The Filters dialog's nightly price range, typed in the display currency ('' is no bound). */
export function PriceRangeFields({ symbol, min, max, onChange }: TProps) {
  return (
    <Group grow align="flex-start">
      <NumberInput
        label="Minimum"
        prefix={symbol}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        value={min}
        onChange={(v) => onChange(typeof v === 'number' ? v : '', max)}
      />
      <NumberInput
        label="Maximum"
        prefix={symbol}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        value={max}
        onChange={(v) => onChange(min, typeof v === 'number' ? v : '')}
      />
    </Group>
  );
}
