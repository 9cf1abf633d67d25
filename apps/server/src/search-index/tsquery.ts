/** One operand of a query: a lexeme, matched whole or as the beginning of a lexeme (`:*`). */
export interface QueryOperand {
  lexeme: string;
  prefix: boolean;
}

/**
 * The operands of an AND of lexemes as PostgreSQL prints a `tsquery` (`'cat':* & 'nap':*`): the
 * query the SQL path matches with, made by `to_tsquery('english', …)` so both sides stem and drop
 * stop words alike. Anything but a plain AND (`|`, `!`, `<->`) is not for the index: undefined.
 */
export function andOperands(printed: string): QueryOperand[] | undefined {
  const operands: QueryOperand[] = [];
  const operand = /\s*'((?:[^']|'')*)'(:\*)?\s*(&|$)/y;
  for (let at = 0; at < printed.length; ) {
    operand.lastIndex = at;
    const m = operand.exec(printed);
    if (!m) return undefined;
    operands.push({ lexeme: m[1]!.replace(/''/g, "'"), prefix: Boolean(m[2]) });
    at = operand.lastIndex;
  }
  return operands;
}
