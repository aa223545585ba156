import { Combobox, TextInput, useCombobox } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useMemo } from 'react';
import { suggestLocations } from './suggestions.ts';
import '../../styles/more-components.css';

interface TProps {
  value: string;
  onChange: (value: string) => void;
  /** A suggestion was chosen, or Enter was pressed: set the location and apply the search. */
  onSubmit: (location: string) => void;
}

/**
 * Destination with the suggestion dropdown (docs/product.md#guest-interactions): opens on click, closes on an outside
 * click, on choosing a suggestion or on Enter. Choosing or Enter applies the search.
 */
export function DestinationInput({ value, onChange, onSubmit }: TProps) {
  const combobox = useCombobox();
  const options = useMemo(() => suggestLocations(value), [value]);
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(name) => {
        combobox.closeDropdown();
        onChange(name);
        onSubmit(name);
      }}
    >
      <Combobox.Target>
        <TextInput
          label="Destination"
          placeholder="Search destinations"
          leftSection={<IconMapPin size={16} aria-hidden />}
          value={value}
          data-autofocus
          data-testid="destination-input"
          onChange={(e) => {
            onChange(e.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            // With a highlighted suggestion, the combobox submits that option instead.
            if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
            e.preventDefault();
            combobox.closeDropdown();
            onSubmit(value);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={options.length === 0}>
        <Combobox.Options mah={240} style={{ overflowY: 'auto' }} aria-label="Suggested destinations">
          {options.map((name) => (
            <Combobox.Option value={name} key={name}>
              {name}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
