// The public verification page (spec 3: /P?U={uid}, and a GS1 Digital Link path; issue 13 item 1):
// title 'Product Verification Detail', the result and its message; '-1' the message alone, marked
// not genuine; '-3' the 'Details Form', then the check again with the details; '200' the product's
// details, the warning of an earlier verification, the points earned, the genuine audio, the farmer's
// points and the feedback box. A failed call (429, 5xx, no network) says so, with Retry.
import { useEffect, useMemo, useState } from 'react';
import { APP_NAME, COPYRIGHT } from '../client/app/brand.js';
import {
  isRecallMessage,
  isWrittenOffMessage,
  VERIFY_CODE,
  VERIFY_MSG,
} from '../shared/contracts/public/verify-rules.js';
import type { VerifyAnswer } from '../shared/contracts/public/verify.js';
import type { Call, Visitor } from './api.js';
import { DetailsForm, fieldOf, type SubmitResult } from './details-form.js';
import { FeedbackBox } from './feedback.js';
import { keepLang, LangContext, language, storedLang, useLang } from './lang.js';
import { failureText, PointsPanel, type Holder } from './points.js';
import { GenuineAudio, ProductDetails } from './product.js';
import { check, locationText, positionOnce, rememberedVisitor, rememberVisitor } from './verification.js';
import type { Lang } from './words.js';

type Failed = Extract<Call<unknown>, { ok: false }>;
type Phase =
  | { kind: 'checking' }
  | { kind: 'noCode' }
  | { kind: 'failed'; call: Failed }
  | { kind: 'answered'; code: string; message: string; answer: VerifyAnswer | null };

function Icon({ kind }: { kind: 'ok' | 'no' | 'warn' }) {
  const path = { ok: 'M7 12.5l3.2 3.2L17 9', no: 'M8 8l8 8M16 8l-8 8', warn: 'M12 7v6M12 16.5v.5' }[kind];
  return (
    <svg className="status-icon" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" />
      <path d={path} />
    </svg>
  );
}

function LangSwitch({ lang, set }: { lang: Lang; set: (l: Lang) => void }) {
  const { w } = useLang();
  return (
    <div className="lang" role="group" aria-label={w.language}>
      <button type="button" lang="en" aria-pressed={lang === 'en'} onClick={() => set('en')}>
        English
      </button>
      <button type="button" lang="hi" aria-pressed={lang === 'hi'} onClick={() => set('hi')}>
        हिन्दी
      </button>
    </div>
  );
}

function Genuine({
  a,
  message,
  holder,
  location,
}: {
  a: VerifyAnswer;
  message: string;
  holder: Holder | null;
  location: string;
}) {
  const { w, say } = useLang();
  const warned = a.VerifiedBefore > 0;
  return (
    <>
      {a.Expired ? (
        // Genuine, but past its expiry: never shown as plain "genuine" (the message says do not use it).
        <div className="card status warning expired" role="alert">
          <Icon kind="warn" />
          <div>
            <h2>{w.expiredTitle}</h2>
            <p className="message">{say(message)}</p>
          </div>
        </div>
      ) : warned ? (
        <div className="card status warning" role="alert">
          <Icon kind="warn" />
          <div>
            <h2>{w.verifiedBefore}</h2>
            <p className="message">{say(message)}</p>
          </div>
        </div>
      ) : (
        <div className="card status genuine" role="status">
          <Icon kind="ok" />
          <div>
            <h2>{w.genuine}</h2>
            <p className="message">{say(message)}</p>
          </div>
        </div>
      )}
      {a.LoyaltyPoints > 0 && (
        <p className="card earned" role="status">
          {w.earned(a.LoyaltyPoints)}
        </p>
      )}
      {a.GenuineAudio && <GenuineAudio src={a.GenuineAudio} />}
      <ProductDetails a={a} />
      {holder && (
        <PointsPanel holder={holder} productName={a.ProductName} schemeName={a.SchemeName} location={location} />
      )}
      {a.IsFeedback && <FeedbackBox feedbackId={a.FeedbackId} />}
    </>
  );
}

