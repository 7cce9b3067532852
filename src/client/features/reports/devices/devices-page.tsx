// Devices (issue 27 item 5): every device as it last reported, the administrator's alone. A row whose
// device holds old work, has not been seen for a day or is low on storage carries a red badge saying so
// (the server words the warnings: shared/contracts/device.ts).
import { Badge, Group } from '@mantine/core';
import { DEVICE_API, DEVICES_LIST, type DeviceRow } from '@shared/contracts/device.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../../kit/columns.js';
import { ResourcePage, type ResourceDef } from '../../../kit/resource-page.js';
import { useFloorWords } from '../../../floor/words/index.js';

/** Minutes as '3 h 20 min', '45 min'. */
export function ageText(minutes: number | null): string {
  if (minutes === null) return '—';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

const MB = 1024 * 1024;
const sizeText = (bytes: number) =>
  bytes >= 1024 * MB ? `${(bytes / 1024 / MB).toFixed(1)} GB` : `${Math.round(bytes / MB)} MB`;

export function storageText(row: Pick<DeviceRow, 'StorageUsed' | 'StorageQuota'>): string {
  if (row.StorageUsed === null || row.StorageQuota === null) return '—';
  return `${sizeText(row.StorageUsed)} / ${sizeText(row.StorageQuota)}`;
}

/** The server's warnings, said in the device's language (floor/words). */
function Warnings({ text }: { text: string }) {
  const { w, say } = useFloorWords();
  if (!text)
    return (
      <Badge color="green" variant="light">
        {w.deviceOk}
      </Badge>
    );
  return (
    <Group gap={4}>
      {text.split('; ').map((warning) => (
        <Badge key={warning} color="red" variant="filled" style={{ textTransform: 'none' }}>
          {say(warning)}
        </Badge>
      ))}
    </Group>
  );
}

export const devicesResource: ResourceDef<DeviceRow> = {
  page: PAGE.devices,
  idField: 'DeviceId',
  list: {
    path: DEVICE_API.list.path,
    pageSizes: [10, 25, 50],
    defaultPageSize: 25,
    defaultSort: { column: 'LastSeen', order: 'DESC' },
    columns: listColumns<DeviceRow>(DEVICES_LIST, {
      own: {
        OldestPendingMinutes: { render: (r) => ageText(r.OldestPendingMinutes) },
        StorageUsed: { render: storageText },
        Persisted: { render: (r) => (r.Persisted === null ? '—' : r.Persisted ? 'Yes' : 'No') },
        Warnings: { render: (r) => <Warnings text={r.Warnings} /> },
      },
    }),
  },
};

export function DevicesPage() {
  const { w } = useFloorWords();
  return <ResourcePage def={{ ...devicesResource, title: w.devices }} />;
}
