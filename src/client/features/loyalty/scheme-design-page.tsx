// Scheme Design (spec 2 sections 2, 5, 7, 8): the design schemes, 'Add Scheme' opening 'Design Scheme'
// then 'Select the Product Group to exclude' (Done saves), and an edit per row that extends a scheme
// or changes its status and saves at once.
import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import {
  beneficiaryName,
  SCHEME_API,
  SCHEME_DESIGN_LIST,
  SCHEME_PAGE_SIZES,
  type MappedBatch,
  type SchemeRow,
} from '@shared/contracts/loyalty/scheme.js';
import { PAGE } from '@shared/pages.js';
import { call } from '../../api/call.js';
import { listColumns } from '../../kit/columns.js';
import { EditIcon } from '../../kit/icons.js';
import { ResourcePage, type ResourceDef } from '../../kit/resource-page.js';
import { toast } from '../../kit/toast.js';
import { DesignDialog } from './design-dialog.js';
import { designFromDetail, emptyDesign, type DesignBody, type DesignValues } from './design-values.js';
import { ExcludeDialog } from './exclude-dialog.js';

type Step = 'closed' | 'form' | 'exclude';

/** The columns and paging of the list; the page adds its buttons. */
export const schemeDesignList: ResourceDef<SchemeRow>['list'] = {
  path: SCHEME_API.list,
  pageSizes: SCHEME_PAGE_SIZES,
  defaultPageSize: 5,
  filters: { SchemeKind: 'design' },
  columns: listColumns<SchemeRow>(SCHEME_DESIGN_LIST, {
    own: { Utype: { render: (r) => beneficiaryName(r.Utype) || r.TypeName } },
  }),
};

export function SchemeDesignPage() {
  const [step, setStep] = useState<Step>('closed');
  const [initial, setInitial] = useState<DesignValues>(emptyDesign);
  const [extend, setExtend] = useState(false);
  const [body, setBody] = useState<DesignBody | null>(null);
  const [saving, setSaving] = useState(false);
  // The list's own reload, kept from the button that opened the popup.
  const reload = useRef<() => void>(() => undefined);

  const openAdd = (changed: () => void) => {
    reload.current = changed;
    setExtend(false);
    setInitial(emptyDesign());
    setStep('form');
  };

  const openExtend = async (row: SchemeRow, changed: () => void) => {
    reload.current = changed;
    const env = await call(SCHEME_API.byId, undefined, { id: row.SchemeId });
    if (env.ResponseCode !== '200') return toast.warn(env.ResponseMessage);
    setExtend(true);
    setInitial(designFromDetail(env.ResponseData));
    setStep('form');
  };

  const save = async (toSend: DesignBody) => {
    setSaving(true);
    const env = await call(SCHEME_API.save, toSend);
    setSaving(false);
    // Any other code is a warning on this screen (spec 2 section 8); the popup stays for a fix.
    if (env.ResponseCode !== '200') return toast.warn(env.ResponseMessage);
    toast.success(env.ResponseMessage);
    setStep('closed');
    reload.current();
  };

  const onValid = (valid: DesignBody) => {
    if (extend) return void save(valid);
    setBody(valid);
    setStep('exclude');
  };

  // Built once: the buttons only call state setters and the kept reload.
  const def = useMemo<ResourceDef<SchemeRow>>(
    () => ({
      page: PAGE.schemeConfiguration,
      title: 'Scheme Design',
      breadcrumb: 'Transaction',
      idField: 'SchemeId',
      list: schemeDesignList,
      rowActions: (row, changed) => (
        <ActionIcon variant="subtle" aria-label="Edit" onClick={() => void openExtend(row, changed)}>
          <EditIcon />
        </ActionIcon>
      ),
      toolbar: (changed) => <Button onClick={() => openAdd(changed)}>Add Scheme</Button>,
    }),
    [],
  );

  return (
    <>
      <ResourcePage def={def} />
      <DesignDialog
        opened={step === 'form'}
        initial={initial}
        extend={extend}
        saving={saving}
        onClose={() => setStep('closed')}
        onValid={onValid}
      />
      <ExcludeDialog
        opened={step === 'exclude'}
        type={body?.SchemeType ?? null}
        ids={body?.DynamicIds.map((i) => i.value) ?? []}
        saving={saving}
        // Back to the form, as it was typed.
        onClose={() => setStep('form')}
        onDone={(excluded: MappedBatch[]) => body && void save({ ...body, mappingData: excluded })}
      />
    </>
  );
}
