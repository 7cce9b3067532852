// Saves generated text as a file in the browser.

/** A byte-order mark so spreadsheets read the CSV as UTF-8 (names with accents, rupee signs). */
const BOM = '\ufeff';

export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([BOM, text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the blob after click returns; revoke a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
