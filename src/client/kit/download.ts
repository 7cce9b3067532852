// Saves a file made in the browser: a blob, bytes (a PDF) or text (a CSV, with a byte-order mark).

/** A byte-order mark so spreadsheets read the CSV as UTF-8 (names with accents, rupee signs). */
const BOM = '\ufeff';

export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the blob after click returns; revoke a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function saveBytes(fileName: string, bytes: ArrayBuffer, type: string): void {
  saveBlob(fileName, new Blob([bytes], { type }));
}

export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  saveBlob(fileName, new Blob([BOM, text], { type }));
}
