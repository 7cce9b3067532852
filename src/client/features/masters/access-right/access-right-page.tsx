// Role Management (spec 1 sections 2.8, 3.14, 4, 5.13): pick a user, tick pages per group, save.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Accordion, Button, Group, Paper, Select, Stack } from '@mantine/core';
import { ACCESS_MSG, ACCESS_RIGHT_API, type AccessRightGroup } from '@shared/contracts/access-right.js';
import { ME_API, USER_TYPE } from '@shared/contracts/auth.js';
import { USERS_API } from '@shared/contracts/users/common.js';
import { menuPaths } from '@shared/menu.js';
import { PAGE, pageByPath } from '@shared/pages.js';
import { call } from '../../../api/call.js';
import { useSession } from '../../../api/session.js';
import { ScreenHeader } from '../../../kit/screen-header.js';
import { toastEnvelope } from '../../../kit/toast.js';
import { tickedKeys, tickGroup, tickPage } from './access-tree.js';
import { GroupPanel } from './group-panel.js';

/** The spec reloads the user's rights a second after saving. */
export const RELOAD_AFTER_SAVE_MS = 1000;

export default function AccessRightPage() {
  const [users, setUsers] = useState<{ value: string; label: string }[]>([]);
  const [userId, setUserId] = useState<string | null>(null);
  const [tree, setTree] = useState<AccessRightGroup[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const latest = useRef(0);

  // Only the answer for the last chosen user is shown, however the calls come back.
  const loadTree = useCallback(async (id: number) => {
    const asked = ++latest.current;
    const env = await call(ACCESS_RIGHT_API.read, undefined, { id });
    if (asked === latest.current && env.ResponseCode === '200' && Array.isArray(env.ResponseData))
      setTree(env.ResponseData);
  }, []);

  useEffect(() => {
    void call(USERS_API.pickerAll, undefined).then((env) => {
      if (env.ResponseCode === '200' && Array.isArray(env.ResponseData)) {
        setUsers(env.ResponseData.map((u) => ({ value: String(u.UserId), label: u.UserName })));
      }
    });
    void loadTree(0);
  }, [loadTree]);

  // A non-admin may tick only pages it holds (docs/architecture.md: Role Management for non-admins).
  const [grantable, setGrantable] = useState<ReadonlySet<string> | undefined>(undefined);
  const session = useSession();
  useEffect(() => {
    if (!session || session.UserType === USER_TYPE.admin) return;
    void call(ME_API.menu, undefined).then((env) => {
      const menu = env.ResponseCode === '200' && Array.isArray(env.ResponseData) ? env.ResponseData : [];
      setGrantable(new Set(menuPaths(menu).flatMap((path) => pageByPath(path)?.key ?? [])));
    });
  }, [session]);

  const choose = (value: string | null) => {
    setUserId(value);
    setError(null);
    void loadTree(value ? Number(value) : 0);
  };

  const submit = async () => {
    if (!userId) {
      setError(ACCESS_MSG.userRequired);
      return;
    }
    setSaving(true);
    const id = Number(userId);
    const env = await call(ACCESS_RIGHT_API.save, { UserId: id, PageList: tickedKeys(tree) });
    setSaving(false);
    toastEnvelope(env);
    setTimeout(() => void loadTree(id), RELOAD_AFTER_SAVE_MS);
  };

  return (
    <Stack gap="md">
      <ScreenHeader title={PAGE.accessRight.label} breadcrumb="Masters" />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Select
            label="Select User"
            placeholder="Select User"
            withAsterisk
            searchable
            clearable
            nothingFoundMessage="No Data found"
            data={users}
            value={userId}
            onChange={choose}
            error={error}
            maw={400}
          />
          <Accordion multiple defaultValue={['2']} variant="separated">
            {tree.map((g) => (
              <GroupPanel
                key={g.key}
                group={g}
                onGroup={(on) => setTree((t) => tickGroup(t, g.key, on, grantable))}
                onPage={(pageKey, on) => setTree((t) => tickPage(t, g.key, pageKey, on))}
                grantable={grantable}
              />
            ))}
          </Accordion>
          <Group justify="flex-end">
            <Button onClick={() => void submit()} loading={saving}>
              Submit
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
