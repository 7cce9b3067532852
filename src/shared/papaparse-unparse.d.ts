// The one papaparse call src/shared makes (csv.ts), as tsconfig.shared.json sees it: @types/papaparse
// references Node's types for its stream input, which would put process and Buffer in scope for code
// that runs in the browser too. The other configs read the package's own types.
export interface UnparseConfig {
  newline?: string;
  quotes?: boolean;
}

declare const Papa: {
  unparse(data: { fields: string[]; data: unknown[][] }, config?: UnparseConfig): string;
};
export default Papa;
