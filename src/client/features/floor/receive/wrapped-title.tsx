// A column title that may wrap to two lines: mantine-datatable keeps titles on one line and cuts them
// with an ellipsis, and 'Total Product Qty' over a short number would cost a 360 px screen a column.
export const wrappedTitle = (text: string) => <span style={{ whiteSpace: 'normal' }}>{text}</span>;
