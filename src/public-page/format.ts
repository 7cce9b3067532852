// Dates as a farmer reads them: 1 Feb 2026 (in Hindi, 1 फ़र॰ 2026). A date alone (YYYY-MM-DD) is a
// calendar date; a moment is shown in India's time. Anything else is shown as sent.
import type { Lang } from './words.js';

export function showDate(text: string, lang: Lang): string {
  if (!text) return '';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const d = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(text);
  if (Number.isNaN(d.getTime())) return text;
  try {
    return new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: day ? 'UTC' : 'Asia/Kolkata',
    }).format(d);
  } catch {
    return text;
  }
}

/** A stored file (an upload path or a full URL) rather than words. */
export const isFileLink = (value: string) => /^(\/|https?:\/\/)/i.test(value.trim());
