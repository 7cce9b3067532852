// The farmer's points on the verification page (issue 13 item 6): after a genuine verification made
// with their name and mobile, the balance and the ledger (UserPointTransaction/GetUserPoints, the
// verification's FeedbackId and the mobile proving whose they are), and a request to redeem
// (UserPointTransaction/CreateUserPointTransaction, the spec's payload), sent once per press.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { POINTS_MSG } from '../shared/contracts/loyalty/points-words.js';
import type { PointsAnswer } from '../shared/contracts/loyalty/points.js';
import { getUserPoints, redeemPoints, type Call } from './api.js';
import { showDate } from './format.js';
import { useLang, type Language } from './lang.js';

export interface Holder {
  /** The verification made with these details (its FeedbackId). */
  UsrId: string;
  MobNo: string;
  UserName: string;
}

/** Why a call has no answer, in the page's words. */
export function failureText(call: Extract<Call<unknown>, { ok: false }>, { w, say }: Language): string {
  if (call.failure === 'offline') return w.offline;
  if (call.failure === 'busy' && call.message) return say(call.message);
  return w.serverDown;
}

type Load =
  | { kind: 'loading' }
  | { kind: 'ok'; data: PointsAnswer }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string };

interface Props {
  holder: Holder;
  productName: string;
  schemeName: string;
  /** Where the visitor is, as the page knows it ('' when unknown). */
  location: string;
}

export function PointsPanel({ holder, productName, schemeName, location }: Props) {
  const lang = useLang();
  const { w, say } = lang;
  const id = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [points, setPoints] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  const refresh = useCallback(async () => {
    setLoad((l) => (l.kind === 'ok' ? l : { kind: 'loading' }));
    const r = await getUserPoints(holder.UsrId, holder.MobNo);
    if (!r.ok) setLoad((l) => (l.kind === 'ok' ? l : { kind: 'failed', message: failureText(r, lang) }));
    else if (r.env.ResponseCode === '200' && r.env.ResponseData) setLoad({ kind: 'ok', data: r.env.ResponseData });
    else setLoad({ kind: 'refused', message: r.env.ResponseMessage });
    // `lang` only words a failure: a new language need not fetch again.
  }, [holder.UsrId, holder.MobNo]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const balance = load.kind === 'ok' ? load.data.Balance : 0;

  const redeem = async (e: FormEvent) => {
    e.preventDefault();
    // A second press while the first is on its way sends nothing (the button is disabled too).
    if (busy.current) return;
    setNotice('');
    const n = Number(points.trim());
    if (!/^\d+$/.test(points.trim()) || !Number.isSafeInteger(n) || n < 1) return setError(POINTS_MSG.points);
    if (n > balance) return setError(POINTS_MSG.overBalance(balance));
    setError('');
    busy.current = true;
    setSending(true);
    try {
      const r = await redeemPoints({
        UsrId: holder.UsrId,
        Points: n,
        Totalpoints: balance,
        ProductName: productName,
        SchemeName: schemeName,
        PaytmPoint: n,
        Location: location,
        MobNo: holder.MobNo,
        UserName: holder.UserName,
      });
      if (!r.ok) {
        setError(failureText(r, lang));
      } else if (r.env.ResponseCode === '200') {
        setNotice(r.env.ResponseMessage || POINTS_MSG.requested(n));
        setPoints('');
        const left = r.env.ResponseData?.Balance;
        if (typeof left === 'number' && load.kind === 'ok')
          setLoad({ kind: 'ok', data: { ...load.data, Balance: left } });
        await refresh();
      } else {
        setError(r.env.ResponseMessage);
      }
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  return (
    <section className="card points" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{w.points}</h2>
      {load.kind === 'loading' && (
        <p className="muted" role="status">
          {w.loadingPoints}
        </p>
      )}
      {load.kind === 'refused' && <p className="form-error">{say(load.message)}</p>}
      {load.kind === 'failed' && (
        <div className="retry-box">
          <p className="form-error">{load.message}</p>
          <button type="button" className="button secondary" onClick={() => void refresh()}>
            {w.retry}
          </button>
        </div>
      )}
      {load.kind === 'ok' && (
        <>
          <p className="balance">
            <span className="balance-label">{w.balance}</span>
            <strong className="balance-value">{load.data.Balance}</strong>
            <span className="balance-unit">{w.pointsUnit}</span>
          </p>
          <h3>{w.history}</h3>
          {load.data.Entries.length === 0 ? (
            <p className="muted">{w.noHistory}</p>
          ) : (
            <ul className="ledger">
              {load.data.Entries.map((entry, i) => (
                <li key={`${entry.At}-${i}`} className={`entry-${entry.Kind}`}>
                  <div className="ledger-what">
                    <strong>{entry.Kind === 'earned' ? w.earnedEntry : w.redeemedEntry}</strong>
                    {entry.Kind === 'redeemed' && entry.Accepted !== null && (
                      <span className={entry.Accepted ? 'tag ok' : 'tag wait'}>
                        {entry.Accepted ? w.accepted : w.waiting}
                      </span>
                    )}
                    <span className="muted">{[entry.ProductName, entry.SchemeName].filter(Boolean).join(' · ')}</span>
                    <span className="muted">{showDate(entry.At, lang.lang)}</span>
                  </div>
                  <span className="ledger-points">
                    {entry.Kind === 'earned' ? '+' : '−'}
                    {Math.abs(entry.Points)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <form className="redeem" onSubmit={redeem} noValidate>
            <h3>{w.redeemTitle}</h3>
            <div className="field">
              <label htmlFor={`${id}-points`}>{w.pointsToRedeem}</label>
              <input
                id={`${id}-points`}
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                value={points}
                onChange={(e) => setPoints(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-points-error` : undefined}
              />
              {error && (
                <p id={`${id}-points-error`} className="field-error">
                  {say(error)}
                </p>
              )}
            </div>
            <button type="submit" className="button primary wide" disabled={sending}>
              {sending ? w.sending : w.redeem}
            </button>
            {notice && (
              <p className="notice" role="status">
                {say(notice)}
              </p>
            )}
          </form>
        </>
      )}
    </section>
  );
}
