// The web platform's globals that browsers and Node alike have, as far as src/shared uses them; only
// tsconfig.shared.json reads this file (it has neither DOM's nor Node's types, which declare these in
// full). A global used here that neither side has fails that check.
interface URLSearchParams {
  get(name: string): string | null;
  set(name: string, value: string): void;
  has(name: string): boolean;
  toString(): string;
}

declare const URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: string | Record<string, string>): URLSearchParams;
};
