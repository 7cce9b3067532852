// Saves bytes (a PDF) as a file in the browser; the kit's downloadText is for text with a BOM.
export function saveBytes(fileName: string, bytes: ArrayBuffer, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the blob after click returns; revoke a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
