// The expression language's messages, the page's copy of internal/platform/expr/texts.go
// (same keys, same texts; TestTextsMatchThePage on the Go side checks the keys). {0} is the
// 1-based character position where the message has one.
export const exprTexts: Record<string, { 'zh-Hans': string; en: string }> = {
  'Expr:Empty': {
    'zh-Hans': '表达式为空',
    en: 'The expression is empty',
  },
  'Expr:TooLong': {
    'zh-Hans': '表达式不能超过 {0} 个字符',
    en: 'The expression must not be longer than {0} characters',
  },
  'Expr:TooDeep': {
    'zh-Hans': '第 {0} 个字符处：表达式嵌套不能超过 {1} 层',
    en: 'At character {0}: the expression must not nest deeper than {1} levels',
  },
  'Expr:UnexpectedChar': {
    'zh-Hans': '第 {0} 个字符处：不能使用字符“{1}”',
    en: 'At character {0}: the character \'{1}\' is not allowed',
  },
  'Expr:UnexpectedToken': {
    'zh-Hans': '第 {0} 个字符处：此处不应出现“{1}”',
    en: 'At character {0}: \'{1}\' is not expected here',
  },
  'Expr:UnexpectedEnd': {
    'zh-Hans': '第 {0} 个字符处：表达式不完整',
    en: 'At character {0}: the expression is incomplete',
  },
  'Expr:BadNumber': {
    'zh-Hans': '第 {0} 个字符处：数字“{1}”无效（最多 18 位有效数字）',
    en: 'At character {0}: the number \'{1}\' is not valid (at most 18 significant digits)',
  },
  'Expr:UnknownFunction': {
    'zh-Hans': '第 {0} 个字符处：未知函数“{1}”',
    en: 'At character {0}: unknown function \'{1}\'',
  },
  'Expr:ArgCount': {
    'zh-Hans': '第 {0} 个字符处：函数 {1} 需要 {2} 个参数',
    en: 'At character {0}: function {1} takes {2} arguments',
  },
  'Expr:ArgCountMin': {
    'zh-Hans': '第 {0} 个字符处：函数 {1} 至少需要 {2} 个参数',
    en: 'At character {0}: function {1} takes at least {2} arguments',
  },
  'Expr:ComparisonOutsideIf': {
    'zh-Hans': '第 {0} 个字符处：比较只能用作 if 的第一个参数',
    en: 'At character {0}: a comparison is only allowed as the first argument of if',
  },
  'Expr:ConditionExpected': {
    'zh-Hans': '第 {0} 个字符处：if 的第一个参数应为比较（如 a > b）',
    en: 'At character {0}: the first argument of if must be a comparison (such as a > b)',
  },
  'Expr:UnknownVariable': {
    'zh-Hans': '第 {0} 个字符处：未知的列“{1}”',
    en: 'At character {0}: unknown column \'{1}\'',
  },
  'Expr:DivisionByZero': {
    'zh-Hans': '第 {0} 个字符处：除数为零',
    en: 'At character {0}: division by zero',
  },
  'Expr:Overflow': {
    'zh-Hans': '第 {0} 个字符处：数值超出范围',
    en: 'At character {0}: the number is out of range',
  },
  'Expr:BadRoundDigits': {
    'zh-Hans': '第 {0} 个字符处：round 的小数位数应为 0 到 {1} 的整数',
    en: 'At character {0}: the decimal places of round must be a whole number from 0 to {1}',
  },
  'Expr:BadValue': {
    'zh-Hans': '第 {0} 个字符处：列“{1}”的值不是数字',
    en: 'At character {0}: the value of column \'{1}\' is not a number',
  },
}

/** The text of an expression error in a language ('zh-Hans', 'zh-CN', 'en', …), arguments filled in. */
export function exprErrorText(err: { key: string; args: readonly (string | number)[] }, language: string): string {
  const text = exprTexts[err.key]
  if (!text) return err.key
  const template = language.toLowerCase().startsWith('zh') ? text['zh-Hans'] : text.en
  return template.replace(/\{(\d+)\}/g, (m, i: string) => {
    const a = err.args[Number(i)]
    return a === undefined ? m : String(a)
  })
}
