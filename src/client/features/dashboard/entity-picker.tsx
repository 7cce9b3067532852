// The admin's entity picker (spec 1 section 2.7): every factory and warehouse, factories first (the
// dropdown call orders them so); the first is picked for the admin about 2 s after the list loads,
// unless they picked one already.
import { useEffect, useState } from 'react';
import { Select } from '@mantine/core';
import { SITE_API, type SiteOption } from '@shared/contracts/site.js';
import { call } from '../../api/call.js';
import { AUTO_SELECT_MS } from './dashboard-view.js';

export const ENTITY_LABEL = 'Entity';

export function EntityPicker({ value, onChange }: { value: SiteOption | null; onChange: (site: SiteOption) => void }) {
  const [sites, setSites] = useState<SiteOption[]>([]);

  useEffect(() => {
    let current = true;
    void call(SITE_API.dropdown, undefined, { CompId: 0 }).then((env) => {
      if (current && env.ResponseCode === '200') setSites(env.ResponseData);
    });
    return () => {
      current = false;
    };
  }, []);

  const first = sites[0];
  const picked = value !== null;
  useEffect(() => {
    if (!first || picked) return;
    const timer = setTimeout(() => onChange(first), AUTO_SELECT_MS);
    return () => clearTimeout(timer);
  }, [first, picked, onChange]);

  const option = (s: SiteOption) => ({ value: String(s.ID), label: s.FirmName });
  const data = [
    { group: 'Factories', items: sites.filter((s) => s.IsFactory).map(option) },
    { group: 'Warehouses', items: sites.filter((s) => !s.IsFactory).map(option) },
  ].filter((g) => g.items.length > 0);

  return (
    <Select
      label={ENTITY_LABEL}
      placeholder="Select factory or warehouse"
      searchable
      allowDeselect={false}
      w={{ base: '100%', xs: 280 }}
      data={data}
      value={value ? String(value.ID) : null}
      onChange={(id) => {
        const site = sites.find((s) => String(s.ID) === id);
        if (site) onChange(site);
      }}
    />
  );
}
