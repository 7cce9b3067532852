// The 'Details Form' dialog (spec 3 sections 2, 4, 5): name, optional email, mobile, checked with the
// spec's messages (verify-rules.ts detailsIssues, the server's own rules) under each field; on Submit
// the page repeats the verification with them. The server's message for a field lands under it too.
import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { detailsIssues, VERIFY_MSG, type VisitorDetails } from '../shared/contracts/public/verify-rules.js';
import { useLang } from './lang.js';

export type FieldIssues = Partial<Record<keyof VisitorDetails, string>>;
/** What a submit came to: done (the dialog closes), or messages to show. */
export type SubmitResult = { done: true } | { done: false; fields?: FieldIssues; message?: string };

/** The form's field a server message is about, when it is one of the form's messages. */
export function fieldOf(message: string): keyof VisitorDetails | null {
  if (message === VERIFY_MSG.name || message === VERIFY_MSG.nameAlpha) return 'Name';
  if (message === VERIFY_MSG.email || message === VERIFY_MSG.emailValid) return 'email';
  if (message === VERIFY_MSG.mobile || message === VERIFY_MSG.mobileValid) return 'MobileNo';
  return null;
}

interface Props {
  open: boolean;
  initial: VisitorDetails;
  onClose: () => void;
  onSubmit: (details: VisitorDetails) => Promise<SubmitResult>;
}

export function DetailsForm({ open, initial, onClose, onSubmit }: Props) {
  const { w, say } = useLang();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState<VisitorDetails>(initial);
  const [issues, setIssues] = useState<FieldIssues>({});
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
    } else if (!open && el.open) {
      if (typeof el.close === 'function') el.close();
      else el.removeAttribute('open');
    }
  }, [open]);

  const change = (field: keyof VisitorDetails, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once Submit was pressed, a message goes as soon as its field is right.
    if (tried) setIssues(detailsIssues(next));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy.current) return;
    setTried(true);
    setMessage('');
    const found = detailsIssues(values);
    setIssues(found);
    if (Object.keys(found).length > 0) {
      const first = (['Name', 'email', 'MobileNo'] as const).find((f) => found[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    busy.current = true;
    setSending(true);
    try {
      const result = await onSubmit({
        Name: values.Name.trim(),
        email: values.email.trim(),
        MobileNo: values.MobileNo.trim(),
      });
      if (!result.done) {
        setIssues(result.fields ?? {});
        setMessage(result.message ?? '');
      }
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  const field = (name: keyof VisitorDetails, label: string, input: InputHTMLAttributes<HTMLInputElement>) => {
    const error = issues[name];
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          value={values[name]}
          onChange={(e) => change(name, e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          {...input}
        />
        {error && (
          <p id={`${id}-${name}-error`} className="field-error">
            {say(error)}
          </p>
        )}
      </div>
    );
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={submit} noValidate>
        <div className="dialog-head">
          <h2 id={`${id}-title`}>{w.detailsForm}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={w.close}>
            ✕
          </button>
        </div>
        <p className="hint">{say(VERIFY_MSG.detailsNeeded)}</p>
        {field('Name', w.name, { type: 'text', autoComplete: 'name', maxLength: 100, enterKeyHint: 'next' })}
        {field('email', w.email, {
          type: 'email',
          autoComplete: 'email',
          inputMode: 'email',
          maxLength: 100,
          enterKeyHint: 'next',
        })}
        {field('MobileNo', w.mobile, {
          type: 'tel',
          autoComplete: 'tel-national',
          inputMode: 'numeric',
          maxLength: 10,
          enterKeyHint: 'send',
        })}
        {message && (
          <p className="form-error" role="alert">
            {say(message)}
          </p>
        )}
        <button type="submit" className="button primary wide" disabled={sending}>
          {sending ? w.sending : w.submit}
        </button>
      </form>
    </dialog>
  );
}
