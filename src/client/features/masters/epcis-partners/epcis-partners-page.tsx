// EPCIS Partners (issue 28, docs/epcis.md "The partner feed"): the company's partners, each a user
// account its EPCIS client signs in as, and how far each has acknowledged the feed. Adding one is a
// name and the account; the feed itself is read by the partner's own software.
import { useCallback, useEffect, useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { EPCIS_API, partnerSave } from '@shared/contracts/epcis.js';
import { USERS_API } from '@shared/contracts/users/common.js';
import { PAGE } from '@shared/pages.js';
import { call } from '../../../api/call.js';
import { firstIssues } from '../../../kit/form-values.js';
import { ScreenHeader } from '../../../kit/screen-header.js';
import { toastEnvelope } from '../../../kit/toast.js';

type Partner = { PartnerId: number; Name: string; UserName: string; AckedUpTo: string };
type Field = 'Name' | 'UserId';

export default function EpcisPartnersPage() {
  const [partners, setPartners] = useState<Partner[]>([]);
  const [users, setUsers] = useState<{ value: string; label: string }[]>([]);
  const [name, setName] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const env = await call(EPCIS_API.partners, undefined);
    if (env.ResponseCode === '200') setPartners(env.ResponseData);
  }, []);

  useEffect(() => {
    void load();
    void call(USERS_API.pickerAll, undefined).then((env) => {
      if (env.ResponseCode === '200')
        setUsers(env.ResponseData.map((u) => ({ value: String(u.UserId), label: u.UserName })));
    });
  }, [load]);

  const submit = async () => {
    const parsed = partnerSave.safeParse({ Name: name, UserId: userId ? Number(userId) : 0 });
    setErrors(firstIssues<Field>(parsed.error));
    if (!parsed.success) return;
    setSaving(true);
    const env = await call(EPCIS_API.savePartner, parsed.data);
    setSaving(false);
    toastEnvelope(env);
    if (env.ResponseCode !== '200') return;
    setName('');
    setUserId(null);
    void load();
  };

  return (
    <Stack gap="md">
      <ScreenHeader title={PAGE.epcisPartners.label} breadcrumb="Masters" />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Partner Name"
            withAsterisk
            maxLength={100}
            value={name}
            error={errors.Name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Select
            label="Signs in as"
            withAsterisk
            searchable
            placeholder="Select User"
            data={users}
            value={userId}
            error={errors.UserId}
            onChange={setUserId}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => void submit()} loading={saving}>
            Save
          </Button>
        </Group>
      </Paper>
      <Paper withBorder p="md" radius="md">
        {partners.length === 0 ? (
          <Text c="dimmed">No partner yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped aria-label="Partners">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Partner</Table.Th>
                  <Table.Th>Signs in as</Table.Th>
                  <Table.Th>Acknowledged up to</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {partners.map((p) => (
                  <Table.Tr key={p.PartnerId}>
                    <Table.Td>{p.Name}</Table.Td>
                    <Table.Td>{p.UserName}</Table.Td>
                    <Table.Td>{p.AckedUpTo || 'Nothing yet'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