function Result({
  phase,
  located,
  retry,
  openForm,
  holder,
  location,
}: {
  phase: Phase;
  located: boolean;
  retry: () => void;
  openForm: () => void;
  holder: Holder | null;
  location: string;
}) {
  const l = useLang();
  const { w, say } = l;
  switch (phase.kind) {
    case 'checking':
      return (
        <div className="card status checking" role="status">
          <span className="spinner" aria-hidden="true" />
          <div>
            <p className="message">{w.checking}</p>
            {!located && <p className="muted">{w.locating}</p>}
          </div>
        </div>
      );
    case 'noCode':
      return (
        <div className="card status warning" role="alert">
          <Icon kind="warn" />
          <p className="message">{say(VERIFY_MSG.code)}</p>
        </div>
      );
    case 'failed':
      return (
        <div className="card status trouble" role="alert">
          <Icon kind="warn" />
          <div>
            <p className="message">{failureText(phase.call, l)}</p>
            <button type="button" className="button primary" onClick={retry}>
              {w.retry}
            </button>
          </div>
        </div>
      );
    case 'answered':
      if (phase.code === VERIFY_CODE.genuine && phase.answer)
        return <Genuine a={phase.answer} message={phase.message} holder={holder} location={location} />;
      if (phase.code === VERIFY_CODE.refused) {
        return (
          <div className="card status refused" role="alert">
            <Icon kind="no" />
            <div>
              <h2>
                {isRecallMessage(phase.message)
                  ? w.recalledTitle
                  : isWrittenOffMessage(phase.message)
                    ? w.writtenOffTitle
                    : w.notGenuine}
              </h2>
              <p className="message">{say(phase.message)}</p>
            </div>
          </div>
        );
      }
      if (phase.code === VERIFY_CODE.details) {
        return (
          <div className="card status details">
            <div>
              <h2>{w.pleaseFill}</h2>
              <p className="message">{say(phase.message)}</p>
              <button type="button" className="button primary" onClick={openForm}>
                {w.openForm}
              </button>
            </div>
          </div>
        );
      }
      return (
        <div className="card status warning" role="alert">
          <Icon kind="warn" />
          <p className="message">{say(phase.message)}</p>
        </div>
      );
  }
}

export function App({ code, first }: { code: string; first: Promise<Call<VerifyAnswer>> | null }) {
  const [lang, setLang] = useState<Lang>(storedLang);
  const l = useMemo(() => language(lang), [lang]);
  const [phase, setPhase] = useState<Phase>(first ? { kind: 'checking' } : { kind: 'noCode' });
  const [located, setLocated] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const [holder, setHolder] = useState<Holder | null>(null);
  const [location, setLocation] = useState('');
  const [initialVisitor] = useState(rememberedVisitor);

  const take = (call: Call<VerifyAnswer>) => {
    if (!call.ok) return setPhase({ kind: 'failed', call });
    const { ResponseCode, ResponseMessage, ResponseData } = call.env;
    setPhase({
      kind: 'answered',
      code: ResponseCode,
      message: ResponseMessage,
      answer: ResponseCode === VERIFY_CODE.genuine ? ResponseData : null,
    });
    setFormOpen(ResponseCode === VERIFY_CODE.details);
  };

  useEffect(() => {
    document.documentElement.lang = lang;
    void positionOnce().then(() => setLocated(true));
    void locationText().then(setLocation);
    if (first) void first.then(take);
    // Once, for the check main.tsx started.
  }, []);

  const switchLang = (next: Lang) => {
    setLang(next);
    keepLang(next);
  };

  const retry = () => {
    setPhase({ kind: 'checking' });
    void check(code, null).then(take);
  };

  const submitDetails = async (v: Visitor): Promise<SubmitResult> => {
    const r = await check(code, v);
    if (!r.ok) return { done: false, message: failureText(r, l) };
    const { ResponseCode: c, ResponseMessage: m, ResponseData: data } = r.env;
    // The server's check of the details, or still no details: the form stays, with its message.
    if (c === '400' || c === VERIFY_CODE.details) {
      const field = fieldOf(m);
      return field ? { done: false, fields: { [field]: m } } : { done: false, message: m };
    }
    rememberVisitor(v);
    if (c === VERIFY_CODE.genuine && data) setHolder({ UsrId: data.FeedbackId, MobNo: v.MobileNo, UserName: v.Name });
    take(r);
    return { done: true };
  };

  const askingDetails = phase.kind === 'answered' && phase.code === VERIFY_CODE.details;
  return (
    <LangContext.Provider value={l}>
      <header className="top">
        <span className="brand">{APP_NAME}</span>
        <LangSwitch lang={lang} set={switchLang} />
      </header>
      <main className="page">
        <h1>{l.w.title}</h1>
        <Result
          phase={phase}
          located={located}
          retry={retry}
          openForm={() => setFormOpen(true)}
          holder={holder}
          location={location}
        />
      </main>
      <footer className="foot">{COPYRIGHT}</footer>
      {askingDetails && (
        <DetailsForm
          open={formOpen}
          initial={initialVisitor}
          onClose={() => setFormOpen(false)}
          onSubmit={submitDetails}
        />
      )}
    </LangContext.Provider>
  );
}
