// Every Mantine component the app draws has its stylesheet loaded: styles-all.ts imports only the
// components in use (not Mantine's whole sheet), so a component new to the app without its file
// would render unstyled. Read from the sources: src/client's and mantine-datatable's imports.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const STYLES = join(ROOT, 'node_modules/@mantine/core/styles');
const sheets = new Set(
  readdirSync(STYLES)
    .filter((f) => f.endsWith('.layer.css'))
    .map((f) => f.replace('.layer.css', '')),
);

/** What a component is built from, beyond its own sheet (Mantine's sources). */
const BUILT_FROM: Record<string, string[]> = {
  Select: ['Combobox', 'Input', 'Popover', 'ScrollArea'],
  MultiSelect: ['Combobox', 'Input', 'Popover', 'ScrollArea', 'Pill', 'PillsInput', 'CloseButton'],
  TextInput: ['Input'],
  Textarea: ['Input'],
  PasswordInput: ['Input'],
  NumberInput: ['Input'],
  FileInput: ['Input'],
  Checkbox: ['InlineInput', 'CheckboxIndicator'],
  Radio: ['InlineInput', 'RadioIndicator'],
  Switch: ['InlineInput'],
  Menu: ['Popover'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton'],
  Notification: ['Loader', 'CloseButton'],
  Button: ['UnstyledButton', 'Loader'],
  ActionIcon: ['UnstyledButton', 'Loader'],
  NavLink: ['UnstyledButton'],
  Pagination: ['UnstyledButton'],
  Burger: ['UnstyledButton'],
  Accordion: ['UnstyledButton'],
  Tabs: ['UnstyledButton'],
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Component names imported from @mantine/core by a source text (types and helpers fall out below). */
function importedNames(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import\s*\{([^}]+)\}\s*from\s*["']@mantine\/core["']/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim();
      if (/^[A-Z]/.test(name)) names.push(name);
    }
  }
  return names;
}

/** The sheet of a component or of the component it is part of (TableTd -> Table, MenuItem -> Menu). */
function sheetOf(name: string): string | undefined {
  if (sheets.has(name)) return name;
  return [...sheets].filter((s) => name.startsWith(s)).sort((a, b) => b.length - a.length)[0];
}

function loadedSheets(file: string): Set<string> {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return new Set([...text.matchAll(/@mantine\/core\/styles\/(\w+)\.layer\.css/g)].map((m) => m[1]!));
}

describe('Mantine styles in use', () => {
  const used = new Set<string>();
  for (const file of files(join(ROOT, 'src/client')))
    importedNames(readFileSync(file, 'utf8')).forEach((n) => used.add(n));
  importedNames(
    readFileSync(join(ROOT, 'node_modules/mantine-datatable/dist/index.mjs'), 'utf8').replace(/import\{/g, 'import {'),
  ).forEach((n) => used.add(n));
  const needed = new Set<string>();
  for (const name of used) {
    const own = sheetOf(name);
    if (own) needed.add(own);
    for (const dep of BUILT_FROM[name] ?? []) needed.add(dep);
  }
  const loaded = new Set([
    ...loadedSheets('src/client/styles-all.ts'),
    ...loadedSheets('src/client/styles-first-screen.ts'),
  ]);

  it('finds the components the app draws (the scan itself works)', () => {
    expect([...needed]).toEqual(
      expect.arrayContaining(['AppShell', 'Table', 'Pagination', 'Modal', 'Combobox', 'Input']),
    );
  });

  it('loads the sheet of every component in use', () => {
    expect([...needed].filter((s) => !loaded.has(s)).sort()).toEqual([]);
  });

  it('loads no sheet that names no Mantine file', () => {
    expect([...loaded].filter((s) => !sheets.has(s))).toEqual([]);
  });
});
