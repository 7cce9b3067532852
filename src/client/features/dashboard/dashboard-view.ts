// What the dashboard shows (spec 1 section 2.7), as data: the totals and their labels, the monthly
// series, and which pie charts each view draws. The screen files only lay these out.
import { USER_TYPE } from '@shared/contracts/auth.js';
import type { DashboardCount, DashboardData } from '@shared/contracts/dashboard.js';

/** Factory view (user type 4, or a factory picked by the admin) or warehouse view (type 5). */
export type DashboardView = 'factory' | 'warehouse';

/** The admin's first entity is picked for them after about 2 s (spec 1 section 9). */
export const AUTO_SELECT_MS = 2000;

/** Dealers and distributors see only the static picture. */
export const picturesOnly = (userType: number) => userType === USER_TYPE.dealer || userType === USER_TYPE.distributor;

/** A non-admin's view by user type: type 5 the warehouse's, any other the factory's. */
export const viewOfUserType = (userType: number): DashboardView =>
  userType === USER_TYPE.warehouse ? 'warehouse' : 'factory';

const NUMBER = new Intl.NumberFormat('en-IN');
export const formatCount = (n: number) => NUMBER.format(n);

type CountKey = keyof DashboardCount;

export const TOTALS: ReadonlyArray<{ label: string; key: CountKey; color: string }> = [
  { label: 'Total Number Issued', key: 'TotalIssue', color: 'blue' },
  { label: 'Total Numbers Mapped', key: 'TotalMapping', color: 'green' },
  { label: 'Total Numbers Damaged', key: 'TotalDamage', color: 'red' },
];

/** The monthly chart's bars: their names are the legend's words. */
export const MONTHLY_SERIES = [
  { name: 'Number Issued', color: 'blue.6', list: 'NumberList' },
  { name: 'Damage', color: 'red.6', list: 'DamageList' },
  { name: 'Product Mapping', color: 'green.6', list: 'MappingList' },
] as const;

/** One row a month, keyed by the series' names, for the bar chart. */
export function monthlyRows(d: DashboardData): Array<Record<string, string | number>> {
  return d.MonthName.map((month, i) =>
    Object.fromEntries([['month', month], ...MONTHLY_SERIES.map((s) => [s.name, d[s.list][i] ?? 0])]),
  );
}

export interface PiePart {
  name: string;
  key: CountKey;
  color: string;
}
export interface PieDef {
  title: string;
  parts: [PiePart, PiePart];
}

const part = (name: string, key: CountKey, color: string): PiePart => ({ name, key, color });
const mapped = part('Mapped', 'TotalMapping', 'green.6');
const packed = part('Packed', 'TotalPacked', 'orange.5');
const dispatched = part('Dispatched', 'TotalDispatched', 'blue.6');
const cartonsDispatched = part('Cartons Dispatched', 'TotalCartonsDispatched', 'blue.6');

const PIES: Record<DashboardView, PieDef[]> = {
  factory: [
    { title: 'Mapped vs Packed', parts: [mapped, packed] },
    { title: 'Packed vs Dispatched', parts: [packed, dispatched] },
    {
      title: 'Cartons Packed vs Cartons Dispatched',
      parts: [part('Cartons Packed', 'TotalCartonsPacked', 'orange.5'), cartonsDispatched],
    },
  ],
  warehouse: [
    { title: 'Received vs Dispatched', parts: [part('Received', 'TotalReceived', 'grape.6'), dispatched] },
    {
      title: 'Cartons Received vs Cartons Dispatched',
      parts: [part('Cartons Received', 'TotalCartonsReceived', 'grape.6'), cartonsDispatched],
    },
  ],
};

export const piesOf = (view: DashboardView): PieDef[] => PIES[view];
