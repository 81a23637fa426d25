/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet opening a CSV reads a cell that
 * starts with '=', '+', '-' or '@' (or a tab or carriage return before one) as a formula, so a
 * customer who types `=HYPERLINK(…)` as their name in the widget would run it on the computer of
 * whoever opens the report. Every text cell the platform writes to a CSV that starts with one of
 * these gets a leading apostrophe, which makes the spreadsheet show it as text. Numbers the report
 * computes (a count, milliseconds) are written as they are, their minus sign included.
 *
 * The rule is said once here: the CSV writer applies `neutralizeFormula`, PostgreSQL's COPY applies
 * the same rule in SQL built from `FORMULA_TRIGGERS` (src/server/db/csv-stream.ts), and the Excel
 * export, whose cells are typed text a spreadsheet never evaluates, takes the apostrophe off again.
 */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;

/** What goes before a text that would read as a formula. */
export const FORMULA_ESCAPE = "'";

const TRIGGERS: ReadonlySet<string> = new Set(FORMULA_TRIGGERS);

/** The text as a CSV cell that no spreadsheet evaluates. */
export function neutralizeFormula(text: string): string {
  return TRIGGERS.has(text.charAt(0)) ? FORMULA_ESCAPE + text : text;
}

/** The text before `neutralizeFormula` (the Excel export shows the text as it was typed). */
export function restoreFormula(text: string): string {
  return text.startsWith(FORMULA_ESCAPE) && TRIGGERS.has(text.charAt(1)) ? text.slice(1) : text;
}
