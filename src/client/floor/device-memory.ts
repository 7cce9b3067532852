// What this device remembers for its floor screens, whoever is signed in (issue 27, scan-first): the
// carton size last used per packing screen, the Send To targets counted per use. Kept in the kv store
// of IndexedDB; read once when a screen opens, written after the work it follows from.
import { useEffect, useRef, useState } from 'react';
import { localDb, type FieldtraceDb } from '../offline/db.js';

const key = (name: string) => `device:${name}`;

export async function readDeviceValue<T>(name: string, db: FieldtraceDb = localDb): Promise<T | undefined> {
  return (await db.kv.get(key(name)))?.value as T | undefined;
}

export async function writeDeviceValue<T>(name: string, value: T, db: FieldtraceDb = localDb): Promise<void> {
  await db.kv.put({ key: key(name), value });
}

export interface DeviceValue<T> {
  /** The value now (read by scans through a ref, so a scan never waits for a render). */
  current: () => T | undefined;
  /** The value as last drawn. */
  value: T | undefined;
  set: (v: T) => void;
  /** False until the stored value has been read. */
  ready: boolean;
}

/** A remembered value for a screen: read once, then kept and saved on every set. A storage failure
 *  reads as nothing remembered (a screen works without it). */
export function useDeviceValue<T>(name: string): DeviceValue<T> {
  const ref = useRef<T | undefined>(undefined);
  const [value, setValue] = useState<T | undefined>(undefined);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void readDeviceValue<T>(name)
      .catch(() => undefined)
      .then((v) => {
        if (!live) return;
        ref.current = v;
        setValue(v);
        setReady(true);
      });
    return () => {
      live = false;
    };
  }, [name]);
  const set = (v: T) => {
    ref.current = v;
    setValue(v);
    void writeDeviceValue(name, v).catch(() => undefined);
  };
  return { current: () => ref.current, value, set, ready };
}
