// Carton Size Master (spec 1 sections 2.13, 3.7, 5.4): a declaration on the kit's ResourcePage.
import { useMemo } from 'react';
import { CARTON_API, CARTON_EXPORT_NAME, CARTON_LIST, cartonSave, type CartonRow } from '@shared/contracts/carton.js';
import { PAGE } from '@shared/pages.js';
import { useSession } from '../../api/session.js';
import { listColumns } from '../../kit/columns.js';
import { ResourcePage, type ResourceDef } from '../../kit/resource-page.js';
import { forWriters } from './admin-writes.js';

export const cartonResource: ResourceDef<CartonRow> = {
  page: PAGE.cartonMaster,
  title: 'Carton Size Master',
  breadcrumb: 'Masters',
  list: {
    path: CARTON_API.list,
    columns: listColumns<CartonRow>(CARTON_LIST),
  },
  form: {
    contract: cartonSave,
    idField: 'CartonId',
    savePath: CARTON_API.save,
    noun: 'Carton',
    addLabel: 'Add Carton',
    fields: [
      { name: 'CartonName', label: 'Carton Name', kind: 'text' },
      { name: 'CartonSize', label: 'Carton Size', kind: 'number' },
      { name: 'Description', label: 'Description', kind: 'textarea' },
      { name: 'IsActive', label: 'Is Active', kind: 'checkbox' },
    ],
  },
  exportName: CARTON_EXPORT_NAME,
};

export function CartonPage() {
  const session = useSession();
  const def = useMemo(() => forWriters(cartonResource, session), [session]);
  return <ResourcePage def={def} />;
}
