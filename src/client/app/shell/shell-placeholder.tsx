// What a signed-in screen shows while its code and first data arrive (the router's hydrate fallback
// for the shell): the header bar as the shell draws it, in plain elements, so the first paint comes
// with the entry chunk instead of after the shell's chunks, and nothing moves when the shell replaces it.
import { APP_NAME } from '../brand.js';

export function ShellPlaceholder() {
  return (
    <div className="ft-shell-placeholder" aria-busy="true">
      <span className="ft-shell-placeholder-burger" />
      <span className="ft-shell-placeholder-name">{APP_NAME}</span>
    </div>
  );
}
