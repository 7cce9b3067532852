// One page group of Role Management: a select-all box and a box per page.
import { Accordion, Checkbox, SimpleGrid, Stack } from '@mantine/core';
import type { AccessRightGroup } from '@shared/contracts/access-right.js';
import { isPartial } from './access-tree.js';

export interface GroupPanelProps {
  group: AccessRightGroup;
  onGroup: (on: boolean) => void;
  onPage: (pageKey: string, on: boolean) => void;
  /** A non-admin's own pages: only these can be ticked or unticked (the server keeps the rest). */
  grantable?: ReadonlySet<string>;
}

export function GroupPanel({ group, onGroup, onPage, grantable }: GroupPanelProps) {
  return (
    <Accordion.Item value={group.key}>
      <Accordion.Control>{group.label}</Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Checkbox
            label="Select All"
            aria-label={`Select All ${group.label}`}
            fw={600}
            checked={group.Status}
            disabled={grantable !== undefined && !group.children.some((c) => grantable.has(c.key))}
            indeterminate={isPartial(group)}
            onChange={(e) => onGroup(e.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
            {group.children.map((page) => (
              <Checkbox
                key={page.key}
                label={page.label}
                checked={page.Status}
                disabled={grantable !== undefined && !grantable.has(page.key)}
                onChange={(e) => onPage(page.key, e.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
