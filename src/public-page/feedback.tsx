// The feedback box, where the product's configuration asks for feedback (IsFeedback):
// ProductAuthentication/UpdateFeedback with the verification's FeedbackId.
import { useId, useRef, useState, type FormEvent } from 'react';
import { POINTS_MSG } from '../shared/contracts/loyalty/points-words.js';
import { sendFeedback } from './api.js';
import { useLang } from './lang.js';
import { failureText } from './points.js';

const MAX = 500;

export function FeedbackBox({ feedbackId }: { feedbackId: string }) {
  const lang = useLang();
  const { w, say } = lang;
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [thanks, setThanks] = useState('');
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy.current) return;
    if (!text.trim()) return setError(POINTS_MSG.feedback);
    setError('');
    busy.current = true;
    setSending(true);
    try {
      const r = await sendFeedback(feedbackId, text.trim());
      if (!r.ok) setError(failureText(r, lang));
      else if (r.env.ResponseCode === '200')
        setThanks(
          r.env.ResponseMessage && r.env.ResponseMessage !== 'Success'
            ? r.env.ResponseMessage
            : POINTS_MSG.feedbackSaved,
        );
      else setError(r.env.ResponseMessage);
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  return (
    <section className="card feedback" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{w.feedback}</h2>
      {thanks ? (
        <p className="notice" role="status">
          {say(thanks)}
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-text`}>{w.feedbackHint}</label>
            <textarea
              id={`${id}-text`}
              rows={3}
              maxLength={MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <p id={`${id}-error`} className="field-error">
                {say(error)}
              </p>
            )}
          </div>
          <button type="submit" className="button primary wide" disabled={sending}>
            {sending ? w.sending : w.sendFeedback}
          </button>
        </form>
      )}
    </section>
  );
}
