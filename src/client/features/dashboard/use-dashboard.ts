// The figures of one site and mode, fetched again whenever either changes; an answer that arrives
// after the user moved on is dropped, so the screen never shows another entity's figures.
import { useEffect, useState } from 'react';
import { DASHBOARD_API, type DashboardData } from '@shared/contracts/dashboard.js';
import { call } from '../../api/call.js';

export interface DashboardState {
  data: DashboardData | null;
  /** The server's message when it gave no figures ('400', offline...). */
  message: string | null;
  loading: boolean;
}

/** `id`: the admin's pick, 0 for the caller's own site, null while nothing is picked (no call). */
export function useDashboard(id: number | null, isPreprinted: boolean): DashboardState {
  const [state, setState] = useState<DashboardState>({ data: null, message: null, loading: false });
  useEffect(() => {
    if (id === null) return;
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    void call(DASHBOARD_API.data, { Id: id, isPreprinted }).then((env) => {
      if (!current) return;
      setState(
        env.ResponseCode === '200'
          ? { data: env.ResponseData, message: null, loading: false }
          : { data: null, message: env.ResponseMessage, loading: false },
      );
    });
    return () => {
      current = false;
    };
  }, [id, isPreprinted]);
  return state;
}
