// The global search box of list screens; the list debounces what is typed.
import { TextInput } from '@mantine/core';
import { SearchIcon } from './icons.js';

export function SearchBox({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  return (
    <TextInput
      placeholder="Search..."
      aria-label="Search"
      leftSection={<SearchIcon />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={{ base: '100%', sm: 280 }}
    />
  );
}
