// A genuine pack's details (spec 3 section 3, "Public verification"; issue 13 item 1) and its genuine
// audio, played on a tap only (browsers block sound a page starts by itself).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { VerifyAnswer } from '../shared/contracts/public/verify.js';
import { isFileLink, showDate } from './format.js';
import { useLang } from './lang.js';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function ProductDetails({ a }: { a: VerifyAnswer }) {
  const { lang, w } = useLang();
  const text = (label: string, value: string) => (value ? <Row label={label}>{value}</Row> : null);
  const phones = [
    a.CustomerCareTollfreeNo && { label: w.tollFree, no: a.CustomerCareTollfreeNo },
    a.CustomerCareNo && { label: w.customerCare, no: a.CustomerCareNo },
  ].filter((p): p is { label: string; no: string } => !!p);
  return (
    <section className="card product" aria-labelledby="product-name">
      {a.ProductImg && (
        <div className="product-image">
          <img src={a.ProductImg} alt={`${w.productImage}: ${a.ProductName}`} decoding="async" />
        </div>
      )}
      <h2 id="product-name" className="product-name">
        {a.ProductName}
      </h2>
      {a.ProductDscrptn && <p className="description">{a.ProductDscrptn}</p>}
      <dl className="facts">
        {text(w.technicalName, a.TechnicalName)}
        {text(w.gtin, a.GTIN)}
        {text(w.batch, a.BatchNo)}
        {text(w.mfg, showDate(a.MFGDate, lang))}
        {text(w.expiry, showDate(a.ExpireDate, lang))}
        {text(w.manufacturer, a.ManufactureName)}
        {text(w.uom, a.ProductUOM)}
        {text(w.marketedBy, a.MarketedBy)}
        {text(w.registrationNo, a.RegistrationNo)}
        {a.CautionarySymbol && (
          <Row label={w.cautionary}>
            {isFileLink(a.CautionarySymbol) ? (
              <img className="symbol" src={a.CautionarySymbol} alt={w.cautionary} decoding="async" />
            ) : (
              a.CautionarySymbol
            )}
          </Row>
        )}
        {text(w.antidote, a.AntidoteStatement)}
      </dl>
      {(a.Pamphlet || a.Label) && (
        <div className="links">
          {a.Pamphlet && (
            <a className="button secondary" href={a.Pamphlet} target="_blank" rel="noopener">
              {w.leaflet}
            </a>
          )}
          {a.Label && (
            <a className="button secondary" href={a.Label} target="_blank" rel="noopener">
              {w.label}
            </a>
          )}
        </div>
      )}
      {phones.length > 0 && (
        <div className="care">
          <h3>{w.customerCare}</h3>
          {phones.map((p) => (
            <a key={p.label} className="button secondary phone" href={`tel:${p.no.replace(/[^\d+]/g, '')}`}>
              <span className="glyph" aria-hidden="true">
                ☎
              </span>
              {phones.length > 1 ? `${p.label}: ` : ''}
              {p.no}
            </a>
          ))}
        </div>
      )}
    </section>
  );
}

/** The product's genuine sound, with a big play button; nothing plays before a tap. */
export function GenuineAudio({ src }: { src: string }) {
  const { w } = useLang();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    const on = () => setPlaying(true);
    const off = () => setPlaying(false);
    el.addEventListener('play', on);
    el.addEventListener('pause', off);
    el.addEventListener('ended', off);
    return () => {
      el.removeEventListener('play', on);
      el.removeEventListener('pause', off);
      el.removeEventListener('ended', off);
    };
  }, []);
  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => setPlaying(false));
    else el.pause();
  };
  return (
    <div className="audio">
      <audio ref={audio} src={src} preload="none" />
      <button type="button" className="button primary play" onClick={toggle} aria-pressed={playing}>
        <span className="glyph" aria-hidden="true">
          {playing ? '❚❚' : '▶'}
        </span>
        {playing ? w.pauseAudio : w.playAudio}
      </button>
    </div>
  );
}
