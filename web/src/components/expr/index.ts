export { parseExpr, evalExpr, evalDecimal, exprVars, toDecimal, decimalToString, ExprError, MAX_LENGTH, MAX_DEPTH } from './expr'
export type { Expr, ExprValues, Decimal } from './expr'
export { exprTexts, exprErrorText } from './texts'
